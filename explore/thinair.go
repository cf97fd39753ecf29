// This file implements the check, for each choice of rf, that rf and the
// value flow between events of known values close no cycle (a value out
// of thin air, which herd's equations cannot solve). The value flow is
// fixed for a combination and runs from reads to the writes they feed, so
// a cycle passes only through the reads whose value feeds a write: the
// check is a search over those few reads, not over every event.

package explore

import "github.com/litmuscheck/litmuscheck/rel"

// thinAir is the value flow of a combination between events of known
// values, by read.
type thinAir struct {
	// reads are the known reads whose value feeds a known write, and
	// into[i] the writes reads[i] feeds.
	reads []int
	into  []rel.Set
	// general is set when the flow has another shape than from reads to
	// writes: each rf choice is then checked on the whole relation.
	general bool
}

// newThinAir gathers the value flow of c between known events.
func newThinAir(c *combo) thinAir {
	var t thinAir
	x := c.x
	for a := 0; a < x.N; a++ {
		if !c.known.Has(a) {
			continue
		}
		into := c.valueFlow.Row(a).Inter(c.known)
		if into.Empty() {
			continue
		}
		if !x.R.Has(a) || !into.Diff(x.W).Empty() {
			t.general = true
		}
		t.reads = append(t.reads, a)
		t.into = append(t.into, into)
	}
	return t
}

// free reports whether the rf choice rfOf (the write each read reads)
// closes no cycle with the value flow.
func (t *thinAir) free(rfOf []int) bool {
	n := len(t.reads)
	// feeds reports whether reads[i] feeds the write reads[j] reads: the
	// edge i -> j of the graph whose cycles are the thin-air ones.
	feeds := func(i, j int) bool { return t.into[i].Has(rfOf[t.reads[j]]) }
	// Depth-first, colouring: 1 on the stack, 2 done.
	colour := make([]uint8, n)
	var visit func(i int) bool
	visit = func(i int) bool {
		colour[i] = 1
		for j := range n {
			if !feeds(i, j) {
				continue
			}
			if colour[j] == 1 || colour[j] == 0 && !visit(j) {
				return false
			}
		}
		colour[i] = 2
		return true
	}
	for i := range n {
		if colour[i] == 0 && !visit(i) {
			return false
		}
	}
	return true
}
