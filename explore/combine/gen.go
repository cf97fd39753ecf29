// This file implements the generator of combinations: one path per
// thread, in a fixed order, each prefix cut as soon as a read has no
// write left to read from.

package combine

import (
	"github.com/litmuscheck/litmuscheck/explore/limit"
	"github.com/litmuscheck/litmuscheck/explore/paths"
	"github.com/litmuscheck/litmuscheck/litmus"
)

// Symmetry is what the generator asks of the threads' symmetry: a thread
// of a class takes no path below its class predecessor's, and a full
// choice is handed out only when canonical.
type Symmetry interface {
	Canonical(choice []int) bool
	Low(t int, choice []int) int
	Predecessor(t int) int
}

// A Gen hands out, in a fixed order, the choices of one path per thread
// in which every value read is the initial value of its location or is
// written by a chosen path: the others have no candidate execution. It
// walks the threads depth first and drops a prefix as soon as it reads a
// value that neither it nor any path of the remaining threads writes.
// Under coherence it knows more (others.go): a read that its own thread's
// latest store cannot feed needs another thread's write. The choices are
// generated one at a time, never listed: their number is the product of
// the threads' path counts.
type Gen struct {
	lim    *limit.Limiter
	sym    Symmetry
	counts []int
	nt     int
	// reads[t][i] and writes[t][i] are the (location, value) pairs path i
	// of thread t reads and writes, as bits; an overlong path (cut at its
	// event budget) writes every pair, so that no choice is dropped for
	// lack of what its cut part might write.
	reads, writes [][][]uint64
	// feeds holds what only other threads can feed (others.go); nil
	// without coherence.
	feeds *othersNeeds
	// suffix[t][i] is what some path i... of thread t may write; future
	// and lo are next's scratch: what the threads after the one it
	// chooses for may still write, from the least path each may take.
	suffix [][][]uint64
	future []uint64
	lo     []int
	// need[t] and have[t] are what the chosen paths of threads before t
	// read and write (have[0]: the initial values); written[t] is have[t]
	// without the initial values.
	need, have, written [][]uint64
	words               int
	Choice              []int
	depth               int
	started             bool
	done                bool
	steps               int
	// Seq is the key of the last choice handed out.
	Seq int
}

// New is the generator of the combinations of ps, the paths of each
// thread; initial gives a location's initial value, and coherent says
// that the model forbids what SC per location forbids, so that a read's
// own thread can feed it only from its latest store before it; mixed,
// that the paths' accesses are mixed-size cells.
func New(ps [][]paths.Path, initial func(loc string) litmus.Value, sym Symmetry, coherent, mixed bool, lim *limit.Limiter) *Gen {
	ix := newPairs()
	type summary struct{ reads, writes []int }
	sums := make([][]summary, len(ps))
	for t := range ps {
		sums[t] = make([]summary, len(ps[t]))
		for i, p := range ps[t] {
			for _, ev := range p.Events {
				switch ev.Kind {
				case litmus.KindR:
					if ev.Alts != nil {
						break // an open read needs one of several: not a bit
					}
					sums[t][i].reads = append(sums[t][i].reads, ix.index(ev.WorldKey(), ev.Val))
				case litmus.KindW:
					sums[t][i].writes = append(sums[t][i].writes, ix.index(ev.WorldKey(), ev.Val))
				}
			}
		}
	}
	var feeds *othersNeeds
	if coherent {
		feeds = newOthersNeeds(ps, initial, mixed, ix)
	}
	nt := len(ps)
	g := &Gen{lim: lim, sym: sym, nt: nt, Choice: make([]int, nt), Seq: -1}
	for _, p := range ps {
		g.counts = append(g.counts, len(p))
	}
	// The pairs are all known now: the bit sets have their final width.
	g.words = (ix.n() + 63) / 64
	words := g.words
	bits := func(ks []int) []uint64 { return bitsOf(words, ks) }
	g.reads = make([][][]uint64, nt)
	g.writes = make([][][]uint64, nt)
	g.suffix = make([][][]uint64, nt)
	g.future, g.lo = make([]uint64, words), make([]int, nt)
	for t := nt - 1; t >= 0; t-- {
		for i, sm := range sums[t] {
			r, w := bits(sm.reads), bits(sm.writes)
			if ps[t][i].Overlong {
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
	g.need, g.have, g.written = make([][]uint64, nt+1), make([][]uint64, nt+1), make([][]uint64, nt+1)
	for t := range g.need {
		g.need[t], g.have[t], g.written[t] = make([]uint64, words), make([]uint64, words), make([]uint64, words)
	}
	copy(g.have[0], bits(ix.initial(initial)))
	if feeds != nil {
		g.feeds = feeds.finish(words, nt)
	}
	return g
}

// Next advances to the next choice, in increasing order of the choices
// read as numbers whose digits are the threads' path indices; it reports
// false when there is none left, or with an error when a limit is reached.
// g.Choice is the choice and g.Seq its key, which orders the choices as
// they are handed out.
func (g *Gen) Next() (bool, error) {
	if g.done {
		return false, nil
	}
	nt := g.nt
	if nt == 0 {
		g.done = true
		g.Seq++
		return true, nil
	}
	t := g.depth
	if !g.started {
		g.started = true
		t = 0
		g.Choice[0] = 0
	} else {
		g.Choice[t]++
	}
	for {
		if g.Choice[t] >= g.counts[t] {
			g.Choice[t] = 0
			if t--; t < 0 {
				g.done = true
				return false, nil
			}
			g.Choice[t]++
			continue
		}
		if g.steps++; g.steps%4096 == 0 {
			if err := g.lim.Poll(func() string { return "combining the threads' paths" }); err != nil {
				g.done = true
				return false, err
			}
		}
		i := g.Choice[t]
		ok := true
		need, have, written := g.need[t+1], g.have[t+1], g.written[t+1]
		future := g.mayWrite(t)
		for k := 0; k < g.words; k++ {
			need[k] = g.need[t][k] | g.reads[t][i][k]
			have[k] = g.have[t][k] | g.writes[t][i][k]
			written[k] = g.written[t][k] | g.writes[t][i][k]
			if need[k]&^(have[k]|future[k]) != 0 {
				ok = false
			}
		}
		if ok && g.feeds != nil {
			ok = g.feeds.possible(t, i, g.written[t], future)
		}
		switch {
		case !ok:
			g.Choice[t]++
		case t == nt-1 && (g.feeds != nil && !g.feeds.fed(g.Choice, g.writes) || !g.sym.Canonical(g.Choice)):
			g.Choice[t]++
		case t == nt-1:
			g.depth = t
			g.Seq++
			return true, nil
		default:
			t++
			g.Choice[t] = g.sym.Low(t, g.Choice)
		}
	}
}

// bitsOf is the set of the pairs ks, in words words.
func bitsOf(words int, ks []int) []uint64 {
	b := make([]uint64, words)
	for _, k := range ks {
		b[k/64] |= 1 << uint(k%64)
	}
	return b
}

// mayWrite is what the threads after t may still write, with the choices
// of threads 0...t made: a thread of a symmetry class takes no path below
// its class predecessor's (Symmetry.Low), so that a prefix whose reads
// only lower paths could feed is dropped at once.
func (g *Gen) mayWrite(t int) []uint64 {
	clear(g.future)
	for u := t + 1; u < g.nt; u++ {
		g.lo[u] = 0
		if p := g.sym.Predecessor(u); p >= 0 {
			if p <= t {
				g.lo[u] = g.Choice[p]
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
