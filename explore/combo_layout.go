// This file implements the layout of one combination of thread paths as a
// candidate execution with its fixed relations (po, loc, rmw,
// dependencies), and its exploration.

package explore

import (
	"sort"

	"github.com/litmuscheck/litmuscheck/explore/paths"
	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/rel"
)

// combo is one choice of path per thread, laid out as events.
type combo struct {
	x *litmus.Execution
	// valueFlow relates a read to the writes whose value it feeds.
	valueFlow rel.Rel
	paths     []*paths.Path
	reads     []int   // event ids of reads
	rfCands   [][]int // per read, the writes it may read from
	writes    map[string][]int
	// locs are the keys of writes, sorted.
	locs   []string
	initOf map[string]int
	lastW  []int // per event: for reads, the po-latest earlier same-location write of its thread, or -1
	// flowless is set when valueFlow is empty: no read feeds a write's
	// value, so rf alone cannot close a thin-air cycle; thinAir is the
	// flow by read otherwise (thinair.go).
	flowless bool
	thinAir  thinAir
	// poLoc are, for a coherent model, the same-location pairs in po
	// (samePoLoc), which coherence orders through each rf choice.
	poLoc [][2]int
	key   int
	// spin lists the spin reads of the hang paths chosen, nil for none.
	spin []int
	// weight is the number of combinations this one stands for: its orbit
	// under the symmetry.
	weight int

	// known holds the events whose value is known (not Value.IsUnknown).
	known rel.Set
	// lockEv holds lock.cat's lock events, unmatchedUL the unlocks outside
	// co (lockworld.go).
	lockEv, unmatchedUL rel.Set
	// rmwW, for an AtomicModel, gives per read the write of its rmw pair
	// from the same instruction, or -1; nil otherwise.
	rmwW []int
	// claims gives per read the write of its rmw pair, or -1; nil when
	// the model may be incoherent. Two pairs of two threads never read one
	// write: both writes come co-after it (a store-conditional by
	// coherence, as its read is po-before it; a pair of one instruction
	// in an AtomicModel), so the later one would have the other between
	// its read and itself, fre; coe, against atomicity. Herd's x86-TSO
	// lets a locked write come co-before the write its read saw, so pairs
	// of one instruction claim nothing there.
	claims []int
	// open are the path events of the reads left open (paths.Event.Alts),
	// by event id; nil for none.
	open map[int]*paths.Event
	// groups are the access instances under mixed-size semantics.
	groups *mixedGroups
	steps  []int

	// rfOf is, while rf is chosen with pruning, the write each read reads
	// in the partial rf, or -1 (restorePartial).
	rfOf []int
	// soleOrders[i] is the coherence order of locs[i] when it has one or
	// two writes, in the order of writes (linearExtensions' first), else
	// nil: read-only, the shape's.
	soleOrders [][][]int
	// shape is the key of the combination's shape when buildCombo took
	// it, else "".
	shape string
	// ownShape holds the shape parts of a combination without a template.
	ownShape comboShape
}

func (s *setup) exploreCombo(paths []int, key int, model Model, out *partial) {
	c, err := s.buildCombo(paths, key, out.templates)
	if err != nil {
		// Dropping the candidate would be a silent wrong answer.
		out.fail(key, err)
		return
	}
	if c == nil {
		return
	}
	c.x.Arena = &out.arena
	if s.shapes != nil {
		shape := c.shape
		if shape == "" {
			shape = s.shapeKey(paths)
		}
		m, ok := out.memos[shape]
		if ok {
			c.x.Memo = m
		}
		if ok || len(out.memos) < maxTemplates*16 {
			// Bounded as the templates are: a test of many shapes
			// computes the others' afresh rather than fill the heap.
			defer func() { out.memos[shape] = c.x.Memo }()
		}
	}
	// Under mixed-size semantics an RMW pairs each cell's read with that
	// cell's write (paths.mixedCAS), so atomicity holds cell by cell.
	if s.caps.AtomicRMW {
		c.atomicRMW(false)
	} else if s.caps.AtomicLocks && s.mixed == nil {
		c.atomicRMW(true)
	}
	if s.coherent {
		c.rmwClaims(s.caps.AtomicRMW)
	}
	s.chooseRF(c, model, out)
}

// mustCo is the part of co every candidate of c has: each location's
// initial write first.
func (c *combo) mustCo() rel.Rel {
	co := rel.NewRel(c.x.N)
	for l, ws := range c.writes {
		init := c.initOf[l]
		for _, w := range ws {
			if w != init {
				co.Add(init, w)
			}
		}
	}
	return co
}

// restorePartial puts back the partial rf of the choices made, with the
// rf of every read that has a single write to read from (every completion
// has it, so a refutation may use it before its read's turn), and the co
// every candidate has: must, and the edges that rf implies (impliedCo).
func (c *combo) restorePartial(choice []int, must rel.Rel) {
	x := c.x
	x.RF.Clear()
	if c.rfOf == nil {
		c.rfOf = make([]int, x.N)
	}
	for e := range c.rfOf {
		c.rfOf[e] = -1
	}
	for i, ws := range c.rfCands {
		if len(ws) == 1 {
			x.RF.Add(ws[0], c.reads[i])
			c.rfOf[c.reads[i]] = ws[0]
		}
	}
	for i, w := range choice {
		x.RF.Add(w, c.reads[i])
		c.rfOf[c.reads[i]] = w
	}
	for e := 0; e < x.N; e++ {
		x.CO.SetRow(e, must.Row(e))
	}
	if c.impliedCo() {
		closed := x.CO.Plus()
		for e := 0; e < x.N; e++ {
			x.CO.SetRow(e, closed.Row(e))
		}
	}
}

// impliedCo adds to co the edges of the partial rf c.rfOf that every
// coherence order enumerateCo builds on it has (its before): two accesses
// of one location in program order order the writes they are or read,
// and an atomic rmw's write follows the write its read reads. It reports
// whether it added any.
func (c *combo) impliedCo() bool {
	if c.groups != nil {
		return false // mixed-size: accesses overlap, enumerateCo decides
	}
	x := c.x
	ev := x.Events
	added := false
	add := func(a, b int) {
		if a >= 0 && b >= 0 && a != b && !x.CO.Has(a, b) {
			x.CO.Add(a, b)
			added = true
		}
	}
	source := func(e int) int {
		if x.R.Has(e) {
			return c.rfOf[e]
		}
		return e
	}
	for a := 0; a < x.N; a++ {
		if !x.M.Has(a) || ev[a].IsInit() {
			continue
		}
		wa := source(a)
		if wa < 0 {
			continue
		}
		x.PO.EachSucc(a, func(b int) {
			if x.M.Has(b) && ev[b].Loc == ev[a].Loc {
				add(wa, source(b))
			}
		})
	}
	for i, w := range c.rmwW {
		if w >= 0 {
			add(c.rfOf[c.reads[i]], w)
		}
	}
	return added
}

// atomicRMW records, for each read, the write of its rmw pair when both
// come from one instruction, for an AtomicModel (for an AtomicLockModel,
// locksOnly: of lock events only).
func (c *combo) atomicRMW(locksOnly bool) {
	x := c.x
	c.rmwW = make([]int, len(c.reads))
	for i, r := range c.reads {
		c.rmwW[i] = -1
		if locksOnly && !c.lockEv.Has(r) {
			continue
		}
		x.RMW.EachSucc(r, func(w int) {
			if x.SameInstr.Has(r, w) {
				c.rmwW[i] = w
			}
		})
	}
}

// rmwClaims sets c.claims; oneInstr, for an AtomicModel, lets the pairs
// of one instruction claim too.
func (c *combo) rmwClaims(oneInstr bool) {
	x := c.x
	c.claims = make([]int, len(c.reads))
	for i, r := range c.reads {
		c.claims[i] = -1
		x.RMW.EachSucc(r, func(w int) {
			if oneInstr || !x.SameInstr.Has(r, w) {
				c.claims[i] = w
			}
		})
	}
}

// buildCombo lays out the events of the choice of paths whose key is key:
// init writes first, then each thread's events in order. It returns nil
// when a read has no write to read from, and an error when a path was cut
// past MaxPathEvents.
//
// templates, when not nil, holds per shape of combination (a ShapeModel's)
// the parts of the combination that depend on its shape alone: the events
// without their values and the relations among them, which combinations
// of one shape share, read-only.
func (s *setup) buildCombo(choice []int, key int, templates map[string]*comboTemplate) (*combo, error) {
	c := &combo{paths: make([]*paths.Path, len(s.paths)), key: key, weight: s.sym.weight(choice)}
	for t, i := range choice {
		c.paths[t] = &s.paths[t][i]
		c.weight *= c.paths[t].Multiplicity()
	}
	if err := s.eventBound(choice); err != nil {
		return nil, err
	}
	var shape string
	if templates != nil && s.shapes != nil && s.mixed == nil {
		shape = s.shapeKey(choice)
		c.shape = shape
		if tm, ok := templates[shape]; ok {
			return s.finishCombo(c, tm.fill(c), tm)
		}
	}
	events, base := s.layoutEvents(c)
	x := s.newExecution(events)
	c.valueFlow = rel.NewRel(x.N)
	c.known = knownValues(events)
	c.addThreadRelations(x, base)
	var tm *comboTemplate
	if shape != "" && len(templates) < maxTemplates {
		tm = newTemplate(x, c.initOf, base)
		templates[shape] = tm
	}
	c.x = x
	return s.finishCombo(c, base, tm)
}

// layoutEvents lays out the events of c's paths: init writes first, then
// each thread's events in order, from base[t], then the init writes of
// the locations reached only through a computed address. It sets
// c.initOf and c.spin.
func (s *setup) layoutEvents(c *combo) (events []litmus.Event, base []int) {
	c.initOf = map[string]int{}
	// Locations accessed in this combination, plus all test locations.
	size := len(s.locs)
	for _, p := range c.paths {
		size += len(p.Events)
	}
	events = make([]litmus.Event, 0, size+4)
	for _, l := range s.locs {
		c.initOf[l] = len(events)
		events = append(events, litmus.Event{ID: len(events), Kind: litmus.KindW, Thread: -1, Instr: -1, Loc: l, Value: s.initMem[l]})
	}
	base = make([]int, len(c.paths))
	for t, p := range c.paths {
		base[t] = len(events)
		for i, ev := range p.Events {
			if _, ok := c.initOf[ev.Loc]; !ok && ev.Kind != litmus.KindF {
				// A location reached only through a computed address.
				c.initOf[ev.Loc] = -1
			}
			events = append(events, litmus.Event{ID: base[t] + i, Kind: ev.Kind, Thread: t, Instr: ev.Instr, Loc: ev.Loc, Value: ev.Val, Tags: ev.Tags})
			if p.Hang && p.Spin&(1<<uint(i)) != 0 {
				c.spin = append(c.spin, base[t]+i)
			}
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
		events = append(events, litmus.Event{ID: len(events), Kind: litmus.KindW, Thread: -1, Instr: -1, Loc: l, Value: s.initMem[l]})
	}
	return events, base
}

// newExecution returns the execution of events with its event sets and
// loc, and its other relations empty.
func (s *setup) newExecution(events []litmus.Event) *litmus.Execution {
	n := len(events)
	x := &litmus.Execution{Test: s.test, Events: events, N: n, Tags: map[string]rel.Set{}}
	x.PO, x.Loc, x.Int, x.RF, x.CO, x.RMW = rel.NewRel(n), rel.NewRel(n), rel.NewRel(n), rel.NewRel(n), rel.NewRel(n), rel.NewRel(n)
	x.Addr, x.Data, x.Ctrl, x.SameInstr = rel.NewRel(n), rel.NewRel(n), rel.NewRel(n), rel.NewRel(n)
	x.PickAddr, x.PickData, x.PickCtrl = rel.NewRel(n), rel.NewRel(n), rel.NewRel(n)
	for i := range events {
		e := &events[i]
		switch e.Kind {
		case litmus.KindR:
			x.R = x.R.Add(i)
		case litmus.KindW:
			x.W = x.W.Add(i)
		case litmus.KindF:
			x.F = x.F.Add(i)
		}
		if e.IsInit() {
			x.IW = x.IW.Add(i)
		}
		for _, tg := range e.Tags {
			x.Tags[tg] = x.Tags[tg].Add(i)
		}
	}
	x.M = x.R.Union(x.W)
	byLoc := map[string]rel.Set{}
	x.M.Each(func(i int) { byLoc[events[i].Loc] = byLoc[events[i].Loc].Add(i) })
	x.M.Each(func(i int) { x.Loc.SetRow(i, byLoc[events[i].Loc].Remove(i)) })
	return x
}

// knownValues is the set of events whose value is known.
func knownValues(events []litmus.Event) rel.Set {
	var known rel.Set
	for i := range events {
		if !events[i].Value.IsUnknown() {
			known = known.Add(i)
		}
	}
	return known
}

// addThreadRelations adds to x the relations within each thread of c,
// whose events start at base[t]: po, int, the events of one
// instruction, the dependencies (and c.valueFlow), rmw, and the
// load-exclusive/store-exclusive and atomic events.
func (c *combo) addThreadRelations(x *litmus.Execution, base []int) {
	for t, p := range c.paths {
		b := base[t]
		for i, ev := range p.Events {
			id := b + i
			// As in herd, po orders instructions: the events of one
			// instruction (the read and write of an RMW) are not po-related.
			for j := i + 1; j < len(p.Events); j++ {
				if p.Events[j].Step != ev.Step {
					x.PO.Add(id, b+j)
				}
			}
			for j := range p.Events {
				if j != i {
					x.Int.Add(id, b+j)
					if p.Events[j].Step == ev.Step {
						x.SameInstr.Add(id, b+j)
					}
				}
			}
			addDeps := func(r rel.Rel, d paths.Deps) {
				for d != 0 {
					k := trailing(uint64(d))
					r.Add(b+k, id)
					d &= d - 1
				}
			}
			addDeps(x.Addr, ev.Addr)
			addDeps(x.Data, ev.Data)
			addDeps(x.Ctrl, ev.Ctrl)
			addDeps(x.PickAddr, ev.Paddr)
			addDeps(x.PickData, ev.Pdata)
			addDeps(x.PickCtrl, ev.Pctrl)
			addDeps(c.valueFlow, ev.Vdeps)
			if ev.RmwRead >= 0 {
				x.RMW.Add(b+ev.RmwRead, id)
			}
			if ev.Lxsx {
				x.LXSX = x.LXSX.Add(id)
			}
			if ev.Atomic {
				x.Atomic = x.Atomic.Add(id)
			}
		}
	}
}

// finishCombo completes c, whose execution c.x holds its events and the
// relations among them, each thread's events from base[t]: the lock
// events, the writes per location and the rf candidates of each read.
// tm, when not nil, is c's template, which keeps the parts that depend on
// the shape alone (comboShape) for the next combinations of that shape.
func (s *setup) finishCombo(c *combo, base []int, tm *comboTemplate) (*combo, error) {
	c.open = nil
	for t, p := range c.paths {
		for i := range p.Events {
			if p.Events[i].Alts != nil {
				if c.open == nil {
					c.open = map[int]*paths.Event{}
				}
				c.open[base[t]+i] = &p.Events[i]
			}
		}
	}
	var sh *comboShape
	if tm != nil {
		sh = tm.shape
	}
	if sh == nil {
		sh = s.newComboShape(c, base, tm == nil)
		if tm != nil {
			tm.shape = sh
		}
	}
	x, events := c.x, c.x.Events
	c.lockEv, c.unmatchedUL, c.writes, c.locs, c.lastW = sh.lockEv, sh.unmatchedUL, sh.writes, sh.locs, sh.lastW
	c.soleOrders = sh.soleOrders
	if s.mixed != nil {
		c.steps = make([]int, x.N)
		for t, p := range c.paths {
			for i, ev := range p.Events {
				c.steps[base[t]+i] = ev.Step
			}
		}
	}
	// The rf candidates of each read: of the writes its shape allows,
	// those of its value. A read with none drops the combination, so the
	// reads are the shape's.
	c.reads = sh.reads
	if sh.byValue && !sh.anyLock && c.spin == nil {
		// The shape's lists are this combination's own.
		for _, cands := range sh.sameLoc {
			if len(cands) == 0 {
				return nil, nil
			}
		}
		c.rfCands = sh.sameLoc
	} else {
		c.rfCands = make([][]int, len(sh.reads))
		var flat []int
		if !sh.byValue {
			flat = make([]int, 0, sh.sameLocs) // never grown: cands are cut from it
		}
		for k, i := range sh.reads {
			r := &events[i]
			var cands []int
			switch {
			case sh.anyLock && sh.lockRead[k]:
				cands = c.lockCands(i, c.lastW[i], sh.lockWrites[r.Loc])
			case sh.byValue:
				cands = sh.sameLoc[k]
			default:
				from := len(flat)
				for _, w := range sh.sameLoc[k] {
					if c.readsValue(i, events[w].Value) {
						flat = append(flat, w)
					}
				}
				cands = flat[from:len(flat):len(flat)]
			}
			if c.spin != nil {
				cands = c.spinCandidates(i, cands)
			}
			if len(cands) == 0 {
				return nil, nil
			}
			c.rfCands[k] = cands
		}
	}
	c.flowless = c.valueFlow.Empty()
	if !c.flowless {
		c.thinAir = newThinAir(c)
	}
	if s.mixed != nil {
		decorate(s.mixed, c)
	}
	if s.coherent {
		c.poLoc = samePoLoc(c.x)
	}
	return c, nil
}

// readsValue reports whether read i of c may read a write of v.
func (c *combo) readsValue(i int, v litmus.Value) bool {
	if ev := c.open[i]; ev != nil {
		return ev.ReadsValue(v)
	}
	return c.x.Events[i].Value == v
}

func trailing(u uint64) int {
	n := 0
	for u&1 == 0 {
		u >>= 1
		n++
	}
	return n
}
