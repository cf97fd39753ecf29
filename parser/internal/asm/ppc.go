// This file implements the PPC dialect: the grammar of one program cell,
// after herd7's PPCLexer.mll and PPCParser.mly, its registers and
// operands, and the lowering of each cell by the table of ppc_instr.go.

package asm

import (
	"strconv"
	"strings"
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/parser/internal/litfile"
)

// PPC reads the program of a PPC test.
type PPC struct{}

// Event tags, named as herd's PPC event sets that ppc.cat and
// ppcfences.cat use: fencerel(SYNC), fencerel(LWSYNC), ..., and X for the
// accesses of lwarx and stwcx.
const (
	ppcTagSync   = "SYNC"
	ppcTagLwsync = "LWSYNC"
	ppcTagEieio  = "EIEIO"
	ppcTagIsync  = "ISYNC"
	ppcTagX      = "X"
)

// Condition register fields hold herd's encoding: a comparison sets one of
// the bits lt, gt and eq; a failed stwcx. sets none, nor does the initial
// state, so that there, as in herd, bne and bge branch and beq and blt do
// not.
const (
	ppcCRLt = 8
	ppcCRGt = 4
	ppcCREq = 2
	ppcCR0  = "cr0"
)

// herd's lwarx and stwcx. also keep two internal registers: RES, whether a
// reservation is held, and RESADDR, its address. The explorer decides
// whether a stwcx. succeeds; the registers carry herd's dependencies. In
// herd every write of an instruction follows all of its register reads, so
// the value a stwcx. stores depends on RES and RESADDR, and the cr0 and RES
// it writes depend on all its reads: a branch on cr0 after "lwarx r1;
// stwcx. r1" is control-dependent on the lwarx.
const (
	ppcRes     = "RES"
	ppcResAddr = "RESADDR"
)

// Register returns the canonical name of a register (ppcReg).
func (PPC) Register(name string) (string, bool) { return ppcReg(name) }

// ppcReg returns the canonical name of a general-purpose register, "r0" to
// "r31" in any case (herd's parse_reg lowercases), or of a symbolic
// register such as "%x0".
func ppcReg(name string) (string, bool) {
	if len(name) > 1 && name[0] == '%' {
		return name, true
	}
	s := strings.ToLower(name)
	if len(s) < 2 || s[0] != 'r' {
		return "", false
	}
	n, err := strconv.Atoi(s[1:])
	if err != nil || n < 0 || n > 31 || strconv.Itoa(n) != s[1:] {
		return "", false
	}
	return s, true
}

var ppcLexer = lexer.MustSimple([]lexer.SimpleRule{
	{Name: "Whitespace", Pattern: `[ \t\r\n]+`},
	{Name: "String", Pattern: `"[^"\n]*"`},
	{Name: "Int", Pattern: `-?[0-9]+`},
	{Name: "Ident", Pattern: `%?[A-Za-z_][A-Za-z0-9_./-]*`},
	{Name: "Punct", Pattern: `[,():]`},
})

type (
	ppcCell  = asmCell[ppcInstr]
	ppcInstr = asmInstr[ppcArg]
)

// ppcArg is one operand: "r1", "%x0", "cr1", a label, "5", "0(r2)", or the
// string of a "com" pseudo-instruction.
type ppcArg struct {
	Pos  lexer.Position
	Num  *int64  `parser:"(  @Int"`
	Base *string `parser:"   ( \"(\" @Ident \")\" )?"`
	Name *string `parser:"| @Ident"`
	Str  *string `parser:"| @String )"`
}

var ppcParser = sync.OnceValue(func() *participle.Parser[ppcCell] {
	return participle.MustBuild[ppcCell](
		participle.Lexer(ppcLexer),
		participle.Elide("Whitespace"),
		participle.UseLookahead(2),
	)
})

// A ppcOperand is a classified operand. Kind is 'r' (register), 'c'
// (condition register field), 'k' (integer), 'd' (displacement k(reg)),
// 'l' (label) or 's' (string).
type ppcOperand struct {
	kind byte
	reg  string
	k    int64
	name string
}

// Program parses and lowers every thread.
func (PPC) Program(_ *litmus.Test, prog litfile.Section) ([]*litmus.Thread, error) {
	return lowerThreads(prog, func(th *litmus.Thread, col []cell) litmus.ErrorList {
		b := &asmBuilder{th: th, labels: map[string]int{}, targets: map[int]asmTarget{}}
		for _, c := range col {
			b.cell(c)
		}
		b.resolve()
		th.Regs = ppcRegs(th.Code)
		return b.errs
	})
}

// cell parses and lowers one cell.
func (b *asmBuilder) cell(c cell) {
	in := parseCell(b, c, ppcParser(), "PpcArg")
	if in == nil {
		return
	}
	spec, ok := ppcInstrs[in.Op]
	if !ok {
		if why, known := ppcUnsupported[in.Op]; known {
			b.unknownInstr(in.Op, &why)
		} else {
			b.unknownInstr(in.Op, nil)
		}
		return
	}
	ops, ok := b.operands(c, in, spec)
	if !ok {
		return
	}
	spec.lower(b, ops)
}

// operands classifies the operands of in and checks them against spec.
func (b *asmBuilder) operands(c cell, in *ppcInstr, spec ppcSpec) ([]ppcOperand, bool) {
	var ops []ppcOperand
	shape := ""
	for _, a := range in.Args {
		var o ppcOperand
		switch {
		case a.Str != nil:
			o = ppcOperand{kind: 's', name: *a.Str}
		case a.Num != nil && a.Base != nil:
			r, ok := ppcReg(*a.Base)
			if !ok {
				b.errs.Add(c.sec.Pos(a.Pos.Offset), "expected a register in "+strconv.Quote(in.Op)+" displacement, found "+strconv.Quote(*a.Base))
				return nil, false
			}
			o = ppcOperand{kind: 'd', k: *a.Num, reg: r}
		case a.Num != nil:
			o = ppcOperand{kind: 'k', k: *a.Num}
		default:
			if r, ok := ppcReg(*a.Name); ok {
				o = ppcOperand{kind: 'r', reg: r}
			} else if n := *a.Name; len(n) == 3 && n[:2] == "cr" && n[2] >= '0' && n[2] <= '7' {
				o = ppcOperand{kind: 'c', reg: n}
			} else {
				o = ppcOperand{kind: 'l', name: n}
			}
		}
		ops = append(ops, o)
		shape += string(o.kind)
	}
	// D-form accesses also take "rD,d,rA".
	if shape == "rkr" && len(spec.shapes) == 1 && spec.shapes[0] == "rd" {
		ops, shape = []ppcOperand{ops[0], {kind: 'd', k: ops[1].k, reg: ops[2].reg}}, "rd"
	}
	for _, s := range spec.shapes {
		if s == shape {
			return ops, true
		}
	}
	b.errs.Add(b.pos, "bad operands for "+strconv.Quote(in.Op)+" (expected "+spec.syntax+")")
	return nil, false
}

// ppcRegs lists the registers that code reads or writes, in order of first
// use, leaving out the condition register fields.
func ppcRegs(code []litmus.Instr) []string {
	return regsUsed(code, func(r string) bool { _, ok := ppcReg(r); return ok })
}
