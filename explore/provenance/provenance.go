// This file implements the counts of the chains of stores behind a value
// and the ways a value is made.

package provenance

import (
	"math/bits"
	"slices"

	"github.com/litmuscheck/litmuscheck/explore/paths"
	"github.com/litmuscheck/litmuscheck/litmus"
)

// A Provenance records, for each value a location may hold, the counts
// of a chain of stores that makes it: how many times the chain takes
// each store instruction of each thread (a site). A store's value is
// computed from the values its thread read (the event's Vdeps), each
// made by a chain of its own. In one execution such a chain is made of
// distinct write events (a chain through the store itself would be a
// value out of thin air), so a value whose every chain takes a site more
// often than any path of its thread runs it cannot occur. Without it the
// domains' rounds let one thread's increment apply again and again, and
// a ticket lock's domain grows with every round.
//
// The counts of a stored value are its own site's store plus, site by
// site, the largest count among the values it was computed from. A
// value keeps the counts of each way it is made that no other way makes
// with fewer stores at every site; past maxWays, their least counts
// site by site. Each step errs on the low side, which keeps a value
// rather than drops it.
type Provenance struct {
	nt int
	of map[Key][]Counts
	// base[t] is the first site of thread t: site base[t]+pc is its
	// instruction pc.
	base []int
	// most[k] is the largest number of times one path runs site k's store
	// in the current round.
	most []int
}

// Counts are the stores of each site on one chain.
type Counts []int

// A Key is a value of a location.
type Key struct {
	Loc string
	V   litmus.Value
}

// maxWays bounds the counts a value keeps. Merging more into their least
// counts loses the bound: a mixed-size word's value is read as four
// cells, whose ways multiply (qrwlock.c's writer byte gained a value per
// round with 8).
const maxWays = 64

// New returns the provenance of test's values, the initial ones known.
func New(test *litmus.Test) *Provenance {
	p := &Provenance{of: map[Key][]Counts{}}
	for _, th := range test.Threads {
		p.base = append(p.base, p.nt)
		p.nt += len(th.Code)
	}
	p.most = make([]int, p.nt)
	return p
}

// None is the counts of a value no store makes.
func (p *Provenance) None() []Counts { return []Counts{make(Counts, p.nt)} }

// Ran records how often th, a run of thread t, ran each store so far.
func (p *Provenance) Ran(t int, th *paths.ThreadRun) {
	type instance struct{ pc, step int }
	seen := map[instance]bool{}
	times := map[int]int{}
	for _, e := range th.Events {
		if e.Kind == litmus.KindW && !seen[instance{e.Instr, e.Step}] {
			seen[instance{e.Instr, e.Step}] = true
			times[e.Instr]++
		}
	}
	for pc, n := range times {
		k := p.base[t] + pc
		p.most[k] = max(p.most[k], n)
	}
}

// Derive is the counts of the value ev stores on th, a run of thread t.
func (p *Provenance) Derive(t int, th *paths.ThreadRun, ev paths.Event) []Counts {
	ways := []Counts{make(Counts, p.nt)}
	for d := uint64(ev.Vdeps); d != 0; d &= d - 1 {
		r := th.Events[bits.TrailingZeros64(d)]
		if r.Kind != litmus.KindR {
			continue
		}
		from := p.of[Key{r.WorldKey(), r.Val}]
		for _, v := range r.Alts {
			// An open read may return any of its values: the value
			// stored is made as cheaply as the cheapest.
			for _, c := range p.of[Key{r.WorldKey(), v}] {
				from = AddWay(slices.Clip(from), c)
			}
		}
		if len(from) == 0 {
			continue
		}
		var next []Counts
		for _, a := range ways {
			for _, b := range from {
				c := slices.Clone(a)
				for i := range c {
					c[i] = max(c[i], b[i])
				}
				next = AddWay(next, c)
			}
		}
		ways = next
	}
	for _, c := range ways {
		c[p.base[t]+ev.Instr]++
	}
	return ways
}

// Possible keeps the ways that the stores of the threads' paths can make.
func (p *Provenance) Possible(ways []Counts) []Counts {
	var out []Counts
	for _, c := range ways {
		ok := true
		for k, n := range c {
			ok = ok && n <= p.most[k]
		}
		if ok {
			out = append(out, c)
		}
	}
	return out
}

// Lower adds ways to the ways lv is made, and reports whether one is new.
func (p *Provenance) Lower(lv Key, ways []Counts) bool {
	old := p.of[lv]
	before := len(old)
	changed := false
	for _, c := range ways {
		var added bool
		if old, added = addWayReport(old, c); added {
			changed = true
		}
	}
	p.of[lv] = old
	return changed || len(old) != before
}

// AddWay adds c to ways unless one of them takes no more stores at any
// site, dropping those that c improves on.
func AddWay(ways []Counts, c Counts) []Counts {
	ways, _ = addWayReport(ways, c)
	return ways
}

func addWayReport(ways []Counts, c Counts) ([]Counts, bool) {
	for _, w := range ways {
		if dominates(w, c) {
			return ways, false
		}
	}
	kept := ways[:0:0]
	for _, w := range ways {
		if !dominates(c, w) {
			kept = append(kept, w)
		}
	}
	kept = append(kept, c)
	if len(kept) > maxWays {
		least := slices.Clone(kept[0])
		for _, w := range kept[1:] {
			for i := range least {
				least[i] = min(least[i], w[i])
			}
		}
		kept = []Counts{least}
	}
	return kept, true
}

// dominates reports whether a takes no more stores than b at any site.
func dominates(a, b Counts) bool {
	for i := range a {
		if a[i] > b[i] {
			return false
		}
	}
	return true
}
