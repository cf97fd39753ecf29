// This file implements the POWER instructions herd7 gives a semantics to,
// family by family (arithmetic, moves and comparisons, loads and stores,
// reservations, barriers and branches), each lowered with the dataflow of
// herd7's PPCSem.ml.

package asm

import (
	"github.com/litmuscheck/litmuscheck/litmus"
)

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
var ppcInstrs = ppcTable(ppcArithSpecs(), ppcMoveSpecs(), ppcMemorySpecs(), ppcReserveSpecs(), ppcControlSpecs())

var ppcUnsupported = map[string]string{
	"nor": "", "nor.": "", "neg": "", "neg.": "", "slw": "", "srawi": "", "sraw": "",
	"bl": "", "blr": "", "mtlr": "", "mflr": "", "lmw": "", "stmw": "",
}

// ppcTable merges the tables of the families; a mnemonic in two of them
// would have one lowering silently replace the other.
func ppcTable(families ...map[string]ppcSpec) map[string]ppcSpec {
	all := map[string]ppcSpec{}
	for _, f := range families {
		for op, spec := range f {
			if _, dup := all[op]; dup {
				panic("should never happen: PPC mnemonic " + op + " in two families")
			}
			all[op] = spec
		}
	}
	return all
}

// The operands' syntax in messages.
const (
	ppcRRR  = "rD,rA,rB"
	ppcRRK  = "rD,rA,k"
	ppcDisp = "rD,d(rA) or rD,d,rA"
)

// ppcArithSpecs are the register and immediate arithmetic; the dotted
// forms also set cr0.
func ppcArithSpecs() map[string]ppcSpec {
	return map[string]ppcSpec{
		"add": ppcArith(litmus.OpAdd, false, false), "add.": ppcArith(litmus.OpAdd, true, false),
		"sub": ppcArith(litmus.OpSub, false, false), "sub.": ppcArith(litmus.OpSub, true, false),
		"subf": ppcArith(litmus.OpSub, false, true), "subf.": ppcArith(litmus.OpSub, true, true),
		"xor": ppcArith(litmus.OpXor, false, false), "xor.": ppcArith(litmus.OpXor, true, false),
		"or": ppcArith(litmus.OpOr, false, false), "or.": ppcArith(litmus.OpOr, true, false),
		"and": ppcArith(litmus.OpAnd, false, false), "and.": ppcArith(litmus.OpAnd, true, false),
		"mullw": ppcArith(litmus.OpMul, false, false), "mullw.": ppcArith(litmus.OpMul, true, false),
		"divw": ppcArith(litmus.OpDiv, false, false), "divw.": ppcArith(litmus.OpDiv, true, false),

		"addi": ppcImm(litmus.OpAdd, false, false), "subi": ppcImm(litmus.OpAdd, false, true),
		"ori": ppcImm(litmus.OpOr, false, false), "xori": ppcImm(litmus.OpXor, false, false),
		"andi.": ppcImm(litmus.OpAnd, true, false), "mulli": ppcImm(litmus.OpMul, false, false),
	}
}

func ppcArith(op litmus.BinOp, setCR, swap bool) ppcSpec {
	return ppcSpec{[]string{"rrr"}, ppcRRR, func(b *asmBuilder, o []ppcOperand) {
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

func ppcImm(op litmus.BinOp, setCR, neg bool) ppcSpec {
	return ppcSpec{[]string{"rrk"}, ppcRRK, func(b *asmBuilder, o []ppcOperand) {
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

// ppcMoveSpecs are the register moves and the comparisons, which write a
// CR field, cr0 unless one is named.
func ppcMoveSpecs() map[string]ppcSpec {
	return map[string]ppcSpec{
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
	}
}

// ppcMemorySpecs are the loads and stores, D-form and indexed, of words,
// doublewords, bytes and halfwords, and those that update rA.
func ppcMemorySpecs() map[string]ppcSpec {
	return map[string]ppcSpec{
		"lwz": ppcLoad(0), "ld": ppcLoad(8), "lwzx": ppcLoadx(0), "ldx": ppcLoadx(8),
		"stw": ppcStore(0), "std": ppcStore(8), "stwx": ppcStorex(0), "stdx": ppcStorex(8),
		"lbz": ppcLoad(1), "lhz": ppcLoad(2), "lbzx": ppcLoadx(1), "lhzx": ppcLoadx(2),
		"stb": ppcStore(1), "sth": ppcStore(2), "stbx": ppcStorex(1), "sthx": ppcStorex(2),
		// lwzu and stwu also write the address back to rA.
		"lwzu": {[]string{"rd"}, ppcDisp, func(b *asmBuilder, o []ppcOperand) {
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
	}
}

// Loads and stores of size bytes (0: a word); a byte or halfword store
// keeps the low bits of rS.

func ppcLoad(size uint8) ppcSpec {
	return ppcSpec{[]string{"rd"}, ppcDisp, func(b *asmBuilder, o []ppcOperand) {
		b.emit(litmus.Instr{Op: litmus.OpLoad, Dst: o[0].reg, Addr: ppcDAddr(o[1]), Size: size})
	}}
}

func ppcLoadx(size uint8) ppcSpec {
	return ppcSpec{[]string{"rrr"}, ppcRRR, func(b *asmBuilder, o []ppcOperand) {
		b.emit(litmus.Instr{Op: litmus.OpLoad, Dst: o[0].reg, Addr: ppcXAddr(o[1].reg, o[2].reg), Size: size})
	}}
}

func ppcStore(size uint8) ppcSpec {
	return ppcSpec{[]string{"rd"}, "rS,d(rA) or rS,d,rA", func(b *asmBuilder, o []ppcOperand) {
		b.emit(litmus.Instr{Op: litmus.OpStore, Src: narrow(litmus.R(o[0].reg), int(size)), Addr: ppcDAddr(o[1]), Size: size})
	}}
}

func ppcStorex(size uint8) ppcSpec {
	return ppcSpec{[]string{"rrr"}, "rS,rA,rB", func(b *asmBuilder, o []ppcOperand) {
		b.emit(litmus.Instr{Op: litmus.OpStore, Src: narrow(litmus.R(o[0].reg), int(size)), Addr: ppcXAddr(o[1].reg, o[2].reg), Size: size})
	}}
}

// ppcReserveSpecs are lwarx and stwcx., with herd's RES and RESADDR.
func ppcReserveSpecs() map[string]ppcSpec {
	return map[string]ppcSpec{
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
	}
}

// ppcControlSpecs are the barriers, the instructions that lower to no
// event, and the branches.
func ppcControlSpecs() map[string]ppcSpec {
	return map[string]ppcSpec{
		"sync": ppcFence(ppcTagSync), "lwsync": ppcFence(ppcTagLwsync),
		"eieio": ppcFence(ppcTagEieio), "isync": ppcFence(ppcTagIsync),
		"nop": ppcNop("", "no operands"), "dcbf": ppcNop("rr", "rA,rB"), "com": ppcNop("s", "a string"),

		"b":   {[]string{"l"}, "a label", func(b *asmBuilder, o []ppcOperand) { b.branch(nil, o[0].name) }},
		"beq": ppcBcc(ppcCREq, true), "bne": ppcBcc(ppcCREq, false),
		"blt": ppcBcc(ppcCRLt, true), "bge": ppcBcc(ppcCRLt, false), "bnl": ppcBcc(ppcCRLt, false),
		"bgt": ppcBcc(ppcCRGt, true), "ble": ppcBcc(ppcCRGt, false), "bng": ppcBcc(ppcCRGt, false),
	}
}

func ppcFence(tag string) ppcSpec {
	return ppcSpec{[]string{""}, "no operands", func(b *asmBuilder, _ []ppcOperand) {
		b.emit(litmus.Instr{Op: litmus.OpFence, FTags: []string{tag}})
	}}
}

func ppcNop(shape, syntax string) ppcSpec {
	return ppcSpec{[]string{shape}, syntax, func(b *asmBuilder, _ []ppcOperand) {
		b.emit(litmus.Instr{Op: litmus.OpNop})
	}}
}

// ppcBcc is a conditional branch, which reads a bit of cr0: taken when it
// is set (beq, blt, bgt) or when it is clear (bne, bge, ble).
func ppcBcc(bit int64, set bool) ppcSpec {
	return ppcSpec{[]string{"l"}, "a label", func(b *asmBuilder, o []ppcOperand) {
		op := litmus.OpEq
		if set {
			op = litmus.OpNe
		}
		cond := litmus.Bin(op, litmus.Bin(litmus.OpAnd, litmus.R(ppcCR0), litmus.C(bit)), litmus.C(0))
		b.branch(cond, o[0].name)
	}}
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
