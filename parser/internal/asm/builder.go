// This file implements what the assembly dialects' lowerings share: a
// builder that appends IR instructions to a thread and resolves branch
// labels, the list of registers a thread uses, and the low bytes a byte or
// halfword store keeps.

package asm

import (
	"errors"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/alecthomas/participle/v2"

	"github.com/litmuscheck/litmuscheck/litmus"
)

// asmBuilder lowers the cells of one thread of a PPC or RISC-V test.
type asmBuilder struct {
	th *litmus.Thread
	// pos and text are those of the instruction being lowered.
	pos    litmus.Pos
	text   string
	labels map[string]int
	// targets holds the label of each branch, by instruction index.
	targets map[int]asmTarget
	errs    litmus.ErrorList
}

type asmTarget struct {
	label string
	pos   litmus.Pos
}

func (b *asmBuilder) emit(in litmus.Instr) {
	in.Pos, in.Text = b.pos, b.text
	b.th.Code = append(b.th.Code, in)
}

func (b *asmBuilder) move(dst string, src litmus.Expr) {
	b.emit(litmus.Instr{Op: litmus.OpMove, Dst: dst, Src: src})
}

func (b *asmBuilder) branch(cond litmus.Expr, label string) {
	b.targets[len(b.th.Code)] = asmTarget{label, b.pos}
	b.emit(litmus.Instr{Op: litmus.OpBranch, Cond: cond})
}

// parseCell parses cell c with p (argType is the name participle gives
// the operand production in its messages), places the cell's labels, and
// sets the builder's position and text to its instruction's; it returns
// the instruction, nil when the cell has none or does not parse.
func parseCell[A any](b *asmBuilder, c cell, p *participle.Parser[asmCell[asmInstr[A]]], argType string) *asmInstr[A] {
	text := stripComments(c.sec.Text)
	pc, err := parsedCell(p, text)
	if err != nil {
		var pe participle.Error
		if errors.As(err, &pe) {
			b.errs.Add(c.sec.Pos(pe.Position().Offset), strings.ReplaceAll(pe.Message(), argType, "operand"))
		} else {
			b.errs.Add(c.pos, err.Error())
		}
		return nil
	}
	for _, l := range pc.Labels {
		b.label(l.Name, c.sec.Pos(l.Pos.Offset))
	}
	in := pc.Instr
	if in != nil {
		b.pos = c.sec.Pos(in.Pos.Offset)
		b.text = strings.TrimSpace(text[in.Pos.Offset:])
	}
	return in
}

// cellCache holds the cells parsed so far, by grammar and text: a cell's
// syntax, whose positions count from the cell's start, does not depend
// on where the cell is, and the same instructions recur across the tests
// of a corpus and across the columns a C test compiles to. The lowerings
// only read what the grammar built. The cache stops growing at
// maxCachedCells entries, which bounds its memory on any corpus.
var (
	cellCache   sync.Map
	cachedCells atomic.Int64
)

const maxCachedCells = 1 << 16

type cellKey struct {
	grammar any
	text    string
}

// parsedCell is p's parse of text, from the cache when it is there; an
// error is never cached.
func parsedCell[A any](p *participle.Parser[asmCell[asmInstr[A]]], text string) (*asmCell[asmInstr[A]], error) {
	key := cellKey{p, text}
	if pc, ok := cellCache.Load(key); ok {
		return pc.(*asmCell[asmInstr[A]]), nil
	}
	pc, err := p.ParseString("", text)
	if err == nil && cachedCells.Load() < maxCachedCells {
		if _, loaded := cellCache.LoadOrStore(key, pc); !loaded {
			cachedCells.Add(1)
		}
	}
	return pc, err
}

// unknownInstr reports mnemonic op as an instruction herd7 knows but does
// not run (when why is not nil: "unsupported", with *why as the reason if
// any) or as an unknown one.
func (b *asmBuilder) unknownInstr(op string, why *string) {
	if why == nil {
		b.errs.Add(b.pos, "unknown instruction "+strconv.Quote(op))
		return
	}
	construct := "instruction " + strconv.Quote(op)
	if *why != "" {
		construct += " (" + *why + ")"
	}
	b.errs = append(b.errs, litmus.Unsupported(b.pos, construct))
}

// label places name at the next instruction; a second definition is an
// error at pos.
func (b *asmBuilder) label(name string, pos litmus.Pos) {
	if _, dup := b.labels[name]; dup {
		b.errs.Add(pos, "label "+strconv.Quote(name)+" is defined twice")
		return
	}
	b.labels[name] = len(b.th.Code)
}

// resolve sets the target of every branch to the index of its label.
func (b *asmBuilder) resolve() {
	for i, t := range b.targets {
		target, ok := b.labels[t.label]
		if !ok {
			b.errs.Add(t.pos, "undefined label "+strconv.Quote(t.label))
			continue
		}
		b.th.Code[i].Target = target
	}
}

// regsUsed lists the registers that code reads or writes, in order of
// first use, keeping those isReg accepts (not a dialect's condition
// registers or internal ones).
func regsUsed(code []litmus.Instr, isReg func(string) bool) []string {
	var out []string
	seen := map[string]bool{}
	use := func(r string) {
		if r != "" && isReg(r) && !seen[r] {
			seen[r] = true
			out = append(out, r)
		}
	}
	walk := func(e litmus.Expr) {
		litmus.WalkExpr(e, func(e litmus.Expr) {
			if r, ok := e.(*litmus.RegRef); ok {
				use(r.Name)
			}
		})
	}
	for _, in := range code {
		walk(in.Addr)
		walk(in.Src)
		walk(in.Cond)
		use(in.Dst)
		use(in.Status)
	}
	return out
}

// narrow keeps the low bytes of a value a byte or halfword store writes
// (bytes 1 or 2); any other size keeps it whole.
func narrow(x litmus.Expr, bytes int) litmus.Expr {
	switch bytes {
	case 1:
		return litmus.Bin(litmus.OpAnd, x, litmus.C(0xff))
	case 2:
		return litmus.Bin(litmus.OpAnd, x, litmus.C(0xffff))
	}
	return x
}
