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
// It holds for a model where every execution is coherent (SC per
// location) and for accesses of one width; the explorer sets Writers
// only then.

package paths

import "github.com/litmuscheck/litmuscheck/litmus"

// Writers records, for each location (its world key) and value, the
// threads whose paths may store it: every path of every enumeration so
// far, those a later read cut included.
type Writers struct {
	by map[string]map[litmus.Value]uint64
	// grew records a store noted since the last Start that the record
	// lacked.
	grew bool
}

// MaxWriterThreads is the number of threads Writers can tell apart.
const MaxWriterThreads = 64

// NewWriters returns an empty record.
func NewWriters() *Writers { return &Writers{by: map[string]map[litmus.Value]uint64{}} }

// Note records that thread i's path stores ev; a nil record notes
// nothing.
func (w *Writers) Note(i int, ev Event) {
	if w == nil {
		return
	}
	key := ev.WorldKey()
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
	out := make([]litmus.Value, 0, len(vals))
	for _, v := range vals {
		writers, stored := by[v]
		switch {
		case writers&^self != 0, hasOwn && v == own:
		case !hasOwn && v == pe.Init[loc]:
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
