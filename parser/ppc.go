// This file implements the PPC dialect: the grammar of one program cell,
// after herd7's PPCLexer.mll and PPCParser.mly, and the lowering of POWER
// instructions to the IR with the dataflow of herd7's PPCSem.ml.

package parser

import (
	"strconv"
	"strings"
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/litmuscheck/litmuscheck/litmus"
)

func init() { dialects[litmus.ArchPPC] = ppcDialect{} }

// ppcDialect reads the program of a PPC test.
type ppcDialect struct{}

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

func (ppcDialect) register(name string) (string, bool) { return ppcReg(name) }

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

// A ppcSpec says which operands a mnemonic takes and how it lowers.
type ppcSpec struct {
	// shapes lists the accepted operand kinds, one letter per operand.
	shapes []string
	// syntax describes the operands for error messages.
	syntax string
	lower  func(b *asmBuilder, ops []ppcOperand)
}

// ppcInstrs maps each mnemonic that herd7 gives a semantics to its lowering;
// ppcUnsupported lists the ones herd7 parses but does not run, with why.
var ppcInstrs = ppcTable()

var ppcUnsupported = map[string]string{
	"nor": "", "nor.": "", "neg": "", "neg.": "", "slw": "", "srawi": "", "sraw": "",
	"bl": "", "blr": "", "mtlr": "", "mflr": "", "lmw": "", "stmw": "",
}

func ppcTable() map[string]ppcSpec {
	const (
		rrr  = "rD,rA,rB"
		rrk  = "rD,rA,k"
		disp = "rD,d(rA) or rD,d,rA"
	)
	arith := func(op litmus.BinOp, setCR, swap bool) ppcSpec {
		return ppcSpec{[]string{"rrr"}, rrr, func(b *asmBuilder, o []ppcOperand) {
			x, y := litmus.R(o[1].reg), litmus.R(o[2].reg)
			if swap { // subf rD,rA,rB is rB - rA
				x, y = y, x
			}
			b.move(o[0].reg, litmus.Bin(op, x, y))
			if setCR {
				b.move(ppcCR0, ppcCompare(litmus.R(o[0].reg), litmus.C(0)))
			}
		}}
	}
	imm := func(op litmus.BinOp, setCR, neg bool) ppcSpec {
		return ppcSpec{[]string{"rrk"}, rrk, func(b *asmBuilder, o []ppcOperand) {
			k := o[2].k
			if neg { // subi rD,rA,k is addi rD,rA,-k
				k = -k
			}
			if op == litmus.OpAdd && o[1].reg == "r0" {
				// Power ISA: addi reads r0 as the constant 0.
				b.move(o[0].reg, litmus.C(k))
				return
			}
			b.move(o[0].reg, litmus.Bin(op, litmus.R(o[1].reg), litmus.C(k)))
			if setCR {
				b.move(ppcCR0, ppcCompare(litmus.R(o[0].reg), litmus.C(0)))
			}
		}}
	}
	// Loads and stores of size bytes (0: a word); a byte or halfword store
	// keeps the low bits of rS.
	load := func(size uint8) ppcSpec {
		return ppcSpec{[]string{"rd"}, disp, func(b *asmBuilder, o []ppcOperand) {
			b.emit(litmus.Instr{Op: litmus.OpLoad, Dst: o[0].reg, Addr: ppcDAddr(o[1]), Size: size})
		}}
	}
	loadx := func(size uint8) ppcSpec {
		return ppcSpec{[]string{"rrr"}, rrr, func(b *asmBuilder, o []ppcOperand) {
			b.emit(litmus.Instr{Op: litmus.OpLoad, Dst: o[0].reg, Addr: ppcXAddr(o[1].reg, o[2].reg), Size: size})
		}}
	}
	store := func(size uint8) ppcSpec {
		return ppcSpec{[]string{"rd"}, "rS,d(rA) or rS,d,rA", func(b *asmBuilder, o []ppcOperand) {
			b.emit(litmus.Instr{Op: litmus.OpStore, Src: narrow(litmus.R(o[0].reg), int(size)), Addr: ppcDAddr(o[1]), Size: size})
		}}
	}
	storex := func(size uint8) ppcSpec {
		return ppcSpec{[]string{"rrr"}, "rS,rA,rB", func(b *asmBuilder, o []ppcOperand) {
			b.emit(litmus.Instr{Op: litmus.OpStore, Src: narrow(litmus.R(o[0].reg), int(size)), Addr: ppcXAddr(o[1].reg, o[2].reg), Size: size})
		}}
	}
	fence := func(tag string) ppcSpec {
		return ppcSpec{[]string{""}, "no operands", func(b *asmBuilder, _ []ppcOperand) {
			b.emit(litmus.Instr{Op: litmus.OpFence, FTags: []string{tag}})
		}}
	}
	nop := func(shape, syntax string) ppcSpec {
		return ppcSpec{[]string{shape}, syntax, func(b *asmBuilder, _ []ppcOperand) {
			b.emit(litmus.Instr{Op: litmus.OpNop})
		}}
	}
	// Conditional branches read a bit of cr0: taken when it is set (beq,
	// blt, bgt) or when it is clear (bne, bge, ble).
	bcc := func(bit int64, set bool) ppcSpec {
		return ppcSpec{[]string{"l"}, "a label", func(b *asmBuilder, o []ppcOperand) {
			op := litmus.OpEq
			if set {
				op = litmus.OpNe
			}
			cond := litmus.Bin(op, litmus.Bin(litmus.OpAnd, litmus.R(ppcCR0), litmus.C(bit)), litmus.C(0))
			b.branch(cond, o[0].name)
		}}
	}
	return map[string]ppcSpec{
		"add": arith(litmus.OpAdd, false, false), "add.": arith(litmus.OpAdd, true, false),
		"sub": arith(litmus.OpSub, false, false), "sub.": arith(litmus.OpSub, true, false),
		"subf": arith(litmus.OpSub, false, true), "subf.": arith(litmus.OpSub, true, true),
		"xor": arith(litmus.OpXor, false, false), "xor.": arith(litmus.OpXor, true, false),
		"or": arith(litmus.OpOr, false, false), "or.": arith(litmus.OpOr, true, false),
		"and": arith(litmus.OpAnd, false, false), "and.": arith(litmus.OpAnd, true, false),
		"mullw": arith(litmus.OpMul, false, false), "mullw.": arith(litmus.OpMul, true, false),
		"divw": arith(litmus.OpDiv, false, false), "divw.": arith(litmus.OpDiv, true, false),

		"addi": imm(litmus.OpAdd, false, false), "subi": imm(litmus.OpAdd, false, true),
		"ori": imm(litmus.OpOr, false, false), "xori": imm(litmus.OpXor, false, false),
		"andi.": imm(litmus.OpAnd, true, false), "mulli": imm(litmus.OpMul, false, false),

		"li": {[]string{"rk"}, "rD,k", func(b *asmBuilder, o []ppcOperand) {
			b.move(o[0].reg, litmus.C(o[1].k))
		}},
		"mr": {[]string{"rr"}, "rD,rS", func(b *asmBuilder, o []ppcOperand) {
			b.move(o[0].reg, litmus.R(o[1].reg))
		}},
		"cmpw": {[]string{"rr", "crr"}, "[crN,]rA,rB", func(b *asmBuilder, o []ppcOperand) {
			cr := ppcCR0
			if o[0].kind == 'c' {
				cr, o = o[0].reg, o[1:]
			}
			b.move(cr, ppcCompare(litmus.R(o[0].reg), litmus.R(o[1].reg)))
		}},
		"cmpwi": {[]string{"rk", "crk"}, "[crN,]rA,k", func(b *asmBuilder, o []ppcOperand) {
			cr := ppcCR0
			if o[0].kind == 'c' {
				cr, o = o[0].reg, o[1:]
			}
			b.move(cr, ppcCompare(litmus.R(o[0].reg), litmus.C(o[1].k)))
		}},

		"lwz": load(0), "ld": load(8), "lwzx": loadx(0), "ldx": loadx(8),
		"stw": store(0), "std": store(8), "stwx": storex(0), "stdx": storex(8),
		"lbz": load(1), "lhz": load(2), "lbzx": loadx(1), "lhzx": loadx(2),
		"stb": store(1), "sth": store(2), "stbx": storex(1), "sthx": storex(2),
		// lwzu and stwu also write the address back to rA.
		"lwzu": {[]string{"rd"}, disp, func(b *asmBuilder, o []ppcOperand) {
			b.emit(litmus.Instr{Op: litmus.OpLoad, Dst: o[0].reg, Addr: ppcDAddr(o[1])})
			if rA := o[1].reg; rA != "r0" && rA != o[0].reg {
				b.move(rA, ppcDAddr(o[1]))
			}
		}},
		"stwu": {[]string{"rd"}, "rS,d(rA) or rS,d,rA", func(b *asmBuilder, o []ppcOperand) {
			b.emit(litmus.Instr{Op: litmus.OpStore, Src: litmus.R(o[0].reg), Addr: ppcDAddr(o[1])})
			if rA := o[1].reg; rA != "r0" {
				b.move(rA, ppcDAddr(o[1]))
			}
		}},

		// lwarx takes an optional EH hint, which has no effect here.
		"lwarx": {[]string{"rrr", "rrrk"}, "rD,rA,rB[,EH]", func(b *asmBuilder, o []ppcOperand) {
			a := ppcXAddr(o[1].reg, o[2].reg)
			b.move(ppcResAddr, a)
			b.move(ppcRes, ppcAfter(a, litmus.C(1)))
			b.emit(litmus.Instr{Op: litmus.OpLoadReserve, Dst: o[0].reg, Addr: a, RTags: []string{ppcTagX}})
		}},
		// stwcx. sets cr0 to eq on success and clears it on failure.
		"stwcx.": {[]string{"rrr"}, "rS,rA,rB", func(b *asmBuilder, o []ppcOperand) {
			a := ppcXAddr(o[1].reg, o[2].reg)
			resv := litmus.Bin(litmus.OpLOr, litmus.R(ppcRes), litmus.R(ppcResAddr))
			reads := litmus.Bin(litmus.OpLOr, litmus.Bin(litmus.OpLOr, litmus.R(o[0].reg), a), resv)
			b.emit(litmus.Instr{Op: litmus.OpStoreCond, Src: ppcAfter(resv, litmus.R(o[0].reg)), Addr: a,
				WTags: []string{ppcTagX}, Status: ppcCR0, StatusOK: litmus.Int(ppcCREq), StatusFail: litmus.Int(0)})
			b.move(ppcCR0, ppcAfter(reads, litmus.R(ppcCR0)))
			b.move(ppcRes, ppcAfter(reads, litmus.C(0)))
		}},

		"sync": fence(ppcTagSync), "lwsync": fence(ppcTagLwsync),
		"eieio": fence(ppcTagEieio), "isync": fence(ppcTagIsync),
		"nop": nop("", "no operands"), "dcbf": nop("rr", "rA,rB"), "com": nop("s", "a string"),

		"b":   {[]string{"l"}, "a label", func(b *asmBuilder, o []ppcOperand) { b.branch(nil, o[0].name) }},
		"beq": bcc(ppcCREq, true), "bne": bcc(ppcCREq, false),
		"blt": bcc(ppcCRLt, true), "bge": bcc(ppcCRLt, false), "bnl": bcc(ppcCRLt, false),
		"bgt": bcc(ppcCRGt, true), "ble": bcc(ppcCRGt, false), "bng": bcc(ppcCRGt, false),
	}
}

// ppcCompare is the CR field that comparing a with b sets, as herd's
// write_cr: the lt bit, else the gt bit, else the eq bit.
func ppcCompare(a, b litmus.Expr) litmus.Expr {
	return &litmus.Ite{
		Cond: litmus.Bin(litmus.OpLt, a, b),
		Then: litmus.C(ppcCRLt),
		Else: &litmus.Ite{Cond: litmus.Bin(litmus.OpGt, a, b), Then: litmus.C(ppcCRGt), Else: litmus.C(ppcCREq)},
	}
}

// ppcAfter is the value of v with the dependencies of deps as well, for a
// write that herd sequences after reads whose values it does not use.
// OpXchg returns its right operand.
func ppcAfter(deps, v litmus.Expr) litmus.Expr {
	return litmus.Bin(litmus.OpXchg, deps, v)
}

// ppcDAddr is the address d(rA). Unlike the indexed forms, herd reads rA
// even when it is r0.
func ppcDAddr(o ppcOperand) litmus.Expr {
	if o.k == 0 {
		return litmus.R(o.reg)
	}
	return litmus.Bin(litmus.OpAdd, litmus.R(o.reg), litmus.C(o.k))
}

// ppcXAddr is the indexed address rA+rB, where rA = r0 stands for 0.
func ppcXAddr(rA, rB string) litmus.Expr {
	if rA == "r0" {
		return litmus.R(rB)
	}
	return litmus.Bin(litmus.OpAdd, litmus.R(rA), litmus.R(rB))
}

func (ppcDialect) program(_ *litmus.Test, prog section) ([]*litmus.Thread, error) {
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
				b.errs.Add(c.sec.pos(a.Pos.Offset), "expected a register in "+strconv.Quote(in.Op)+" displacement, found "+strconv.Quote(*a.Base))
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
