// This file implements the lowering of AArch64 program cells to the
// instruction IR: the builder of one thread, registers, operands,
// addresses and conditions, following the instruction semantics of herd7
// (herd/AArch64Sem.ml) and the event annotations that aarch64.cat reads
// (A, Q, L, X, NoRet, DMB.ISH, ...).
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

package asm

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/parser/internal/litfile"
)

// nzcv is the register that holds the condition flags.
const nzcv = "NZCV"

// Program parses and lowers every thread.
func (AArch64) Program(t *litmus.Test, prog litfile.Section) ([]*litmus.Thread, error) {
	cols, err := columns(prog)
	if err != nil {
		return nil, err
	}
	var threads []*litmus.Thread
	for i, col := range cols {
		b := &a64Builder{file: prog.File, labels: map[string]int{}, seen: map[string]bool{}}
		th := &litmus.Thread{ID: i, Pos: prog.Pos(firstNonSpace(prog.Text))}
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
	file   *litfile.File
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
	parsed, err := a64Parser().ParseString(b.file.Name, src)
	if err != nil {
		return litfile.GrammarError(b.file, err)
	}
	for _, l := range parsed.Labels {
		if _, dup := b.labels[l.Name]; dup {
			return litmus.Errorf(litfile.Position(b.file, l.Pos), "label %q defined twice", l.Name)
		}
		b.labels[l.Name] = len(b.code)
	}
	if parsed.Instr == nil {
		return nil
	}
	in := parsed.Instr
	b.pos = litfile.Position(b.file, in.Pos)
	b.text = strings.Join(strings.Fields(src[in.Pos.Offset:]), " ")
	return b.instr(in)
}

// a64CellSource returns the cell's text, comments blanked, preceded by
// enough newlines and spaces that the grammar reports file positions.
func a64CellSource(c cell) string {
	start := c.sec.File.Pos(c.sec.Start)
	var sb strings.Builder
	sb.WriteString(strings.Repeat("\n", start.Line-1))
	sb.WriteString(strings.Repeat(" ", start.Col-1))
	sb.WriteString(stripComments(c.sec.Text))
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
	return litmus.Errorf(litfile.Position(b.file, a.Pos), format, args...)
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

// wantReg checks in's operands as want does, allowing one more where
// shifted (an optional shift or extend after the n), and reads the first
// operand as a register.
func (b *a64Builder) wantReg(in *a64Instr, n int, shifted bool, form string) (a64Reg, error) {
	if !shifted || len(in.Args) != n+1 {
		if err := b.want(in, n, form); err != nil {
			return a64Reg{}, err
		}
	}
	return b.reg(in.Args[0])
}

func (b *a64Builder) reg(a *a64Arg) (a64Reg, error) {
	if a.Word != nil && a.Word.Amount == nil {
		if r, ok := a64ParseReg(a.Word.Name); ok {
			return r, nil
		}
		if u := strings.ToUpper(a.Word.Name); u == "SP" || u == "WSP" {
			return a64Reg{}, litmus.Unsupported(litfile.Position(b.file, a.Pos), "stack pointer "+u)
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
	x, err := litfile.ParseInteger(im.Value)
	if err != nil {
		return 0, litmus.Errorf(litfile.Position(b.file, im.Pos), "bad immediate %q", im.Value)
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
			return nil, litmus.Errorf(litfile.Position(b.file, a.Word.Amount.Pos), "shift amount %d out of range 0..63", amount)
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
		return nil, litmus.Unsupported(litfile.Position(b.file, a.Pos), "operand shift "+u)
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
				return nil, litmus.Errorf(litfile.Position(b.file, s.Word.Amount.Pos), "shift amount %d out of range 0..63", n)
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
			return nil, litmus.Unsupported(litfile.Position(b.file, a.Pos), "condition "+u)
		}
	}
	return nil, b.errorf(a, "expected a condition code (EQ, NE, GE, GT, LE, LT), found %s", argText(a))
}
