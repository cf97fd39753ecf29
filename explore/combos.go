// This file implements path combinations: which combinations of thread
// paths are worth exploring, in a fixed order, and the bounds on a path's
// events (the layout of one combination is in combo_layout.go).

package explore

import (
	"fmt"

	"github.com/litmuscheck/litmuscheck/explore/limit"
	"github.com/litmuscheck/litmuscheck/litmus"
)

// A comboGen hands out, in a fixed order, the choices of one path per
// thread in which every value read is the initial value of its location or
// is written by a chosen path: the others have no candidate execution. It
// walks the threads depth first and drops a prefix as soon as it reads a
// value that neither it nor any path of the remaining threads writes. The
// choices are generated one at a time, never listed: their number is the
// product of the threads' path counts.
type comboGen struct {
	s   *setup
	lim *limit.Limiter
	nt  int
	// reads[t][i] and writes[t][i] are the (location, value) pairs path i
	// of thread t reads and writes, as bits; an overlong path (cut at its
	// event budget) writes every pair, so that no choice is dropped for
	// lack of what its cut part might write.
	reads, writes [][][]uint64
	// suffix[t][i] is what some path i... of thread t may write; future
	// and lo are next's scratch: what the threads after the one it
	// chooses for may still write, from the least path each may take.
	suffix [][][]uint64
	future []uint64
	lo     []int
	// need[t] and have[t] are what the chosen paths of threads before t
	// read and write.
	need, have [][]uint64
	words      int
	choice     []int
	depth      int
	started    bool
	done       bool
	steps      int
	// seq is the key of the last choice handed out.
	seq int
}

func (s *setup) newComboGen(lim *limit.Limiter) *comboGen {
	type locVal struct {
		loc string
		v   litmus.Value
	}
	pairs := map[locVal]int{}
	index := func(lv locVal) int {
		k, ok := pairs[lv]
		if !ok {
			k = len(pairs)
			pairs[lv] = k
		}
		return k
	}
	type summary struct{ reads, writes []int }
	sums := make([][]summary, len(s.paths))
	for t, ps := range s.paths {
		sums[t] = make([]summary, len(ps))
		for i, p := range ps {
			for _, ev := range p.Events {
				switch ev.Kind {
				case litmus.KindR:
					if ev.Alts != nil {
						break // an open read needs one of several: not a bit
					}
					sums[t][i].reads = append(sums[t][i].reads, index(locVal{ev.WorldKey(), ev.Val}))
				case litmus.KindW:
					sums[t][i].writes = append(sums[t][i].writes, index(locVal{ev.WorldKey(), ev.Val}))
				}
			}
		}
	}
	nt := len(s.paths)
	g := &comboGen{s: s, lim: lim, nt: nt, words: (len(pairs) + 63) / 64, choice: make([]int, nt), seq: -1}
	words := g.words
	bits := func(ks []int) []uint64 {
		b := make([]uint64, words)
		for _, k := range ks {
			b[k/64] |= 1 << uint(k%64)
		}
		return b
	}
	var initial []int
	for lv := range pairs {
		if lv.v == s.initialValue(lv.loc) {
			initial = append(initial, pairs[lv])
		}
	}
	g.reads = make([][][]uint64, nt)
	g.writes = make([][][]uint64, nt)
	g.suffix = make([][][]uint64, nt)
	g.future, g.lo = make([]uint64, words), make([]int, nt)
	for t := nt - 1; t >= 0; t-- {
		for i, sm := range sums[t] {
			r, w := bits(sm.reads), bits(sm.writes)
			if s.paths[t][i].Overlong {
				for k := range w {
					w[k] = ^uint64(0)
				}
			}
			g.reads[t] = append(g.reads[t], r)
			g.writes[t] = append(g.writes[t], w)
		}
		g.suffix[t] = make([][]uint64, len(sums[t])+1)
		g.suffix[t][len(sums[t])] = make([]uint64, words)
		for i := len(sums[t]) - 1; i >= 0; i-- {
			g.suffix[t][i] = append([]uint64(nil), g.suffix[t][i+1]...)
			for k, w := range g.writes[t][i] {
				g.suffix[t][i][k] |= w
			}
		}
	}
	g.need = make([][]uint64, nt+1)
	g.have = make([][]uint64, nt+1)
	for t := range g.need {
		g.need[t] = make([]uint64, words)
		g.have[t] = make([]uint64, words)
	}
	copy(g.have[0], bits(initial))
	return g
}

// next advances to the next choice, in increasing order of the choices
// read as numbers whose digits are the threads' path indices; it reports
// false when there is none left, or with an error when a limit is reached.
// g.choice is the choice and g.seq its key, which orders the choices as
// they are handed out.
func (g *comboGen) next() (bool, error) {
	if g.done {
		return false, nil
	}
	nt := g.nt
	if nt == 0 {
		g.done = true
		g.seq++
		return true, nil
	}
	t := g.depth
	if !g.started {
		g.started = true
		t = 0
		g.choice[0] = 0
	} else {
		g.choice[t]++
	}
	for {
		if g.choice[t] >= len(g.s.paths[t]) {
			g.choice[t] = 0
			if t--; t < 0 {
				g.done = true
				return false, nil
			}
			g.choice[t]++
			continue
		}
		if g.steps++; g.steps%4096 == 0 {
			if err := g.lim.Poll(func() string { return "combining the threads' paths" }); err != nil {
				g.done = true
				return false, err
			}
		}
		i := g.choice[t]
		ok := true
		need, have := g.need[t+1], g.have[t+1]
		future := g.mayWrite(t)
		for k := 0; k < g.words; k++ {
			need[k] = g.need[t][k] | g.reads[t][i][k]
			have[k] = g.have[t][k] | g.writes[t][i][k]
			if need[k]&^(have[k]|future[k]) != 0 {
				ok = false
			}
		}
		switch {
		case !ok:
			g.choice[t]++
		case t == nt-1 && !g.s.sym.canonical(g.choice):
			g.choice[t]++
		case t == nt-1:
			g.depth = t
			g.seq++
			return true, nil
		default:
			t++
			g.choice[t] = g.s.sym.low(t, g.choice)
		}
	}
}

// mayWrite is what the threads after t may still write, with the choices
// of threads 0...t made: a thread of a symmetry class takes no path below
// its class predecessor's (symmetry.low), so that a prefix whose reads
// only lower paths could feed is dropped at once.
func (g *comboGen) mayWrite(t int) []uint64 {
	clear(g.future)
	for u := t + 1; u < g.nt; u++ {
		g.lo[u] = 0
		if p := g.s.sym.predecessor(u); p >= 0 {
			if p <= t {
				g.lo[u] = g.choice[p]
			} else {
				g.lo[u] = g.lo[p]
			}
		}
		for k, w := range g.suffix[u][g.lo[u]] {
			g.future[k] |= w
		}
	}
	return g.future
}

// MaxPathEvents is the number of events one thread's path may have: the
// dependencies within a path are one word (paths.go). A candidate
// execution has no bound of its own: sets and relations hold any number
// of events (set.go).
const MaxPathEvents = 64

// eventBound returns the error for a choice of paths one of which was cut
// past MaxPathEvents; nil if none was.
func (s *setup) eventBound(choice []int) error {
	for t, i := range choice {
		if s.paths[t][i].Overlong {
			return s.pathTooLong(t, i, false)
		}
	}
	return nil
}

// pathTooLong is the error for path i of thread t, cut past
// MaxPathEvents; every says that every path of the thread is. It points
// at the instruction of the event past the bound.
func (s *setup) pathTooLong(t, i int, every bool) error {
	p := &s.paths[t][i]
	th := s.test.Threads[t]
	what := fmt.Sprintf("a path of thread P%d has", th.ID)
	if every {
		what = fmt.Sprintf("every path of thread P%d has", th.ID)
	}
	pos := litmus.Pos{File: s.test.File}
	if ev := p.Events[MaxPathEvents]; ev.Instr >= 0 && ev.Instr < len(th.Code) {
		pos = th.Code[ev.Instr].Pos
	}
	if pos.File == "" {
		pos.File = s.test.File
	}
	return &litmus.Error{Pos: pos, Msg: fmt.Sprintf("unsupported: %s more than %d events (litmuscheck follows at most %d per thread)",
		what, MaxPathEvents, MaxPathEvents)}
}

// everyTooLarge returns the error of pathTooLong when every path of some
// thread is too long, before any choice is generated.
func (s *setup) everyTooLarge() error {
	for _, ps := range s.paths {
		if len(ps) == 0 {
			return nil // no choice at all
		}
	}
	for t, ps := range s.paths {
		every := true
		for i := range ps {
			every = every && ps[i].Overlong
		}
		if every {
			return s.pathTooLong(t, 0, true)
		}
	}
	return nil
}
