// This file implements the templates of combinations: the part of a
// combination of paths that its shape alone decides, built once per shape
// and shared by the combinations of that shape (the RCU ring's are all of
// one shape), so that each pays only for its values.

package explore

import (
	"sort"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/rel"
)

// maxTemplates bounds the templates a worker keeps: tests with more shapes
// build the rest in full.
const maxTemplates = 256

// A comboTemplate is an execution's events and the relations among them
// that do not depend on the values read: program order, locations,
// dependencies, tags. Its relations are shared read-only: nothing changes
// them once built (cloneExecution shares them too); rf and co are each
// combination's own.
type comboTemplate struct {
	x      litmus.Execution
	events []litmus.Event
	initOf map[string]int
	base   []int
	// buf is the execution the worker's combinations of this shape are
	// filled in, one after the other, with its events, rf, co and value
	// flow: the explorer finishes a combination before it builds the
	// next, and cloneExecution copies what a report keeps.
	buf       *litmus.Execution
	bufEvents []litmus.Event
	rf, co    rel.Rel
	flow      rel.Rel
	// shape holds finishCombo's parts of the shape, from the first
	// combination of the shape on.
	shape *comboShape
	// known holds the words of the set of events of known value.
	known []uint64
}

// newTemplate records x's shape, before any candidate of it is checked.
func newTemplate(x *litmus.Execution, initOf map[string]int, base []int) *comboTemplate {
	tm := &comboTemplate{x: *x, events: append([]litmus.Event(nil), x.Events...), base: base, initOf: map[string]int{}}
	for l, id := range initOf {
		tm.initOf[l] = id
	}
	return tm
}

// fill gives c the template's execution with c's values, and the parts of
// c that depend on more than the shape: the value flow, the spin reads and
// the events of known value. It returns the first event of each thread.
func (tm *comboTemplate) fill(c *combo) []int {
	if tm.buf == nil {
		n := tm.x.N
		tm.buf, tm.bufEvents = new(litmus.Execution), make([]litmus.Event, len(tm.events))
		tm.rf, tm.co, tm.flow = rel.NewRel(n), rel.NewRel(n), rel.NewRel(n)
	}
	x := tm.buf
	*x = tm.x
	copy(tm.bufEvents, tm.events)
	x.Events = tm.bufEvents
	tm.rf.Clear()
	tm.co.Clear()
	tm.flow.Clear()
	x.RF, x.CO = tm.rf, tm.co
	c.x = x
	c.initOf = tm.initOf
	c.valueFlow = tm.flow
	for t, p := range c.paths {
		b := tm.base[t]
		for i := range p.Events {
			ev := &p.Events[i]
			x.Events[b+i].Value = ev.Val
			if p.Hang && p.Spin&(1<<uint(i)) != 0 {
				c.spin = append(c.spin, b+i)
			}
			for d := ev.Vdeps; d != 0; d &= d - 1 {
				c.valueFlow.Add(b+trailing(uint64(d)), b+i)
			}
		}
	}
	// Set.Add past the first word copies the set: the words are filled
	// first.
	if tm.known == nil {
		tm.known = make([]uint64, rel.WordsFor(len(x.Events)))
	}
	clear(tm.known)
	for i := range x.Events {
		if !x.Events[i].Value.IsUnknown() {
			tm.known[i/64] |= 1 << uint(i%64)
		}
	}
	c.known = rel.SetOfWords(tm.known)
	return tm.base
}

// A comboShape is what finishCombo derives from a combination's shape
// alone: the lock events, the writes per location, each read's latest
// po-earlier write of its location and the writes each read may read
// from whatever the values. Combinations of one shape share it, read-only.
type comboShape struct {
	lockEv, unmatchedUL rel.Set
	writes              map[string][]int
	locs                []string
	soleOrders          [][][]int
	lastW               []int
	lockWrites          map[string][]int
	// reads are the reads, in event order; lockRead[k] is set for a lock
	// event (lockCands chooses by value; nil without lock events), and sameLoc[k] lists the
	// writes read k may read from when their values agree; sameLocs is
	// the sum of their lengths.
	reads    []int
	lockRead []bool
	sameLoc  [][]int
	sameLocs int
	// anyLock is set when some read is a lock event.
	anyLock bool
	// byValue is set when sameLoc already keeps only the writes of each
	// read's value: a shape for one combination alone.
	byValue bool
}

// newComboShape derives c's shape parts from c.x and c.paths, each
// thread's events from base[t]. byValue keeps in sameLoc only the writes
// of the value each read has in c, for a shape no other combination
// shares.
func (s *setup) newComboShape(c *combo, base []int, byValue bool) *comboShape {
	x, events, n := c.x, c.x.Events, c.x.N
	c.markLockEvents()
	// A shape of one combination lives in the combination.
	sh := &c.ownShape
	if !byValue {
		sh = new(comboShape)
	}
	*sh = comboShape{lockEv: c.lockEv, unmatchedUL: c.unmatchedUL, writes: map[string][]int{}, byValue: byValue}
	for i := range events {
		if x.W.Has(i) && !c.unmatchedUL.Has(i) {
			sh.writes[events[i].Loc] = append(sh.writes[events[i].Loc], i)
		}
	}
	sh.locs = make([]string, 0, len(sh.writes))
	for l := range sh.writes {
		sh.locs = append(sh.locs, l)
	}
	sort.Strings(sh.locs)
	if !byValue {
		// Shared by the combinations of the shape (for one alone,
		// linearExtensions' lists cost no more).
		sh.soleOrders = make([][][]int, len(sh.locs))
		for i, l := range sh.locs {
			if ws := sh.writes[l]; len(ws) <= 2 {
				sh.soleOrders[i] = [][]int{ws}
			}
		}
	}
	sh.lastW = make([]int, n)
	for i := range sh.lastW {
		sh.lastW[i] = -1
	}
	for t, p := range c.paths {
		b := base[t]
		last := map[string]int{}
		for i, ev := range p.Events {
			id := b + i
			if ev.Kind == litmus.KindR {
				if w, ok := last[ev.WorldKey()]; ok {
					sh.lastW[id] = w
				}
			}
			if ev.Kind == litmus.KindW {
				last[ev.WorldKey()] = id
			}
		}
	}
	if !c.lockEv.Empty() {
		sh.lockWrites = map[string][]int{}
		x.W.Inter(c.lockEv).Each(func(w int) { sh.lockWrites[events[w].Loc] = append(sh.lockWrites[events[w].Loc], w) })
	}
	nr, most := 0, 0
	x.R.Each(func(i int) {
		nr++
		most += len(sh.writes[events[i].Loc])
	})
	sh.reads, sh.sameLoc = make([]int, 0, nr), make([][]int, 0, nr)
	if !c.lockEv.Empty() {
		sh.lockRead = make([]bool, 0, nr)
	}
	// The writes of every read's list, in one array.
	flat := make([]int, 0, most)
	x.R.Each(func(i int) {
		r := &events[i]
		lock := c.lockEv.Has(i)
		from := len(flat)
		for _, w := range sh.writes[r.Loc] {
			we := &events[w]
			if lock || c.lockEv.Has(w) || byValue && !c.readsValue(i, we.Value) {
				continue
			}
			// A coherent model (IncoherentModel) lets a read read only the
			// latest po-earlier write of its thread (under mixed-size
			// semantics herd lets an RMW read its own write), and no
			// initial value once the thread wrote; another, any write.
			switch {
			case !s.coherent:
			case we.Thread == r.Thread && w != sh.lastW[i] && !(s.mixed != nil && x.SameInstr.Has(i, w)):
				continue
			case we.Thread != r.Thread && we.IsInit() && sh.lastW[i] >= 0:
				continue
			}
			flat = append(flat, w)
		}
		sh.reads = append(sh.reads, i)
		if sh.lockRead != nil {
			sh.lockRead = append(sh.lockRead, lock)
		}
		sh.anyLock = sh.anyLock || lock
		sh.sameLoc = append(sh.sameLoc, flat[from:len(flat):len(flat)]) // flat never grows past most
	})
	sh.sameLocs = len(flat)
	return sh
}
