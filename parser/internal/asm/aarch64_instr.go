// This file implements the lowering of the AArch64 instructions other than
// memory accesses: the mnemonic table, moves, arithmetic and flags,
// conditional selects, branches and barriers.

package asm

import (
	"strings"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/parser/internal/litfile"
)

// Instructions.

// a64Unsupported lists mnemonics herd accepts that litmuscheck does not
// model: system, cache, TLB, tag, pair, SIMD and call instructions.
var a64Unsupported = map[string]bool{
	"DC": true, "IC": true, "TLBI": true, "MSR": true, "MRS": true,
	"STG": true, "STZG": true, "LDG": true, "ERET": true, "SVC": true,
	"HVC": true, "UDF": true, "BL": true, "BLR": true, "BR": true, "RET": true,
	"ADR": true, "LDP": true, "STP": true, "LDNP": true, "STNP": true,
	"LDPSW": true, "LDIAPP": true, "STILP": true,
	"LDXP": true, "LDAXP": true, "STXP": true, "STLXP": true,
	"CASP": true, "CASPA": true, "CASPL": true, "CASPAL": true,
	"LDRSB": true, "LDRSH": true, "LDRSW": true, "LDAPUR": true, "STLUR": true,
	"ASR": true, "ROR": true, "RBIT": true, "SBFM": true, "UBFM": true, "SXTW": true,
	"UXTW": true, "MUL": true, "UDIV": true, "SDIV": true, "MADD": true,
	"ADC": true, "SBC": true, "CCMP": true, "CCMN": true, "CINC": true, "CNEG": true,
	"LD1": true, "LD2": true, "LD3": true, "LD4": true, "ST1": true, "ST2": true,
	"ST3": true, "ST4": true, "LD1R": true, "MOVI": true, "FMOV": true,
	"SEV": true, "SEVL": true, "WFE": true, "WFI": true, "YIELD": true, "HINT": true,
	"CLREX": true, "SB": true, "CSDB": true, "ESB": true, "PSB": true,
	"ALIGND": true, "ALIGNU": true, "BUILD": true, "CHKEQ": true, "CHKSLD": true,
	"CHKTGD": true, "CLRTAG": true, "CPYTYPE": true, "CPYVALUE": true,
	"CSEAL": true, "GC": true, "SC": true, "SEAL": true, "UNSEAL": true,
	"LDCT": true, "STCT": true, "CPYP": true, "CPYM": true, "CPYE": true,
	"SETP": true, "SETM": true, "SETE": true,
}

// instr lowers one instruction.
func (b *a64Builder) instr(in *a64Instr) error {
	op := strings.ToUpper(in.Op)
	if lower, ok := a64Simple[op]; ok {
		return lower(b, in)
	}
	if strings.HasPrefix(op, "B.") {
		return b.bcond(in, op[2:])
	}
	if k, ok := a64MemOp(op); ok {
		return b.memory(in, k)
	}
	if k, ok := a64AtomicOp(op); ok {
		return b.atomic(in, k)
	}
	if a64Unsupported[op] {
		return litmus.Unsupported(b.pos, "instruction "+op)
	}
	return litmus.Errorf(b.pos, "unknown instruction %q", in.Op)
}

// a64Simple maps the mnemonics that need no decoding to their lowering.
var a64Simple map[string]func(*a64Builder, *a64Instr) error

func init() {
	a64Simple = map[string]func(*a64Builder, *a64Instr) error{
		"NOP":  (*a64Builder).nop,
		"MOV":  (*a64Builder).mov,
		"MOVZ": (*a64Builder).movWide,
		"MOVN": (*a64Builder).movWide,
		"MOVK": (*a64Builder).movWide,
		"ADD":  (*a64Builder).arith, "ADDS": (*a64Builder).arith,
		"SUB": (*a64Builder).arith, "SUBS": (*a64Builder).arith,
		"AND": (*a64Builder).arith, "ANDS": (*a64Builder).arith,
		"ORR": (*a64Builder).arith, "EOR": (*a64Builder).arith,
		"ORN": (*a64Builder).arith, "EON": (*a64Builder).arith,
		"BIC": (*a64Builder).arith, "BICS": (*a64Builder).arith,
		"LSL": (*a64Builder).arith, "LSR": (*a64Builder).arith,
		"CMP":   (*a64Builder).compare,
		"CMN":   (*a64Builder).compare,
		"TST":   (*a64Builder).compare,
		"NEG":   (*a64Builder).negate,
		"MVN":   (*a64Builder).negate,
		"CSEL":  (*a64Builder).csel,
		"CSINC": (*a64Builder).csel,
		"CSINV": (*a64Builder).csel,
		"CSNEG": (*a64Builder).csel,
		"CSET":  (*a64Builder).cset,
		"B":     (*a64Builder).branch,
		"CBZ":   (*a64Builder).cbz,
		"CBNZ":  (*a64Builder).cbz,
		"TBZ":   (*a64Builder).tbz,
		"TBNZ":  (*a64Builder).tbz,
		"DMB":   (*a64Builder).barrier,
		"DSB":   (*a64Builder).barrier,
		"ISB":   (*a64Builder).isb,
	}
}

func (b *a64Builder) nop(in *a64Instr) error {
	if err := b.want(in, 0, ""); err != nil {
		return err
	}
	b.emit(litmus.Instr{Op: litmus.OpNop})
	return nil
}

// move emits Dst = src, or a no-op when the destination is the zero
// register.
func (b *a64Builder) move(d a64Reg, src litmus.Expr) {
	if d.zero {
		b.emit(litmus.Instr{Op: litmus.OpNop})
		return
	}
	b.emit(litmus.Instr{Op: litmus.OpMove, Dst: b.dest(d), Src: src})
}

func (b *a64Builder) mov(in *a64Instr) error {
	d, err := b.wantReg(in, 2, false, "Rd, #imm or Rd, Rm")
	if err != nil {
		return err
	}
	var src litmus.Expr
	if in.Args[1].Imm != nil {
		v, err := b.immValue(in.Args[1].Imm)
		if err != nil {
			return err
		}
		src = konst(v, d.w)
	} else {
		s, err := b.reg(in.Args[1])
		if err != nil {
			return b.errorf(in.Args[1], "expected a register or an immediate, found %s", argText(in.Args[1]))
		}
		src = b.read(s)
		if d.w {
			// A W register holds 32 bits: herd zero-extends the move.
			src = zext32(src)
		}
	}
	b.move(d, src)
	return nil
}

// movWide lowers MOVZ, MOVN and MOVK: Rd, #imm16{, LSL #n}.
func (b *a64Builder) movWide(in *a64Instr) error {
	op := strings.ToUpper(in.Op)
	d, err := b.wantReg(in, 2, true, "Rd, #imm{, LSL #n}")
	if err != nil {
		return err
	}
	if in.Args[1].Imm == nil {
		return b.errorf(in.Args[1], "expected an immediate, found %s", argText(in.Args[1]))
	}
	k, err := b.operand2(in.Args[1:], false)
	if err != nil {
		return err
	}
	v := k.(*litmus.Const).V.Off
	var shift int64
	if len(in.Args) == 3 {
		shift, _ = b.immValue(in.Args[2].Word.Amount)
	}
	switch op {
	case "MOVZ":
		b.move(d, konst(v, d.w))
	case "MOVN":
		b.move(d, konst(^v, d.w))
	case "MOVK":
		mask := int64(0xffff) << shift
		b.move(d, litmus.Bin(litmus.OpOr, litmus.Bin(litmus.OpAndNot, b.read(d), litmus.C(mask)), konst(v, d.w)))
	}
	return nil
}

// zext32 is e as a W register holds it, its low 32 bits; a constant is
// folded, so that an immediate stays a constant the explorer need not
// evaluate.
func zext32(e litmus.Expr) litmus.Expr {
	if c, ok := e.(*litmus.Const); ok {
		return &litmus.Const{V: litmus.Convert(litmus.OpZext32, c.V)}
	}
	return &litmus.Unary{Op: litmus.OpZext32, X: e}
}

// arith lowers the three-operand data-processing instructions.
func (b *a64Builder) arith(in *a64Instr) error {
	op := strings.ToUpper(in.Op)
	d, err := b.wantReg(in, 3, true, "Rd, Rn, op2")
	if err != nil {
		return err
	}
	n, err := b.reg(in.Args[1])
	if err != nil {
		return err
	}
	x := b.read(n)
	y, err := b.operand2(in.Args[2:], d.w)
	if err != nil {
		return err
	}
	b.move(d, a64Combine(op, x, y, d.w))
	if strings.HasSuffix(op, "S") && op != "ORRS" {
		b.flags(op, x, y, d.w)
	}
	return nil
}

// a64Combine is the value of a data-processing operation.
func a64Combine(op string, x, y litmus.Expr, w bool) litmus.Expr {
	mask32 := func(e litmus.Expr) litmus.Expr {
		if w {
			return litmus.Bin(litmus.OpAnd, e, litmus.C(0xffffffff))
		}
		return e
	}
	// A W register holds 32 bits: herd wraps a W sum, difference or
	// left shift there ("ADD W3,W1,W2" of 0xffff0003 and 0x10000 is 3).
	wrap32 := func(e litmus.Expr) litmus.Expr {
		if w {
			return zext32(e)
		}
		return e
	}
	switch strings.TrimSuffix(op, "S") {
	case "ADD":
		return wrap32(litmus.Bin(litmus.OpAdd, x, y))
	case "SUB":
		return wrap32(litmus.Bin(litmus.OpSub, x, y))
	case "CMN":
		return litmus.Bin(litmus.OpAdd, x, y)
	case "CMP":
		return litmus.Bin(litmus.OpSub, x, y)
	case "AND", "TST":
		return litmus.Bin(litmus.OpAnd, x, y)
	case "ORR":
		return litmus.Bin(litmus.OpOr, x, y)
	case "EOR":
		return litmus.Bin(litmus.OpXor, x, y)
	case "ORN":
		return mask32(litmus.Bin(litmus.OpOr, x, &litmus.Unary{Op: litmus.OpBitNot, X: y}))
	case "EON":
		return mask32(litmus.Bin(litmus.OpXor, x, &litmus.Unary{Op: litmus.OpBitNot, X: y}))
	case "BIC":
		return litmus.Bin(litmus.OpAndNot, x, y)
	case "LSL":
		return wrap32(litmus.Bin(litmus.OpShl, x, y))
	case "LSR":
		return litmus.Bin(litmus.OpShr, x, y)
	}
	panic("a64Combine: should never happen: " + op)
}

// flags sets NZCV after a flag-setting operation: a comparison of x and y
// for SUBS, of the result and 0 otherwise.
func (b *a64Builder) flags(op string, x, y litmus.Expr, w bool) {
	var f litmus.Expr
	switch strings.TrimSuffix(op, "S") {
	case "SUB", "CMP":
		f = litmus.Bin(litmus.OpCmp, x, y)
	default:
		f = litmus.Bin(litmus.OpCmp, a64Combine(op, x, y, w), litmus.C(0))
	}
	b.emit(litmus.Instr{Op: litmus.OpMove, Dst: nzcv, Src: f})
}

// compare lowers CMP, CMN and TST, which only set the flags.
func (b *a64Builder) compare(in *a64Instr) error {
	op := strings.ToUpper(in.Op)
	n, err := b.wantReg(in, 2, true, "Rn, op2")
	if err != nil {
		return err
	}
	x := b.read(n)
	y, err := b.operand2(in.Args[1:], n.w)
	if err != nil {
		return err
	}
	b.flags(op, x, y, n.w)
	return nil
}

// negate lowers NEG (0 - Rm) and MVN (^Rm).
func (b *a64Builder) negate(in *a64Instr) error {
	d, err := b.wantReg(in, 2, true, "Rd, Rm")
	if err != nil {
		return err
	}
	y, err := b.operand2(in.Args[1:], d.w)
	if err != nil {
		return err
	}
	if strings.ToUpper(in.Op) == "NEG" {
		b.move(d, litmus.Bin(litmus.OpSub, litmus.C(0), y))
	} else {
		b.move(d, a64Combine("ORN", litmus.C(0), y, d.w))
	}
	return nil
}

// csel lowers CSEL and its variants. herd reads the flags and then, under
// iico_ctrl, the selected register: the condition gives pick dependencies
// only.
func (b *a64Builder) csel(in *a64Instr) error {
	op := strings.ToUpper(in.Op)
	if err := b.want(in, 4, "Rd, Rn, Rm, cond"); err != nil {
		return err
	}
	var r [3]a64Reg
	for i := range r {
		var err error
		if r[i], err = b.reg(in.Args[i]); err != nil {
			return err
		}
	}
	c, err := b.cond(in.Args[3])
	if err != nil {
		return err
	}
	then, els := b.read(r[1]), b.read(r[2])
	switch op {
	case "CSINC":
		els = litmus.Bin(litmus.OpAdd, els, litmus.C(1))
	case "CSINV":
		els = a64Combine("ORN", litmus.C(0), els, r[0].w)
	case "CSNEG":
		els = litmus.Bin(litmus.OpSub, litmus.C(0), els)
	}
	b.move(r[0], &litmus.Ite{Cond: &litmus.Unary{Op: litmus.OpPick, X: c}, Then: then, Else: els})
	return nil
}

// cset lowers CSET Rd, cond (CSINC Rd, ZR, ZR, invert(cond)).
func (b *a64Builder) cset(in *a64Instr) error {
	d, err := b.wantReg(in, 2, false, "Rd, cond")
	if err != nil {
		return err
	}
	c, err := b.cond(in.Args[1])
	if err != nil {
		return err
	}
	b.move(d, &litmus.Ite{Cond: &litmus.Unary{Op: litmus.OpPick, X: c}, Then: litmus.C(1), Else: litmus.C(0)})
	return nil
}

// jump emits a branch to a label, patched by resolve.
func (b *a64Builder) jump(cond litmus.Expr, a *a64Arg) error {
	l, err := b.label(a)
	if err != nil {
		return err
	}
	b.fixups = append(b.fixups, a64Fixup{index: len(b.code), label: l, pos: litfile.Position(b.file, a.Pos)})
	b.emit(litmus.Instr{Op: litmus.OpBranch, Cond: cond})
	return nil
}

// branch lowers B label: no condition, hence no control dependency.
func (b *a64Builder) branch(in *a64Instr) error {
	if err := b.want(in, 1, "label"); err != nil {
		return err
	}
	return b.jump(nil, in.Args[0])
}

func (b *a64Builder) bcond(in *a64Instr, code string) error {
	if err := b.want(in, 1, "label"); err != nil {
		return err
	}
	c, valid, ok := a64Cond(code)
	if !ok {
		if valid {
			return litmus.Unsupported(b.pos, "condition "+code)
		}
		return litmus.Errorf(b.pos, "unknown instruction %q", in.Op)
	}
	return b.jump(c, in.Args[0])
}

func (b *a64Builder) cbz(in *a64Instr) error {
	r, err := b.wantReg(in, 2, false, "Rn, label")
	if err != nil {
		return err
	}
	op := litmus.OpEq
	if strings.ToUpper(in.Op) == "CBNZ" {
		op = litmus.OpNe
	}
	return b.jump(litmus.Bin(op, b.read(r), litmus.C(0)), in.Args[1])
}

func (b *a64Builder) tbz(in *a64Instr) error {
	r, err := b.wantReg(in, 3, false, "Rn, #bit, label")
	if err != nil {
		return err
	}
	bit, err := b.imm(in.Args[1])
	if err != nil {
		return err
	}
	if bit < 0 || bit > 63 {
		return b.errorf(in.Args[1], "bit number %d out of range 0..63", bit)
	}
	op := litmus.OpEq
	if strings.ToUpper(in.Op) == "TBNZ" {
		op = litmus.OpNe
	}
	x := litmus.Bin(litmus.OpAnd, litmus.Bin(litmus.OpShr, b.read(r), litmus.C(bit)), litmus.C(1))
	return b.jump(litmus.Bin(op, x, litmus.C(0)), in.Args[2])
}

// a64BarrierOptions are the options of DMB and DSB; the event tag is
// "DMB.<option>" (aarch64fences.cat).
var a64BarrierOptions = map[string]bool{
	"SY": true, "ST": true, "LD": true,
	"ISH": true, "ISHST": true, "ISHLD": true,
	"OSH": true, "OSHST": true, "OSHLD": true,
	"NSH": true, "NSHST": true, "NSHLD": true,
}

func (b *a64Builder) barrier(in *a64Instr) error {
	op := strings.ToUpper(in.Op)
	if err := b.want(in, 1, "option (SY, ST, LD, ISH, ISHST, ISHLD, OSH, ...)"); err != nil {
		return err
	}
	a := in.Args[0]
	if a.Word == nil || a.Word.Amount != nil || !a64BarrierOptions[strings.ToUpper(a.Word.Name)] {
		return b.errorf(a, "expected a barrier option (SY, ST, LD, ISH, ISHST, ISHLD, OSH, ...), found %s", argText(a))
	}
	b.emit(litmus.Instr{Op: litmus.OpFence, FTags: []string{op + "." + strings.ToUpper(a.Word.Name)}})
	return nil
}

func (b *a64Builder) isb(in *a64Instr) error {
	// herd also accepts "ISB SY".
	if len(in.Args) == 1 && in.Args[0].Word != nil && strings.ToUpper(in.Args[0].Word.Name) == "SY" {
		in.Args = nil
	}
	if err := b.want(in, 0, ""); err != nil {
		return err
	}
	b.emit(litmus.Instr{Op: litmus.OpFence, FTags: []string{"ISB"}})
	return nil
}
