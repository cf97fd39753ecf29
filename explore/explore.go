// This file implements the explorer's entry point and its result: the
// Model interfaces, Options, Explore with its workers, and the merge of
// their findings into a Result whatever the number of workers.

package explore

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/litmuscheck/litmuscheck/explore/combine"
	"github.com/litmuscheck/litmuscheck/explore/limit"
	"github.com/litmuscheck/litmuscheck/explore/paths"
	"github.com/litmuscheck/litmuscheck/explore/provenance"
	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/rel"
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
	Check(x *litmus.Execution) (allowed bool, flags []string)
}

// Capabilities are what a model lets the explorer assume, or asks it to
// enumerate, beyond Check. The zero value is a model of herd's kind that
// claims nothing: it forbids incoherent candidates and reads lock events
// as herd7 7.58's lock.cat does.
type Capabilities struct {
	// ValueCycles: the model may allow a cycle of reads and writes that
	// copy one another's values, such as one through LKMM's plain
	// accesses. herd leaves the value of such a cycle unknown and prints
	// its symbol; the explorer then enumerates these candidates too, with
	// an unknown value on the locations of the cycle. For other models
	// every such cycle breaks an axiom, and the explorer skips them.
	ValueCycles bool
	// ShapeMemo: the model's Execution.Memo depends only on the shape of
	// the execution (its events without their values, po and the
	// dependencies). The explorer then hands the Memo of one combination
	// of paths to the next combination of the same shape, so that the
	// model derives it once.
	ShapeMemo bool
	// MayBeIncoherent: the model may allow what SC per location forbids
	// (a cycle of po-loc and the communication relations, or a write of
	// another thread between an RMW's read and its write). The explorer
	// otherwise cuts those candidates before asking the model, as herd's
	// and our models all forbid them; with it, it enumerates them as
	// herd7 does.
	MayBeIncoherent bool
	// UnknownLocks: the model does not read lock events (spin_lock's LKR
	// and LKW, spin_unlock's UL, the LF, RL and RU reads) as herd7 7.58's
	// lock.cat does, whose rf and co of them the explorer builds itself
	// (lockworld.go), so the explorer refuses a test with lock events
	// rather than read them another way (an edited lock.cat).
	UnknownLocks bool
	// AtomicRMW: the model forbids every candidate in which the read of
	// an rmw pair of one instruction reads from another write than the
	// one immediately co-before the pair's write. The explorer then skips
	// those candidates instead of checking them.
	AtomicRMW bool
	// AtomicLocks: the model forbids the same of lock.cat's lock-read and
	// lock-write pairs (spin_lock, a successful spin_trylock) alone, as
	// lock.cat does by giving a lock-read the write immediately co-before
	// its lock-write.
	AtomicLocks bool
	// AcquireCASFormsAlike: the model decides alike the forms of a
	// compare-and-swap (litmus.CASForm) of one outcome that differ only
	// in how the old value's dependencies reach the destination, when the
	// read is an acquire (tag A) and the expected value depends on no
	// read: every edge they differ by starts at the read and ends
	// po-after it, where the acquire orders it anyway. The explorer then
	// runs one of them, counted once for each (paths.Path.Weight).
	AcquireCASFormsAlike bool
}

// A CapableModel is a Model that states its Capabilities.
type CapableModel interface {
	Model
	Capabilities() Capabilities
}

// capabilitiesOf is m's Capabilities, the zero value for a model that
// states none.
func capabilitiesOf(m Model) Capabilities {
	if cm, ok := m.(CapableModel); ok {
		return cm.Capabilities()
	}
	return Capabilities{}
}

// refuseLockEvents is the refusal of test under m when m does not read
// lock events as the explorer builds them, nil otherwise.
func refuseLockEvents(test *litmus.Test, m Model) error {
	if !capabilitiesOf(m).UnknownLocks {
		return nil
	}
	for _, th := range test.Threads {
		for i := range th.Code {
			if in := &th.Code[i]; paths.IsLockInstr(in) || litmus.IsLockEvent(in.WTags) {
				return litmus.Unsupported(in.Pos, fmt.Sprintf("%q under %s, whose lock.cat is not herd7 7.58's: litmuscheck builds the lock events' rf and co as that lock.cat does", in.Text, m.Name()))
			}
		}
	}
	return nil
}

// A FallibleModel is a Model whose check may fail, such as a model read
// from a cat file that meets a type error on one dialect's events. The
// explorer then calls CheckErr instead of Check, and an error ends the
// exploration with that error instead of a verdict, as a candidate too
// large to check does: the error belongs to this exploration alone.
type FallibleModel interface {
	Model
	CheckErr(x *litmus.Execution) (allowed bool, flags []string, err error)
}

// A PruningModel is a Model that can tell from part of a candidate that
// every completion is forbidden: its axioms that are monotone in rf and co
// (acyclic, irreflexive or empty of a relation built from them without
// difference or complement on those edges) fail on a subset of the edges
// of every completion, so the explorer cuts the subtree. The full check
// still decides each candidate that is not cut.
type PruningModel interface {
	Model
	// Prunes reports whether the model has such axioms.
	Prunes() bool
	// Refutes reports whether x, whose RF and CO hold part of the edges
	// of every completion, breaks one of them.
	Refutes(x *litmus.Execution) bool
}

func pruner(m Model) PruningModel {
	if pm, ok := m.(PruningModel); ok && pm.Prunes() {
		return pm
	}
	return nil
}

// DefaultUnroll is how many times a backward jump may be taken unless
// Options.Unroll says otherwise: herd7's default.
const DefaultUnroll = paths.DefaultUnroll

// Options tune an exploration. The zero value is ready to use.
type Options struct {
	// Workers is how many goroutines explore one test; 0 means 1.
	// Results do not depend on it.
	Workers int
	// PathLimit bounds the paths of one thread; 0 means 100000.
	PathLimit int
	// Unroll is how many times a backward jump may be taken (herd's
	// -unroll); 0 means DefaultUnroll, a negative number none at all.
	Unroll int
	// RefuseMixedSize makes a location accessed with two widths an
	// "unsupported: mixed-size access" error (sizes.go): litmuscheck
	// models every location as one whole value. herd7 without -variant
	// mixed runs such tests anyway, which emulating it needs.
	RefuseMixedSize bool
	// Mixed runs every test under mixed-size semantics, as herd7's
	// -variant mixed (mixed.go); a test that mixes sizes, where
	// RefuseMixedSize would refuse it, runs so too when its dialect has
	// them (MixedSupported).
	Mixed bool
	// MaxMemory bounds the heap, in bytes: an exploration that passes it
	// stops with a *MemoryLimitError. 0 means DefaultMaxMemory, a negative
	// value no bound. The heap is the process's, so explorations running
	// side by side share the bound.
	MaxMemory int64
	// NoSymmetry explores every combination of paths, also those that
	// only permute interchangeable threads (symmetry.go). Results do not
	// depend on it.
	NoSymmetry bool
	// StopAtFirst ends the exploration, Uncounted, at its first allowed
	// execution that passes the filter (one worker: the same each time).
	StopAtFirst bool
	Decide      bool // package decide's: decide what cannot be counted in time
}

// setup is the per-test data the explorer computes once.
type setup struct {
	test *litmus.Test
	// caps are what the model lets the explorer assume.
	caps Capabilities
	// coherent: the model forbids incoherent candidates, and the
	// explorer cuts them (Capabilities.MayBeIncoherent).
	coherent bool
	// writers keeps the paths' reads coherent with their own stores (nil:
	// a model that may be incoherent, or mixed sizes).
	writers *paths.Writers
	// lim bounds the preparation; each worker has its own.
	lim *limit.Limiter
	// unroll is how many times a backward jump may be taken.
	unroll   int
	locs     []string // memory locations, sorted
	initMem  map[string]litmus.Value
	initRegs []map[string]litmus.Value
	paths    [][]paths.Path
	loopCut  bool
	// prov counts the stores behind the values of the domains.
	prov *provenance.Provenance
	// hangPaths are the paths of each thread that end in a spin that may
	// wait forever, apart from paths.
	hangPaths [][]paths.Path
	// widths is what the accesses of every path, before the filter
	// pruned any, say of the test's sizes (mixedIfNeeded).
	widths   widthsSeen
	observed []litmus.LocRef
	// shown are the registers of each thread that its end reads
	// (paths.ShownRegs).
	shown [][]string
	// shapes[t][i] numbers the shape of path i of thread t (its events
	// without their values), for a ShapeModel; nil otherwise.
	shapes [][]int
	// herdTotal is the number of symbols of one herd build and
	// herdBase[t] that of the threads before t, when values may be
	// unknown (herdvars.go).
	herdTotal int
	herdBase  []int
	// mixed, when set, lays locations out in cells (mixed.go).
	mixed *paths.MixedLayout
	// sym is the symmetry between the threads; nil explores every
	// combination.
	sym *symmetry
	// hangPhase is set while the choices with a hang path are explored:
	// they count hangs and show a hanging execution, never a forbidden
	// candidate (hang.go).
	hangPhase bool
	// cutPaths are the paths of each thread cut by the unroll bound, kept
	// with ConsistentCuts; cutsLost records one that could not be kept.
	// cutPhase is set while exploring them (cuts.go).
	cutPaths       [][]paths.Path
	cutsLost       bool
	consistentCuts bool
	cutPhase       bool
	stopAtFirst    bool
}

// Explore runs test under model. Every phase polls ctx and the memory
// bound: a deadline ends it with ctx's error.
func Explore(ctx context.Context, test *litmus.Test, model Model, opt Options) (*litmus.Result, error) {
	lim := limit.New(ctx, test.File, opt.MaxMemory)
	// The phases poll every few thousand units of work: a deadline that
	// has already passed must not wait for the first poll.
	if err := lim.Ctx.Err(); err != nil {
		return nil, err
	}
	if err := refuseLockEvents(test, model); err != nil {
		return nil, err
	}
	s, err := prepare(test, model, opt, lim)
	if err != nil {
		return nil, err
	}
	if opt.RefuseMixedSize && !opt.Mixed {
		if s, err = s.mixedIfNeeded(model, opt); err != nil {
			return nil, err
		}
	}
	if err := s.everyTooLarge(); err != nil {
		return nil, err
	}
	if !opt.NoSymmetry && s.mixed == nil {
		s.sym = s.findSymmetry()
	}
	res := &litmus.Result{Test: test, Model: model.Name(), Observed: s.observed, LoopCut: s.loopCut}
	workers := max(opt.Workers, 1)
	s.stopAtFirst = opt.StopAtFirst
	parts, err := s.runWorkers(model, lim, workers)
	if err != nil {
		return nil, err
	}
	if finish(res, parts); res.Uncounted {
		return res, nil
	}
	var orbits []litmus.State
	for _, p := range parts {
		for _, st := range p.orbitStates {
			orbits = append(orbits, st)
		}
	}
	res.States = s.sym.images(res.States, orbits)
	if litmus.UnsignedStates[test.Arch] {
		slices.SortStableFunc(res.States, litmus.CompareStatesUnsigned)
	}
	if err := s.exploreHangs(res, model, lim, workers); err != nil {
		return nil, err
	}
	if s.cutsDecidable() {
		if res.LoopCut, err = s.consistentCut(model, lim, workers); err != nil {
			return nil, err
		}
	}
	return res, nil
}

// runWorkers explores every choice of paths of s with workers goroutines.
func (s *setup) runWorkers(model Model, lim *limit.Limiter, workers int) ([]*partial, error) {
	gen := &sharedGen{gen: s.newComboGen(lim), errKey: -1}
	parts := make([]*partial, workers)
	var wg sync.WaitGroup
	for w := range parts {
		parts[w] = newPartial(lim.Fork(), s)
		wg.Add(1)
		go func(out *partial) {
			defer wg.Done()
			choice := make([]int, len(s.paths))
			for {
				key, ok := gen.next(choice)
				if !ok {
					return
				}
				s.exploreCombo(choice, key, model, out)
				if out.err != nil || out.found {
					gen.fail(out.errKey, out.err)
					return
				}
			}
		}(parts[w])
	}
	wg.Wait()
	if gen.err != nil {
		return nil, gen.err
	}
	return parts, nil
}

// sharedGen hands the choices of a combine.Gen to the workers, and keeps the
// error that ends an exploration. A limit (the deadline, the memory bound)
// ends it at once; an error of the test itself (a candidate too large to
// check) ends it once the choices before it are done, and the error of the
// smallest key wins: whatever the number of workers, it is the same one.
type sharedGen struct {
	mu  sync.Mutex
	gen *combine.Gen
	// err is the error of the exploration; errKey its choice's key, or -1
	// for a limit.
	err    error
	errKey int
	done   bool
}

// next copies the next choice into choice and returns its key.
func (g *sharedGen) next(choice []int) (int, bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.err != nil || g.done {
		return 0, false
	}
	ok, err := g.gen.Next()
	if err != nil {
		g.err, g.errKey = err, -1
	}
	if !ok {
		return 0, false
	}
	copy(choice, g.gen.Choice)
	return g.gen.Seq, true
}

// fail records err, raised at the choice key (-1: a limit).
func (g *sharedGen) fail(key int, err error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	switch {
	case err == nil: // StopAtFirst's execution found
		g.done = true
	case g.err == nil, key < 0 && g.errKey >= 0, key >= 0 && g.errKey >= 0 && key < g.errKey:
		g.err, g.errKey = err, key
	}
}

// A partial is one worker's share of an exploration: what it found, how
// it polls the limits, and what it keeps from one candidate to the next.
type partial struct {
	findings
	polling
	caches
}

// findings are what a worker found; finish merges the workers' in a fixed
// order, so that the Result does not depend on their number.
type findings struct {
	states     map[string]litmus.State
	pos, neg   int
	flags      map[string]bool
	candidates int64
	pruned     int64
	witness    *litmus.Execution
	witnessKey int
	blocked    *litmus.Execution
	blockedKey int
	// showsNoBlocked is set when the exploration reports no forbidden
	// candidate (the hang phase, StopAtFirst): pruning may start at once.
	showsNoBlocked bool
	// hangs counts the hanging executions, hangWitness the one of the
	// smallest key.
	hangs       int
	hangWitness *litmus.Execution
	hangKey     int
	// cut: a cut execution was found consistent (cuts.go).
	cut bool
	// found: StopAtFirst's execution is found, and every loop stopped.
	found bool
	// stuck is the stuck path of the allowed stuck candidate of least key
	// (outcome.go).
	stuck    *litmus.Stuck
	stuckKey int
}

// polling is how a worker bounds its work: lim is polled once work passes
// nextPoll; stopped is set once a limit is reached or err is set, and
// every enumeration loop then returns.
type polling struct {
	lim      *limit.Limiter
	work     int
	nextPoll int
	// cost is the work of checking one candidate: one, plus the nodes of
	// the condition and filter evaluated on it.
	cost    int
	stopped bool
	// err, when set, ends the exploration with an error rather than a
	// result: a limit (errKey -1), or a candidate too large to check at
	// the choice errKey.
	err    error
	errKey int
}

// caches are what a worker keeps from one candidate to the next.
type caches struct {
	// arena is the worker's scratch space for models (Execution.Arena).
	arena rel.Arena
	// memos are a shape-memo model's Memos by shape of combination
	// (Capabilities.ShapeMemo).
	memos map[string]any
	// templates are the shapes of combinations built so far (template.go).
	templates map[string]*comboTemplate
	// orbitStates are final states whose orbit under the symmetry is
	// already in (symmetry.go).
	orbitStates map[string]litmus.State
	// plainStates holds the states of plain integers (litmus.StateTable).
	plainStates *litmus.StateTable
	// scratch is a relation for checks that keep nothing (thinAirFree).
	scratch rel.Rel
	// before is enumerateCo's relation of co edges every order has, and
	// rfOf its write read by each read.
	before rel.Rel
	rfOf   []int
}

// pollEvery is the work between two polls of the limits: a few
// milliseconds.
const pollEvery = 1 << 14

func newPartial(lim *limit.Limiter, s *setup) *partial {
	cost := 1 + litmus.PropSize(s.test.Cond.Prop)
	if s.test.Filter != nil {
		cost += litmus.PropSize(s.test.Filter)
	}
	return &partial{
		findings: findings{states: map[string]litmus.State{}, flags: map[string]bool{},
			witnessKey: -1, blockedKey: -1, hangKey: -1, showsNoBlocked: s.hangPhase || s.stopAtFirst},
		polling: polling{lim: lim, nextPoll: pollEvery, cost: cost},
		caches:  caches{memos: map[string]any{}, templates: map[string]*comboTemplate{}, orbitStates: map[string]litmus.State{}},
	}
}

// mayPrune reports whether the worker may cut refuted subtrees: once it
// holds the forbidden candidate the report shows (the first of its
// combination, which pruning could skip), or at once when the report
// shows none.
func (p *partial) mayPrune() bool { return p.blocked != nil || p.showsNoBlocked }

// tick adds work and polls the limits when enough was done since the last
// poll; it reports whether to go on.
func (p *partial) tick(work int) bool {
	if p.work += work; p.work < p.nextPoll {
		return !p.stopped
	}
	p.nextPoll = p.work + pollEvery
	if err := p.lim.Poll(func() string { return "exploring candidate executions" }); err != nil {
		p.fail(-1, err)
	}
	return !p.stopped
}

// fail stops the worker with err, raised at the choice key (-1: a limit).
func (p *partial) fail(key int, err error) {
	if p.err == nil {
		p.err, p.errKey = err, key
	}
	p.stopped = true
}

func finish(res *litmus.Result, parts []*partial) *litmus.Result {
	states := map[string]litmus.State{}
	flags := map[string]bool{}
	best, bestBlocked, bestStuck := -1, -1, -1
	for _, p := range parts {
		for k, st := range p.states {
			states[k] = st
		}
		for f := range p.flags {
			flags[f] = true
		}
		res.Positive += p.pos
		res.Negative += p.neg
		res.Uncounted = res.Uncounted || p.found
		res.Candidates += p.candidates
		res.Pruned += p.pruned
		if p.witness != nil && (best < 0 || p.witnessKey < best) {
			best, res.Witness = p.witnessKey, p.witness
		}
		if p.blocked != nil && (bestBlocked < 0 || p.blockedKey < bestBlocked) {
			bestBlocked, res.Blocked = p.blockedKey, p.blocked
		}
		if p.stuck != nil && (bestStuck < 0 || p.stuckKey < bestStuck) {
			bestStuck, res.Stuck = p.stuckKey, p.stuck
		}
	}
	for _, st := range states {
		res.States = append(res.States, st)
	}
	// symmetry.images sorts them, with their images.
	for f := range flags {
		res.Flags = append(res.Flags, f)
	}
	sort.Strings(res.Flags)
	return res
}

func stateKey(vals []litmus.Value) string {
	var b strings.Builder
	for _, v := range vals {
		b.WriteString(v.String())
		b.WriteByte(';')
	}
	return b.String()
}

// Check runs test under model with default options: the entry point for
// using litmuscheck from Go tests.
func Check(test *litmus.Test, model Model) (*litmus.Result, error) {
	return Explore(context.Background(), test, model, Options{})
}

// Tick is tick, for the coherence orders (coorder.Work).
func (p *partial) Tick(work int) bool { return p.tick(work) }
