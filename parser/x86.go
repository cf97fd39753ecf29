// This file implements the X86 and X86_64 dialects: the Intel syntax of
// herd's X86 tests (MOV [x],$1, XCHG [x],EAX, LOCK INC [x], MFENCE) and the
// AT&T-like syntax of its X86_64 tests (movl $1,(x), lock cmpxchgl
// (x),%ecx, jne L), lowered as herd7's X86Sem.ml and X86_64Sem.ml do.
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
//
// Registers are named as the condition names them: X86 uses EAX..ESP, ZF,
// SF and CF; X86_64 names every register by its 64-bit name (eax, ax, al
// and ah are all parts of rax), with flags zf, sf and cf. Writing a 32-bit
// part writes the whole register, as on hardware; writing a 16- or 8-bit
// part keeps the other bits.

package parser

import (
	"strconv"
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/litmuscheck/litmuscheck/litmus"
)

func init() {
	dialects[litmus.ArchX86] = x86Dialect{}
	dialects[litmus.ArchX86_64] = x86Dialect{is64: true}
}

// x86Dialect reads X86 (Intel syntax) or, when is64, X86_64 (AT&T-like
// syntax) programs.
type x86Dialect struct{ is64 bool }

var x86Lexer = lexer.MustSimple([]lexer.SimpleRule{
	{Name: "Comment", Pattern: `\(\*([^*]|\*+[^*)])*\*+\)`},
	{Name: "Whitespace", Pattern: `[ \t\r\n]+`},
	{Name: "Imm", Pattern: `\$-?[0-9]+`},
	{Name: "Int", Pattern: `-?[0-9]+`},
	{Name: "Reg", Pattern: `%[A-Za-z][A-Za-z0-9_]*`},
	{Name: "Ident", Pattern: `[A-Za-z_][A-Za-z0-9_.]*`},
	{Name: "Punct", Pattern: `[,:()\[\]]`},
})

// x86Cell is one cell of a thread: labels, then an optional instruction.
type x86Cell struct {
	Pos    lexer.Position
	Labels []*asmLabel `parser:"@@*"`
	Instr  *x86Instr   `parser:"@@?"`
}

// x86Instr is an instruction with an optional lock prefix; the operands
// are checked against the mnemonic when lowering.
type x86Instr struct {
	Pos  lexer.Position
	Lock bool      `parser:"@( \"lock\" | \"LOCK\" )?"`
	Op   string    `parser:"@Ident"`
	Args []*x86Arg `parser:"( @@ ( \",\" @@ )* )?"`
}

// x86Arg is an operand: "$1", "[x]", "(%rax)", "8(%rax)", "1", "EAX",
// "%eax", or a label.
type x86Arg struct {
	Pos  lexer.Position
	Imm  *string `parser:"  @Imm"`
	Mem  *x86Mem `parser:"| @@"`
	Num  *string `parser:"| @Int"`
	Name *string `parser:"| @( Reg | Ident )"`
}

// x86Mem is a memory operand, with an optional byte offset in front.
type x86Mem struct {
	Pos   lexer.Position
	Off   *string  `parser:"@Int?"`
	Paren *x86Addr `parser:"( \"(\" @@ \")\""`
	Brack *x86Addr `parser:"| \"[\" @@ \"]\" )"`
}

// x86Addr is what a memory operand encloses: a location, a base register,
// and an optional index register and scale.
type x86Addr struct {
	Pos   lexer.Position
	Base  string  `parser:"@( Reg | Ident | Int )"`
	Index *string `parser:"( \",\" @( Reg | Ident )"`
	Scale *string `parser:"  ( \",\" @Int )? )?"`
}

var x86Parser = participle.MustBuild[x86Cell](
	participle.Lexer(x86Lexer),
	participle.Elide("Comment", "Whitespace"),
	participle.UseLookahead(3),
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
func (d x86Dialect) reg(name string) (x86Reg, bool) {
	if !d.is64 {
		return x86Reg{name, partFull}, x86Regs[name]
	}
	r, ok := x86_64Regs[strings.ToLower(strings.TrimPrefix(name, "%"))]
	return r, ok
}

func (d x86Dialect) register(name string) (string, bool) {
	r, ok := d.reg(name)
	return r.name, ok
}

// flag returns the name of the flag register "zf", "sf" or "cf" in the
// dialect's spelling.
func (d x86Dialect) flag(f string) string {
	if d.is64 {
		return f
	}
	return strings.ToUpper(f)
}

func (d x86Dialect) arch() string {
	if d.is64 {
		return "X86_64"
	}
	return "X86"
}

func (d x86Dialect) program(t *litmus.Test, prog section) ([]*litmus.Thread, error) {
	cols, err := columns(prog)
	if err != nil {
		return nil, err
	}
	var errs litmus.ErrorList
	threads := make([]*litmus.Thread, len(cols))
	for i, col := range cols {
		l := &x86Thread{d: d, f: prog.f, id: i, labels: map[string]int{}, seen: map[string]bool{}}
		th := &litmus.Thread{ID: i, Pos: prog.pos(0)}
		if len(col) > 0 {
			th.Pos = col[0].pos
		}
		for _, c := range col {
			if err := l.cell(c); err != nil {
				errs = append(errs, err)
			}
		}
		errs = append(errs, l.resolve()...)
		th.Code, th.Regs = l.code, l.regs
		threads[i] = th
	}
	if err := errs.Err(); err != nil {
		return nil, err
	}
	return threads, nil
}

// x86Thread lowers the cells of one thread.
type x86Thread struct {
	d  x86Dialect
	f  *file
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
	parsed, err := x86Parser.ParseString(c.pos.File, src)
	if err != nil {
		return grammarError(l.f, err)
	}
	for _, lb := range parsed.Labels {
		if _, dup := l.labels[lb.Name]; dup {
			return litmus.Errorf(position(l.f, lb.Pos), "label %q defined twice in thread P%d", lb.Name, l.id)
		}
		l.labels[lb.Name] = len(l.code)
	}
	if parsed.Instr == nil {
		return nil
	}
	in := parsed.Instr
	l.pos = position(l.f, in.Pos)
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
	o := x86Operand{pos: position(l.f, a.Pos)}
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
	pos := position(l.f, ad.Pos)
	var off int64
	if m.Off != nil {
		n, err := strconv.ParseInt(*m.Off, 10, 64)
		if err != nil {
			return nil, litmus.Errorf(position(l.f, m.Pos), "bad offset %q", *m.Off)
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

// x86Tag is the tag herd gives the memory accesses of locked instructions.
var x86Tag = []string{"X"}

// mnemonic returns the base name of an instruction ("movl" -> "mov"), and
// whether the dialect knows it. herd's lexers accept all-lower or
// all-upper case; X86_64 mnemonics may carry a size suffix.
func (d x86Dialect) mnemonic(s string) (string, bool) {
	if s != strings.ToLower(s) && s != strings.ToUpper(s) {
		return "", false
	}
	s = strings.ToLower(s)
	if !d.is64 {
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
	if !l.d.is64 {
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
func (d x86Dialect) lockable(op string) bool {
	switch op {
	case "xchg", "uxch", "add", "xor", "dec", "inc":
		return true
	case "cmpxchg":
		return d.is64
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

func (l *x86Thread) instr(in *x86Instr) *litmus.Error {
	op, ok := l.d.mnemonic(in.Op)
	if !ok {
		return litmus.Errorf(l.pos, "unknown %s instruction %q", l.d.arch(), in.Op)
	}
	if n := x86Arity[op]; len(in.Args) != n {
		return litmus.Errorf(l.pos, "%q takes %d operands, found %d", in.Op, n, len(in.Args))
	}
	if in.Lock && !l.d.lockable(op) {
		return litmus.Errorf(l.pos, "illegal lock prefix on %q", in.Op)
	}
	// herd masks what a 32-bit ("l") X86_64 instruction reads.
	l.mask32 = l.d.is64 && len(in.Op) > len(op) && strings.HasSuffix(strings.ToLower(in.Op), "l")
	ops := make([]x86Operand, len(in.Args))
	for i, a := range in.Args {
		o, err := l.operand(a)
		if err != nil {
			return err
		}
		ops[i] = o
	}
	l.size = l.accessSize(in.Op, op, ops)
	// Intel syntax puts the destination first, AT&T syntax last.
	dstSrc := func() (x86Operand, x86Operand) {
		if l.d.is64 {
			return ops[1], ops[0]
		}
		return ops[0], ops[1]
	}
	var tags []string
	if in.Lock {
		tags = x86Tag
	}
	switch op {
	case "mov":
		dst, src := dstSrc()
		if err := l.want(dst, kindReg, kindMem); err != nil {
			return err
		}
		if err := l.want(src, kindReg, kindMem, kindImm); err != nil {
			return err
		}
		switch {
		case dst.kind == kindMem && src.kind == kindMem:
			return litmus.Unsupported(l.pos, "memory-to-memory "+in.Op)
		case src.kind == kindMem:
			l.load(dst.reg, src.addr, nil)
		default:
			l.write(dst, l.value(src, nil), nil)
		}
	case "add", "xor", "or", "and":
		dst, src := dstSrc()
		if err := l.want(dst, kindReg, kindMem); err != nil {
			return err
		}
		if err := l.want(src, kindReg, kindMem, kindImm); err != nil {
			return err
		}
		if dst.kind == kindMem && src.kind == kindMem {
			return litmus.Unsupported(l.pos, "memory-to-memory "+in.Op)
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
		ea, src := dstSrc()
		if err := l.want(ea, kindReg, kindMem); err != nil {
			return err
		}
		if err := l.want(src, kindReg, kindMem, kindImm); err != nil {
			return err
		}
		if ea.kind == kindMem && src.kind == kindMem {
			return litmus.Unsupported(l.pos, "memory-to-memory "+in.Op)
		}
		a := l.value(ea, nil)
		l.setFlags(a, l.value(src, nil))
	case "xchg", "uxch":
		return l.xchg(in, ops[0], ops[1])
	case "cmpxchg":
		return l.cmpxchg(in, ops[0], ops[1], tags)
	case "cmovc":
		if err := l.want(ops[0], kindReg); err != nil {
			return err
		}
		if err := l.want(ops[1], kindReg, kindMem); err != nil {
			return err
		}
		br := l.emit(litmus.Instr{Op: litmus.OpBranch, Cond: litmus.Bin(litmus.OpEq, l.flagReg("cf"), litmus.C(0))})
		if ops[1].kind == kindMem {
			l.load(ops[0].reg, ops[1].addr, nil)
		} else {
			l.setReg(ops[0].reg, l.readReg(ops[1].reg))
		}
		l.code[br].Target, l.code[br].CtrlEnd = len(l.code), len(l.code)
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
	if !l.d.is64 {
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
