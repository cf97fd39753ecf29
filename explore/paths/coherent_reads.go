// This file implements the values a read may return under coherence, as
// the thread's own stores and the others' decide them before any thread
// is combined: a read returns the value of its thread's latest store to
// the location before it (po-loc then rf would otherwise cycle with co),
// a value another thread may store, or, before its thread's first store
// there, the initial value. A value that only the thread itself stores,
// other than its latest, is never read: no execution has it, so the path
// that reads it is not run. This keeps a thread's reads of its own data
// (a count only its CPU updates, a node only it initialises) to the one
// value they can see, and keeps the values such paths would go on to
// store out of the domains.
//
// Coherence also bounds how often a thread can see another's value: the
// writes a thread's reads of one location see are in co order, so a read
// of another thread's value v that follows a store of its own there, or a
// read of another value, sees a write later than every write seen before
// it. Each such run of reads of v needs a write of v of its own, and the
// other threads' paths make at most so many (Writers.most): a path that
// needs more is in no execution. This ends a retry loop whose failed
// attempt stores (the OSQ's xchg(&node->next, NULL) finding NULL after
// node->next was seen set) once the other threads' writes are used up,
// instead of at the unroll bound.
//
// It holds for a model where every execution is coherent (SC per
// location) and for accesses of one width; the explorer sets Writers
// only then, and the bound on runs needs one width even for the cells of
// mixed-size locations (an RMW may read its own write there).

package paths

import (
	"slices"

	"github.com/litmuscheck/litmuscheck/litmus"
)

// Writers records, for each location (its world key) and value, the
// threads whose paths may store it: every path of every enumeration so
// far, those a later read cut included.
type Writers struct {
	by map[string]map[litmus.Value]uint64
	// most is, for a location and value, the most stores of it one path
	// of each thread made.
	most map[locVal][]int
	// grew records a store noted since the last Start that the record
	// lacked.
	grew bool
}

// MaxWriterThreads is the number of threads Writers can tell apart.
const MaxWriterThreads = 64

// NewWriters returns an empty record.
func NewWriters() *Writers {
	return &Writers{by: map[string]map[litmus.Value]uint64{}, most: map[locVal][]int{}}
}

// A locVal is a value at a location (its world key).
type locVal struct {
	loc string
	v   litmus.Value
}

// Note records that thread i's path th stores ev, its latest event; a
// nil record notes nothing.
func (w *Writers) Note(i int, th *ThreadRun, ev Event) {
	if w == nil {
		return
	}
	key := ev.WorldKey()
	n := 0
	for k := range th.Events {
		if e := &th.Events[k]; e.Kind == litmus.KindW && e.Val == ev.Val && e.WorldKey() == key {
			n++
		}
	}
	lv := locVal{key, ev.Val}
	most := w.most[lv]
	if len(most) <= i {
		most = append(most, make([]int, i+1-len(most))...)
		w.most[lv] = most
	}
	if n > most[i] {
		most[i] = n
		w.grew = true
	}
	vals := w.by[key]
	if vals == nil {
		vals = map[litmus.Value]uint64{}
		w.by[key] = vals
	}
	if bit := uint64(1) << uint(i); vals[ev.Val]&bit == 0 {
		vals[ev.Val] |= bit
		w.grew = true
	}
}

// Start begins an enumeration of paths.
func (w *Writers) Start() {
	if w != nil {
		w.grew = false
	}
}

// Settled reports whether the enumeration since Start noted no store the
// record lacked: its paths read only what the record allowed, and stored
// nothing else.
func (w *Writers) Settled() bool { return w == nil || !w.grew }

// coherentValues keeps of vals, the domain of loc, the values the read of
// th may return under coherence.
func (pe *Enumeration) coherentValues(th *ThreadRun, loc string, vals []litmus.Value) []litmus.Value {
	own, hasOwn := lastStore(th, loc)
	self := uint64(1) << uint(pe.Self)
	by := pe.Writers.by[loc]
	var seen *externalRuns
	if pe.Mixed == nil {
		seen = pe.externalRuns(th, loc)
	}
	out := make([]litmus.Value, 0, len(vals))
	for _, v := range vals {
		writers, stored := by[v]
		switch {
		case hasOwn && v == own, !hasOwn && v == pe.Init[loc]:
		case writers&^self != 0:
			// Another thread's write, of which there may be too few.
			if seen != nil && seen.tooFew(v, func(w litmus.Value) int { return pe.Writers.others(loc, w, pe.Self) }) {
				continue
			}
		case stored || hasOwn && v == pe.Init[loc]:
			continue
		}
		out = append(out, v)
	}
	return out
}

// lastStore is the value of th's latest store to loc, a plain location.
func lastStore(th *ThreadRun, loc string) (litmus.Value, bool) {
	for i := len(th.Events) - 1; i >= 0; i-- {
		if ev := &th.Events[i]; ev.Kind == litmus.KindW && ev.WorldKey() == loc {
			return ev.Val, true
		}
	}
	return litmus.Value{}, false
}

// externalRuns are the runs of reads of one location on a path that must
// see another thread's write: reads whose every value (one, or an open
// read's several) is neither the thread's latest store there nor, before
// its first, the initial value. Each run needs a write of its own, of one
// of its values.
type externalRuns struct {
	runs [][]litmus.Value
	// going: the path's latest access to the location is a read, whose
	// values are last; a next read of one of them may see its write again.
	going bool
	last  []litmus.Value
}

// externalRuns finds the runs of th's reads of loc. A read of an unknown
// value may see any write: it neither starts a run nor ends one.
func (pe *Enumeration) externalRuns(th *ThreadRun, loc string) *externalRuns {
	r := &externalRuns{}
	var own litmus.Value
	hasOwn := false
	for k := range th.Events {
		ev := &th.Events[k]
		if ev.Kind != litmus.KindW && ev.Kind != litmus.KindR || ev.WorldKey() != loc || ev.Val.IsUnknown() {
			continue
		}
		if ev.Kind == litmus.KindW {
			own, hasOwn, r.going = ev.Val, true, false
			continue
		}
		vals := append([]litmus.Value{ev.Val}, ev.Alts...)
		forced := true
		for _, v := range vals {
			if hasOwn && v == own || !hasOwn && v == pe.Init[loc] {
				forced = false
			}
		}
		if forced && !r.continues(vals) {
			r.runs = append(r.runs, vals)
		}
		r.going, r.last = true, vals
	}
	return r
}

// continues reports whether a read of one of vals may see the write that
// the latest read saw.
func (r *externalRuns) continues(vals []litmus.Value) bool {
	if !r.going {
		return false
	}
	for _, v := range vals {
		if slices.Contains(r.last, v) {
			return true
		}
	}
	return false
}

// tooFew reports whether a read of v next, one that must see another
// thread's write, leaves some runs more than the writes of their values
// that the other threads make: Hall's condition, checked for the value
// sets of the runs that contain v.
func (r *externalRuns) tooFew(v litmus.Value, writes func(litmus.Value) int) bool {
	one := []litmus.Value{v}
	if r.continues(one) {
		return false
	}
	runs := append(r.runs[:len(r.runs):len(r.runs)], one)
	for _, set := range runs {
		if !slices.Contains(set, v) {
			continue
		}
		n := 0
		for _, other := range runs {
			if subset(other, set) {
				n++
			}
		}
		room := 0
		for _, w := range set {
			room += writes(w)
		}
		if n > room {
			return true
		}
	}
	return false
}

// subset reports whether every value of a is in b.
func subset(a, b []litmus.Value) bool {
	for _, v := range a {
		if !slices.Contains(b, v) {
			return false
		}
	}
	return true
}

// others is the most writes of v to loc that the threads other than self
// make on one path each.
func (w *Writers) others(loc string, v litmus.Value, self int) int {
	n := 0
	for u, m := range w.most[locVal{loc, v}] {
		if u != self {
			n += m
		}
	}
	return n
}
