// This file implements the AArch64 dialect: the grammar of one program cell
// and its lowering to the instruction IR, following the instruction
// semantics of herd7 (herd/AArch64Sem.ml) and the event annotations that
// aarch64.cat reads (A, Q, L, X, NoRet, DMB.ISH, ...).
//
// Registers. Xn and Wn name the same register, canonically "Xn"; reads of
// XZR/WZR give 0 and writes to them are dropped. Values are not truncated
// to 32 bits, except that immediates written to W registers are masked, as
// herd does: the corpus only holds small positive values, and truncating
// a symbolic address would lose it. The flags live in the register "NZCV",
// which holds Bin(OpCmp, a, b) after CMP a,b (and Bin(OpCmp, r, 0) after
// ADDS/ANDS); conditions test its sign.
//
// Dependencies follow herd's dataflow: an address register gives addr, a
// stored register gives data, a branch condition gives ctrl. The condition
// of CSEL and the expected value of CAS reach their result only through
// herd's iico_ctrl, so they are wrapped in OpPick.

package parser

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/litmuscheck/litmuscheck/litmus"
)

func init() { dialects[litmus.ArchAArch64] = a64Dialect{} }

// a64Dialect reads AArch64 programs.
type a64Dialect struct{}

func (a64Dialect) register(name string) (string, bool) {
	r, ok := a64ParseReg(name)
	if !ok || r.zero {
		return "", false
	}
	return r.name, true
}

// nzcv is the register that holds the condition flags.
const nzcv = "NZCV"

// The grammar of one cell: labels, then at most one instruction.

var a64Lexer = lexer.MustSimple([]lexer.SimpleRule{
	{Name: "Whitespace", Pattern: `[ \t\r\n]+`},
	{Name: "Hex", Pattern: `0[xX][0-9a-fA-F]+`},
	{Name: "Int", Pattern: `[0-9]+`},
	{Name: "Ident", Pattern: `[A-Za-z_][A-Za-z0-9_.]*`},
	{Name: "Punct", Pattern: `[\[\],#!:+-]`},
})

// a64Cell is the content of one program cell.
type a64Cell struct {
	Pos    lexer.Position
	Labels []*asmLabel `parser:"@@*"`
	Instr  *a64Instr   `parser:"@@?"`
}

// a64Instr is a mnemonic and its operands.
type a64Instr struct {
	Pos  lexer.Position
	Op   string    `parser:"@Ident"`
	Args []*a64Arg `parser:"( @@ ( \",\" @@ )* )?"`
}

// a64Arg is one operand: a memory operand, an immediate, or a word (a
// register, a label, a condition, a barrier option, or a shift or extend
// with its optional amount: "LSL #2", "SXTW").
type a64Arg struct {
	Pos  lexer.Position
	Mem  *a64Mem  `parser:"  @@"`
	Imm  *a64Imm  `parser:"| @@"`
	Word *a64Word `parser:"| @@"`
}

type a64Mem struct {
	Pos       lexer.Position
	Args      []*a64Arg `parser:"\"[\" @@ ( \",\" @@ )* \"]\""`
	Writeback bool      `parser:"@\"!\"?"`
}

type a64Imm struct {
	Pos   lexer.Position
	Neg   bool   `parser:"\"#\"? ( @\"-\" | \"+\" )?"`
	Value string `parser:"( @Int | @Hex )"`
}

type a64Word struct {
	Pos    lexer.Position
	Name   string  `parser:"@Ident"`
	Amount *a64Imm `parser:"@@?"`
}

var a64Parser = participle.MustBuild[a64Cell](
	participle.Lexer(a64Lexer),
	participle.Elide("Whitespace"),
	participle.UseLookahead(2),
)

// program parses and lowers every thread.
func (a64Dialect) program(t *litmus.Test, prog section) ([]*litmus.Thread, error) {
	cols, err := columns(prog)
	if err != nil {
		return nil, err
	}
	var threads []*litmus.Thread
	for i, col := range cols {
		b := &a64Builder{file: prog.f, labels: map[string]int{}, seen: map[string]bool{}}
		th := &litmus.Thread{ID: i, Pos: prog.pos(firstNonSpace(prog.text))}
		if len(col) > 0 {
			th.Pos = col[0].pos
		}
		for _, c := range col {
			if err := b.cell(c); err != nil {
				return nil, err
			}
		}
		if err := b.resolve(); err != nil {
			return nil, err
		}
		th.Code, th.Regs = b.code, b.regs
		threads = append(threads, th)
	}
	return threads, nil
}

// a64Builder lowers the cells of one thread.
type a64Builder struct {
	file   *file
	code   []litmus.Instr
	labels map[string]int // label -> index of the next instruction
	fixups []a64Fixup     // branches whose target is a label
	regs   []string       // registers in first-use order
	seen   map[string]bool
	// Set while lowering one instruction.
	pos  litmus.Pos
	text string
}

type a64Fixup struct {
	index int
	label string
	pos   litmus.Pos
}

// cell parses one cell and lowers it.
func (b *a64Builder) cell(c cell) error {
	src := a64CellSource(c)
	parsed, err := a64Parser.ParseString(b.file.name, src)
	if err != nil {
		return grammarError(b.file, err)
	}
	for _, l := range parsed.Labels {
		if _, dup := b.labels[l.Name]; dup {
			return litmus.Errorf(position(b.file, l.Pos), "label %q defined twice", l.Name)
		}
		b.labels[l.Name] = len(b.code)
	}
	if parsed.Instr == nil {
		return nil
	}
	in := parsed.Instr
	b.pos = position(b.file, in.Pos)
	b.text = strings.Join(strings.Fields(src[in.Pos.Offset:]), " ")
	return b.instr(in)
}

// a64CellSource returns the cell's text, comments blanked, preceded by
// enough newlines and spaces that the grammar reports file positions.
func a64CellSource(c cell) string {
	start := c.sec.f.pos(c.sec.start)
	var sb strings.Builder
	sb.WriteString(strings.Repeat("\n", start.Line-1))
	sb.WriteString(strings.Repeat(" ", start.Col-1))
	sb.WriteString(stripComments(c.sec.text))
	return sb.String()
}

// resolve patches the branch targets once all labels are known.
func (b *a64Builder) resolve() error {
	for _, fx := range b.fixups {
		target, ok := b.labels[fx.label]
		if !ok {
			return litmus.Errorf(fx.pos, "undefined label %q", fx.label)
		}
		b.code[fx.index].Target = target
	}
	return nil
}

// emit appends an instruction with the current position and text.
func (b *a64Builder) emit(in litmus.Instr) {
	in.Pos, in.Text = b.pos, b.text
	b.code = append(b.code, in)
}

// use records a register in the thread's register list.
func (b *a64Builder) use(name string) {
	if name != "" && name != nzcv && !b.seen[name] {
		b.seen[name] = true
		b.regs = append(b.regs, name)
	}
}

// Registers.

// a64Reg is a general-purpose register operand.
type a64Reg struct {
	name string // canonical name "Xn", "" for the zero register
	w    bool   // written as Wn or WZR
	zero bool   // XZR or WZR
}

func a64ParseReg(s string) (a64Reg, bool) {
	u := strings.ToUpper(s)
	switch u {
	case "XZR":
		return a64Reg{zero: true}, true
	case "WZR":
		return a64Reg{zero: true, w: true}, true
	}
	if len(u) < 2 || (u[0] != 'X' && u[0] != 'W') {
		return a64Reg{}, false
	}
	n, err := strconv.Atoi(u[1:])
	if err != nil || n < 0 || n > 30 || strconv.Itoa(n) != u[1:] {
		return a64Reg{}, false
	}
	return a64Reg{name: "X" + u[1:], w: u[0] == 'W'}, true
}

// read returns the expression that reads r.
func (b *a64Builder) read(r a64Reg) litmus.Expr {
	if r.zero {
		return litmus.C(0)
	}
	b.use(r.name)
	return litmus.R(r.name)
}

// dest returns the register that a write to r targets, "" for the zero
// register.
func (b *a64Builder) dest(r a64Reg) string {
	b.use(r.name)
	return r.name
}

// Operand access, with positioned errors.

func (b *a64Builder) errorf(a *a64Arg, format string, args ...any) error {
	return litmus.Errorf(position(b.file, a.Pos), format, args...)
}

func argText(a *a64Arg) string {
	switch {
	case a.Mem != nil:
		return "memory operand"
	case a.Imm != nil:
		return "immediate"
	case a.Word.Amount != nil:
		return fmt.Sprintf("%q with an amount", a.Word.Name)
	}
	return fmt.Sprintf("%q", a.Word.Name)
}

// want checks the operand count.
func (b *a64Builder) want(in *a64Instr, n int, form string) error {
	if len(in.Args) == n {
		return nil
	}
	if form == "" {
		form = "with no operands"
	}
	if len(in.Args) > n {
		return b.errorf(in.Args[n], "unexpected operand %s (expected %s %s)", argText(in.Args[n]), strings.ToUpper(in.Op), form)
	}
	return litmus.Errorf(b.pos, "%s takes %d operands (expected %s %s)", strings.ToUpper(in.Op), n, strings.ToUpper(in.Op), form)
}

func (b *a64Builder) reg(a *a64Arg) (a64Reg, error) {
	if a.Word != nil && a.Word.Amount == nil {
		if r, ok := a64ParseReg(a.Word.Name); ok {
			return r, nil
		}
		if u := strings.ToUpper(a.Word.Name); u == "SP" || u == "WSP" {
			return a64Reg{}, litmus.Unsupported(position(b.file, a.Pos), "stack pointer "+u)
		}
	}
	return a64Reg{}, b.errorf(a, "expected a register, found %s", argText(a))
}

func (b *a64Builder) imm(a *a64Arg) (int64, error) {
	if a.Imm == nil {
		return 0, b.errorf(a, "expected an immediate such as #1, found %s", argText(a))
	}
	return b.immValue(a.Imm)
}

func (b *a64Builder) immValue(im *a64Imm) (int64, error) {
	var x int64
	var err error
	if strings.HasPrefix(im.Value, "0x") || strings.HasPrefix(im.Value, "0X") {
		var u uint64
		u, err = strconv.ParseUint(im.Value[2:], 16, 64)
		x = int64(u)
	} else {
		x, err = strconv.ParseInt(im.Value, 10, 64)
	}
	if err != nil {
		return 0, litmus.Errorf(position(b.file, im.Pos), "bad immediate %q", im.Value)
	}
	if im.Neg {
		x = -x
	}
	return x, nil
}

func (b *a64Builder) label(a *a64Arg) (string, error) {
	if a.Word == nil || a.Word.Amount != nil {
		return "", b.errorf(a, "expected a label, found %s", argText(a))
	}
	if _, isReg := a64ParseReg(a.Word.Name); isReg {
		return "", b.errorf(a, "expected a label, found register %q", a.Word.Name)
	}
	return a.Word.Name, nil
}

// konst is an immediate written to a register: W registers get 32 bits.
func konst(v int64, w bool) litmus.Expr {
	if w {
		v = int64(uint32(v))
	}
	return litmus.C(v)
}

// shifted applies a shift or extend operand ("LSL #2", "SXTW") to x.
func (b *a64Builder) shifted(x litmus.Expr, a *a64Arg) (litmus.Expr, error) {
	if a.Word == nil {
		return nil, b.errorf(a, "expected a shift (LSL #n) or an extend (SXTW, UXTW), found %s", argText(a))
	}
	var amount int64
	if a.Word.Amount != nil {
		var err error
		if amount, err = b.immValue(a.Word.Amount); err != nil {
			return nil, err
		}
		if amount < 0 || amount > 63 {
			return nil, litmus.Errorf(position(b.file, a.Word.Amount.Pos), "shift amount %d out of range 0..63", amount)
		}
	}
	switch u := strings.ToUpper(a.Word.Name); u {
	case "LSL", "LSR":
		if a.Word.Amount == nil {
			return nil, b.errorf(a, "expected an amount after %s, such as %s #2", u, u)
		}
		if amount == 0 {
			return x, nil
		}
		op := litmus.OpShl
		if u == "LSR" {
			op = litmus.OpShr
		}
		return litmus.Bin(op, x, litmus.C(amount)), nil
	case "SXTW", "UXTW", "SXTX", "UXTX":
		// Extending a 32-bit value is the identity on the small values
		// that tests hold.
		if amount == 0 {
			return x, nil
		}
		return litmus.Bin(litmus.OpShl, x, litmus.C(amount)), nil
	case "ASR", "ROR", "SXTB", "SXTH", "UXTB", "UXTH":
		return nil, litmus.Unsupported(position(b.file, a.Pos), "operand shift "+u)
	}
	return nil, b.errorf(a, "expected a shift (LSL #n) or an extend (SXTW, UXTW), found %q", a.Word.Name)
}

// operand2 is the flexible second operand: #imm{, LSL #n} or
// Rm{, shift|extend}.
func (b *a64Builder) operand2(args []*a64Arg, w bool) (litmus.Expr, error) {
	first := args[0]
	if first.Imm != nil {
		v, err := b.immValue(first.Imm)
		if err != nil {
			return nil, err
		}
		if len(args) == 2 {
			s := args[1]
			if s.Word == nil || strings.ToUpper(s.Word.Name) != "LSL" || s.Word.Amount == nil {
				return nil, b.errorf(s, "expected LSL #n after an immediate, found %s", argText(s))
			}
			n, err := b.immValue(s.Word.Amount)
			if err != nil {
				return nil, err
			}
			if n < 0 || n > 63 {
				return nil, litmus.Errorf(position(b.file, s.Word.Amount.Pos), "shift amount %d out of range 0..63", n)
			}
			v <<= n
		}
		return konst(v, w), nil
	}
	r, err := b.reg(first)
	if err != nil {
		return nil, b.errorf(first, "expected a register or an immediate, found %s", argText(first))
	}
	x := b.read(r)
	if len(args) == 2 {
		return b.shifted(x, args[1])
	}
	return x, nil
}

// address lowers a memory operand to an address expression; a pre-index
// form "[Xn,#k]!" first emits the write-back of the base register.
func (b *a64Builder) address(a *a64Arg) (litmus.Expr, error) {
	if a.Mem == nil {
		return nil, b.errorf(a, "expected a memory operand such as [X1], found %s", argText(a))
	}
	m := a.Mem
	base, err := b.reg(m.Args[0])
	if err != nil {
		return nil, err
	}
	if base.zero || base.w {
		return nil, b.errorf(m.Args[0], "expected a 64-bit base register, found %q", m.Args[0].Word.Name)
	}
	addr := b.read(base)
	var off litmus.Expr
	switch len(m.Args) {
	case 1:
	case 2, 3:
		idx := m.Args[1]
		if idx.Imm != nil {
			if len(m.Args) == 3 {
				return nil, b.errorf(m.Args[2], "unexpected %s after an immediate offset", argText(m.Args[2]))
			}
			k, err := b.immValue(idx.Imm)
			if err != nil {
				return nil, err
			}
			if k != 0 {
				off = litmus.C(k)
			}
			break
		}
		r, err := b.reg(idx)
		if err != nil {
			return nil, b.errorf(idx, "expected an offset register or an immediate, found %s", argText(idx))
		}
		off = b.read(r)
		if len(m.Args) == 3 {
			if off, err = b.shifted(off, m.Args[2]); err != nil {
				return nil, err
			}
		}
	default:
		return nil, b.errorf(m.Args[3], "unexpected %s in a memory operand", argText(m.Args[3]))
	}
	if m.Writeback {
		k, ok := off.(*litmus.Const)
		if !ok {
			return nil, b.errorf(a, "expected an immediate offset in a pre-indexed operand")
		}
		b.emit(litmus.Instr{Op: litmus.OpMove, Dst: b.dest(base), Src: litmus.Bin(litmus.OpAdd, addr, k)})
		return addr, nil
	}
	if off != nil {
		addr = litmus.Bin(litmus.OpAdd, addr, off)
	}
	return addr, nil
}

// postIndex lowers the optional "#k" after a memory operand: the base
// register is incremented after the access.
func (b *a64Builder) postIndex(mem *a64Arg, rest []*a64Arg) (func(), error) {
	if len(rest) == 0 {
		return func() {}, nil
	}
	if len(rest) > 1 {
		return nil, b.errorf(rest[1], "unexpected operand %s", argText(rest[1]))
	}
	if mem.Mem.Writeback || len(mem.Mem.Args) != 1 {
		return nil, b.errorf(rest[0], "unexpected post-index after an offset")
	}
	k, err := b.imm(rest[0])
	if err != nil {
		return nil, err
	}
	base, _ := b.reg(mem.Mem.Args[0])
	return func() {
		x := b.read(base)
		b.emit(litmus.Instr{Op: litmus.OpMove, Dst: b.dest(base), Src: litmus.Bin(litmus.OpAdd, x, litmus.C(k))})
	}, nil
}

// Conditions.

// a64Cond returns the test of the flags for a condition code.
func a64Cond(code string) (litmus.Expr, bool, bool) {
	op, ok := map[string]litmus.BinOp{
		"EQ": litmus.OpEq, "NE": litmus.OpNe,
		"GE": litmus.OpGe, "GT": litmus.OpGt,
		"LE": litmus.OpLe, "LT": litmus.OpLt,
	}[code]
	if ok {
		return litmus.Bin(op, litmus.R(nzcv), litmus.C(0)), true, true
	}
	switch code {
	case "AL":
		return litmus.C(1), true, true
	case "HI", "LS", "HS", "LO", "CS", "CC", "MI", "PL", "VS", "VC", "NV":
		// Valid, but the flags register only keeps a signed comparison.
		return nil, true, false
	}
	return nil, false, false
}

func (b *a64Builder) cond(a *a64Arg) (litmus.Expr, error) {
	if a.Word != nil && a.Word.Amount == nil {
		u := strings.ToUpper(a.Word.Name)
		e, valid, ok := a64Cond(u)
		if ok {
			return e, nil
		}
		if valid {
			return nil, litmus.Unsupported(position(b.file, a.Pos), "condition "+u)
		}
	}
	return nil, b.errorf(a, "expected a condition code (EQ, NE, GE, GT, LE, LT), found %s", argText(a))
}

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
	if err := b.want(in, 2, "Rd, #imm or Rd, Rm"); err != nil {
		return err
	}
	d, err := b.reg(in.Args[0])
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
	}
	b.move(d, src)
	return nil
}

// movWide lowers MOVZ, MOVN and MOVK: Rd, #imm16{, LSL #n}.
func (b *a64Builder) movWide(in *a64Instr) error {
	op := strings.ToUpper(in.Op)
	if len(in.Args) != 2 && len(in.Args) != 3 {
		return b.want(in, 2, "Rd, #imm{, LSL #n}")
	}
	d, err := b.reg(in.Args[0])
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

// arith lowers the three-operand data-processing instructions.
func (b *a64Builder) arith(in *a64Instr) error {
	op := strings.ToUpper(in.Op)
	if len(in.Args) != 3 && len(in.Args) != 4 {
		return b.want(in, 3, "Rd, Rn, op2")
	}
	d, err := b.reg(in.Args[0])
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
	switch strings.TrimSuffix(op, "S") {
	case "ADD", "CMN":
		return litmus.Bin(litmus.OpAdd, x, y)
	case "SUB", "CMP":
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
		return litmus.Bin(litmus.OpShl, x, y)
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
	if len(in.Args) != 2 && len(in.Args) != 3 {
		return b.want(in, 2, "Rn, op2")
	}
	n, err := b.reg(in.Args[0])
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
	if len(in.Args) != 2 && len(in.Args) != 3 {
		return b.want(in, 2, "Rd, Rm")
	}
	d, err := b.reg(in.Args[0])
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
	if err := b.want(in, 2, "Rd, cond"); err != nil {
		return err
	}
	d, err := b.reg(in.Args[0])
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
	b.fixups = append(b.fixups, a64Fixup{index: len(b.code), label: l, pos: position(b.file, a.Pos)})
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
	if err := b.want(in, 2, "Rn, label"); err != nil {
		return err
	}
	r, err := b.reg(in.Args[0])
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
	if err := b.want(in, 3, "Rn, #bit, label"); err != nil {
		return err
	}
	r, err := b.reg(in.Args[0])
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

// Loads and stores.

// a64MemKind describes a load or store mnemonic.
type a64MemKind struct {
	store     bool
	exclusive bool
	tags      []string // herd's annotation of the access
	size      int      // 8, 16 or 0 for the register size
	offset    bool     // takes an offset or post-index (LDR, STR)
}

// a64MemOp decodes LDR, STR, LDAR, LDAPR, STLR, LDXR, LDAXR, STXR, STLXR
// and their B/H forms.
func a64MemOp(op string) (a64MemKind, bool) {
	if k, ok := a64MemKinds[op]; ok {
		return k, true
	}
	size := map[byte]int{'B': 8, 'H': 16}[op[len(op)-1]]
	k, ok := a64MemKinds[op[:len(op)-1]]
	if size == 0 || !ok {
		return a64MemKind{}, false
	}
	k.size = size
	return k, true
}

var a64MemKinds = map[string]a64MemKind{
	"LDR":   {offset: true},
	"LDUR":  {offset: true},
	"STR":   {store: true, offset: true},
	"STUR":  {store: true, offset: true},
	"LDAR":  {tags: []string{"A"}},
	"LDAPR": {tags: []string{"Q"}},
	"STLR":  {store: true, tags: []string{"L"}},
	"LDXR":  {exclusive: true, tags: []string{"X"}},
	"LDAXR": {exclusive: true, tags: []string{"X", "A"}},
	"STXR":  {store: true, exclusive: true, tags: []string{"X"}},
	"STLXR": {store: true, exclusive: true, tags: []string{"X", "L"}},
}

// memory lowers a load or a store.
func (b *a64Builder) memory(in *a64Instr, k a64MemKind) error {
	args := in.Args
	var status a64Reg
	form := "Rt, [Xn]"
	if k.exclusive && k.store {
		form = "Ws, Rt, [Xn]"
	}
	if len(args) < 2 || len(args) < 3 && k.exclusive && k.store {
		return litmus.Errorf(b.pos, "missing operands (expected %s %s)", strings.ToUpper(in.Op), form)
	}
	if k.exclusive && k.store {
		var err error
		if status, err = b.reg(args[0]); err != nil {
			return err
		}
		args = args[1:]
	}
	t, err := b.reg(args[0])
	if err != nil {
		return err
	}
	if !k.offset && (args[1].Mem == nil || len(args[1].Mem.Args) > 1 && !a64ZeroOffset(args[1].Mem)) {
		return b.errorf(args[1], "expected a memory operand [Xn] (%s takes no offset)", strings.ToUpper(in.Op))
	}
	if !k.offset && len(args) > 2 {
		return b.errorf(args[2], "unexpected operand %s (expected %s %s)", argText(args[2]), strings.ToUpper(in.Op), form)
	}
	addr, err := b.address(args[1])
	if err != nil {
		return err
	}
	post, err := b.postIndex(args[1], args[2:])
	if err != nil {
		return err
	}
	in2 := litmus.Instr{Addr: addr, Size: a64Size(k.size, t)}
	switch {
	case k.store:
		in2.Op, in2.Src, in2.WTags = litmus.OpStore, b.sized(b.read(t), k.size), k.tags
		if k.exclusive {
			in2.Op = litmus.OpStoreCond
			in2.Status = b.dest(status)
			in2.StatusOK, in2.StatusFail = litmus.Int(0), litmus.Int(1)
		}
	default:
		if t.zero {
			return b.errorf(args[0], "expected a destination register, found %q", args[0].Word.Name)
		}
		in2.Op, in2.Dst, in2.RTags = litmus.OpLoad, b.dest(t), k.tags
		if k.exclusive {
			in2.Op = litmus.OpLoadReserve
		}
	}
	b.emit(in2)
	post()
	return nil
}

// a64ZeroOffset reports whether a memory operand is [Xn,#0].
func a64ZeroOffset(m *a64Mem) bool {
	if len(m.Args) != 2 || m.Args[1].Imm == nil || m.Writeback {
		return false
	}
	v, err := strconv.ParseInt(strings.TrimPrefix(strings.ToLower(m.Args[1].Imm.Value), "0x"), 16, 64)
	return err == nil && v == 0
}

// a64Size is the width in bytes of an access of bits bits (8, 16, or 0
// for the register's width) through register r: a W register moves 4
// bytes, an X register 8.
func a64Size(bits int, r a64Reg) uint8 {
	switch {
	case bits != 0:
		return uint8(bits / 8)
	case r.w:
		return 4
	}
	return 8
}

// sized masks a stored value to a byte or halfword.
func (b *a64Builder) sized(x litmus.Expr, size int) litmus.Expr {
	switch size {
	case 8:
		return litmus.Bin(litmus.OpAnd, x, litmus.C(0xff))
	case 16:
		return litmus.Bin(litmus.OpAnd, x, litmus.C(0xffff))
	}
	return x
}

// Atomics (LSE).

// a64AtomicKind describes an LSE mnemonic: CAS, SWP, LD<op> or ST<op>,
// with its ordering suffix (A, L, AL) and size (B, H).
type a64AtomicKind struct {
	family  string // "CAS", "SWP", "LD", "ST"
	op      litmus.BinOp
	acquire bool
	release bool
	size    int
}

var a64AtomicOps = map[string]litmus.BinOp{
	"ADD": litmus.OpAdd, "CLR": litmus.OpAndNot, "EOR": litmus.OpXor, "SET": litmus.OpOr,
	"SMAX": litmus.OpMax, "SMIN": litmus.OpMin, "UMAX": litmus.OpUMax, "UMIN": litmus.OpUMin,
}

// a64AtomicOp decodes CAS{A,L,AL}{B,H}, SWP{A,L,AL}{B,H},
// LD<op>{A,L,AL}{B,H} and ST<op>{L}{B,H}.
func a64AtomicOp(op string) (a64AtomicKind, bool) {
	var k a64AtomicKind
	rest := ""
	switch {
	case strings.HasPrefix(op, "CAS") && !strings.HasPrefix(op, "CASP"):
		k.family, rest = "CAS", op[3:]
	case strings.HasPrefix(op, "SWP"):
		k.family, k.op, rest = "SWP", litmus.OpXchg, op[3:]
	case strings.HasPrefix(op, "LD") || strings.HasPrefix(op, "ST"):
		k.family = op[:2]
		found := false
		for name, o := range a64AtomicOps {
			if strings.HasPrefix(op[2:], name) {
				k.op, rest, found = o, op[2+len(name):], true
				break
			}
		}
		if !found {
			return k, false
		}
	default:
		return k, false
	}
	switch {
	case strings.HasSuffix(rest, "B"):
		k.size, rest = 8, rest[:len(rest)-1]
	case strings.HasSuffix(rest, "H"):
		k.size, rest = 16, rest[:len(rest)-1]
	}
	switch rest {
	case "":
	case "A":
		k.acquire = true
	case "L":
		k.release = true
	case "AL":
		k.acquire, k.release = true, true
	default:
		return k, false
	}
	if k.family == "ST" && k.acquire {
		return k, false
	}
	return k, true
}

// a64CASForms are the event structures herd builds for a CAS, each
// counted as a candidate of its own (herd/AArch64Sem.ml "cas": an
// alternative between success, a failure that writes the old value back,
// and a failure without a write). A success gives Rs the old value either
// from the expected value, under the CAS branch (DataFromRRs), or from the
// read (DataFromRx); a failure without a write comes with and without the
// branch ordering the write of Rs. The corpus pins these: a success
// counts twice, a failure three times, and each form keeps its own
// dependencies.
var a64CASForms = []litmus.CASForm{
	{Success: true, OldFromExpect: true, OldAfterCompare: true},
	{Success: true},
	{WriteBack: true},
	{OldAfterCompare: true},
	{},
}

// atomic lowers an LSE instruction, with herd's annotations: the read of
// an A/AL form is X and A, the write of an L/AL form is X and L; when the
// old value goes to the zero register the read is NoRet (and not A). A
// failed CAS reads with no annotation (A for CASA/CASAL).
func (b *a64Builder) atomic(in *a64Instr, k a64AtomicKind) error {
	form := "Rs, Rt, [Xn]"
	if k.family == "ST" {
		form = "Rs, [Xn]"
	}
	n := 3
	if k.family == "ST" {
		n = 2
	}
	if len(in.Args) != n {
		return b.want(in, n, form)
	}
	s, err := b.reg(in.Args[0])
	if err != nil {
		return err
	}
	t := a64Reg{zero: true}
	if k.family != "ST" {
		if t, err = b.reg(in.Args[1]); err != nil {
			return err
		}
	}
	if m := in.Args[n-1]; m.Mem == nil || len(m.Mem.Args) > 1 && !a64ZeroOffset(m.Mem) {
		return b.errorf(m, "expected a memory operand [Xn] (%s takes no offset)", strings.ToUpper(in.Op))
	}
	addr, err := b.address(in.Args[n-1])
	if err != nil {
		return err
	}
	rtags, wtags := []string{"X"}, []string{"X"}
	if k.acquire {
		rtags = append(rtags, "A")
	}
	if k.release {
		wtags = append(wtags, "L")
	}
	// The register that receives the old value: Rt, or Rs for CAS.
	old := t
	if k.family == "CAS" {
		old = s
	}
	if old.zero {
		rtags = []string{"X", "NoRet"}
	}
	if k.family != "CAS" {
		b.emit(litmus.Instr{
			Op: litmus.OpRMW, Dst: b.dest(old), Addr: addr, Size: a64Size(k.size, s),
			Src: b.sized(b.read(s), k.size), RMWOp: k.op,
			RTags: rtags, WTags: wtags,
		})
		return nil
	}
	fail := []string{}
	switch {
	case old.zero:
		fail = []string{"X", "NoRet"}
	case k.acquire:
		fail = []string{"A"}
	}
	b.emit(litmus.Instr{
		Op: litmus.OpCAS, Dst: b.dest(old), Addr: addr, Size: a64Size(k.size, s),
		Expect: &litmus.Unary{Op: litmus.OpPick, X: b.read(s)},
		Src:    b.sized(b.read(t), k.size),
		RTags:  rtags, WTags: wtags, FailTags: fail,
		CASForms: a64CASForms,
	})
	return nil
}
