// This file implements the explorer: it combines the threads' paths,
// enumerates reads-from and coherence, asks a model which candidates are
// allowed, and gathers final states and counts.
package litmus

import (
	"context"
	"fmt"
	"sort"
	"strconv"
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

// An Explainer is a model that can name the axioms an execution breaks.
type Explainer interface {
	Failing(x *Execution) []string
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

// combos lists, in increasing index order, the choices of one path per
// thread in which every value read is the initial value of its location or
// is written by a chosen path: the others have no candidate execution. A
// depth-first walk over the threads drops a prefix as soon as it reads a
// value that neither it nor any path of the remaining threads writes.
func (s *setup) combos(ctx context.Context) ([]int, error) {
	type locVal struct {
		loc string
		v   Value
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
			for _, ev := range p.events {
				switch ev.kind {
				case KindR:
					sums[t][i].reads = append(sums[t][i].reads, index(locVal{ev.loc, ev.val}))
				case KindW:
					sums[t][i].writes = append(sums[t][i].writes, index(locVal{ev.loc, ev.val}))
				}
			}
		}
	}
	words := (len(pairs) + 63) / 64
	bits := func(ks []int) []uint64 {
		b := make([]uint64, words)
		for _, k := range ks {
			b[k/64] |= 1 << uint(k%64)
		}
		return b
	}
	var initial []int
	for lv := range pairs {
		if lv.v == s.initMem[lv.loc] {
			initial = append(initial, pairs[lv])
		}
	}
	nt := len(s.paths)
	reads := make([][][]uint64, nt)
	writes := make([][][]uint64, nt)
	// future[t] is what some path of threads t... may write.
	future := make([][]uint64, nt+1)
	future[nt] = make([]uint64, words)
	for t := nt - 1; t >= 0; t-- {
		future[t] = append([]uint64(nil), future[t+1]...)
		for _, sm := range sums[t] {
			r, w := bits(sm.reads), bits(sm.writes)
			reads[t] = append(reads[t], r)
			writes[t] = append(writes[t], w)
			for k := range w {
				future[t][k] |= w[k]
			}
		}
	}
	// Per depth: what the chosen paths read and write so far.
	need := make([][]uint64, nt+1)
	have := make([][]uint64, nt+1)
	for t := range need {
		need[t] = make([]uint64, words)
		have[t] = make([]uint64, words)
	}
	copy(have[0], bits(initial))
	var out []int
	var err error
	steps := 0
	var rec func(t, idx int)
	rec = func(t, idx int) {
		if err != nil {
			return
		}
		if t == nt {
			out = append(out, idx)
			return
		}
		for i := range s.paths[t] {
			if steps++; steps%4096 == 0 {
				if err = ctx.Err(); err != nil {
					return
				}
			}
			ok := true
			for k := 0; k < words; k++ {
				need[t+1][k] = need[t][k] | reads[t][i][k]
				have[t+1][k] = have[t][k] | writes[t][i][k]
				if need[t+1][k]&^(have[t+1][k]|future[t+1][k]) != 0 {
					ok = false
				}
			}
			if ok {
				rec(t+1, idx*len(s.paths[t])+i)
			}
		}
	}
	rec(0, 0)
	return out, err
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

// prepare computes locations, initial values, value domains and paths.
func prepare(test *Test, model Model, opt Options) (*setup, error) {
	s := &setup{test: test, initMem: map[string]Value{}}
	locSet := map[string]bool{}
	s.initRegs = make([]map[string]Value, len(test.Threads))
	for i := range s.initRegs {
		s.initRegs[i] = map[string]Value{}
	}
	for _, it := range test.Init {
		switch {
		case it.Loc.Thread == -1:
			locSet[it.Loc.Name] = true
			s.initMem[it.Loc.Name] = it.Value
			if it.Value.Sym != "" {
				locSet[it.Value.Sym] = true
			}
		case it.Loc.Thread == -2:
			for i := range s.initRegs {
				s.initRegs[i][it.Loc.Name] = it.Value
			}
		default:
			if it.Loc.Thread >= len(test.Threads) {
				return nil, Errorf(it.Pos, "thread %d does not exist", it.Loc.Thread)
			}
			s.initRegs[it.Loc.Thread][it.Loc.Name] = it.Value
		}
		if it.Value.Sym != "" {
			locSet[it.Value.Sym] = true
		}
	}
	for _, th := range test.Threads {
		for _, p := range th.Params {
			locSet[p] = true
		}
		for i := range th.Code {
			collectSyms(&th.Code[i], locSet)
		}
	}
	s.observed = observedLocs(test)
	for _, l := range s.observed {
		if !l.IsReg() {
			locSet[l.Name] = true
		}
	}
	for l := range locSet {
		s.locs = append(s.locs, l)
	}
	sort.Strings(s.locs)

	limit := opt.PathLimit
	if limit <= 0 {
		limit = 100000
	}
	s.unroll = opt.Unroll
	if s.unroll <= 0 {
		s.unroll = DefaultUnroll
	}
	if err := s.domains(test, limit, valueCycles(model)); err != nil {
		return nil, err
	}
	s.prunePaths()
	if sm, ok := model.(ShapeModel); ok && sm.ShapeMemo() {
		s.numberShapes()
	}
	return s, nil
}

// domains computes the values each location may hold and the paths of
// every thread that read them.
//
// Domains grow round by round, until the values stored stop changing:
// each round lets one more link of a causal chain of stores be seen. A
// discovery round then lets one read per path return a value outside its
// domain, for values that only such a read leads to (a read deciding a
// branch that stores the value it reads, which herd's equations allow);
// what it finds starts the rounds again. Last, for a model that may allow
// value cycles, the locations on a cycle of reads copied into writes may
// hold an unknown value, and the paths are enumerated once more with it.
func (s *setup) domains(test *Test, limit int, cycles bool) error {
	domains := map[string][]Value{}
	for _, l := range s.locs {
		domains[l] = []Value{s.initMem[l]}
	}
	add := func(vals []locValue) bool {
		grown := false
		for _, lv := range vals {
			if !containsValue(domains[lv.loc], lv.v) {
				domains[lv.loc] = append(domains[lv.loc], lv.v)
				grown = true
			}
		}
		return grown
	}
	for outer := 0; ; outer++ {
		maxWrites := 0
		for round := 0; ; round++ {
			vals, most, err := s.enumeratePaths(test, domains, limit, false, false)
			if err != nil {
				return err
			}
			maxWrites = most
			// A value needs a causal chain of at most maxWrites stores, one
			// more link per round; values past that come from thin air.
			if !add(vals) || round >= maxWrites {
				break
			}
		}
		paths, loopCut := s.paths, s.loopCut
		vals, _, err := s.enumeratePaths(test, domains, limit, true, false)
		s.paths, s.loopCut = paths, loopCut
		if err != nil {
			return err
		}
		if !add(vals) || outer >= maxWrites {
			break
		}
	}
	if !cycles {
		return nil
	}
	unknown := s.cycleLocations()
	if len(unknown) == 0 {
		return nil
	}
	for _, l := range unknown {
		domains[l] = append(domains[l], Value{Var: VarUnknown})
	}
	_, _, err := s.enumeratePaths(test, domains, limit, false, true)
	return err
}

// numberShapes numbers the shapes of each thread's paths: two paths have
// the same shape when their events differ only in their values.
func (s *setup) numberShapes() {
	s.shapes = make([][]int, len(s.paths))
	for t, ps := range s.paths {
		ids := map[string]int{}
		for _, p := range ps {
			var b strings.Builder
			for _, ev := range p.events {
				fmt.Fprintf(&b, "%d %q %d %d %q %x %x %x %x %x %x %d %t %t;", ev.kind, ev.loc, ev.instr, ev.step, ev.tags,
					ev.addr, ev.data, ev.ctrl, ev.paddr, ev.pdata, ev.pctrl, ev.rmwRead, ev.lxsx, ev.atomic)
			}
			k := b.String()
			id, ok := ids[k]
			if !ok {
				id = len(ids)
				ids[k] = id
			}
			s.shapes[t] = append(s.shapes[t], id)
		}
	}
}

// shapeKey is the shape of the combination of paths index.
func (s *setup) shapeKey(index int) string {
	ids := make([]byte, 0, 4*len(s.paths))
	for t := len(s.paths) - 1; t >= 0; t-- {
		k := len(s.paths[t])
		ids = strconv.AppendInt(ids, int64(s.shapes[t][index%k]), 10)
		ids = append(ids, ' ')
		index /= k
	}
	return string(ids)
}

// A locValue is a value a location may hold.
type locValue struct {
	loc string
	v   Value
}

// enumeratePaths sets s.paths to the paths of every thread under domains
// and returns the values stored (and, when discovering, compared with an
// unknown read) that the domains lack, with the largest number of stores
// a choice of paths makes.
//
// With herd set, the paths record herd's numbering of their unknown values
// (herdvars.go), and s.herdTotal and s.herdBase are set.
func (s *setup) enumeratePaths(test *Test, domains map[string][]Value, limit int, discover, herd bool) ([]locValue, int, error) {
	s.paths = make([][]path, len(test.Threads))
	if herd {
		s.herdBase = make([]int, len(test.Threads))
		s.herdTotal = 0
	}
	s.loopCut = false
	var newVals []locValue
	note := func(loc string, v Value) {
		if !v.IsUnknown() && !containsValue(domains[loc], v) {
			newVals = append(newVals, locValue{loc, v})
		}
	}
	maxWrites := 0
	for i, th := range test.Threads {
		pe := &pathEnum{th: th, domains: domains, limit: limit, unroll: s.unroll, discover: discover}
		most := 0
		tr := &threadRun{regs: map[string]regVal{}, resv: -1, loops: map[int]int{},
			stored: func(th *threadRun, ev tevent) {
				n := 0
				for _, e := range th.events {
					if e.kind == KindW {
						n++
					}
				}
				most = max(most, n)
				if !discover || th.decided {
					note(ev.loc, ev.val)
				}
			}}
		if discover {
			tr.discovered = note
		}
		if herd {
			pe.hv = newHerdVars(th.Code, s.initRegs[i])
			tr.hc = &herdCursor{}
			s.herdBase[i] = s.herdTotal
			s.herdTotal += pe.hv.size(0, len(th.Code))
		}
		for k, v := range s.initRegs[i] {
			tr.regs[k] = regVal{v: v}
		}
		pe.run(tr, 0)
		if pe.err != nil {
			return nil, 0, pe.err
		}
		s.paths[i] = pe.paths
		s.loopCut = s.loopCut || pe.loopCut
		maxWrites += most
	}
	return newVals, maxWrites, nil
}

// cycleLocations lists the locations on, or downstream of, a cycle of
// reads whose value some path copies into a write of the next location:
// only these may hold a value out of thin air.
func (s *setup) cycleLocations() []string {
	flow := map[string]map[string]bool{}
	for _, ps := range s.paths {
		for _, p := range ps {
			for _, ev := range p.events {
				if ev.kind != KindW {
					continue
				}
				d := ev.vdeps
				for d != 0 {
					k := trailing(uint64(d))
					d &= d - 1
					if r := p.events[k]; r.kind == KindR {
						if flow[r.loc] == nil {
							flow[r.loc] = map[string]bool{}
						}
						flow[r.loc][ev.loc] = true
					}
				}
			}
		}
	}
	// reach[l] is what l flows to in one or more steps.
	reach := func(from string) map[string]bool {
		seen := map[string]bool{}
		stack := []string{from}
		for len(stack) > 0 {
			l := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for m := range flow[l] {
				if !seen[m] {
					seen[m] = true
					stack = append(stack, m)
				}
			}
		}
		return seen
	}
	out := map[string]bool{}
	for l := range flow {
		if r := reach(l); r[l] {
			out[l] = true
			for m := range r {
				out[m] = true
			}
		}
	}
	var locs []string
	for l := range out {
		locs = append(locs, l)
	}
	sort.Strings(locs)
	return locs
}

// prunePaths drops the thread paths whose final registers contradict a
// conjunct of the filter that reads only that thread's registers: every
// execution built from them would fail the filter. Counts and states do
// not change; the executions never become candidates.
func (s *setup) prunePaths() {
	if s.test.Filter == nil {
		return
	}
	var conjuncts []Prop
	var split func(Prop)
	split = func(p Prop) {
		if a, ok := p.(*PropAnd); ok {
			split(a.A)
			split(a.B)
			return
		}
		conjuncts = append(conjuncts, p)
	}
	split(s.test.Filter)
	for t := range s.paths {
		var mine []Prop
		for _, c := range conjuncts {
			only := true
			for _, l := range PropLocs(c) {
				if l.Thread != t {
					only = false
				}
			}
			if only {
				mine = append(mine, c)
			}
		}
		if len(mine) == 0 {
			continue
		}
		kept := s.paths[t][:0]
		for _, p := range s.paths[t] {
			look := func(l LocRef) Value {
				if v, ok := p.regs[l.Name]; ok {
					return v
				}
				return s.initRegs[t][l.Name]
			}
			ok := true
			for _, c := range mine {
				if !EvalProp(c, look) {
					ok = false
					break
				}
			}
			if ok {
				kept = append(kept, p)
			}
		}
		s.paths[t] = kept
	}
}

func containsValue(vs []Value, v Value) bool {
	for _, w := range vs {
		if w == v {
			return true
		}
	}
	return false
}

func collectSyms(in *Instr, set map[string]bool) {
	for _, e := range []Expr{in.Addr, in.Src, in.Expect, in.Cond} {
		WalkExpr(e, func(e Expr) {
			if c, ok := e.(*Const); ok && c.V.Sym != "" {
				set[c.V.Sym] = true
			}
		})
	}
}

// observedLocs lists what final states show: the locations named by the
// locations list and the condition, registers first by thread and name,
// then memory locations by name.
func observedLocs(t *Test) []LocRef {
	seen := map[LocRef]bool{}
	var out []LocRef
	for _, l := range append(append([]LocRef(nil), t.Locations...), PropLocs(t.Cond.Prop)...) {
		if !seen[l] {
			seen[l] = true
			out = append(out, l)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.IsReg() != b.IsReg() {
			return a.IsReg()
		}
		if a.Thread != b.Thread {
			return a.Thread < b.Thread
		}
		if a.IsReg() && t.Arch != ArchC {
			// herd lists machine registers in the architecture's order:
			// r2 before r10.
			return naturalLess(a.Name, b.Name)
		}
		return a.Name < b.Name
	})
	return out
}

// naturalLess orders names by their letters, then by their number.
func naturalLess(a, b string) bool {
	split := func(s string) (string, int, bool) {
		i := len(s)
		for i > 0 && s[i-1] >= '0' && s[i-1] <= '9' {
			i--
		}
		if i == len(s) {
			return s, 0, false
		}
		n := 0
		for _, c := range s[i:] {
			n = n*10 + int(c-'0')
		}
		return s[:i], n, true
	}
	pa, na, oka := split(a)
	pb, nb, okb := split(b)
	if pa != pb || !oka || !okb {
		return a < b
	}
	return na < nb
}

// combo is one choice of path per thread, laid out as events.
type combo struct {
	x *Execution
	// valueFlow relates a read to the writes whose value it feeds.
	valueFlow Rel
	paths     []*path
	reads     []int   // event ids of reads
	rfCands   [][]int // per read, the writes it may read from
	writes    map[string][]int
	initOf    map[string]int
	lastW     []int // per event: for reads, the po-latest earlier same-location write of its thread, or -1
	key       int

	// known holds the events whose value is known (not Value.IsUnknown).
	known Set
	// tooMany, when not 0, is the number of events of a combination too
	// large for the bitset relations; nothing else is set.
	tooMany int
	// rmwW, for an AtomicModel, gives per read the write of its rmw pair
	// from the same instruction, or -1; nil otherwise.
	rmwW []int
}

func (s *setup) exploreCombo(ctx context.Context, index int, model Model, out *partial) {
	c := s.buildCombo(index)
	if c == nil {
		return
	}
	if c.tooMany > 0 {
		// Dropping the candidate would be a silent wrong answer.
		out.err = &Error{Pos: Pos{File: s.test.File}, Msg: fmt.Sprintf(
			"unsupported: a candidate execution of %d events (litmuscheck checks at most %d)", c.tooMany, MaxEvents)}
		out.stopped = true
		return
	}
	c.x.Arena = &out.arena
	if s.shapes != nil {
		key := s.shapeKey(index)
		if m, ok := out.memos[key]; ok {
			c.x.Memo = m
		}
		defer func() { out.memos[key] = c.x.Memo }()
	}
	if am, ok := model.(AtomicModel); ok && am.AtomicRMW() {
		c.atomicRMW()
	}
	n := len(c.reads)
	choice := make([]int, n)
	// claimed marks the writes an atomic rmw read already reads.
	claimed := make([]bool, c.x.N)
	var rec func(i int)
	rec = func(i int) {
		if i == n {
			s.enumerateCo(c, choice, model, out)
			return
		}
		atomic := c.rmwW != nil && c.rmwW[i] >= 0
		for _, w := range c.rfCands[i] {
			if out.stopped {
				return
			}
			if atomic {
				if claimed[w] {
					continue
				}
				claimed[w] = true
			}
			choice[i] = w
			rec(i + 1)
			if atomic {
				claimed[w] = false
			}
		}
	}
	rec(0)
}

// atomicRMW records, for each read, the write of its rmw pair when both
// come from one instruction, for an AtomicModel.
func (c *combo) atomicRMW() {
	x := c.x
	c.rmwW = make([]int, len(c.reads))
	for i, r := range c.reads {
		c.rmwW[i] = -1
		x.RMW.Rows[r].Each(func(w int) {
			if x.SameInstr.Has(r, w) {
				c.rmwW[i] = w
			}
		})
	}
}

// buildCombo lays out the events of combination index: init writes first,
// then each thread's events in order.
func (s *setup) buildCombo(index int) *combo {
	c := &combo{paths: make([]*path, len(s.paths)), writes: map[string][]int{}, initOf: map[string]int{}, key: index}
	for i := len(s.paths) - 1; i >= 0; i-- {
		k := len(s.paths[i])
		c.paths[i] = &s.paths[i][index%k]
		index /= k
	}
	// Locations accessed in this combination, plus all test locations.
	size := len(s.locs)
	for _, p := range c.paths {
		size += len(p.events)
	}
	events := make([]Event, 0, size+4)
	type local struct{ thread, idx int }
	for _, l := range s.locs {
		c.initOf[l] = len(events)
		events = append(events, Event{ID: len(events), Kind: KindW, Thread: -1, Instr: -1, Loc: l, Value: s.initMem[l]})
	}
	base := make([]int, len(c.paths))
	for t, p := range c.paths {
		base[t] = len(events)
		for i, ev := range p.events {
			if _, ok := c.initOf[ev.loc]; !ok && ev.kind != KindF {
				// A location reached only through a computed address.
				c.initOf[ev.loc] = -1
			}
			events = append(events, Event{ID: base[t] + i, Kind: ev.kind, Thread: t, Instr: ev.instr, Loc: ev.loc, Value: ev.val, Tags: ev.tags})
		}
	}
	// Late locations get init writes too; they go at the end, in name
	// order, which keeps the ids of thread events stable within this
	// combination.
	var late []string
	for l, id := range c.initOf {
		if id < 0 {
			late = append(late, l)
		}
	}
	sort.Strings(late)
	for _, l := range late {
		c.initOf[l] = len(events)
		events = append(events, Event{ID: len(events), Kind: KindW, Thread: -1, Instr: -1, Loc: l, Value: s.initMem[l]})
	}
	n := len(events)
	if n > MaxEvents {
		c.tooMany = n
		return c
	}
	x := &Execution{Test: s.test, Events: events, N: n, tags: map[string]Set{}}
	x.PO, x.Loc, x.Int, x.RF, x.CO, x.RMW = NewRel(n), NewRel(n), NewRel(n), NewRel(n), NewRel(n), NewRel(n)
	x.Addr, x.Data, x.Ctrl, x.SameInstr = NewRel(n), NewRel(n), NewRel(n), NewRel(n)
	x.PickAddr, x.PickData, x.PickCtrl = NewRel(n), NewRel(n), NewRel(n)
	c.valueFlow = NewRel(n)
	for i := range events {
		e := &events[i]
		switch e.Kind {
		case KindR:
			x.R = x.R.Add(i)
		case KindW:
			x.W = x.W.Add(i)
		case KindF:
			x.F = x.F.Add(i)
		}
		if e.IsInit() {
			x.IW = x.IW.Add(i)
		}
		for _, tg := range e.Tags {
			x.tags[tg] = x.tags[tg].Add(i)
		}
	}
	x.M = x.R | x.W
	for i := range events {
		if !events[i].Value.IsUnknown() {
			c.known = c.known.Add(i)
		}
	}
	byLoc := map[string]Set{}
	x.M.Each(func(i int) { byLoc[events[i].Loc] = byLoc[events[i].Loc].Add(i) })
	x.M.Each(func(i int) { x.Loc.Rows[i] = byLoc[events[i].Loc] &^ Set(0).Add(i) })
	for t, p := range c.paths {
		b := base[t]
		for i, ev := range p.events {
			id := b + i
			// As in herd, po orders instructions: the events of one
			// instruction (the read and write of an RMW) are not po-related.
			for j := i + 1; j < len(p.events); j++ {
				if p.events[j].step != ev.step {
					x.PO.Add(id, b+j)
				}
			}
			for j := range p.events {
				if j != i {
					x.Int.Add(id, b+j)
					if p.events[j].step == ev.step {
						x.SameInstr.Add(id, b+j)
					}
				}
			}
			addDeps := func(r Rel, d deps) {
				for d != 0 {
					k := trailing(uint64(d))
					r.Add(b+k, id)
					d &= d - 1
				}
			}
			addDeps(x.Addr, ev.addr)
			addDeps(x.Data, ev.data)
			addDeps(x.Ctrl, ev.ctrl)
			addDeps(x.PickAddr, ev.paddr)
			addDeps(x.PickData, ev.pdata)
			addDeps(x.PickCtrl, ev.pctrl)
			addDeps(c.valueFlow, ev.vdeps)
			if ev.rmwRead >= 0 {
				x.RMW.Add(b+ev.rmwRead, id)
			}
			if ev.lxsx {
				x.LXSX = x.LXSX.Add(id)
			}
			if ev.atomic {
				x.Atomic = x.Atomic.Add(id)
			}
		}
	}
	c.x = x
	// Writes per location, and rf candidates per read.
	for i := range events {
		if x.W.Has(i) {
			c.writes[events[i].Loc] = append(c.writes[events[i].Loc], i)
		}
	}
	c.lastW = make([]int, n)
	for i := range c.lastW {
		c.lastW[i] = -1
	}
	for t, p := range c.paths {
		b := base[t]
		last := map[string]int{}
		for i, ev := range p.events {
			id := b + i
			if ev.kind == KindR {
				if w, ok := last[ev.loc]; ok {
					c.lastW[id] = w
				}
			}
			if ev.kind == KindW {
				last[ev.loc] = id
			}
		}
	}
	for i := range events {
		if !x.R.Has(i) {
			continue
		}
		r := &events[i]
		var cands []int
		for _, w := range c.writes[r.Loc] {
			we := &events[w]
			if we.Value != r.Value {
				continue
			}
			if we.Thread == r.Thread {
				// Only the latest po-earlier write of the thread.
				if w != c.lastW[i] {
					continue
				}
			} else if we.IsInit() && c.lastW[i] >= 0 {
				continue
			}
			cands = append(cands, w)
		}
		if len(cands) == 0 {
			return nil
		}
		c.reads = append(c.reads, i)
		c.rfCands = append(c.rfCands, cands)
	}
	return c
}

func trailing(u uint64) int {
	n := 0
	for u&1 == 0 {
		u >>= 1
		n++
	}
	return n
}

// enumerateCo sets rf from choice and enumerates the coherence orders that
// respect per-location coherence with it.
func (s *setup) enumerateCo(c *combo, choice []int, model Model, out *partial) {
	x := c.x
	for i := range x.RF.Rows {
		x.RF.Rows[i] = 0
	}
	rfOf := map[int]int{}
	for i, r := range c.reads {
		x.RF.Add(choice[i], r)
		rfOf[r] = choice[i]
	}
	// A cycle of rf and value flow through known values has no solution
	// (thin air); only a cycle of unknown values stands, as herd's unsolved
	// symbol.
	if !x.RF.Union(c.valueFlow).Restrict(c.known, c.known).Acyclic() {
		return
	}
	// Coherence constraints per location.
	locs := make([]string, 0, len(c.writes))
	for l := range c.writes {
		locs = append(locs, l)
	}
	sort.Strings(locs)
	before := NewRel(x.N) // must-precede in co
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
	for a := 0; a < x.N; a++ {
		if !x.M.Has(a) || ev[a].IsInit() {
			continue
		}
		x.PO.Rows[a].Each(func(b int) {
			if !x.M.Has(b) || ev[b].Loc != ev[a].Loc {
				return
			}
			wa, wb := a, b
			if x.R.Has(a) {
				wa = rfOf[a]
			}
			if x.R.Has(b) {
				wb = rfOf[b]
			}
			if wa != wb {
				before.Add(wa, wb)
			}
		})
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
	atomic := s.rmwPairs(c, rfOf)
	for i, l := range locs {
		orders[i] = keepAtomic(linearExtensions(c.writes[l], before, immPred), atomic[l], ev)
		if len(orders[i]) == 0 {
			return
		}
	}
	pick := make([]int, len(locs))
	for {
		for i := range x.CO.Rows {
			x.CO.Rows[i] = 0
		}
		for i := range locs {
			o := orders[i][pick[i]]
			for a := 0; a < len(o); a++ {
				for b := a + 1; b < len(o); b++ {
					x.CO.Add(o[a], o[b])
				}
			}
		}
		s.check(c, model, out)
		if out.stopped {
			return
		}
		// Next combination of orders.
		k := 0
		for ; k < len(locs); k++ {
			pick[k]++
			if pick[k] < len(orders[k]) {
				break
			}
			pick[k] = 0
		}
		if k == len(locs) {
			return
		}
	}
}

// An rmwPair is the read and the write of one read-modify-write, with the
// write the read reads from.
type rmwPair struct{ r, w, src int }

// rmwPairs lists the read-modify-write pairs of the candidate by location.
func (s *setup) rmwPairs(c *combo, rfOf map[int]int) map[string][]rmwPair {
	x := c.x
	out := map[string][]rmwPair{}
	for _, r := range c.reads {
		x.RMW.Rows[r].Each(func(w int) {
			out[x.Events[r].Loc] = append(out[x.Events[r].Loc], rmwPair{r: r, w: w, src: rfOf[r]})
		})
	}
	return out
}

// keepAtomic drops the orders in which a write of another thread comes
// between the write an RMW's read reads from and the RMW's write: the
// candidate would have rmw & (fre; coe), which every model forbids.
func keepAtomic(orders [][]int, pairs []rmwPair, ev []Event) [][]int {
	if len(pairs) == 0 {
		return orders
	}
	kept := orders[:0]
	pos := map[int]int{}
	for _, o := range orders {
		for i, w := range o {
			pos[w] = i
		}
		ok := true
		for _, p := range pairs {
			from, to := pos[p.src], pos[p.w]
			for k := from + 1; k < to && ok; k++ {
				if ev[o[k]].Thread != ev[p.r].Thread {
					ok = false
				}
			}
		}
		if ok {
			kept = append(kept, o)
		}
	}
	return kept
}

// linearExtensions lists the orders of ws compatible with before in which
// every w with immPred[w] >= 0 comes right after immPred[w] (immPred may be
// nil).
func linearExtensions(ws []int, before Rel, immPred []int) [][]int {
	var out [][]int
	cur := make([]int, 0, len(ws))
	var placed Set
	var all Set
	for _, w := range ws {
		all = all.Add(w)
	}
	var rec func()
	rec = func() {
		if len(cur) == len(ws) {
			out = append(out, append([]int(nil), cur...))
			return
		}
		last := -1
		if len(cur) > 0 {
			last = cur[len(cur)-1]
		}
		// A write that must follow the last one placed goes next.
		forced := -1
		if immPred != nil && last >= 0 {
			for _, w := range ws {
				if !placed.Has(w) && immPred[w] == last {
					forced = w
					break
				}
			}
		}
		for _, w := range ws {
			if placed.Has(w) {
				continue
			}
			if immPred != nil {
				if forced >= 0 && w != forced {
					continue
				}
				if immPred[w] >= 0 && immPred[w] != last {
					continue
				}
			}
			// w is placeable when all its required predecessors are placed.
			ok := true
			for _, v := range ws {
				if v != w && !placed.Has(v) && before.Has(v, w) {
					ok = false
					break
				}
			}
			if !ok {
				continue
			}
			placed = placed.Add(w)
			cur = append(cur, w)
			rec()
			cur = cur[:len(cur)-1]
			placed &^= Set(0).Add(w)
		}
	}
	rec()
	return out
}

// check runs the model on the current candidate and records it.
func (s *setup) check(c *combo, model Model, out *partial) {
	out.candidates++
	if out.candidates&4095 == 0 && out.ctx != nil && out.ctx.Err() != nil {
		out.stopped = true
		return
	}
	x := c.x
	ok, flags := model.Check(x)
	if !ok {
		// Keep one forbidden candidate that would have satisfied the
		// proposition: it shows what the model rules out, and why.
		if out.blocked == nil || c.key < out.blockedKey {
			look := s.observedLookup(c)
			if (s.test.Filter == nil || EvalProp(s.test.Filter, look)) && EvalProp(s.test.Cond.Prop, look) {
				out.blocked, out.blockedKey = cloneExecution(x), c.key
			}
		}
		return
	}
	vals := s.finalValues(c)
	s.nameUnknowns(c, vals)
	if s.test.Filter != nil && !EvalProp(s.test.Filter, s.observedLookup(c)) {
		return
	}
	holds := EvalProp(s.test.Cond.Prop, s.observedLookup(c))
	if holds {
		out.pos++
	} else {
		out.neg++
	}
	wantWitness := holds == (s.test.Cond.Quant == Exists)
	if wantWitness && (out.witness == nil || c.key < out.witnessKey) {
		out.witness, out.witnessKey = cloneExecution(x), c.key
	}
	key := stateKey(vals)
	if _, ok := out.states[key]; !ok {
		out.states[key] = State{Values: vals}
	}
	for _, f := range flags {
		out.flags[f] = true
	}
}

// nameUnknowns gives the unknown values of a final state herd's name: the
// symbol of the second build (herdvars.go) that ranks last among those
// holding the unknown value. All unknown values of one candidate come from
// its cycles of copies and share the name.
func (s *setup) nameUnknowns(c *combo, vals []Value) {
	name := 0
	for i, v := range vals {
		if v.Var != VarUnknown {
			continue
		}
		if name == 0 {
			for t, p := range c.paths {
				if p.maxUnknown > 0 {
					name = max(name, s.herdTotal+s.herdBase[t]+p.maxUnknown)
				}
			}
		}
		vals[i].Var = int32(name)
	}
}

func cloneExecution(x *Execution) *Execution {
	c := *x
	c.RF, c.CO = x.RF.Clone(), x.CO.Clone()
	return &c
}

func (s *setup) finalValues(c *combo) []Value {
	look := s.observedLookup(c)
	vals := make([]Value, len(s.observed))
	for i, l := range s.observed {
		vals[i] = look(l)
	}
	return vals
}

// observedLookup returns the final value of a register or location in the
// current candidate.
func (s *setup) observedLookup(c *combo) func(LocRef) Value {
	return func(l LocRef) Value {
		if l.IsReg() {
			if l.Thread < len(c.paths) {
				if v, ok := c.paths[l.Thread].regs[l.Name]; ok {
					return v
				}
				return s.initRegs[l.Thread][l.Name]
			}
			return Value{}
		}
		x := c.x
		last := -1
		for _, w := range c.writes[l.Name] {
			if x.CO.Rows[w]&x.W == 0 || !hasCoSucc(x, w, l.Name) {
				last = w
			}
		}
		if last < 0 {
			return s.initMem[l.Name]
		}
		return x.Events[last].Value
	}
}

func hasCoSucc(x *Execution, w int, loc string) bool {
	succ := false
	x.CO.Rows[w].Each(func(v int) {
		if x.Events[v].Loc == loc {
			succ = true
		}
	})
	return succ
}

// EvalProp evaluates p with look giving final values.
func EvalProp(p Prop, look func(LocRef) Value) bool {
	switch p := p.(type) {
	case PropTrue:
		return true
	case PropFalse:
		return false
	case *PropAtom:
		v := look(p.Loc)
		if p.Other != nil {
			return v == look(*p.Other)
		}
		return v == p.Value
	case *PropNot:
		return !EvalProp(p.P, look)
	case *PropAnd:
		return EvalProp(p.A, look) && EvalProp(p.B, look)
	case *PropOr:
		return EvalProp(p.A, look) || EvalProp(p.B, look)
	case *PropImply:
		return !EvalProp(p.A, look) || EvalProp(p.B, look)
	}
	panic(fmt.Sprintf("litmus: unknown proposition %T", p))
}

// Check runs test under model with default options: the entry point for
// using litmuscheck from Go tests.
func Check(test *Test, model Model) (*Result, error) {
	return Explore(context.Background(), test, model, Options{})
}
