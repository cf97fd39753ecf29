// This file implements the explorer's entry point and its result: the
// Model interfaces, Options, Explore with its workers, and the merge of
// their findings into a Result whatever the number of workers.
package litmus

import (
	"context"
	"sort"
	"strings"
	"sync"
)

// A Model decides which candidate executions are allowed.
//
// Every model is assumed to require herd's atomicity axiom,
// "empty rmw & (fre; coe)" (sc.cat, x86tso.cat, ppc.cat, aarch64.cat and
// linux-kernel.cat all do): the explorer drops the coherence orders that
// break it before asking the model.
type Model interface {
	// Name is the model's name as herd prints it.
	Name() string
	// Check reports whether x is allowed, and the flags x raises.
	Check(x *Execution) (allowed bool, flags []string)
}

// A CycleModel is a Model that may allow a cycle of reads and writes that
// copy one another's values, such as one through LKMM's plain accesses.
// herd leaves the value of such a cycle unknown and prints its symbol; the
// explorer then enumerates these candidates too, with an unknown value on
// the locations of the cycle. For other models every such cycle breaks an
// axiom, and the explorer skips them.
type CycleModel interface {
	Model
	ValueCycles() bool
}

func valueCycles(m Model) bool {
	cm, ok := m.(CycleModel)
	return ok && cm.ValueCycles()
}

// A ShapeModel is a Model whose Execution.Memo depends only on the shape
// of the execution: its events without their values, po and the
// dependencies. The explorer then hands the Memo of one combination of
// paths to the next combination of the same shape (paths that differ only
// in the values they read), so that the model derives it once.
type ShapeModel interface {
	Model
	ShapeMemo() bool
}

// An AtomicModel is a Model that forbids every candidate in which the read
// of an rmw pair reads from another write than the one immediately
// co-before the pair's write, when the pair's two events come from one
// instruction. The explorer then skips those candidates instead of
// checking them: two such reads never share a write, and the write each
// reads is placed right before its pair's write in co.
type AtomicModel interface {
	Model
	AtomicRMW() bool
}

// Options tune an exploration. The zero value is ready to use.
type Options struct {
	// Workers is how many goroutines explore one test; 0 means 1.
	// Results do not depend on it.
	Workers int
	// PathLimit bounds the paths of one thread; 0 means 100000.
	PathLimit int
	// Unroll is how many times a backward jump may be taken (herd's
	// -unroll); 0 means DefaultUnroll.
	Unroll int
	// RefuseMixedSize makes a location accessed with two widths an
	// "unsupported: mixed-size access" error (sizes.go): litmuscheck
	// models every location as one whole value. herd7 without -variant
	// mixed runs such tests anyway, which emulating it needs.
	RefuseMixedSize bool
}

// A Result is what an exploration found.
type Result struct {
	Test  *Test
	Model string
	// Observed lists the registers and locations a final state shows.
	Observed []LocRef
	// States are the distinct final states of allowed executions that
	// pass the filter, sorted.
	States []State
	// Positive and Negative count the allowed executions whose final state
	// satisfies, or does not satisfy, the condition's proposition.
	Positive, Negative int
	// Flags are the flags raised by allowed executions, sorted.
	Flags []string
	// LoopCut is true when the unroll bound cut some path.
	LoopCut bool
	// Candidates is the number of candidate executions checked.
	Candidates int64
	// Witness is an allowed execution that satisfies the proposition (for
	// exists) or contradicts it (for ~exists and forall); nil if none.
	Witness *Execution
	// Blocked is a candidate execution whose final state satisfies the
	// proposition but which the model forbids; nil if there is none.
	Blocked *Execution
}

// A State is a final state: one value per observed register or location.
type State struct {
	Values []Value
}

// Verdict is herd's observation word: Never, Sometimes or Always.
func (r *Result) Verdict() string {
	switch {
	case r.Positive == 0:
		return "Never"
	case r.Negative == 0:
		return "Always"
	}
	return "Sometimes"
}

// Executions is the number of allowed executions that pass the filter.
func (r *Result) Executions() int { return r.Positive + r.Negative }

// Vacuous reports whether no execution survives: every candidate was cut
// (an __assume, a filter, a spin's final attempt) or forbidden by the
// model. A Never then proves nothing about the condition.
func (r *Result) Vacuous() bool { return r.Executions() == 0 }

// VacuousNote is what follows a vacuous Never for a reader.
const VacuousNote = "vacuous: no execution survives"

// Label is the verdict as litmuscheck's own output prints it: Verdict,
// with a vacuous Never labelled so that nobody reads it as a proof.
// herd's format prints Verdict alone, as herd7 does.
func (r *Result) Label() string {
	if r.Vacuous() {
		return r.Verdict() + " (" + VacuousNote + ")"
	}
	return r.Verdict()
}

// setup is the per-test data the explorer computes once.
type setup struct {
	test *Test
	// unroll is how many times a backward jump may be taken.
	unroll   int
	locs     []string // memory locations, sorted
	initMem  map[string]Value
	initRegs []map[string]Value
	paths    [][]path
	loopCut  bool
	observed []LocRef
	// shapes[t][i] numbers the shape of path i of thread t (its events
	// without their values), for a ShapeModel; nil otherwise.
	shapes [][]int
	// herdTotal is the number of symbols of one herd build and
	// herdBase[t] that of the threads before t, when values may be
	// unknown (herdvars.go).
	herdTotal int
	herdBase  []int
}

// Explore runs test under model.
func Explore(ctx context.Context, test *Test, model Model, opt Options) (*Result, error) {
	s, err := prepare(test, model, opt)
	if err != nil {
		return nil, err
	}
	if opt.RefuseMixedSize {
		if err := s.checkSizes(); err != nil {
			return nil, err
		}
	}
	res := &Result{Test: test, Model: model.Name(), Observed: s.observed, LoopCut: s.loopCut}
	workers := opt.Workers
	if workers <= 0 {
		workers = 1
	}
	combos, err := s.combos(ctx)
	if err != nil {
		return nil, err
	}
	if len(combos) == 0 {
		return finish(res, nil), nil
	}
	parts := make([]*partial, workers)
	var wg sync.WaitGroup
	errs := make([]error, workers)
	for w := 0; w < workers; w++ {
		parts[w] = newPartial()
		parts[w].ctx = ctx
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for i := w; i < len(combos); i += workers {
				if err := ctx.Err(); err != nil {
					errs[w] = err
					return
				}
				s.exploreCombo(ctx, combos[i], model, parts[w])
				if parts[w].stopped {
					errs[w] = ctx.Err()
					if parts[w].err != nil {
						errs[w] = parts[w].err
					}
					return
				}
			}
		}(w)
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return finish(res, parts), nil
}

// partial gathers one worker's findings; finish merges them in a fixed
// order so that the result does not depend on the number of workers.
type partial struct {
	states     map[string]State
	pos, neg   int
	flags      map[string]bool
	candidates int64
	witness    *Execution
	witnessKey int
	blocked    *Execution
	blockedKey int
	// ctx is polled every few thousand candidates; stopped is set once it
	// is done, and every enumeration loop then returns.
	ctx     context.Context
	stopped bool
	// err, when set, ends the exploration with an error rather than a
	// result (a candidate too large to check).
	err error
	// arena is the worker's scratch space for models (Execution.Arena).
	arena Arena
	// memos are the Memos of a ShapeModel by shape of combination.
	memos map[string]any
}

func newPartial() *partial {
	return &partial{memos: map[string]any{}, states: map[string]State{}, flags: map[string]bool{}, witnessKey: -1, blockedKey: -1}
}

func finish(res *Result, parts []*partial) *Result {
	states := map[string]State{}
	flags := map[string]bool{}
	best, bestBlocked := -1, -1
	for _, p := range parts {
		for k, st := range p.states {
			states[k] = st
		}
		for f := range p.flags {
			flags[f] = true
		}
		res.Positive += p.pos
		res.Negative += p.neg
		res.Candidates += p.candidates
		if p.witness != nil && (best < 0 || p.witnessKey < best) {
			best, res.Witness = p.witnessKey, p.witness
		}
		if p.blocked != nil && (bestBlocked < 0 || p.blockedKey < bestBlocked) {
			bestBlocked, res.Blocked = p.blockedKey, p.blocked
		}
	}
	for _, st := range states {
		res.States = append(res.States, st)
	}
	sort.Slice(res.States, func(i, j int) bool { return compareStates(res.States[i], res.States[j]) < 0 })
	for f := range flags {
		res.Flags = append(res.Flags, f)
	}
	sort.Strings(res.Flags)
	return res
}

func compareStates(a, b State) int {
	for i := range a.Values {
		if c := a.Values[i].Compare(b.Values[i]); c != 0 {
			return c
		}
	}
	return 0
}

func stateKey(vals []Value) string {
	var b strings.Builder
	for _, v := range vals {
		b.WriteString(v.String())
		b.WriteByte(';')
	}
	return b.String()
}

// Check runs test under model with default options: the entry point for
// using litmuscheck from Go tests.
func Check(test *Test, model Model) (*Result, error) {
	return Explore(context.Background(), test, model, Options{})
}
