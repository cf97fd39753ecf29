// This file implements the syntax of each target dialect that the
// compiler needs besides the primitive templates: register names, moves,
// constants, arithmetic, compare-and-branch and labels.

package locks

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/locks/mapping"
	"github.com/litmuscheck/litmuscheck/parser"
)

// A syntax writes instructions of one herd dialect. Registers are passed
// by the name the init block and the condition use ("r5", "X5", "rbx").
type syntax interface {
	// pool lists the registers the compiler may allocate, in order.
	pool() []string
	// asm writes a register as an instruction operand.
	asm(r string) string
	// status writes a register as the status operand of a
	// store-conditional.
	status(r string) string
	// mem is the memory operand for the address in register r, or for
	// location sym when r is "".
	mem(r, sym string) string
	// direct reports whether memory operands may name a location, so that
	// no register needs to hold its address.
	direct() bool
	// names reports whether a memory operand may name location sym:
	// direct, and sym not a register name of the dialect.
	names(sym string) bool
	li(d string, k int64) string
	mov(d, s string) string
	// arith writes d = x op y.
	arith(t *mapping.Table, op litmus.BinOp, d, x, y string) ([]string, error)
	// shl writes d = x << k for a constant k (0 to 31); kreg returns a
	// register holding a constant. None of herd's dialects runs a left
	// shift by a register that the three targets share, so each target
	// has its own form, with the same value and the same dependency on x.
	shl(d, x string, k int64, kreg func(int64) string) []string
	// branch jumps to label when x op y, y a register or, with imm, the
	// constant k; kreg gives a register holding a constant, for a
	// dialect that compares registers only.
	branch(op litmus.BinOp, x, y string, k int64, imm bool, label string, kreg func(int64) string) ([]string, error)
	jump(label string) string
}

func syntaxFor(a litmus.Arch) syntax {
	switch a {
	case litmus.ArchPPC:
		return ppcSyntax{}
	case litmus.ArchAArch64:
		return a64Syntax{}
	case litmus.ArchX86_64:
		return x86Syntax{}
	case litmus.ArchRISCV:
		return rvSyntax{}
	}
	panic("should never happen: no syntax for " + string(a))
}

// numberedRegs are the registers prefix+lo to prefix+hi.
func numberedRegs(prefix string, lo, hi int) []string {
	var out []string
	for i := lo; i <= hi; i++ {
		out = append(out, prefix+strconv.Itoa(i))
	}
	return out
}

// ppcSyntax is herd's PPC dialect. r0 is left out of the pool: lwarx and
// stwcx. read it as the constant 0 in their rA slot.
type ppcSyntax struct{}

func (ppcSyntax) pool() []string              { return numberedRegs("r", 1, 31) }
func (ppcSyntax) asm(r string) string         { return r }
func (ppcSyntax) status(r string) string      { return r }
func (ppcSyntax) mem(r, _ string) string      { return r }
func (ppcSyntax) direct() bool                { return false }
func (ppcSyntax) names(string) bool           { return false }
func (ppcSyntax) li(d string, k int64) string { return fmt.Sprintf("li %s,%d", d, k) }
func (ppcSyntax) mov(d, s string) string      { return fmt.Sprintf("mr %s,%s", d, s) }
func (ppcSyntax) jump(l string) string        { return "b " + l }

func (ppcSyntax) arith(t *mapping.Table, op litmus.BinOp, d, x, y string) ([]string, error) {
	m, ok := t.Ops[op]
	if _, prep := t.Prep[op]; !ok || prep {
		return nil, fmt.Errorf("no POWER instruction for %s", opName(op))
	}
	return []string{fmt.Sprintf("%s %s,%s,%s", m, d, x, y)}, nil
}

// shl multiplies by 2^k: herd's PPC parses slw and srawi but gives them
// no semantics, and mullw it runs.
func (ppcSyntax) shl(d, x string, k int64, kreg func(int64) string) []string {
	return []string{fmt.Sprintf("mullw %s,%s,%s", d, x, kreg(int64(1)<<k))}
}

var ppcBranch = map[litmus.BinOp]string{
	litmus.OpEq: "beq", litmus.OpNe: "bne", litmus.OpLt: "blt",
	litmus.OpGe: "bge", litmus.OpGt: "bgt", litmus.OpLe: "ble",
}

func (ppcSyntax) branch(op litmus.BinOp, x, y string, k int64, imm bool, label string, _ func(int64) string) ([]string, error) {
	return compareBranch("cmpw %s,%s", "cmpwi %s,%d", x, y, k, imm, ppcBranch[op]+" "+label), nil
}

// a64Syntax is herd's AArch64 dialect with 64-bit X registers throughout;
// store-conditional status registers are written W.
type a64Syntax struct{}

func (a64Syntax) pool() []string              { return numberedRegs("X", 0, 28) }
func (a64Syntax) asm(r string) string         { return r }
func (a64Syntax) status(r string) string      { return "W" + strings.TrimPrefix(r, "X") }
func (a64Syntax) mem(r, _ string) string      { return r }
func (a64Syntax) direct() bool                { return false }
func (a64Syntax) names(string) bool           { return false }
func (a64Syntax) li(d string, k int64) string { return fmt.Sprintf("MOV %s,#%d", d, k) }
func (a64Syntax) mov(d, s string) string      { return fmt.Sprintf("MOV %s,%s", d, s) }
func (a64Syntax) jump(l string) string        { return "B " + l }

var a64Arith = map[litmus.BinOp]string{
	litmus.OpAdd: "ADD", litmus.OpSub: "SUB", litmus.OpOr: "ORR",
	litmus.OpXor: "EOR", litmus.OpAnd: "AND", litmus.OpAndNot: "BIC",
}

func (a64Syntax) arith(_ *mapping.Table, op litmus.BinOp, d, x, y string) ([]string, error) {
	m, ok := a64Arith[op]
	if !ok {
		return nil, fmt.Errorf("no ARMv8 instruction for %s", opName(op))
	}
	return []string{fmt.Sprintf("%s %s,%s,%s", m, d, x, y)}, nil
}

func (a64Syntax) shl(d, x string, k int64, _ func(int64) string) []string {
	return []string{fmt.Sprintf("LSL %s,%s,#%d", d, x, k)}
}

var a64Branch = map[litmus.BinOp]string{
	litmus.OpEq: "B.EQ", litmus.OpNe: "B.NE", litmus.OpLt: "B.LT",
	litmus.OpGe: "B.GE", litmus.OpGt: "B.GT", litmus.OpLe: "B.LE",
}

func (a64Syntax) branch(op litmus.BinOp, x, y string, k int64, imm bool, label string, _ func(int64) string) ([]string, error) {
	if imm && k == 0 && (op == litmus.OpEq || op == litmus.OpNe) {
		m := "CBZ"
		if op == litmus.OpNe {
			m = "CBNZ"
		}
		return []string{fmt.Sprintf("%s %s,%s", m, x, label)}, nil
	}
	return compareBranch("CMP %s,%s", "CMP %s,#%d", x, y, k, imm, a64Branch[op]+" "+label), nil
}

// compareBranch is a compare of x with y (regForm) or with the constant k
// (immForm, when imm), then the conditional branch br.
func compareBranch(regForm, immForm, x, y string, k int64, imm bool, br string) []string {
	cmp := fmt.Sprintf(regForm, x, y)
	if imm {
		cmp = fmt.Sprintf(immForm, x, k)
	}
	return []string{cmp, br}
}

// x86Syntax is herd's X86_64 dialect (AT&T operand order) with 64-bit
// registers; rax is kept out of the pool for cmpxchg.
type x86Syntax struct{}

func (x86Syntax) pool() []string {
	return []string{"rbx", "rcx", "rdx", "rsi", "rdi", "rbp", "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15"}
}
func (x86Syntax) asm(r string) string    { return "%" + r }
func (x86Syntax) status(r string) string { return "%" + r }
func (x86Syntax) mem(r, sym string) string {
	if r == "" {
		return "(" + sym + ")"
	}
	return "(%" + r + ")"
}
func (x86Syntax) direct() bool { return true }

// names: a location herd's X86_64 lexer reads as a register (a C test's
// spinlock_t *sp) is addressed through a register the init block sets.
func (x86Syntax) names(sym string) bool       { return !parser.IsRegister(litmus.ArchX86_64, sym) }
func (x86Syntax) li(d string, k int64) string { return fmt.Sprintf("movq $%d,%%%s", k, d) }
func (x86Syntax) mov(d, s string) string      { return fmt.Sprintf("movq %%%s,%%%s", s, d) }
func (x86Syntax) jump(l string) string        { return "jmp " + l }

// x86Arith are the operations of herd's X86_64 that compute d = d op s:
// and has no size suffix there.
var x86Arith = map[litmus.BinOp]string{
	litmus.OpAdd: "addq", litmus.OpOr: "orq", litmus.OpXor: "xorq", litmus.OpAnd: "and",
}

func (x86Syntax) arith(_ *mapping.Table, op litmus.BinOp, d, x, y string) ([]string, error) {
	ins := func(m, s string) string { return fmt.Sprintf("%s %s,%%%s", m, s, d) }
	not := ins("xorq", "$-1")
	var out []string
	if d != x && d != y {
		out = append(out, fmt.Sprintf("movq %%%s,%%%s", x, d))
	}
	switch op {
	case litmus.OpSub, litmus.OpAndNot:
		// herd's X86_64 has no sub, neg or not: x - y is ~(~x + y), and
		// x & ~y is ~(~x | y); with d holding y, -y + x and ~y & x.
		switch {
		case d == x && d == y:
			return []string{ins("movq", "$0")}, nil
		case d == y && op == litmus.OpSub:
			return append(out, not, ins("addq", "$1"), ins("addq", "%"+x)), nil
		case d == y:
			return append(out, not, ins("and", "%"+x)), nil
		case op == litmus.OpSub:
			return append(out, not, ins("addq", "%"+y), not), nil
		}
		return append(out, not, ins("orq", "%"+y), not), nil
	}
	m, ok := x86Arith[op]
	if !ok {
		return nil, fmt.Errorf("no x86 instruction for %s in herd's X86_64", opName(op))
	}
	if d == y && d != x {
		x, y = y, x // the operations of x86Arith commute
	}
	return append(out, ins(m, "%"+y)), nil
}

// shl doubles d k times: herd's X86_64 has shl only as a byte-sized
// operation, and neither shr nor imul.
func (x86Syntax) shl(d, x string, k int64, _ func(int64) string) []string {
	var out []string
	if d != x {
		out = append(out, fmt.Sprintf("movq %%%s,%%%s", x, d))
	}
	for i := int64(0); i < k; i++ {
		out = append(out, fmt.Sprintf("addq %%%s,%%%s", d, d))
	}
	return out
}

// branch compares with herd's X86_64 cmp, which sets zf to a == b and sf
// to a > b (not the sign of a - b) for "cmp b,a": x < y is y > x, and
// with a constant, x < k is not x > k-1.
func (x86Syntax) branch(op litmus.BinOp, x, y string, k int64, imm bool, label string, _ func(int64) string) ([]string, error) {
	cmp := func(a, b string) string { return fmt.Sprintf("cmpq %s,%s", b, a) }
	reg := func(r string) string { return "%" + r }
	switch op {
	case litmus.OpEq, litmus.OpNe:
		j := map[litmus.BinOp]string{litmus.OpEq: "je", litmus.OpNe: "jne"}[op]
		if imm {
			return []string{cmp(reg(x), fmt.Sprintf("$%d", k)), j + " " + label}, nil
		}
		return []string{cmp(reg(x), reg(y)), j + " " + label}, nil
	case litmus.OpGt, litmus.OpLe:
		j := map[litmus.BinOp]string{litmus.OpGt: "js", litmus.OpLe: "jns"}[op]
		if imm {
			return []string{cmp(reg(x), fmt.Sprintf("$%d", k)), j + " " + label}, nil
		}
		return []string{cmp(reg(x), reg(y)), j + " " + label}, nil
	case litmus.OpLt, litmus.OpGe:
		if imm {
			if k == math.MinInt64 {
				return nil, fmt.Errorf("unsupported: x86 comparison %s with %d", opName(op), k)
			}
			// x < k is x <= k-1, not x > k-1.
			j := map[litmus.BinOp]string{litmus.OpLt: "jns", litmus.OpGe: "js"}[op]
			return []string{cmp(reg(x), fmt.Sprintf("$%d", k-1)), j + " " + label}, nil
		}
		j := map[litmus.BinOp]string{litmus.OpLt: "js", litmus.OpGe: "jns"}[op]
		return []string{cmp(reg(y), reg(x)), j + " " + label}, nil
	}
	return nil, fmt.Errorf("no x86 branch for %s", opName(op))
}

var opNames = map[litmus.BinOp]string{
	litmus.OpAdd: "+", litmus.OpSub: "-", litmus.OpMul: "*", litmus.OpDiv: "/",
	litmus.OpMod: "%", litmus.OpAnd: "&", litmus.OpOr: "|", litmus.OpXor: "^",
	litmus.OpShl: "<<", litmus.OpShr: ">>", litmus.OpEq: "==", litmus.OpNe: "!=",
	litmus.OpLt: "<", litmus.OpLe: "<=", litmus.OpGt: ">", litmus.OpGe: ">=",
	litmus.OpLAnd: "&&", litmus.OpLOr: "||", litmus.OpAndNot: "&~",
	litmus.OpNeg: "unary -", litmus.OpNot: "!", litmus.OpBitNot: "~",
	litmus.OpULt: "unsigned <", litmus.OpULe: "unsigned <=", litmus.OpUGt: "unsigned >", litmus.OpUGe: "unsigned >=",
	litmus.OpUDiv: "unsigned /", litmus.OpUMod: "unsigned %", litmus.OpUShr: "unsigned >>",
	litmus.OpZext8: "(u8)", litmus.OpZext16: "(u16)", litmus.OpZext32: "(u32)",
	litmus.OpSext8: "(s8)", litmus.OpSext16: "(s16)", litmus.OpSext32: "(s32)",
}

func opName(op litmus.BinOp) string {
	if s, ok := opNames[op]; ok {
		return "operator " + strconv.Quote(s)
	}
	return fmt.Sprintf("operator #%d", op)
}
