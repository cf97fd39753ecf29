// This file implements herd's canonical spelling of assembly instructions
// for the hash, per dialect: the mnemonic, one space, the operands as herd
// prints them.

package herd

import (
	"strconv"
	"strings"
)

// canonical spells one instruction as herd's printer does; labels are
// already renamed in rename.
func canonical(arch, ins string, rename map[string]string) (string, error) {
	ins = strings.TrimSpace(ins)
	if ins == "" {
		return "", nil
	}
	mnemo, rest, _ := strings.Cut(strings.Join(strings.Fields(ins), " "), " ")
	ops := splitOperands(rest)
	for i, op := range ops {
		if r, ok := rename[op]; ok {
			ops[i] = r
		}
	}
	switch arch {
	case "X86_64":
		// herd prints a locked instruction "lock; cmpxchgl (x),%ecx".
		if mnemo == "lock" || mnemo == "lock;" {
			inner, err := canonical(arch, rest, rename)
			return "lock; " + inner, err
		}
	case "X86":
		return x86Canonical(mnemo, rest, ops, rename)
	case "PPC":
		return ppcCanonical(mnemo, ops), nil
	case "RISCV":
		return riscvCanonical(mnemo, ops), nil
	case "AArch64":
		// herd prints "[X0,W5,SXTW]" without blanks inside brackets.
		for i, op := range ops {
			if strings.HasPrefix(op, "[") {
				ops[i] = strings.Join(splitOperands(op[1:len(op)-1]), ",")
				ops[i] = "[" + ops[i] + op[len(op)-1:]
			}
		}
		return aarch64PostIndex(mnemo, ops), nil
	}
	return strings.TrimSpace(mnemo + " " + strings.Join(ops, ",")), nil
}

// aarch64PostIndex joins a post-index offset to its address, as herd's
// hash printer does: "STR W2,[X3]#4"; a pair instruction has a blank
// before the address: "LDP W1,W2, [X0]#8".
func aarch64PostIndex(mnemo string, ops []string) string {
	n := len(ops)
	if n < 2 || !strings.HasPrefix(ops[n-1], "#") || !strings.HasPrefix(ops[n-2], "[") || !strings.HasSuffix(ops[n-2], "]") {
		return strings.TrimSpace(mnemo + " " + strings.Join(ops, ","))
	}
	addr := ops[n-2] + ops[n-1]
	if strings.HasPrefix(mnemo, "LDP") || strings.HasPrefix(mnemo, "STP") || strings.HasPrefix(mnemo, "LDNP") || strings.HasPrefix(mnemo, "STNP") {
		addr = " " + addr
	}
	return mnemo + " " + strings.Join(append(ops[:n-2:n-2], addr), ",")
}

// splitOperands cuts at top-level commas (not inside brackets).
func splitOperands(s string) []string {
	var out []string
	depth := 0
	start := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, strings.TrimSpace(s[start:i]))
				start = i + 1
			}
		}
	}
	if last := strings.TrimSpace(s[start:]); last != "" || len(out) > 0 {
		out = append(out, last)
	}
	return out
}

// number prints an integer operand in decimal, as herd's string_of_int.
func number(s string) string {
	s = strings.TrimSpace(s)
	if n, err := strconv.ParseInt(s, 0, 64); err == nil {
		return strconv.FormatInt(n, 10)
	}
	return s
}

// ppc64to32 is herd's folding of 64-bit loads and stores into their 32-bit
// forms before hashing.
var ppc64to32 = map[string]string{"ld": "lwz", "ldx": "lwzx", "std": "stw", "stdx": "stwx"}

// ppcDisplaced are the memory instructions with a d(rA) operand.
var ppcDisplaced = map[string]bool{"lbz": true, "lhz": true, "lwz": true, "stb": true, "sth": true, "stw": true,
	"lwzu": true, "stwu": true, "lwa": true, "lmw": true, "stmw": true}

func ppcCanonical(mnemo string, ops []string) string {
	if m, ok := ppc64to32[mnemo]; ok {
		mnemo = m
	}
	for i, op := range ops {
		ops[i] = ppcOperand(op)
	}
	// "stw r1,0,r2" is herd's other spelling of "stw r1,0(r2)".
	if ppcDisplaced[mnemo] && len(ops) == 3 {
		ops = []string{ops[0], ops[1] + "(" + ops[2] + ")"}
	}
	switch mnemo {
	case "b", "bl":
		return mnemo + "   " + strings.Join(ops, ",")
	case "beq", "bne", "blt", "bge", "bgt", "ble":
		return mnemo + "  " + strings.Join(ops, ",")
	case "extsw":
		return mnemo + " " + strings.Join(ops, ", ")
	case "rlwinm", "rlwimi":
		if len(ops) == 5 {
			return mnemo + " " + strings.Join(ops[:3], ",") + ", " + strings.Join(ops[3:], ",")
		}
	case "cmpwi", "cmplwi", "cmpw":
		if len(ops) == 3 && (ops[0] == "cr0" || ops[0] == "0") {
			ops = ops[1:]
		}
	}
	if len(ops) == 0 {
		return mnemo
	}
	return mnemo + " " + strings.Join(ops, ",")
}

// ppcOperand prints a register as herd does and a number in decimal,
// "d(rA)" with both parts canonical.
func ppcOperand(op string) string {
	if i := strings.IndexByte(op, '('); i >= 0 && strings.HasSuffix(op, ")") {
		return number(op[:i]) + "(" + ppcOperand(op[i+1:len(op)-1]) + ")"
	}
	op = strings.TrimSpace(op)
	if len(op) > 1 && (op[0] == 'r' || op[0] == 'R') {
		if _, err := strconv.Atoi(op[1:]); err == nil {
			return "r" + op[1:]
		}
	}
	return number(op)
}

// x86Registers are the X86 registers herd's lexer knows, which it prints
// in capitals.
var x86Registers = map[string]bool{"EAX": true, "EBX": true, "ECX": true, "EDX": true,
	"ESI": true, "EDI": true, "EBP": true, "ESP": true, "EIP": true}

// x86Canonical spells an X86 instruction as herd's dump_instruction
// does: the mnemonic in capitals, "CMP", "INC" and "DEC" followed by two
// blanks (herd's printer gives their opcode a blank of its own), "LOCK; "
// before a locked instruction, registers in capitals.
func x86Canonical(mnemo, rest string, ops []string, rename map[string]string) (string, error) {
	up := strings.ToUpper(mnemo)
	if up == "LOCK" || up == "LOCK;" {
		m, r, _ := strings.Cut(strings.TrimSpace(rest), " ")
		inner, err := x86Canonical(m, r, splitOperands(r), rename)
		return "LOCK; " + inner, err
	}
	for i, op := range ops {
		if r, ok := rename[op]; ok {
			ops[i] = r
		} else if x86Registers[strings.ToUpper(op)] {
			ops[i] = strings.ToUpper(op)
		}
	}
	sep := " "
	switch up {
	case "CMP", "INC", "DEC":
		sep = "  "
	}
	return strings.TrimSpace(up + sep + strings.Join(ops, ",")), nil
}
