// This file implements the preparation of an exploration: locations and
// initial values, the value each location may hold, and each thread's paths.

package explore

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/litmuscheck/litmuscheck/explore/limit"
	"github.com/litmuscheck/litmuscheck/explore/paths"
	"github.com/litmuscheck/litmuscheck/explore/provenance"
	"github.com/litmuscheck/litmuscheck/litmus"
)

// prepare computes locations, initial values, value domains and paths.
func prepare(test *litmus.Test, model Model, opt Options, lim *limit.Limiter) (*setup, error) {
	s := &setup{test: test, initMem: map[string]litmus.Value{}, lim: lim, caps: capabilitiesOf(model)}
	s.coherent = !s.caps.MayBeIncoherent
	locSet := map[string]bool{}
	s.initRegs = make([]map[string]litmus.Value, len(test.Threads))
	for i := range s.initRegs {
		s.initRegs[i] = map[string]litmus.Value{}
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
				return nil, litmus.Errorf(it.Pos, "thread %d does not exist", it.Loc.Thread)
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
			paths.CollectSyms(&th.Code[i], locSet)
		}
	}
	s.observed = paths.ObservedLocs(test)
	s.shown = paths.ShownRegs(test, s.observed)
	for _, l := range s.observed {
		if !l.IsReg() {
			locSet[l.Name] = true
		}
	}
	for l := range locSet {
		s.locs = append(s.locs, l)
	}
	sort.Strings(s.locs)
	if opt.Mixed {
		var err error
		if s.mixed, s.locs, err = paths.NewMixedLayout(test, s.locs, s.initMem); err != nil {
			return nil, err
		}
	}

	limit := opt.PathLimit
	if limit <= 0 {
		limit = 100000
	}
	s.unroll = opt.Unroll
	s.consistentCuts = test.ConsistentCuts
	switch {
	case s.unroll == 0:
		s.unroll = paths.DefaultUnroll
	case s.unroll < 0:
		s.unroll = 0 // herd's -unroll 0: no backward jump
	}
	if s.coherent && len(test.Threads) <= paths.MaxWriterThreads {
		s.writers = paths.NewWriters()
	}
	if err := s.domains(test, limit, s.caps.ValueCycles); err != nil {
		return nil, err
	}
	// The widths are judged on every path: a path the filter drops may
	// be the only one with a mixed-size access, and the values it reads
	// under word semantics are not those it may read under mixed ones.
	s.widths = widthsSeen{err: paths.CheckSizes(test, s.paths, s.hangPaths), offset: paths.OffsetAccess(test, s.paths, s.hangPaths), narrow: paths.NarrowAccess(test, s.paths, s.hangPaths)}
	s.prunePaths()
	if s.caps.ShapeMemo {
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
func (s *setup) domains(test *litmus.Test, limit int, cycles bool) error {
	domains := map[string][]litmus.Value{}
	s.prov = provenance.New(test)
	initial := func(l string) {
		domains[l] = []litmus.Value{s.initMem[l]}
		s.prov.Lower(provenance.Key{Loc: l, V: s.initMem[l]}, s.prov.None())
	}
	for _, l := range s.locs {
		initial(l)
	}
	// add adds the values stored that a chain of the threads' stores can
	// make; it reports whether the domains, or the provenance of a value
	// in them, changed.
	//
	// A discovery round's values are guesses (a read's value, unknown,
	// decides what is stored): new ones join with no store behind them,
	// and known ones keep their provenance.
	add := func(vals []storedValue, guesses bool) bool {
		grown := false
		for _, sv := range vals {
			lv := sv.locValue
			if guesses && paths.ContainsValue(domains[lv.loc], lv.v) {
				continue
			}
			ways := s.prov.Possible(sv.ways)
			if len(ways) == 0 {
				continue
			}
			if _, known := domains[lv.loc]; !known {
				// A location reached only through a computed address
				// (an array element) holds its initial value too.
				initial(lv.loc)
			}
			lowered := s.prov.Lower(provenance.Key{Loc: lv.loc, V: lv.v}, ways)
			if !paths.ContainsValue(domains[lv.loc], lv.v) {
				domains[lv.loc] = append(domains[lv.loc], lv.v)
				grown = true
			} else if lowered {
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
			if !add(vals, false) || round >= maxWrites {
				break
			}
		}
		// The paths are kept once their reads were decided by every store
		// they make (coherent_reads.go).
		for !s.writers.Settled() {
			if _, _, err := s.enumeratePaths(test, domains, limit, false, false); err != nil {
				return err
			}
		}
		paths, hangs, loopCut, cuts, lost := s.paths, s.hangPaths, s.loopCut, s.cutPaths, s.cutsLost
		vals, _, err := s.enumeratePaths(test, domains, limit, true, false)
		s.paths, s.hangPaths, s.loopCut, s.cutPaths, s.cutsLost = paths, hangs, loopCut, cuts, lost
		if err != nil {
			return err
		}
		if !add(vals, true) || outer >= maxWrites {
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
		domains[l] = append(domains[l], litmus.Value{Var: litmus.VarUnknown})
	}
	for {
		if _, _, err := s.enumeratePaths(test, domains, limit, false, true); err != nil || s.writers.Settled() {
			return err
		}
	}
}

// numberShapes numbers the shapes of each thread's paths: two paths have
// the same shape when their events differ only in their values.
func (s *setup) numberShapes() {
	s.shapes = make([][]int, len(s.paths))
	for t, ps := range s.paths {
		ids := map[string]int{}
		for _, p := range ps {
			var b strings.Builder
			for _, ev := range p.Events {
				fmt.Fprintf(&b, "%d %q %d %d %q %x %x %x %x %x %x %d %t %t;", ev.Kind, ev.Loc, ev.Instr, ev.Step, ev.Tags,
					ev.Addr, ev.Data, ev.Ctrl, ev.Paddr, ev.Pdata, ev.Pctrl, ev.RmwRead, ev.Lxsx, ev.Atomic)
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

// shapeKey is the shape of the choice of paths.
func (s *setup) shapeKey(choice []int) string {
	ids := make([]byte, 0, 4*len(s.paths))
	for t := len(s.paths) - 1; t >= 0; t-- {
		ids = strconv.AppendInt(ids, int64(s.shapes[t][choice[t]]), 10)
		ids = append(ids, ' ')
	}
	return string(ids)
}

// A locValue is a value a location may hold.
type locValue struct {
	loc string
	v   litmus.Value
}

// A storedValue is a value a round stored, with the ways it was made
// (provenance; nil: a value that needs no store).
type storedValue struct {
	locValue
	ways []provenance.Counts
}

// discoveryPaths is how many times the path limit a discovery round may
// run through, keeping none of them.
const discoveryPaths = 10

// enumeratePaths sets s.paths to the paths of every thread under domains
// and returns the values stored (and, when discovering, compared with an
// unknown read) that the domains lack, with the largest number of stores
// a choice of paths makes.
//
// With herd set, the paths record herd's numbering of their unknown values
// (herdvars.go), and s.herdTotal and s.herdBase are set.
func (s *setup) enumeratePaths(test *litmus.Test, domains map[string][]litmus.Value, limit int, discover, herd bool) ([]storedValue, int, error) {
	s.paths = make([][]paths.Path, len(test.Threads))
	s.hangPaths = make([][]paths.Path, len(test.Threads))
	if herd {
		s.herdBase = make([]int, len(test.Threads))
		s.herdTotal = 0
	}
	s.loopCut, s.cutsLost = false, false
	s.cutPaths = make([][]paths.Path, len(test.Threads))
	s.writers.Start()
	stored := map[locValue][]provenance.Counts{}
	var order []locValue
	note := func(loc string, v litmus.Value, ways []provenance.Counts) {
		if v.IsUnknown() {
			return
		}
		lv := locValue{loc, v}
		old, seen := stored[lv]
		if !seen {
			order = append(order, lv)
		}
		for _, c := range ways {
			old = provenance.AddWay(old, c)
		}
		stored[lv] = old
	}
	maxWrites := 0
	if discover {
		// A discovery round keeps no path, only the values stored: it may
		// run longer before the limit says the thread is too large.
		limit *= discoveryPaths
	}
	for i, th := range test.Threads {
		pe := &paths.Enumeration{Th: th, Domains: domains, Limit: limit, Unroll: s.unroll, Discover: discover, Discard: discover,
			Lim: s.lim, Budget: MaxPathEvents, Mixed: s.mixed, LocBytes: test.LocBytes,
			ElemBytes: paths.ArrayElements(test), Objects: test.Objects, ScalarOffsets: test.Arch != litmus.ArchC && !paths.MixedSupported(test.Arch),
			CCtrl: test.Arch == litmus.ArchC, MergeAcquireCAS: s.caps.AcquireCASFormsAlike, Shown: s.shown[i],
			KeepCuts: s.consistentCuts, Writers: s.writers, Self: i, Init: s.initMem}
		most := 0
		tr := &paths.ThreadRun{Regs: map[string]paths.RegVal{}, Resv: -1, Loops: map[int]int{},
			Stored: func(th *paths.ThreadRun, ev paths.Event) {
				n := 0
				for _, e := range th.Events {
					if e.Kind == litmus.KindW {
						n++
					}
				}
				most = max(most, n)
				s.writers.Note(i, th, ev)
				s.prov.Ran(i, th)
				if !discover || th.Decided {
					note(ev.WorldKey(), ev.Val, s.prov.Derive(i, th, ev))
				}
			}}
		if discover {
			tr.Discovered = func(loc string, v litmus.Value) { note(loc, v, s.prov.None()) }
		}
		if herd {
			pe.Hv = paths.NewHerdVars(th.Code, s.initRegs[i])
			tr.Hc = &paths.HerdCursor{}
			s.herdBase[i] = s.herdTotal
			s.herdTotal += pe.Hv.Size(0, len(th.Code))
		}
		for k, v := range s.initRegs[i] {
			tr.Regs[k] = paths.RegVal{V: v}
		}
		pe.Run(tr, 0)
		if pe.Err != nil {
			return nil, 0, pe.Err
		}
		s.paths[i], s.hangPaths[i] = pe.Paths, pe.Hangs
		s.loopCut = s.loopCut || pe.LoopCut
		s.cutPaths[i], s.cutsLost = pe.Cuts, s.cutsLost || pe.CutsLost
		maxWrites += most
	}
	vals := make([]storedValue, len(order))
	for k, lv := range order {
		vals[k] = storedValue{lv, stored[lv]}
	}
	return vals, maxWrites, nil
}

// cycleLocations lists the locations on, or downstream of, a cycle of
// reads whose value some path copies into a write of the next location:
// only these may hold a value out of thin air.
func (s *setup) cycleLocations() []string {
	flow := map[string]map[string]bool{}
	for _, ps := range s.paths {
		for _, p := range ps {
			for _, ev := range p.Events {
				if ev.Kind != litmus.KindW {
					continue
				}
				d := ev.Vdeps
				for d != 0 {
					k := trailing(uint64(d))
					d &= d - 1
					if r := p.Events[k]; r.Kind == litmus.KindR {
						if flow[r.Loc] == nil {
							flow[r.Loc] = map[string]bool{}
						}
						flow[r.Loc][ev.Loc] = true
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
	var conjuncts []litmus.Prop
	var split func(litmus.Prop)
	split = func(p litmus.Prop) {
		if a, ok := p.(*litmus.PropBin); ok && a.Op == litmus.PropAnd {
			split(a.A)
			split(a.B)
			return
		}
		conjuncts = append(conjuncts, p)
	}
	split(s.test.Filter)
	for t := range s.paths {
		var mine []litmus.Prop
		for _, c := range conjuncts {
			only := true
			for _, l := range litmus.PropLocs(c) {
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
			if p.Overlong || p.Stuck != nil {
				// Its final registers are unknown; it stays, to be
				// refused as too large or checked as stuck.
				kept = append(kept, p)
				continue
			}
			look := func(l litmus.LocRef) litmus.Value {
				if v, ok := p.Regs[l.Name]; ok {
					return v
				}
				return s.initRegs[t][l.Name]
			}
			ok := true
			for _, c := range mine {
				if !litmus.EvalProp(c, look) {
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
