// This file implements the linear extensions of the order a location's
// writes must keep, cut by herd's atomicity as they are built.

package coorder

import (
	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/rel"
)

// Sole reports whether ws, in that order, is the one order of the
// writes of a location that before allows, for one or two writes.
func Sole(ws []int, before rel.Rel) bool {
	switch len(ws) {
	case 1:
		return true
	case 2:
		return before.Has(ws[0], ws[1]) && !before.Has(ws[1], ws[0])
	}
	return false
}

// A Pair is the read and the write of one read-modify-write, with the
// write the read reads from.
type Pair struct{ R, W, Src int }

// An AtomicCut keeps herd's atomicity in the orders LinearExtensions
// builds: no write of another thread comes between the write an RMW's
// read reads from and the RMW's write (rmw & (fre; coe), which every
// model forbids). Cutting a prefix as soon as it places such a write,
// rather than filtering the finished orders, keeps the search to the
// orders that survive: a lock's RMWs otherwise leave every interleaving
// of its unlocks to be built and thrown away.
type AtomicCut struct {
	Pairs  []Pair
	Events []litmus.Event
}

// allows reports whether w may come next after the writes placed.
func (a AtomicCut) allows(w int, placed []bool) bool {
	for _, p := range a.Pairs {
		if placed[p.Src] && !placed[p.W] && w != p.W && a.Events[w].Thread != a.Events[p.R].Thread {
			return false
		}
	}
	return true
}

// Work is what bounds an enumeration: Tick adds work and reports whether
// to go on.
type Work interface{ Tick(n int) bool }

// LinearExtensions lists the orders of ws compatible with before in which
// every w with immPred[w] >= 0 comes right after immPred[w] (immPred may be
// nil) and that atomic allows. Each order is work for out; the search
// stops once out says so.
func LinearExtensions(ws []int, before rel.Rel, immPred []int, atomic AtomicCut, out Work) [][]int {
	if immPred == nil && len(ws) <= 2 {
		// Most locations of a large test: in the order the search below
		// finds them, without it. ws itself serves, read-only.
		var orders [][]int
		if len(ws) < 2 || !before.Has(ws[1], ws[0]) {
			orders = append(orders, ws)
			out.Tick(len(ws))
		}
		if len(ws) == 2 && !before.Has(ws[0], ws[1]) {
			orders = append(orders, []int{ws[1], ws[0]})
			out.Tick(len(ws))
		}
		return orders
	}
	var orders [][]int
	cur := make([]int, 0, len(ws))
	placed := make([]bool, before.N)
	stopped := false
	var rec func()
	rec = func() {
		if len(cur) == len(ws) {
			orders = append(orders, append([]int(nil), cur...))
			stopped = !out.Tick(len(ws))
			return
		}
		if stopped {
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
				if !placed[w] && immPred[w] == last {
					forced = w
					break
				}
			}
		}
		for _, w := range ws {
			if placed[w] {
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
				if v != w && !placed[v] && before.Has(v, w) {
					ok = false
					break
				}
			}
			if !ok || !atomic.allows(w, placed) {
				continue
			}
			placed[w] = true
			cur = append(cur, w)
			rec()
			cur = cur[:len(cur)-1]
			placed[w] = false
		}
	}
	rec()
	return orders
}
