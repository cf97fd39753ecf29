// This file implements path combinations: which combinations of thread
// paths are worth exploring, and the layout of one as a candidate execution
// with its fixed relations (po, loc, rmw, dependencies).
package litmus

import (
	"context"
	"fmt"
	"sort"
)

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
