// This file implements the models' view of an execution whose RISC-V AMOs
// are single events: herd builds an AMO as one event in both R and W,
// where the explorer builds a read and a write related by rmw.

package litmus

import "github.com/litmuscheck/litmuscheck/rel"

// OneEventView is x with the read and the write of each OneEvent
// instruction merged into one event that is in both R and W, as herd
// builds it; x itself when it has none. The merged event keeps the read's
// index and carries the tags of both; a relation between the two halves
// disappears (it would be a self-loop herd does not have), but for rf: an
// AMO that reads its own write reads from itself. Every other pair is
// carried over. FR on the view leaves out the identity, as
// herd's fr = (rf^-1; co) \ id does, so an AMO reading its own
// co-predecessor is not related to itself.
//
// The view shares nothing mutable with x but Memo: a model keeps what it
// derives from the view's shape there, and the shape of the view follows
// that of x.
func OneEventView(x *Execution) *Execution {
	into, n, merged := oneEventMap(x)
	if !merged {
		return x
	}
	v := &Execution{Test: x.Test, N: n, Memo: x.Memo, Arena: x.Arena, Tags: map[string]rel.Set{}}
	v.Events = make([]Event, n)
	filled := make([]bool, n)
	for i := range x.Events {
		j, e := into[i], x.Events[i]
		e.ID = j
		if filled[j] {
			// The other half of an AMO: the view keeps the read's kind
			// and value, and the tags of both, the read's first.
			first := v.Events[j]
			if first.Kind == KindW {
				first, e = e, first
			}
			first.Tags = append(append([]string(nil), first.Tags...), e.Tags...)
			e = first
		}
		v.Events[j], filled[j] = e, true
	}
	mapSet := func(s rel.Set) rel.Set {
		var out rel.Set
		s.Each(func(i int) { out = out.Add(into[i]) })
		return out
	}
	v.R, v.W, v.F, v.M = mapSet(x.R), mapSet(x.W), mapSet(x.F), mapSet(x.M)
	v.IW, v.LXSX, v.Atomic = mapSet(x.IW), mapSet(x.LXSX), mapSet(x.Atomic)
	for tag, s := range x.Tags {
		v.Tags[tag] = mapSet(s)
	}
	mapRel := func(r rel.Rel, keepInner bool) rel.Rel {
		if r.IsZero() {
			return r
		}
		out := rel.NewRel(n)
		for a := 0; a < x.N; a++ {
			r.EachSucc(a, func(b int) {
				if a == b || keepInner || into[a] != into[b] {
					out.Add(into[a], into[b])
				}
			})
		}
		return out
	}
	// An AMO reading its own write (a candidate of a model that may
	// allow incoherent ones) reads from itself in the view.
	v.RF = mapRel(x.RF, true)
	v.PO, v.Loc, v.Int, v.CO, v.RMW = mapRel(x.PO, false), mapRel(x.Loc, false), mapRel(x.Int, false), mapRel(x.CO, false), mapRel(x.RMW, false)
	v.Addr, v.Data, v.Ctrl = mapRel(x.Addr, false), mapRel(x.Data, false), mapRel(x.Ctrl, false)
	v.PickAddr, v.PickData, v.PickCtrl = mapRel(x.PickAddr, false), mapRel(x.PickData, false), mapRel(x.PickCtrl, false)
	v.SameInstr, v.SI = mapRel(x.SameInstr, false), mapRel(x.SI, false)
	for _, s := range x.Spin {
		v.Spin = append(v.Spin, into[s])
	}
	return v
}

// oneEventMap numbers x's events in the view: the write of a OneEvent
// pair goes to its read's place, every other event to the next free
// index, in order. merged is false when x has no such pair.
func oneEventMap(x *Execution) (into []int, n int, merged bool) {
	if x.Test == nil || x.RMW.IsZero() || x.RMW.Empty() {
		return nil, x.N, false
	}
	partner := make([]int, x.N)
	for i := range partner {
		partner[i] = -1
	}
	for r := 0; r < x.N; r++ {
		x.RMW.EachSucc(r, func(w int) {
			if x.oneEvent(r, w) {
				partner[w], merged = r, true
			}
		})
	}
	if !merged {
		return nil, x.N, false
	}
	into = make([]int, x.N)
	for i := range into {
		if partner[i] < 0 {
			into[i] = n
			n++
		}
	}
	for i, r := range partner {
		if r >= 0 {
			into[i] = into[r]
		}
	}
	return into, n, true
}

// oneEvent reports whether r and w are the read and the write of one run
// of a OneEvent instruction.
func (x *Execution) oneEvent(r, w int) bool {
	er, ew := &x.Events[r], &x.Events[w]
	if er.Thread < 0 || er.Thread != ew.Thread || er.Instr != ew.Instr || er.Kind != KindR || ew.Kind != KindW {
		return false
	}
	code := x.Test.Threads[er.Thread].Code
	return er.Instr < len(code) && code[er.Instr].OneEvent
}
