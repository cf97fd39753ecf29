// This file implements the lowering of X86 and X86_64 program cells to the
// instruction IR: registers and their parts, the builder of one thread,
// operands, addresses, and the reads and writes of registers and memory,
// as herd7's X86Sem.ml and X86_64Sem.ml do.
//
// Registers are named as the condition names them: X86 uses EAX..ESP, ZF,
// SF and CF; X86_64 names every register by its 64-bit name (eax, ax, al
// and ah are all parts of rax), with flags zf, sf and cf. Writing a 32-bit
// part writes the whole register, as on hardware; writing a 16- or 8-bit
// part keeps the other bits.

package asm

import (
	"strconv"
	"strings"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/parser/internal/litfile"
)

// A regPart is the part of a register an operand names.
type regPart uint8

const (
	partFull regPart = iota // X86 32-bit registers, X86_64 rax
	part32                  // eax
	part16                  // ax
	part8L                  // al
	part8H                  // ah
)

// x86Reg is a register operand: the canonical register and the part used.
type x86Reg struct {
	name string
	part regPart
}

// x86Regs are the X86 registers, as herd spells them (upper case only).
var x86Regs = map[string]bool{
	"EAX": true, "EBX": true, "ECX": true, "EDX": true,
	"ESI": true, "EDI": true, "EBP": true, "ESP": true,
	"ZF": true, "SF": true, "CF": true,
}

// x86_64Regs maps every X86_64 register name to its 64-bit register and
// part, after herd's X86_64Base.gen_regs.
var x86_64Regs = func() map[string]x86Reg {
	m := map[string]x86Reg{}
	legacy := []struct{ b, l string }{
		{"ax", "al"}, {"bx", "bl"}, {"cx", "cl"}, {"dx", "dl"},
		{"si", "sil"}, {"di", "dil"}, {"bp", "bpl"}, {"sp", "spl"},
	}
	for _, r := range legacy {
		full := "r" + r.b
		m[full] = x86Reg{full, partFull}
		m["e"+r.b] = x86Reg{full, part32}
		m[r.b] = x86Reg{full, part16}
		m[r.l] = x86Reg{full, part8L}
	}
	for _, h := range []string{"a", "b", "c", "d"} {
		m[h+"h"] = x86Reg{"r" + h + "x", part8H}
	}
	for i := 8; i <= 15; i++ {
		full := "r" + strconv.Itoa(i)
		m[full] = x86Reg{full, partFull}
		m[full+"d"] = x86Reg{full, part32}
		m[full+"w"] = x86Reg{full, part16}
		m[full+"b"] = x86Reg{full, part8L}
	}
	return m
}()

// reg looks a register name up: X86 names are exact, X86_64 names may
// carry a '%' and any case.
func (d X86) reg(name string) (x86Reg, bool) {
	if !d.Is64 {
		return x86Reg{name, partFull}, x86Regs[name]
	}
	r, ok := x86_64Regs[strings.ToLower(strings.TrimPrefix(name, "%"))]
	return r, ok
}

// Register returns the canonical name of a register, for X86_64 that of
// the 64-bit register a part of one names.
func (d X86) Register(name string) (string, bool) {
	r, ok := d.reg(name)
	return r.name, ok
}

// flag returns the name of the flag register "zf", "sf" or "cf" in the
// dialect's spelling.
func (d X86) flag(f string) string {
	if d.Is64 {
		return f
	}
	return strings.ToUpper(f)
}

func (d X86) arch() string {
	if d.Is64 {
		return "X86_64"
	}
	return "X86"
}

// Program parses and lowers every thread.
func (d X86) Program(t *litmus.Test, prog litfile.Section) ([]*litmus.Thread, error) {
	return lowerThreads(prog, func(th *litmus.Thread, col []cell) litmus.ErrorList {
		l := &x86Thread{d: d, f: prog.File, id: th.ID, labels: map[string]int{}, seen: map[string]bool{}}
		var errs litmus.ErrorList
		for _, c := range col {
			if err := l.cell(c); err != nil {
				errs = append(errs, err)
			}
		}
		errs = append(errs, l.resolve()...)
		th.Code, th.Regs = l.code, l.regs
		return errs
	})
}

// x86Thread lowers the cells of one thread.
type x86Thread struct {
	d  X86
	f  *litfile.File
	id int

	code   []litmus.Instr
	labels map[string]int // label -> index of the next instruction
	jumps  []x86Jump      // branches waiting for their label
	regs   []string       // architectural registers, first use first
	mask32 bool           // the instruction being lowered is a 32-bit one
	size   uint8          // the width of its memory accesses (accessSize)
	seen   map[string]bool

	// Set for the instruction being lowered.
	pos  litmus.Pos
	text string
	ntmp int
}

type x86Jump struct {
	at    int
	label string
	pos   litmus.Pos
}

func (l *x86Thread) cell(c cell) *litmus.Error {
	src := strings.Repeat("\n", c.pos.Line-1) + strings.Repeat(" ", c.pos.Col-1) + c.text
	parsed, err := x86Parser().ParseString(c.pos.File, src)
	if err != nil {
		return litfile.GrammarError(l.f, err)
	}
	for _, lb := range parsed.Labels {
		if _, dup := l.labels[lb.Name]; dup {
			return litmus.Errorf(litfile.Position(l.f, lb.Pos), "label %q defined twice in thread P%d", lb.Name, l.id)
		}
		l.labels[lb.Name] = len(l.code)
	}
	if parsed.Instr == nil {
		return nil
	}
	in := parsed.Instr
	l.pos = litfile.Position(l.f, in.Pos)
	l.text = strings.TrimSpace(src[in.Pos.Offset:])
	l.ntmp = 0
	return l.instr(in)
}

// resolve sets the targets of the thread's branches.
func (l *x86Thread) resolve() []*litmus.Error {
	var errs []*litmus.Error
	for _, j := range l.jumps {
		at, ok := l.labels[j.label]
		if !ok {
			errs = append(errs, litmus.Errorf(j.pos, "undefined label %q in thread P%d", j.label, l.id))
			continue
		}
		l.code[j.at].Target = at
	}
	return errs
}

// emit appends an instruction of the current source instruction.
func (l *x86Thread) emit(in litmus.Instr) int {
	in.Pos, in.Text = l.pos, l.text
	if in.Addr != nil {
		in.Size = l.size
	}
	l.code = append(l.code, in)
	return len(l.code) - 1
}

// use records an architectural register and returns its name.
func (l *x86Thread) use(name string) string {
	if !l.seen[name] {
		l.seen[name] = true
		l.regs = append(l.regs, name)
	}
	return name
}

// tmp returns a fresh scratch register of the current instruction; no
// condition can name it.
func (l *x86Thread) tmp() string {
	l.ntmp++
	return "tmp" + strconv.Itoa(l.ntmp-1)
}

func (l *x86Thread) flagReg(f string) litmus.Expr { return litmus.R(l.use(l.d.flag(f))) }

// An x86Operand is a resolved operand.
type x86Operand struct {
	kind x86Kind
	reg  x86Reg      // kindReg
	addr litmus.Expr // kindMem
	imm  int64       // kindImm
	name string      // kindName: a label
	pos  litmus.Pos
}

type x86Kind uint8

const (
	kindReg x86Kind = iota + 1
	kindMem
	kindImm
	kindName
)

var x86KindNames = [...]string{kindReg: "a register", kindMem: "a memory operand", kindImm: "an immediate", kindName: "a label"}

func (l *x86Thread) operand(a *x86Arg) (x86Operand, *litmus.Error) {
	o := x86Operand{pos: litfile.Position(l.f, a.Pos)}
	switch {
	case a.Imm != nil:
		n, err := strconv.ParseInt((*a.Imm)[1:], 10, 64)
		if err != nil {
			return o, litmus.Errorf(o.pos, "bad immediate %q", *a.Imm)
		}
		o.kind, o.imm = kindImm, n
	case a.Num != nil:
		n, err := strconv.ParseInt(*a.Num, 10, 64)
		if err != nil {
			return o, litmus.Errorf(o.pos, "bad immediate %q", *a.Num)
		}
		o.kind, o.imm = kindImm, n
	case a.Name != nil:
		if r, ok := l.d.reg(*a.Name); ok {
			o.kind, o.reg = kindReg, r
			l.use(r.name)
		} else if strings.HasPrefix(*a.Name, "%") {
			return o, litmus.Unsupported(o.pos, "symbolic register "+*a.Name)
		} else {
			o.kind, o.name = kindName, *a.Name
		}
	default:
		addr, err := l.address(a.Mem)
		if err != nil {
			return o, err
		}
		o.kind, o.addr = kindMem, addr
	}
	return o, nil
}

// address lowers a memory operand to its address expression.
func (l *x86Thread) address(m *x86Mem) (litmus.Expr, *litmus.Error) {
	ad := m.Paren
	if ad == nil {
		ad = m.Brack
	}
	pos := litfile.Position(l.f, ad.Pos)
	var off int64
	if m.Off != nil {
		n, err := strconv.ParseInt(*m.Off, 10, 64)
		if err != nil {
			return nil, litmus.Errorf(litfile.Position(l.f, m.Pos), "bad offset %q", *m.Off)
		}
		off = n
	}
	var base litmus.Expr
	if r, ok := l.d.reg(ad.Base); ok {
		base = litmus.R(l.use(r.name))
		if off != 0 {
			base = litmus.Bin(litmus.OpAdd, base, litmus.C(off))
		}
	} else {
		switch c := ad.Base[0]; {
		case c == '%':
			return nil, litmus.Unsupported(pos, "symbolic register "+ad.Base)
		case c == '-' || c >= '0' && c <= '9':
			return nil, litmus.Unsupported(pos, "absolute numeric address "+ad.Base)
		}
		base = &litmus.Const{V: litmus.Value{Sym: ad.Base, Off: off}}
	}
	if ad.Index == nil {
		return base, nil
	}
	r, ok := l.d.reg(*ad.Index)
	if !ok {
		return nil, litmus.Errorf(pos, "expected an index register, found %q", *ad.Index)
	}
	var idx litmus.Expr = litmus.R(l.use(r.name))
	if ad.Scale != nil {
		n, err := strconv.ParseInt(*ad.Scale, 10, 64)
		if err != nil {
			return nil, litmus.Errorf(pos, "bad scale %q", *ad.Scale)
		}
		idx = litmus.Bin(litmus.OpMul, idx, litmus.C(n))
	}
	return litmus.Bin(litmus.OpAdd, base, idx), nil
}

// readReg returns the value of a register operand, masked to its part.
func (l *x86Thread) readReg(r x86Reg) litmus.Expr {
	x := litmus.R(l.use(r.name))
	switch r.part {
	case part16:
		return litmus.Bin(litmus.OpAnd, x, litmus.C(0xffff))
	case part8L:
		return litmus.Bin(litmus.OpAnd, x, litmus.C(0xff))
	case part8H:
		return litmus.Bin(litmus.OpAnd, litmus.Bin(litmus.OpShr, x, litmus.C(8)), litmus.C(0xff))
	}
	return x
}

// setReg writes v to a register operand. A 32-bit part writes the whole
// register; a 16- or 8-bit part keeps the other bits.
func (l *x86Thread) setReg(r x86Reg, v litmus.Expr) {
	name := l.use(r.name)
	var mask, shift int64
	switch r.part {
	case partFull, part32:
		l.emit(litmus.Instr{Op: litmus.OpMove, Dst: name, Src: v})
		return
	case part16:
		mask = 0xffff
	case part8L:
		mask = 0xff
	case part8H:
		mask, shift = 0xff, 8
	}
	part := litmus.Bin(litmus.OpAnd, v, litmus.C(mask))
	if shift != 0 {
		part = litmus.Bin(litmus.OpShl, part, litmus.C(shift))
	}
	keep := litmus.Bin(litmus.OpAnd, litmus.R(name), litmus.C(^(mask << shift)))
	l.emit(litmus.Instr{Op: litmus.OpMove, Dst: name, Src: litmus.Bin(litmus.OpOr, keep, part)})
}

// dst returns the register an OpLoad or OpRMW should write for r, and
// whether setReg must merge it into r afterwards.
func (l *x86Thread) dst(r x86Reg) (string, bool) {
	if r.part == partFull || r.part == part32 {
		return l.use(r.name), false
	}
	return l.tmp(), true
}

// load reads memory into a register operand.
func (l *x86Thread) load(r x86Reg, addr litmus.Expr, tags []string) {
	d, merge := l.dst(r)
	l.emit(litmus.Instr{Op: litmus.OpLoad, Dst: d, Addr: addr, RTags: tags})
	if merge {
		l.setReg(r, litmus.R(d))
	}
}

// value returns the value of a register or immediate operand; a memory
// operand is loaded into a scratch register first.
func (l *x86Thread) value(o x86Operand, tags []string) litmus.Expr {
	switch o.kind {
	case kindImm:
		return litmus.C(o.imm)
	case kindReg:
		return l.readReg(o.reg)
	}
	t := l.tmp()
	l.emit(litmus.Instr{Op: litmus.OpLoad, Dst: t, Addr: o.addr, RTags: tags})
	return litmus.R(t)
}

// write stores v to a register or memory operand.
func (l *x86Thread) write(o x86Operand, v litmus.Expr, tags []string) {
	if o.kind == kindReg {
		l.setReg(o.reg, v)
		return
	}
	l.emit(litmus.Instr{Op: litmus.OpStore, Addr: o.addr, Src: v, WTags: tags})
}

// setFlags writes zf, sf and cf after comparing a with b, as herd's
// write_all_flags: zf = (a == b), sf = (a > b), cf = 0.
func (l *x86Thread) setFlags(a, b litmus.Expr) {
	l.emit(litmus.Instr{Op: litmus.OpMove, Dst: l.use(l.d.flag("zf")), Src: litmus.Bin(litmus.OpEq, a, b)})
	l.emit(litmus.Instr{Op: litmus.OpMove, Dst: l.use(l.d.flag("sf")), Src: litmus.Bin(litmus.OpGt, a, b)})
	l.emit(litmus.Instr{Op: litmus.OpMove, Dst: l.use(l.d.flag("cf")), Src: litmus.C(0)})
}
