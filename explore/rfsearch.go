// This file implements the choice of a combination's rf, read by read,
// with the rmw pairs' claims on the writes they read and the refutation
// of partial choices.

package explore

import "github.com/litmuscheck/litmuscheck/rel"

// rfSearch chooses the rf of a combination's reads, read by read, each
// full choice going on to enumerateCo.
type rfSearch struct {
	s      *setup
	c      *combo
	model  Model
	out    *partial
	choice []int
	// claims are the rmw reads that read each write so far (c.claims).
	claims []claim
	// As in the coherence orders (coSearch), a worker that has its
	// forbidden candidate to show refutes partial choices of rf, with the
	// co edges every candidate has.
	pm   PruningModel
	must rel.Rel
	// fanout[i] is the number of rf choices of the reads after i: a
	// refutation cuts nothing when it is 1, as enumerateCo checks its own
	// levels.
	fanout []int
	// prunable is set while pruning may still start (startPruning).
	prunable bool
	// complete[i], under mixed-size semantics, lists the reads (indices
	// of c.reads) of the read instance whose last cell is read i: once
	// its choice is made, herd's matching of the instance is checked.
	complete [][]int
}

// chooseRF enumerates the candidates of c: its choices of rf, then
// enumerateCo's coherence orders for each.
func (s *setup) chooseRF(c *combo, model Model, out *partial) {
	n := len(c.reads)
	fanout := make([]int, n+1)
	fanout[n] = 1
	for i := n - 1; i >= 0; i-- {
		fanout[i] = min(fanout[i+1]*len(c.rfCands[i]), 1<<30)
	}
	r := &rfSearch{s: s, c: c, model: model, out: out, choice: make([]int, n), claims: make([]claim, c.x.N),
		fanout: fanout, prunable: n > 1 && fanout[0] > 1}
	if s.mixed != nil {
		r.complete = c.readInstances()
	}
	r.startPruning(0)
	r.choose(0)
}

// A worker that finds its forbidden candidate in this combination
// prunes the rest of it: no later candidate of the combination
// replaces the one it shows. startPruning is where it starts, with the
// choices before read i made.
// It reports whether the choices before i are refuted: the rest of
// read i's choices are cut at once.
func (r *rfSearch) startPruning(i int) bool {
	if r.pm != nil || !r.prunable || !r.out.mayPrune() {
		return false
	}
	r.prunable = false
	if r.pm = pruner(r.model); r.pm == nil {
		return false
	}
	r.must = r.c.mustCo()
	r.c.restorePartial(r.choice[:i], r.must)
	if i > 0 && r.pm.Refutes(r.c.x) {
		r.out.pruned++
		return true
	}
	return false
}

// choose chooses the rf of read i, then of the reads after it.
func (r *rfSearch) choose(i int) {
	c := r.c
	if i == len(r.choice) {
		r.s.enumerateCo(c, r.choice, r.model, r.out)
		return
	}
	atomic := c.claims != nil && c.claims[i] >= 0
	for _, w := range c.rfCands[i] {
		// A choice is work: a subtree refuted whole must see the deadline.
		if !r.out.tick(1) || r.startPruning(i) {
			return
		}
		if atomic && !r.claims[w].take(c, i) {
			continue
		}
		r.choice[i] = w
		if c.open[c.reads[i]] != nil {
			c.x.Events[c.reads[i]].Value = c.x.Events[w].Value
		}
		if r.complete != nil && !r.matches(i) {
			if atomic {
				r.claims[w].release(c, i)
			}
			continue
		}
		if r.pm != nil && r.fanout[i+1] > 1 {
			c.restorePartial(r.choice[:i+1], r.must)
			if r.pm.Refutes(c.x) {
				r.out.pruned++
			} else {
				r.choose(i + 1)
			}
			// enumerateCo rebuilds rf and co for each full choice,
			// and read i's co edges go with its rf.
			c.restorePartial(r.choice[:i], r.must)
		} else if r.pm == nil {
			r.choose(i + 1)
			if r.pm != nil {
				// Pruning started below: the choices so far are put
				// back for the next ones.
				c.restorePartial(r.choice[:i], r.must)
			}
		} else {
			r.choose(i + 1)
		}
		if atomic {
			r.claims[w].release(c, i)
		}
	}
}

// A claim is what the rmw reads that read one write so far are: how
// many, of which thread, and how many of them are strict: of a pair that
// must read the write immediately co-before its own (an AtomicModel's
// pair of one instruction). Pairs of two threads never share a write,
// nor do two strict pairs; a strict pair and a store-conditional of its
// own thread may (herd's RISC-V lets an AMO come between lr and sc).
type claim struct {
	n, strict int
	thread    int
}

// take claims the write for read i of c, unless a pair already holds it
// that read i's pair may not share.
func (cl *claim) take(c *combo, i int) bool {
	strict := c.rmwW != nil && c.rmwW[i] >= 0
	thread := c.x.Events[c.reads[i]].Thread
	if cl.n > 0 && (cl.thread != thread || strict && cl.strict > 0) {
		return false
	}
	cl.n, cl.thread = cl.n+1, thread
	if strict {
		cl.strict++
	}
	return true
}

// release undoes take for read i of c.
func (cl *claim) release(c *combo, i int) {
	cl.n--
	if c.rmwW != nil && c.rmwW[i] >= 0 {
		cl.strict--
	}
}
