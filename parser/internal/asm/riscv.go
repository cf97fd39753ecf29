// This file implements the RISC-V dialect: the grammar of one program cell,
// after herd7's RISCVLexer.mll and RISCVParser.mly, and the lowering of
// RISC-V instructions to the IR with the events of herd7's RISCVSem.ml.

package asm

import (
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/litmuscheck/litmuscheck/herd"
	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/parser/internal/litfile"
)

// RISCV reads the program of a RISCV test.
type RISCV struct{}

// Event tags, named as the event sets herd defines for RISC-V and
// riscv.cat reads: the annotations X (the accesses of lr, sc and the AMOs),
// Acq, Rel and AcqRel, AMO for the single event of an AMO, and one set per
// fence, Fence.r.rw, Fence.tso, Fence.i.
const (
	rvTagX   = "X"
	rvTagAMO = "AMO"
)

// Register returns the canonical name of a register (rvReg).
func (RISCV) Register(name string) (string, bool) { return rvReg(name) }

// rvReg returns the canonical name of a register, "x0" to "x31" (an ABI
// name such as "a0" stands for its x register; herd's lexer is case
// sensitive), or of a symbolic register such as "%r1".
func rvReg(name string) (string, bool) {
	if len(name) > 1 && name[0] == '%' {
		return name, true
	}
	if x, ok := herd.RISCVABIRegister(name); ok {
		return x, true
	}
	if len(name) < 2 || name[0] != 'x' {
		return "", false
	}
	n, err := strconv.Atoi(name[1:])
	if err != nil || n < 0 || n > 31 || strconv.Itoa(n) != name[1:] {
		return "", false
	}
	return name, true
}

// rvZero is the register that reads as 0 and ignores what is written.
const rvZero = "x0"

// rvLexer is the PPC dialect's: the same registers-and-names tokens, and
// the "(" ")" of a memory operand.
var rvLexer = ppcLexer

type (
	rvCell  = asmCell[rvInstr]
	rvInstr = asmInstr[rvArg]
)

// rvArg is one operand: a register, a label or a fence's access set, an
// integer, or a memory operand "k(reg)" or "(reg)".
type rvArg struct {
	Pos   lexer.Position
	Num   *int64  `parser:"(  @Int"`
	Base  *string `parser:"   ( \"(\" @Ident \")\" )?"`
	Paren *string `parser:"| \"(\" @Ident \")\""`
	Name  *string `parser:"| @Ident )"`
}

var rvParser = sync.OnceValue(func() *participle.Parser[rvCell] {
	return participle.MustBuild[rvCell](
		participle.Lexer(rvLexer),
		participle.Elide("Whitespace"),
		participle.UseLookahead(2),
	)
})

// An rvOperand is a classified operand. Kind is 'r' (register), 'k'
// (integer), 'd' (memory operand k(reg)) or 'l' (a name: a label, or a
// fence's access set).
type rvOperand struct {
	kind byte
	reg  string
	k    int64
	name string
}

// An rvSpec says which operands a mnemonic takes (shape: one letter per
// operand, alternatives separated by '|') and how it lowers.
type rvSpec struct {
	shape  string
	syntax string
	lower  func(b *asmBuilder, o []rvOperand) error
}

// Program parses and lowers every thread.
func (RISCV) Program(_ *litmus.Test, prog litfile.Section) ([]*litmus.Thread, error) {
	return lowerThreads(prog, func(th *litmus.Thread, col []cell) litmus.ErrorList {
		b := &asmBuilder{th: th, labels: map[string]int{}, targets: map[int]asmTarget{}}
		for _, c := range col {
			rvCellLower(b, c)
		}
		b.resolve()
		th.Regs = regsUsed(th.Code, func(r string) bool { _, ok := rvReg(r); return ok && r != rvZero })
		return b.errs
	})
}

// rvCellLower parses and lowers one cell.
func rvCellLower(b *asmBuilder, c cell) {
	in := parseCell(b, c, rvParser(), "RvArg")
	if in == nil {
		return
	}
	spec, why, ok := rvLookup(in.Op)
	if !ok {
		if why != "" {
			b.unknownInstr(in.Op, &why)
		} else {
			b.unknownInstr(in.Op, nil)
		}
		return
	}
	ops, ok := rvOperands(b, c, in, spec)
	if !ok {
		return
	}
	if err := spec.lower(b, ops); err != nil {
		b.errs.Add(b.pos, err.Error())
	}
}

// rvOperands classifies the operands of in and checks them against spec.
func rvOperands(b *asmBuilder, c cell, in *rvInstr, spec rvSpec) ([]rvOperand, bool) {
	var ops []rvOperand
	shape := ""
	for _, a := range in.Args {
		var o rvOperand
		switch {
		case a.Paren != nil || a.Base != nil:
			base := a.Paren
			if base == nil {
				base, o.k = a.Base, *a.Num
			}
			r, ok := rvReg(*base)
			if !ok {
				b.errs.Add(c.sec.Pos(a.Pos.Offset), "expected a register in "+strconv.Quote(in.Op)+" memory operand, found "+strconv.Quote(*base))
				return nil, false
			}
			o.kind, o.reg = 'd', r
		case a.Num != nil:
			o = rvOperand{kind: 'k', k: *a.Num}
		default:
			if r, ok := rvReg(*a.Name); ok {
				o = rvOperand{kind: 'r', reg: r}
			} else {
				o = rvOperand{kind: 'l', name: *a.Name}
			}
		}
		ops = append(ops, o)
		shape += string(o.kind)
	}
	if !slices.Contains(strings.Split(spec.shape, "|"), shape) {
		b.errs.Add(b.pos, "bad operands for "+strconv.Quote(in.Op)+" (expected "+spec.syntax+")")
		return nil, false
	}
	return ops, true
}

// rvRead is the value of register r: x0 reads as 0.
func rvRead(r string) litmus.Expr {
	if r == rvZero {
		return litmus.C(0)
	}
	return litmus.R(r)
}

// rvDest is the register an instruction writes: none for x0.
func rvDest(r string) string {
	if r == rvZero {
		return ""
	}
	return r
}

// rvSet writes v to r, unless r is x0, as herd computes it: in 32 bits,
// sign-extended (rvWord).
func rvSet(b *asmBuilder, r string, v litmus.Expr) {
	if r != rvZero {
		b.move(r, rvWord(v))
	}
}

// rvWord is v as herd's RISC-V holds it: herd gives the dialect 32-bit
// values (its base type is int), so that "li x5,4294967295" loads -1 and
// an add wraps at 32 bits, .d instructions included. A register copy is
// already such a value, and a constant is converted here.
func rvWord(v litmus.Expr) litmus.Expr {
	switch e := v.(type) {
	case *litmus.RegRef:
		return v
	case *litmus.Const:
		return &litmus.Const{V: litmus.Convert(litmus.OpSext32, e.V)}
	case *litmus.Unary:
		if e.Op == litmus.OpSext32 {
			return v
		}
	}
	return &litmus.Unary{Op: litmus.OpSext32, X: v}
}

// WrapValues converts the constants of t's init block to herd's 32-bit
// values, and makes the filter and the condition compare 32 bits, as
// herd reads them (it prints the condition as written).
func (RISCV) WrapValues(t *litmus.Test) {
	for i := range t.Init {
		t.Init[i].Value = litmus.Convert(litmus.OpSext32, t.Init[i].Value)
	}
	wrapProp(t.Filter)
	wrapProp(t.Cond.Prop)
}

// wrapProp makes the atoms of p compare 32-bit values.
func wrapProp(p litmus.Prop) {
	switch p := p.(type) {
	case *litmus.PropAtom:
		p.Bits = 32
	case *litmus.PropNot:
		wrapProp(p.P)
	case *litmus.PropBin:
		wrapProp(p.A)
		wrapProp(p.B)
	}
}

// rvAddr is the address k(reg).
func rvAddr(o rvOperand) litmus.Expr {
	if o.k == 0 {
		return rvRead(o.reg)
	}
	return litmus.Bin(litmus.OpAdd, rvRead(o.reg), litmus.C(o.k))
}
