// This file implements herd's printing of RISC-V instructions for the
// hash: registers by their x names, the ordering suffixes herd's lexer
// keeps, and each instruction form's own spelling of its memory operand.

package herd

import (
	"strconv"
	"strings"
)

// riscvABI maps the ABI register names herd's lexer knows to the x
// names herd prints.
var riscvABI = map[string]string{
	"zero": "x0", "ra": "x1", "sp": "x2", "gp": "x3", "tp": "x4", "t0": "x5", "t1": "x6", "t2": "x7",
	"s0": "x8", "fp": "x8", "s1": "x9", "a0": "x10", "a1": "x11", "a2": "x12", "a3": "x13", "a4": "x14",
	"a5": "x15", "a6": "x16", "a7": "x17", "s2": "x18", "s3": "x19", "s4": "x20", "s5": "x21",
	"s6": "x22", "s7": "x23", "s8": "x24", "s9": "x25", "s11": "x27", "t3": "x28", "t4": "x29",
	"t5": "x30", "t6": "x31",
}

// RISCVABIRegister is the x register an ABI register name ("a0", "zero")
// stands for, as herd prints it ("x10", "x0").
func RISCVABIRegister(name string) (string, bool) {
	x, ok := riscvABI[name]
	return x, ok
}

// RISCVSplitOrder cuts a RISC-V mnemonic into its base and its ordering
// suffix (".aq", ".rl", ".aqrl" or ".aq.rl"; "" for none).
func RISCVSplitOrder(m string) (base, suffix string) {
	for _, s := range []string{".aq.rl", ".aqrl", ".aq", ".rl"} {
		if strings.HasSuffix(m, s) {
			return strings.TrimSuffix(m, s), s
		}
	}
	return m, ""
}

// riscvOrder spells an ordering suffix as herd prints it, given what
// herd's lexer keeps of it for the instruction kind (lr drops .rl, sc and
// stores drop nothing they accept, sc drops .aq).
func riscvOrder(suffix, drop string) string {
	switch suffix {
	case ".aq.rl", ".aqrl":
		return ".aqrl"
	case drop:
		return ""
	}
	return suffix
}

// riscvMnemonic is the mnemonic herd prints for m, the operand form of
// its memory operand ('o': "k(r)", '0': "0(r)", 'p': "(r)", 0: none).
func riscvMnemonic(m string) (string, byte) {
	base, suffix := RISCVSplitOrder(m)
	switch {
	case strings.HasPrefix(base, "lr."):
		return base + riscvOrder(suffix, ".rl"), '0'
	case strings.HasPrefix(base, "sc."):
		return base + riscvOrder(suffix, ".aq"), '0'
	case strings.HasPrefix(base, "amo"):
		return base + riscvOrder(suffix, ""), 'p'
	case len(base) >= 2 && (base[0] == 'l' || base[0] == 's') && strings.IndexByte("bhwd", base[1]) >= 0 && len(base) <= 3:
		return base + riscvOrder(suffix, ""), 'o'
	}
	switch strings.ToLower(m) {
	case "nop", "ret", "mv":
		return strings.ToLower(m), 0
	case "xori":
		// herd's printer gives xori a leading blank.
		return " xori", 0
	}
	return m, 0
}

// riscvCanonical spells a RISC-V instruction as herd's dump_instruction
// does.
func riscvCanonical(mnemo string, ops []string) string {
	for i, op := range ops {
		ops[i] = riscvOperand(op)
	}
	name, mem := riscvMnemonic(mnemo)
	switch {
	case name == "li" && len(ops) == 2:
		name, ops = "ori", []string{ops[0], "x0", ops[1]}
	case name == "addi" && len(ops) == 3 && ops[2] == "0":
		name, ops = "mv", ops[:2]
	case name == "fence" && len(ops) == 0:
		return "fence rw,rw"
	case name == "fence" && len(ops) == 2:
		return "fence " + ops[0] + "," + ops[1]
	}
	if n := len(ops); mem != 0 && n > 0 {
		reg, off := ops[n-1], "0"
		if i := strings.IndexByte(reg, '('); i >= 0 && strings.HasSuffix(reg, ")") {
			off, reg = reg[:i], reg[i+1:len(reg)-1]
			if off == "" {
				off = "0"
			}
		}
		switch mem {
		case 'o':
			ops[n-1] = number(off) + "(" + reg + ")"
		case '0':
			ops[n-1] = "0(" + reg + ")"
		case 'p':
			ops[n-1] = "(" + reg + ")"
		}
	}
	if len(ops) == 0 {
		return name
	}
	return name + " " + strings.Join(ops, ",")
}

// riscvOperand prints a register by its x name, and a memory operand's
// register likewise.
func riscvOperand(op string) string {
	if i := strings.IndexByte(op, '('); i >= 0 && strings.HasSuffix(op, ")") {
		return strings.TrimSpace(op[:i]) + "(" + riscvOperand(op[i+1:len(op)-1]) + ")"
	}
	op = strings.TrimSpace(op)
	if x, ok := riscvABI[op]; ok {
		return x
	}
	if _, err := strconv.ParseInt(op, 10, 64); err == nil {
		return number(op)
	}
	return op
}
