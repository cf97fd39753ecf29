// This file implements path combinations: which combinations of thread
// paths are worth exploring, and the layout of one as a candidate execution
// with its fixed relations (po, loc, rmw, dependencies).
package litmus

import (
	"fmt"
	"sort"
)

// A comboGen hands out, in a fixed order, the choices of one path per
// thread in which every value read is the initial value of its location or
// is written by a chosen path: the others have no candidate execution. It
// walks the threads depth first and drops a prefix as soon as it reads a
// value that neither it nor any path of the remaining threads writes. The
// choices are generated one at a time, never listed: their number is the
// product of the threads' path counts.
type comboGen struct {
	s   *setup
	lim *limiter
	nt  int
	// reads[t][i] and writes[t][i] are the (location, value) pairs path i
	// of thread t reads and writes, as bits; an overlong path (cut at its
	// event budget) writes every pair, so that no choice is dropped for
	// lack of what its cut part might write.
	reads, writes [][][]uint64
	// future[t] is what some path of threads t... may write.
	future [][]uint64
	// need[t] and have[t] are what the chosen paths of threads before t
	// read and write.
	need, have [][]uint64
	words      int
	choice     []int
	depth      int
	started    bool
	done       bool
	steps      int
	// seq is the key of the last choice handed out.
	seq int
}

func (s *setup) newComboGen(lim *limiter) *comboGen {
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
					sums[t][i].reads = append(sums[t][i].reads, index(locVal{ev.worldKey(), ev.val}))
				case KindW:
					sums[t][i].writes = append(sums[t][i].writes, index(locVal{ev.worldKey(), ev.val}))
				}
			}
		}
	}
	nt := len(s.paths)
	g := &comboGen{s: s, lim: lim, nt: nt, words: (len(pairs) + 63) / 64, choice: make([]int, nt), seq: -1}
	words := g.words
	bits := func(ks []int) []uint64 {
		b := make([]uint64, words)
		for _, k := range ks {
			b[k/64] |= 1 << uint(k%64)
		}
		return b
	}
	var initial []int
	for lv := range pairs {
		if lv.v == s.initialValue(lv.loc) {
			initial = append(initial, pairs[lv])
		}
	}
	g.reads = make([][][]uint64, nt)
	g.writes = make([][][]uint64, nt)
	g.future = make([][]uint64, nt+1)
	g.future[nt] = make([]uint64, words)
	for t := nt - 1; t >= 0; t-- {
		g.future[t] = append([]uint64(nil), g.future[t+1]...)
		for i, sm := range sums[t] {
			r, w := bits(sm.reads), bits(sm.writes)
			if s.paths[t][i].overlong {
				for k := range w {
					w[k] = ^uint64(0)
				}
			}
			g.reads[t] = append(g.reads[t], r)
			g.writes[t] = append(g.writes[t], w)
			for k := range w {
				g.future[t][k] |= w[k]
			}
		}
	}
	g.need = make([][]uint64, nt+1)
	g.have = make([][]uint64, nt+1)
	for t := range g.need {
		g.need[t] = make([]uint64, words)
		g.have[t] = make([]uint64, words)
	}
	copy(g.have[0], bits(initial))
	return g
}

// next advances to the next choice, in increasing order of the choices
// read as numbers whose digits are the threads' path indices; it reports
// false when there is none left, or with an error when a limit is reached.
// g.choice is the choice and g.seq its key, which orders the choices as
// they are handed out.
func (g *comboGen) next() (bool, error) {
	if g.done {
		return false, nil
	}
	nt := g.nt
	if nt == 0 {
		g.done = true
		g.seq++
		return true, nil
	}
	t := g.depth
	if !g.started {
		g.started = true
		t = 0
		g.choice[0] = 0
	} else {
		g.choice[t]++
	}
	for {
		if g.choice[t] >= len(g.s.paths[t]) {
			g.choice[t] = 0
			if t--; t < 0 {
				g.done = true
				return false, nil
			}
			g.choice[t]++
			continue
		}
		if g.steps++; g.steps%4096 == 0 {
			if err := g.lim.poll(func() string { return "combining the threads' paths" }); err != nil {
				g.done = true
				return false, err
			}
		}
		i := g.choice[t]
		ok := true
		need, have := g.need[t+1], g.have[t+1]
		for k := 0; k < g.words; k++ {
			need[k] = g.need[t][k] | g.reads[t][i][k]
			have[k] = g.have[t][k] | g.writes[t][i][k]
			if need[k]&^(have[k]|g.future[t+1][k]) != 0 {
				ok = false
			}
		}
		switch {
		case !ok:
			g.choice[t]++
		case t == nt-1:
			g.depth = t
			g.seq++
			return true, nil
		default:
			t++
			g.choice[t] = 0
		}
	}
}

// eventBound returns the error for a choice of paths whose candidate would
// have more events than a Set holds, with late more initial writes than
// the test's locations (locations reached only through a computed
// address); nil if it fits. every says that every choice is as large. The
// error points at the instruction of the event past the bound, counting
// the initial writes first, then the threads in order.
func (s *setup) eventBound(choice []int, late int, every bool) error {
	n := len(s.locs) + late
	over := false
	for t, i := range choice {
		p := &s.paths[t][i]
		n += len(p.events)
		over = over || p.overlong
	}
	if n <= MaxEvents && !over {
		return nil
	}
	what := fmt.Sprintf("a candidate execution of %d events", n)
	if over {
		what = fmt.Sprintf("a candidate execution of more than %d events", MaxEvents)
	}
	if every {
		what = fmt.Sprintf("every candidate execution has more than %d events", MaxEvents)
	}
	count := len(s.locs) + late
	pos, thread := Pos{File: s.test.File}, -1
	for t, i := range choice {
		p := &s.paths[t][i]
		if count+len(p.events) > MaxEvents {
			ev := p.events[MaxEvents-count]
			th := s.test.Threads[t]
			thread = th.ID
			if ev.instr >= 0 && ev.instr < len(th.Code) {
				pos = th.Code[ev.instr].Pos
			}
			break
		}
		count += len(p.events)
	}
	msg := fmt.Sprintf("unsupported: %s (litmuscheck checks at most %d)", what, MaxEvents)
	if thread >= 0 {
		msg += fmt.Sprintf(": the %dth arises in thread P%d", MaxEvents+1, thread)
	} else {
		msg += fmt.Sprintf(": the %dth is an initial write", MaxEvents+1)
	}
	if pos.File == "" {
		pos.File = s.test.File
	}
	return &Error{Pos: pos, Msg: msg}
}

// everyTooLarge returns the error of eventBound when even the smallest
// choice of paths is too large, before any choice is generated.
func (s *setup) everyTooLarge() error {
	smallest := make([]int, len(s.paths))
	for t, ps := range s.paths {
		if len(ps) == 0 {
			return nil // no choice at all
		}
		for i := range ps {
			if len(ps[i].events) < len(ps[smallest[t]].events) {
				smallest[t] = i
			}
		}
	}
	n := len(s.locs)
	for t, i := range smallest {
		n += len(s.paths[t][i].events)
	}
	if n <= MaxEvents {
		return nil
	}
	return s.eventBound(smallest, 0, true)
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
	// lockEv holds lock.cat's lock events, unmatchedUL the unlocks outside
	// co (lockworld.go).
	lockEv, unmatchedUL Set
	// rmwW, for an AtomicModel, gives per read the write of its rmw pair
	// from the same instruction, or -1; nil otherwise.
	rmwW []int
}

func (s *setup) exploreCombo(paths []int, key int, model Model, out *partial) {
	c, err := s.buildCombo(paths, key)
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
		shape := s.shapeKey(paths)
		if m, ok := out.memos[shape]; ok {
			c.x.Memo = m
		}
		defer func() { out.memos[shape] = c.x.Memo }()
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

// buildCombo lays out the events of the choice of paths whose key is key:
// init writes first, then each thread's events in order. It returns nil
// when a read has no write to read from, and an error when the candidate
// has more events than a Set holds.
func (s *setup) buildCombo(choice []int, key int) (*combo, error) {
	c := &combo{paths: make([]*path, len(s.paths)), writes: map[string][]int{}, initOf: map[string]int{}, key: key}
	for t, i := range choice {
		c.paths[t] = &s.paths[t][i]
	}
	if err := s.eventBound(choice, 0, false); err != nil {
		return nil, err
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
		return nil, s.eventBound(choice, len(late), false)
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
	c.markLockEvents()
	// Writes per location, and rf candidates per read.
	for i := range events {
		if x.W.Has(i) && !c.unmatchedUL.Has(i) {
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
				if w, ok := last[ev.worldKey()]; ok {
					c.lastW[id] = w
				}
			}
			if ev.kind == KindW {
				last[ev.worldKey()] = id
			}
		}
	}
	lockWrites := map[string][]int{}
	(x.W & c.lockEv).Each(func(w int) { lockWrites[events[w].Loc] = append(lockWrites[events[w].Loc], w) })
	for i := range events {
		if !x.R.Has(i) {
			continue
		}
		r := &events[i]
		var cands []int
		if c.lockEv.Has(i) {
			cands = c.lockCands(i, c.lastW[i], lockWrites[r.Loc])
		}
		for _, w := range c.writes[r.Loc] {
			we := &events[w]
			if c.lockEv.Has(i) || c.lockEv.Has(w) || we.Value != r.Value {
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
			return nil, nil
		}
		c.reads = append(c.reads, i)
		c.rfCands = append(c.rfCands, cands)
	}
	return c, nil
}

func trailing(u uint64) int {
	n := 0
	for u&1 == 0 {
		u >>= 1
		n++
	}
	return n
}
