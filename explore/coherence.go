// This file implements the enumeration of coherence orders compatible with
// a choice of reads-from: per-location coherence and herd's atomicity.

package explore

import (
	"github.com/litmuscheck/litmuscheck/explore/coorder"
	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/rel"
)

// enumerateCo sets rf from choice and enumerates the coherence orders that
// respect per-location coherence with it.
func (s *setup) enumerateCo(c *combo, choice []int, model Model, out *partial) {
	if !out.tick(1) {
		return
	}
	x := c.x
	x.RF.Clear()
	if len(out.rfOf) < x.N {
		out.rfOf = make([]int, x.N)
	}
	rfOf := out.rfOf[:x.N]
	for i, r := range c.reads {
		x.RF.Add(choice[i], r)
		rfOf[r] = choice[i]
	}
	// A cycle of rf and value flow through known values has no solution
	// (thin air); only a cycle of unknown values stands, as herd's unsolved
	// symbol.
	if !c.flowless && !out.thinAirFree(c, rfOf) {
		return
	}
	if s.mixed != nil && !rfMatches(s.mixed, c, rfOf) {
		return
	}
	// Coherence constraints per location.
	locs := c.locs
	before := out.coBefore(x.N) // must-precede in co
	for _, l := range locs {
		ws := c.writes[l]
		init := c.initOf[l]
		for _, w := range ws {
			if w != init {
				before.Add(init, w)
			}
		}
	}
	ev := x.Events
	for _, p := range c.poLoc {
		wa, wb := p[0], p[1]
		if x.R.Has(wa) {
			wa = rfOf[wa]
		}
		if x.R.Has(wb) {
			wb = rfOf[wb]
		}
		if wa != wb {
			before.Add(wa, wb)
		}
	}
	// The write an atomic rmw read reads comes right before the pair's
	// write.
	var immPred []int
	if c.rmwW != nil {
		for i, w := range c.rmwW {
			if w < 0 {
				continue
			}
			if immPred == nil {
				immPred = make([]int, x.N)
				for k := range immPred {
					immPred[k] = -1
				}
			}
			immPred[w] = choice[i]
			before.Add(choice[i], w)
		}
	}
	// Each location's order is a linear extension of before.
	orders := make([][][]int, len(locs))
	var atomic map[string][]coorder.Pair
	if s.coherent {
		atomic = s.rmwPairs(c, rfOf)
	}
	for i, l := range locs {
		if sole := c.soleOrder(i); sole != nil && immPred == nil && len(atomic[l]) == 0 && coorder.Sole(c.writes[l], before) {
			// The shape's one order, shared read-only.
			out.tick(len(c.writes[l]))
			orders[i] = sole
		} else {
			orders[i] = coorder.LinearExtensions(c.writes[l], before, immPred, coorder.AtomicCut{Pairs: atomic[l], Events: ev}, out)
		}
		if len(orders[i]) == 0 || out.stopped {
			return
		}
	}
	co := &coSearch{s: s, c: c, model: model, out: out, locs: locs, orders: orders}
	co.run(before)
}

// samePoLoc are the pairs of memory events of x, neither an initial
// write, of one location in po order: the same for each rf choice of a
// combination.
func samePoLoc(x *litmus.Execution) [][2]int {
	var out [][2]int
	ev := x.Events
	for a := 0; a < x.N; a++ {
		if !x.M.Has(a) || ev[a].IsInit() {
			continue
		}
		x.PO.EachSucc(a, func(b int) {
			if x.M.Has(b) && ev[b].Loc == ev[a].Loc {
				out = append(out, [2]int{a, b})
			}
		})
	}
	return out
}

// coSearch enumerates the products of the locations' coherence orders, the
// last location outermost. For a PruningModel that allows it, it checks
// the partial candidate at each level, with the orders of the locations
// chosen so far and the edges every order of the others has, and cuts the
// levels below once it is refuted.
type coSearch struct {
	s      *setup
	c      *combo
	model  Model
	out    *partial
	locs   []string
	orders [][][]int
	pm     PruningModel
	// must is the part of co in every order: before, closed.
	must rel.Rel
	// below[i] is the number of candidates under a choice for location i.
	below []int
	// before is what each order extends; waiting is set until the worker
	// has its forbidden candidate to show, when pruning may start.
	before  rel.Rel
	waiting bool
}

func (cs *coSearch) run(before rel.Rel) {
	x := cs.c.x
	x.CO.Clear()
	n := len(cs.locs)
	cs.before = before
	if cs.single() {
		// One candidate: nothing inside the combination to cut, and no
		// level with a second order where a waiting worker would start.
		cs.level(n - 1)
		return
	}
	// The candidate the report shows as forbidden is the first one of its
	// combination: until a worker has one, it enumerates all.
	if !cs.out.mayPrune() {
		cs.waiting = true
	} else if cs.start(n) && cs.below[n] > 1 && cs.pm.Refutes(x) {
		cs.out.pruned++
		return
	}
	cs.level(n - 1)
}

// single reports whether every location has one coherence order.
func (cs *coSearch) single() bool {
	for _, o := range cs.orders {
		if len(o) > 1 {
			return false
		}
	}
	return true
}

// coBefore returns the worker's relation for enumerateCo's before, empty:
// one candidate's, rebuilt for the next.
func (out *partial) coBefore(n int) rel.Rel {
	if out.before.N != n || out.before.IsZero() {
		out.before = rel.NewRel(n)
	}
	out.before.Clear()
	return out.before
}

// thinAirFree reports whether the rf of c, rfOf, and c's value flow
// between the events of known values close no cycle: by the search over
// the reads that feed writes (thinair.go), or, for a flow of another
// shape, on the whole relation built in the worker's scratch relation.
func (out *partial) thinAirFree(c *combo, rfOf []int) bool {
	if !c.thinAir.general {
		return c.thinAir.free(rfOf)
	}
	rf := c.x.RF
	if out.scratch.N != rf.N || out.scratch.IsZero() {
		out.scratch = rel.NewRel(rf.N)
	}
	out.scratch.SetKnownUnion(rf, c.valueFlow, c.known)
	return out.scratch.Acyclic()
}

// start sets up pruning, with the locations before i left with the edges
// of co that every order has; it reports whether the model prunes.
func (cs *coSearch) start(i int) bool {
	cs.waiting = false
	if cs.pm = pruner(cs.model); cs.pm == nil {
		return false
	}
	n := len(cs.locs)
	cs.below = make([]int, n+1)
	cs.below[0] = 1
	for k := 0; k < n; k++ {
		cs.below[k+1] = min(cs.below[k]*len(cs.orders[k]), 1<<30)
	}
	cs.must = cs.before.Plus()
	for _, l := range cs.locs[:i] {
		cs.restore(l)
	}
	return true
}

// level chooses the order of location i, then those of the locations
// before it.
func (cs *coSearch) level(i int) {
	if i < 0 {
		cs.s.check(cs.c, cs.model, cs.out)
		return
	}
	l := cs.locs[i]
	for _, o := range cs.orders[i] {
		if cs.waiting && cs.out.mayPrune() {
			// Found below: the rest of the combination is pruned, first
			// the rest of this level at once.
			if cs.start(i+1) && cs.pm.Refutes(cs.c.x) {
				cs.out.pruned++
				break
			}
		}
		cs.place(l, o)
		if cs.pm != nil && cs.below[i] > 1 && cs.pm.Refutes(cs.c.x) {
			cs.out.pruned++
			continue
		}
		cs.level(i - 1)
		if cs.out.stopped {
			return
		}
	}
	if cs.pm != nil {
		cs.restore(l)
	}
}

// place makes o the coherence order of location l in the candidate.
func (cs *coSearch) place(l string, o []int) {
	x := cs.c.x
	for _, w := range cs.c.writes[l] {
		x.CO.SetRow(w, rel.Set{})
	}
	for a := 0; a < len(o); a++ {
		for b := a + 1; b < len(o); b++ {
			x.CO.Add(o[a], o[b])
		}
	}
}

// restore leaves location l with the edges of co that every order has.
func (cs *coSearch) restore(l string) {
	x := cs.c.x
	for _, w := range cs.c.writes[l] {
		x.CO.SetRow(w, cs.must.Row(w))
	}
}

// rmwPairs lists the read-modify-write pairs of the candidate by location.
func (s *setup) rmwPairs(c *combo, rfOf []int) map[string][]coorder.Pair {
	x := c.x
	if x.RMW.Empty() {
		return nil
	}
	out := map[string][]coorder.Pair{}
	for _, r := range c.reads {
		x.RMW.EachSucc(r, func(w int) {
			out[x.Events[r].Loc] = append(out[x.Events[r].Loc], coorder.Pair{R: r, W: w, Src: rfOf[r]})
		})
	}
	return out
}

// soleOrder is the shape's order of location i when it has one or two
// writes, else nil.
func (c *combo) soleOrder(i int) [][]int {
	if c.soleOrders == nil {
		return nil
	}
	return c.soleOrders[i]
}
