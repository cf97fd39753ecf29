// This file implements the reads that only other threads can feed. Under
// coherence a read returns its thread's latest store to the location
// before it, or, before its thread's first store there, the initial
// value, or else another thread's write: never a store of its own thread
// after it or before its latest. A read whose value is neither of the
// first two needs a write of that value by another thread; an open read
// (paths.Event.Alts) needs one of its values so. The generator drops a
// prefix whose thread's such reads no other thread can feed, and a full
// choice in which the chosen paths of the other threads do not.

package combine

import (
	"github.com/litmuscheck/litmuscheck/explore/paths"
	"github.com/litmuscheck/litmuscheck/litmus"
)

// A pairIndex numbers the (location, value) pairs of the paths' events.
type pairIndex struct {
	m     map[locVal]int
	order []locVal
}

type locVal struct {
	loc string
	v   litmus.Value
}

func newPairs() *pairIndex { return &pairIndex{m: map[locVal]int{}} }

func (x *pairIndex) index(loc string, v litmus.Value) int {
	lv := locVal{loc, v}
	k, ok := x.m[lv]
	if !ok {
		k = len(x.order)
		x.m[lv] = k
		x.order = append(x.order, lv)
	}
	return k
}

func (x *pairIndex) n() int { return len(x.order) }

// initial lists the pairs of a location's initial value.
func (x *pairIndex) initial(f func(loc string) litmus.Value) []int {
	var out []int
	for k, lv := range x.order {
		if lv.v == f(lv.loc) {
			out = append(out, k)
		}
	}
	return out
}

// othersNeeds are, per thread and path, the reads only another thread
// can feed: single pairs (from), and per open read the pairs of which
// one must be written (open).
type othersNeeds struct {
	fromIdx [][][]int
	openIdx [][][][]int
	from    [][][]uint64
	open    [][][][]uint64
	// pre and suf are fed's scratch: the writes of the threads before
	// and after each.
	pre, suf [][]uint64
	words    int
}

func newOthersNeeds(ps [][]paths.Path, initial func(string) litmus.Value, mixed bool, ix *pairIndex) *othersNeeds {
	o := &othersNeeds{fromIdx: make([][][]int, len(ps)), openIdx: make([][][][]int, len(ps))}
	for t := range ps {
		o.fromIdx[t] = make([][]int, len(ps[t]))
		o.openIdx[t] = make([][][]int, len(ps[t]))
		for i := range ps[t] {
			o.fromIdx[t][i], o.openIdx[t][i] = othersOf(&ps[t][i], initial, mixed, ix)
		}
	}
	return o
}

// othersOf are the reads of p only another thread can feed. Under
// mixed-size semantics herd lets an RMW's cell read its own write too.
func othersOf(p *paths.Path, initial func(string) litmus.Value, mixed bool, ix *pairIndex) (from []int, open [][]int) {
	own := map[string]litmus.Value{}
	for k, ev := range p.Events {
		loc := ev.WorldKey()
		if ev.Kind == litmus.KindW {
			own[loc] = ev.Val
			continue
		}
		if ev.Kind != litmus.KindR || paths.IsLockKey(loc) {
			continue
		}
		mine, stored := own[loc]
		if !stored {
			mine = initial(loc)
		}
		if ev.ReadsValue(mine) || mixed && ev.Atomic && readsOwnWrite(p, k) {
			continue
		}
		if ev.Alts == nil {
			from = append(from, ix.index(loc, ev.Val))
			continue
		}
		one := []int{ix.index(loc, ev.Val)}
		for _, v := range ev.Alts {
			one = append(one, ix.index(loc, v))
		}
		open = append(open, one)
	}
	return from, open
}

// readsOwnWrite reports whether read k of p has the value of the write
// of its own RMW instruction.
func readsOwnWrite(p *paths.Path, k int) bool {
	for _, w := range p.Events[k+1:] {
		if w.Kind == litmus.KindW && w.RmwRead == k {
			return p.Events[k].ReadsValue(w.Val)
		}
	}
	return false
}

// finish turns the pairs into bit sets of words words, for nt threads.
func (o *othersNeeds) finish(words, nt int) *othersNeeds {
	o.words = words
	o.from, o.open = make([][][]uint64, len(o.fromIdx)), make([][][][]uint64, len(o.openIdx))
	for t := range o.fromIdx {
		for i := range o.fromIdx[t] {
			o.from[t] = append(o.from[t], bitsOf(words, o.fromIdx[t][i]))
			var open [][]uint64
			for _, one := range o.openIdx[t][i] {
				open = append(open, bitsOf(words, one))
			}
			o.open[t] = append(o.open[t], open)
		}
	}
	o.fromIdx, o.openIdx = nil, nil
	o.pre, o.suf = make([][]uint64, nt+1), make([][]uint64, nt+1)
	for t := range o.pre {
		o.pre[t], o.suf[t] = make([]uint64, words), make([]uint64, words)
	}
	return o
}

// satisfied reports whether what path i of thread t needs from others is
// in others.
func (o *othersNeeds) satisfied(t, i int, others func(k int) uint64) bool {
	for k, b := range o.from[t][i] {
		if b&^others(k) != 0 {
			return false
		}
	}
	for _, one := range o.open[t][i] {
		hit := false
		for k, b := range one {
			if b&others(k) != 0 {
				hit = true
				break
			}
		}
		if !hit {
			return false
		}
	}
	return true
}

// possible reports whether path i of thread t may still be fed, the
// threads before it having written written and those after it able to
// write future.
func (o *othersNeeds) possible(t, i int, written, future []uint64) bool {
	return o.satisfied(t, i, func(k int) uint64 { return written[k] | future[k] })
}

// fed reports whether, in the full choice, every thread's path is fed by
// the others' chosen paths, whose writes are writes[t][choice[t]].
func (o *othersNeeds) fed(choice []int, writes [][][]uint64) bool {
	nt := len(choice)
	for t := 0; t < nt; t++ {
		for k := 0; k < o.words; k++ {
			o.pre[t+1][k] = o.pre[t][k] | writes[t][choice[t]][k]
		}
	}
	for t := nt - 1; t >= 0; t-- {
		for k := 0; k < o.words; k++ {
			o.suf[t][k] = o.suf[t+1][k] | writes[t][choice[t]][k]
		}
	}
	for t := 0; t < nt; t++ {
		if !o.satisfied(t, choice[t], func(k int) uint64 { return o.pre[t][k] | o.suf[t+1][k] }) {
			return false
		}
	}
	return true
}
