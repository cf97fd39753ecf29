// This file implements herd7's numbering of symbolic values in the C
// dialect, so that a value out of thin air prints as herd prints it:
// "S<n>", n being the number of the symbol herd created for it.
//
// herd builds each thread's event structures once with every alternative
// (both arms of an if whose condition reads memory, success and failure of
// a cmpxchg...), creating a fresh symbol for each memory read, each read of
// a register without an initial value, and each operation on a symbol. The
// code after an instruction with several alternatives is built once per
// alternative. It numbers symbols from 1 in that order, over the threads in
// turn, and builds everything twice, so that the symbols of the
// candidates' equations are those of the second build: the total of one
// build plus the rank in it. The equations of a cycle of copies make its
// symbols equal, and herd names the class after its largest symbol.

package paths

import (
	"slices"
	"strings"

	"github.com/litmuscheck/litmuscheck/litmus"
)

// A herdOp is one symbol-creating step of an instruction: a register read
// (reg set), the memory read (mem), or an operation.
type herdOp struct {
	reg string
	mem bool
}

// A herdLayout is the symbols an instruction creates: pre before its
// alternatives, then those of each alternative in turn.
type herdLayout struct {
	pre  []herdOp
	alts [][]herdOp
}

func (l herdLayout) own() int {
	n := len(l.pre)
	for _, a := range l.alts {
		n += len(a)
	}
	return n
}

// herdVars lays herd's symbols over the code of one thread.
type herdVars struct {
	code []litmus.Instr
	// known are the registers with an initial value, which herd reads
	// without a symbol.
	known map[string]litmus.Value
	// ends[pc] is the end of the innermost list of statements holding pc.
	ends  []int
	sizes map[[2]int]int
}

func NewHerdVars(code []litmus.Instr, known map[string]litmus.Value) *herdVars {
	h := &herdVars{code: code, known: known, ends: make([]int, len(code)+1), sizes: map[[2]int]int{}}
	h.walk(0, len(code))
	h.ends[len(code)] = len(code)
	return h
}

// isIf reports whether in starts a C if statement: a conditional branch
// whose control dependency ends with the statement. The backward branch of
// a C while loop is none: herd's symbols are laid over its code as over
// straight-line code, so an unknown value read in a loop may be named
// otherwise than herd names it.
func isIf(in *litmus.Instr, pc int) bool {
	return in.Op == litmus.OpBranch && in.Cond != nil && in.CtrlEnd > 0 && in.Target > pc
}

// arms returns the ranges of an if statement's then and else blocks.
func (h *herdVars) arms(pc int) (thenEnd, elseStart, end int) {
	in := &h.code[pc]
	end = in.CtrlEnd
	if in.Target != end {
		return in.Target - 1, in.Target, end
	}
	return end, end, end
}

func (h *herdVars) walk(pc, end int) {
	for pc < end {
		h.ends[pc] = end
		if isIf(&h.code[pc], pc) {
			thenEnd, elseStart, e := h.arms(pc)
			h.walk(pc+1, thenEnd)
			if thenEnd < elseStart {
				h.ends[thenEnd] = end // the jump over the else block
			}
			h.walk(elseStart, e)
			pc = e
			continue
		}
		pc++
	}
}

// exprOps lists the symbols herd creates evaluating e, left to right, and
// whether e's value is a symbol.
func (h *herdVars) exprOps(e litmus.Expr, out []herdOp) ([]herdOp, bool) {
	switch e := e.(type) {
	case *litmus.RegRef:
		if strings.HasPrefix(e.Name, "#") {
			// A hidden register holds a read made by the expression.
			return out, true
		}
		if _, ok := h.known[e.Name]; ok {
			return out, false
		}
		return append(out, herdOp{reg: e.Name}), true
	case *litmus.Unary:
		out, v := h.exprOps(e.X, out)
		if _, _, conv := litmus.ConvWidth(e.Op); conv {
			// herd's C has no conversions: its values are whole.
			return out, v
		}
		if v {
			out = append(out, herdOp{})
		}
		return out, v
	case *litmus.Binary:
		out, vx := h.exprOps(e.X, out)
		out, vy := h.exprOps(e.Y, out)
		if vx || vy {
			out = append(out, herdOp{})
		}
		return out, vx || vy
	case *litmus.Ite:
		out, vc := h.exprOps(e.Cond, out)
		out, vt := h.exprOps(e.Then, out)
		out, ve := h.exprOps(e.Else, out)
		if vc || vt || ve {
			out = append(out, herdOp{})
		}
		return out, vc || vt || ve
	}
	return out, false
}

func (h *herdVars) ops(es ...litmus.Expr) []herdOp {
	var out []herdOp
	for _, e := range es {
		if e != nil {
			out, _ = h.exprOps(e, out)
		}
	}
	return out
}

// hasTag reports whether tags holds t.
func HasTag(tags []string, t string) bool { return slices.Contains(tags, t) }

// layout gives the symbols of one instruction other than an if, after
// herd's C semantics (CSem) of the primitive it lowers.
func (h *herdVars) layout(in *litmus.Instr) herdLayout {
	one := [][]herdOp{nil}
	mem := herdOp{mem: true}
	// Lock events carry no value.
	lock := HasTag(in.RTags, litmus.TagLockRead) || HasTag(in.WTags, litmus.TagUnlock)
	switch in.Op {
	case litmus.OpMove:
		return herdLayout{pre: h.ops(in.Src), alts: one}
	case litmus.OpLoad:
		if in.ZeroTags != nil { // spin_is_locked: held or free
			return herdLayout{pre: h.ops(in.Addr), alts: [][]herdOp{nil, nil}}
		}
		return herdLayout{pre: append(h.ops(in.Addr), mem), alts: one}
	case litmus.OpStore:
		if lock {
			return herdLayout{pre: h.ops(in.Addr), alts: one}
		}
		return herdLayout{pre: h.ops(in.Addr, in.Src), alts: one}
	case litmus.OpRMW:
		switch {
		case lock:
			return herdLayout{pre: h.ops(in.Addr), alts: one}
		case in.RMWOp == litmus.OpXchg:
			return herdLayout{pre: append(h.ops(in.Addr, in.Src), mem), alts: one}
		}
		return herdLayout{pre: append(h.ops(in.Src, in.Addr), mem, herdOp{}), alts: one}
	case litmus.OpCAS:
		switch {
		case lock: // spin_trylock: taken or not
			return herdLayout{pre: h.ops(in.Addr), alts: [][]herdOp{nil, nil}}
		case in.AddUnless:
			ok := append(h.ops(in.Addr, in.Src, in.Expect), mem, herdOp{})
			no := append(h.ops(in.Addr, in.Expect), mem)
			return herdLayout{alts: [][]herdOp{ok, no}}
		}
		ok := append(h.ops(in.Addr, in.Expect, in.Src), mem)
		no := append(h.ops(in.Addr, in.Expect), mem)
		return herdLayout{alts: [][]herdOp{ok, no}}
	case litmus.OpFence:
		return herdLayout{pre: h.ops(in.Addr), alts: one}
	case litmus.OpChoose: // two outcomes, no symbol (herd has no choice)
		return herdLayout{alts: [][]herdOp{nil, nil}}
	}
	return herdLayout{alts: one}
}

// determined reports whether an if's condition needs no symbol, and then
// whether it holds (the branch skips the then block).
func (h *herdVars) determined(in *litmus.Instr) (det, taken bool) {
	if _, v := h.exprOps(in.Cond, nil); v {
		return false, false
	}
	th := &ThreadRun{Regs: map[string]RegVal{}}
	for k, v := range h.known {
		th.Regs[k] = RegVal{V: v}
	}
	c, err := th.eval(in.Cond)
	return true, err == nil && litmus.Truthy(c.V)
}

// size is the number of symbols herd creates building the statements in
// [pc, end).
func (h *herdVars) Size(pc, end int) int {
	if pc >= end {
		return 0
	}
	key := [2]int{pc, end}
	if n, ok := h.sizes[key]; ok {
		return n
	}
	var n int
	in := &h.code[pc]
	if isIf(in, pc) {
		thenEnd, elseStart, e := h.arms(pc)
		kc := len(h.ops(in.Cond))
		switch det, taken := h.determined(in); {
		case !det:
			n = kc + h.Size(pc+1, thenEnd) + h.Size(elseStart, e) + 2*h.Size(e, end)
		case taken:
			n = kc + h.Size(elseStart, e) + h.Size(e, end)
		default:
			n = kc + h.Size(pc+1, thenEnd) + h.Size(e, end)
		}
	} else {
		l := h.layout(in)
		n = l.own() + len(l.alts)*h.Size(pc+1, end)
	}
	h.sizes[key] = n
	return n
}

// A herdFrame is an if statement being run: at its end, the symbols of the
// code after it start at cont.
type herdFrame struct{ end, cont int }

// herdCursor follows one path through the layout: the symbols of the next
// instruction start after cursor; maxUnknown is the largest that holds an
// unknown value.
type HerdCursor struct {
	cursor     int
	frames     []herdFrame
	maxUnknown int
}

func (c *HerdCursor) clone() *HerdCursor {
	if c == nil {
		return nil
	}
	d := *c
	d.frames = append([]herdFrame(nil), c.frames...)
	return &d
}

// enter is called before instruction pc runs.
func (h *herdVars) enter(c *HerdCursor, pc int) {
	for len(c.frames) > 0 && c.frames[len(c.frames)-1].end == pc {
		c.cursor = c.frames[len(c.frames)-1].cont
		c.frames = c.frames[:len(c.frames)-1]
	}
}

// branch is called when the if statement at pc skips (taken) or runs its
// then block.
func (h *herdVars) branch(c *HerdCursor, pc int, taken bool) {
	in := &h.code[pc]
	thenEnd, elseStart, e := h.arms(pc)
	kc := len(h.ops(in.Cond))
	base := c.cursor + kc
	sizeThen, sizeElse := h.Size(pc+1, thenEnd), h.Size(elseStart, e)
	var start, cont int
	if det, _ := h.determined(in); det {
		if taken {
			start, cont = base, base+sizeElse
		} else {
			start, cont = base, base+sizeThen
		}
	} else {
		alt := 0
		start = base
		if taken {
			alt, start = 1, base+sizeThen
		}
		cont = base + sizeThen + sizeElse + alt*h.Size(e, h.ends[pc])
	}
	c.frames = append(c.frames, herdFrame{end: e, cont: cont})
	c.cursor = start
}

// step is called when instruction pc has run with alternative alt; regs
// are the registers before it ran and read the value it read.
func (h *herdVars) step(c *HerdCursor, pc, alt int, regs map[string]RegVal, read litmus.Value) {
	l := h.layout(&h.code[pc])
	note := func(k int, op herdOp) {
		u := false
		switch {
		case op.mem:
			u = read.IsUnknown()
		case op.reg != "":
			u = regs[op.reg].V.IsUnknown()
		}
		if u && c.cursor+k > c.maxUnknown {
			c.maxUnknown = c.cursor + k
		}
	}
	k := 0
	for _, op := range l.pre {
		k++
		note(k, op)
	}
	for i, a := range l.alts {
		for _, op := range a {
			k++
			if i == alt {
				note(k, op)
			}
		}
	}
	c.cursor += l.own() + alt*h.Size(pc+1, h.ends[pc])
}
