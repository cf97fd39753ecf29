// This file implements the lowering of the X86 and X86_64 instructions:
// mnemonics and their sizes, then each family as herd7's X86Sem.ml and
// X86_64Sem.ml do.
//
// Lowering, family by family:
//   - mov: one OpLoad, OpStore or OpMove.
//   - add, xor, or, inc, dec on memory: one OpRMW whose R and W are plain
//     and unrelated by rmw (NoRMW); with the lock prefix both carry the tag
//     "X" (herd's atomic events, the X of x86tso.cat) and form an rmw pair.
//     The flags follow as OpMoves, as herd's write_all_flags does:
//     zf = (result == 0), sf = (result > 0), cf = 0.
//   - xchg (and X86_64 uxch): always locked, an OpRMW with OpXchg tagged X.
//   - cmpxchg (X86_64 only; herd does not implement it for X86): an OpCAS
//     on rax whose status register is zf (1 on success), tagged X and
//     atomic when locked, NoRMW otherwise. A failed attempt is the R alone
//     and writes the old value to rax.
//   - cmp: zf = (a == b), sf = (a > b), cf = 0.
//   - jmp, je, jne (and X86_64 jle, jlt, jge, jgt, js, jns): OpBranch on the
//     flag registers with herd's own truth table.
//   - mfence, sfence, lfence: one OpFence tagged MFENCE, SFENCE, LFENCE.
//   - cmovc and setnb read cf; cmovc is a short branch whose control
//     dependency stops after it.

package asm

import (
	"strconv"
	"strings"

	"github.com/litmuscheck/litmuscheck/litmus"
)

// x86Tag is the tag herd gives the memory accesses of locked instructions.
var x86Tag = []string{"X"}

// mnemonic returns the base name of an instruction ("movl" -> "mov"), and
// whether the dialect knows it. herd's lexers accept all-lower or
// all-upper case; X86_64 mnemonics may carry a size suffix.
func (d X86) mnemonic(s string) (string, bool) {
	if s != strings.ToLower(s) && s != strings.ToUpper(s) {
		return "", false
	}
	s = strings.ToLower(s)
	if !d.Is64 {
		switch s {
		case "movq":
			return "mov", true
		case "add", "xor", "or", "mov", "dec", "cmp", "cmovc", "inc", "jmp", "je", "jne",
			"xchg", "cmpxchg", "lfence", "sfence", "mfence", "setnb", "movsd":
			return s, true
		}
		return "", false
	}
	switch s {
	case "jmp", "je", "jne", "jle", "jlt", "jgt", "jge", "js", "jns",
		"mfence", "sfence", "lfence", "setnb", "movnti", "and":
		return s, true
	}
	sized := func(b string) bool {
		switch b {
		case "add", "xor", "or", "mov", "cmp", "dec", "inc", "xchg", "uxch", "cmpxchg", "cmovc":
			return true
		}
		return false
	}
	if sized(s) {
		return s, true
	}
	if n := len(s); n > 1 && strings.IndexByte("bwlq", s[n-1]) >= 0 && sized(s[:n-1]) {
		return s[:n-1], true
	}
	if s == "movntil" || s == "movntiq" {
		return "movnti", true
	}
	return "", false
}

// accessSize is the width in bytes of the memory accesses of an X86_64
// instruction: its size suffix (movb 1, movw 2, movl 4, movq 8), else
// the width of its register operand (mov %al,(x) stores a byte), else 4.
// X86 accesses are all words (0).
func (l *x86Thread) accessSize(mnemonic, base string, ops []x86Operand) uint8 {
	if !l.d.Is64 {
		return 0
	}
	if len(mnemonic) > len(base) {
		switch mnemonic[len(mnemonic)-1] {
		case 'b', 'B':
			return 1
		case 'w', 'W':
			return 2
		case 'l', 'L':
			return 4
		case 'q', 'Q':
			return 8
		}
	}
	for _, o := range ops {
		if o.kind == kindReg {
			return map[regPart]uint8{partFull: 8, part32: 4, part16: 2, part8L: 1, part8H: 1}[o.reg.part]
		}
	}
	return 4
}

// lockable reports whether herd accepts the lock prefix on an instruction.
func (d X86) lockable(op string) bool {
	switch op {
	case "xchg", "uxch", "add", "xor", "dec", "inc":
		return true
	case "cmpxchg":
		return d.Is64
	}
	return false
}

// arity is the number of operands of each instruction.
var x86Arity = map[string]int{
	"add": 2, "xor": 2, "or": 2, "and": 2, "mov": 2, "cmp": 2, "xchg": 2, "uxch": 2,
	"cmpxchg": 2, "cmovc": 2, "movnti": 2,
	"dec": 1, "inc": 1, "setnb": 1,
	"jmp": 1, "je": 1, "jne": 1, "jle": 1, "jlt": 1, "jgt": 1, "jge": 1, "js": 1, "jns": 1,
	"mfence": 0, "sfence": 0, "lfence": 0, "movsd": 0,
}

// and is X86_64 only, without a size suffix (as herd's lexer has it).
var x86Arith = map[string]litmus.BinOp{"add": litmus.OpAdd, "xor": litmus.OpXor, "or": litmus.OpOr, "and": litmus.OpAnd}

// instr lowers one instruction.
func (l *x86Thread) instr(in *x86Instr) *litmus.Error {
	op, ops, err := l.decode(in)
	if err != nil {
		return err
	}
	var tags []string
	if in.Lock {
		tags = x86Tag
	}
	switch op {
	case "mov":
		return l.mov(in, ops)
	case "add", "xor", "or", "and":
		dst, src, err := l.regMemSrc(in, ops)
		if err != nil {
			return err
		}
		l.update(x86Arith[op], dst, l.value(src, tags), in.Lock, false)
	case "inc", "dec":
		if err := l.want(ops[0], kindReg, kindMem); err != nil {
			return err
		}
		bop := litmus.OpAdd
		if op == "dec" {
			bop = litmus.OpSub
		}
		l.update(bop, ops[0], litmus.C(1), in.Lock, true)
	case "cmp":
		ea, src, err := l.regMemSrc(in, ops)
		if err != nil {
			return err
		}
		a := l.value(ea, nil)
		l.setFlags(a, l.value(src, nil))
	case "xchg", "uxch":
		return l.xchg(in, ops[0], ops[1])
	case "cmpxchg":
		return l.cmpxchg(in, ops[0], ops[1], tags)
	case "cmovc":
		return l.cmovc(ops[0], ops[1])
	case "setnb":
		if err := l.want(ops[0], kindReg, kindMem); err != nil {
			return err
		}
		l.write(ops[0], litmus.Bin(litmus.OpXor, l.flagReg("cf"), litmus.C(1)), nil)
	case "jmp", "je", "jne", "jle", "jlt", "jgt", "jge", "js", "jns":
		if err := l.want(ops[0], kindName); err != nil {
			return err
		}
		at := l.emit(litmus.Instr{Op: litmus.OpBranch, Cond: l.jumpCond(op)})
		l.jumps = append(l.jumps, x86Jump{at: at, label: ops[0].name, pos: ops[0].pos})
	case "mfence", "sfence", "lfence":
		l.emit(litmus.Instr{Op: litmus.OpFence, FTags: []string{strings.ToUpper(op)}})
	case "movsd":
		return litmus.Unsupported(l.pos, "MOVSD (herd7 does not implement it)")
	case "movnti":
		return litmus.Unsupported(l.pos, "non-temporal store "+in.Op)
	}
	return nil
}

// decode checks in's mnemonic, operand count and lock prefix, resolves its
// operands, and sets the thread's state for lowering it (mask32, size);
// it returns the mnemonic's base name and the operands.
func (l *x86Thread) decode(in *x86Instr) (string, []x86Operand, *litmus.Error) {
	op, ok := l.d.mnemonic(in.Op)
	if !ok {
		return "", nil, litmus.Errorf(l.pos, "unknown %s instruction %q", l.d.arch(), in.Op)
	}
	if n := x86Arity[op]; len(in.Args) != n {
		return "", nil, litmus.Errorf(l.pos, "%q takes %d operands, found %d", in.Op, n, len(in.Args))
	}
	if in.Lock && !l.d.lockable(op) {
		return "", nil, litmus.Errorf(l.pos, "illegal lock prefix on %q", in.Op)
	}
	// herd masks what a 32-bit ("l") X86_64 instruction reads.
	l.mask32 = l.d.Is64 && len(in.Op) > len(op) && strings.HasSuffix(strings.ToLower(in.Op), "l")
	ops := make([]x86Operand, len(in.Args))
	for i, a := range in.Args {
		o, err := l.operand(a)
		if err != nil {
			return "", nil, err
		}
		ops[i] = o
	}
	l.size = l.accessSize(in.Op, op, ops)
	return op, ops, nil
}

// dstSrc are the destination and the source of a two-operand
// instruction: Intel syntax puts the destination first, AT&T syntax last.
func (l *x86Thread) dstSrc(ops []x86Operand) (x86Operand, x86Operand) {
	if l.d.Is64 {
		return ops[1], ops[0]
	}
	return ops[0], ops[1]
}

// regMemSrc is the destination, a register or memory, and the source, a
// register, memory or an immediate, of a two-operand instruction that
// cannot take memory for both.
func (l *x86Thread) regMemSrc(in *x86Instr, ops []x86Operand) (x86Operand, x86Operand, *litmus.Error) {
	dst, src := l.dstSrc(ops)
	if err := l.want(dst, kindReg, kindMem); err != nil {
		return dst, src, err
	}
	if err := l.want(src, kindReg, kindMem, kindImm); err != nil {
		return dst, src, err
	}
	if dst.kind == kindMem && src.kind == kindMem {
		return dst, src, litmus.Unsupported(l.pos, "memory-to-memory "+in.Op)
	}
	return dst, src, nil
}

// mov lowers a move: a load, a store or a register move.
func (l *x86Thread) mov(in *x86Instr, ops []x86Operand) *litmus.Error {
	dst, src, err := l.regMemSrc(in, ops)
	if err != nil {
		return err
	}
	if src.kind == kindMem {
		l.load(dst.reg, src.addr, nil)
	} else {
		l.write(dst, l.value(src, nil), nil)
	}
	return nil
}

// cmovc moves src to the register dst when cf is set: a short branch
// whose control dependency stops after the move.
func (l *x86Thread) cmovc(dst, src x86Operand) *litmus.Error {
	if err := l.want(dst, kindReg); err != nil {
		return err
	}
	if err := l.want(src, kindReg, kindMem); err != nil {
		return err
	}
	br := l.emit(litmus.Instr{Op: litmus.OpBranch, Cond: litmus.Bin(litmus.OpEq, l.flagReg("cf"), litmus.C(0))})
	if src.kind == kindMem {
		l.load(dst.reg, src.addr, nil)
	} else {
		l.setReg(dst.reg, l.readReg(src.reg))
	}
	l.code[br].Target, l.code[br].CtrlEnd = len(l.code), len(l.code)
	return nil
}

// want checks the kind of an operand.
func (l *x86Thread) want(o x86Operand, kinds ...x86Kind) *litmus.Error {
	for _, k := range kinds {
		if o.kind == k {
			return nil
		}
	}
	var names []string
	for _, k := range kinds {
		names = append(names, x86KindNames[k])
	}
	exp := strings.Join(names, " or ")
	if len(names) > 2 {
		exp = strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
	}
	found := x86KindNames[o.kind]
	if o.kind == kindName {
		found = "name " + strconv.Quote(o.name)
	}
	return litmus.Errorf(o.pos, "expected %s, found %s", exp, found)
}

// update lowers dst = dst op v with the flags herd sets: all three for
// add, xor and or, sf and zf only for inc and dec. On memory it is one
// read-modify-write, atomic when locked.
func (l *x86Thread) update(op litmus.BinOp, dst x86Operand, v litmus.Expr, locked, incdec bool) {
	var res litmus.Expr
	if dst.kind == kindMem {
		t := l.tmp()
		in := litmus.Instr{Op: litmus.OpRMW, Dst: t, Addr: dst.addr, Src: v, RMWOp: op, ReturnNew: true, NoRMW: !locked,
			Mask32: l.mask32}
		if locked {
			in.RTags, in.WTags = x86Tag, x86Tag
		}
		l.emit(in)
		res = litmus.R(t)
	} else {
		l.setReg(dst.reg, litmus.Bin(op, l.readReg(dst.reg), v))
		res = l.readReg(dst.reg)
	}
	if !incdec {
		l.setFlags(res, litmus.C(0))
		return
	}
	l.emit(litmus.Instr{Op: litmus.OpMove, Dst: l.use(l.d.flag("sf")), Src: litmus.Bin(litmus.OpGt, res, litmus.C(0))})
	l.emit(litmus.Instr{Op: litmus.OpMove, Dst: l.use(l.d.flag("zf")), Src: litmus.Bin(litmus.OpEq, res, litmus.C(0))})
}

// xchg swaps two operands; on memory it is always atomic, lock prefix or
// not (herd reads and writes memory with atomic accesses).
func (l *x86Thread) xchg(in *x86Instr, a, b x86Operand) *litmus.Error {
	if err := l.want(a, kindReg, kindMem); err != nil {
		return err
	}
	if err := l.want(b, kindReg, kindMem); err != nil {
		return err
	}
	switch {
	case a.kind == kindMem && b.kind == kindMem:
		return litmus.Unsupported(l.pos, "memory-to-memory "+in.Op)
	case a.kind == kindReg && b.kind == kindReg:
		t := l.tmp()
		l.emit(litmus.Instr{Op: litmus.OpMove, Dst: t, Src: l.readReg(a.reg)})
		l.setReg(a.reg, l.readReg(b.reg))
		l.setReg(b.reg, litmus.R(t))
		return nil
	case a.kind == kindReg:
		a, b = b, a
	}
	d, merge := l.dst(b.reg)
	l.emit(litmus.Instr{Op: litmus.OpRMW, Dst: d, Addr: a.addr, Src: l.readReg(b.reg), RMWOp: litmus.OpXchg,
		RTags: x86Tag, WTags: x86Tag})
	if merge {
		l.setReg(b.reg, litmus.R(d))
	}
	return nil
}

// cmpxchg compares the accumulator rax with ea: if equal, ea = r, else
// rax = ea; zf records equality. herd reads ea, then rax, and writes one
// of them.
func (l *x86Thread) cmpxchg(in *x86Instr, ea, r x86Operand, tags []string) *litmus.Error {
	if !l.d.Is64 {
		return litmus.Unsupported(l.pos, "CMPXCHG in X86 tests (herd7 does not implement it)")
	}
	if err := l.want(ea, kindReg, kindMem); err != nil {
		return err
	}
	if err := l.want(r, kindReg); err != nil {
		return err
	}
	rax := l.use("rax")
	zf := l.use(l.d.flag("zf"))
	if ea.kind == kindMem {
		l.emit(litmus.Instr{Op: litmus.OpCAS, Dst: rax, Addr: ea.addr, Expect: litmus.R(rax), Src: l.readReg(r.reg),
			Status: zf, StatusOK: litmus.Int(1), StatusFail: litmus.Int(0),
			RTags: tags, WTags: tags, NoRMW: !in.Lock})
		return nil
	}
	old := l.readReg(ea.reg)
	l.emit(litmus.Instr{Op: litmus.OpMove, Dst: zf, Src: litmus.Bin(litmus.OpEq, old, litmus.R(rax))})
	l.emit(litmus.Instr{Op: litmus.OpMove, Dst: rax, Src: &litmus.Ite{Cond: litmus.R(zf), Then: litmus.R(rax), Else: old}})
	l.setReg(ea.reg, &litmus.Ite{Cond: litmus.R(zf), Then: l.readReg(r.reg), Else: l.readReg(ea.reg)})
	return nil
}

// jumpCond is the branch condition of a jump, from herd's flags: zf is 1
// when equal, sf is 1 when greater (herd's "sign" flag is a Gt test).
func (l *x86Thread) jumpCond(op string) litmus.Expr {
	set := func(f string) litmus.Expr { return litmus.Bin(litmus.OpNe, l.flagReg(f), litmus.C(0)) }
	clear := func(f string) litmus.Expr { return litmus.Bin(litmus.OpEq, l.flagReg(f), litmus.C(0)) }
	switch op {
	case "je":
		return set("zf")
	case "jne":
		return clear("zf")
	case "jgt", "js":
		return set("sf")
	case "jle", "jns":
		return clear("sf")
	case "jlt":
		return litmus.Bin(litmus.OpLOr, set("zf"), clear("sf"))
	case "jge":
		return litmus.Bin(litmus.OpLOr, set("zf"), set("sf"))
	}
	return nil // jmp
}
