// This file implements the checks of cat's axioms on relations: empty,
// irreflexive and acyclic, with a cycle to show when one fails.

package rel

import (
	"math/bits"
)

// Empty reports whether r has no pair.
func (r Rel) Empty() bool { return isZero(r.bits) }

// Irreflexive reports whether no event relates to itself.
func (r Rel) Irreflexive() bool {
	for i := 0; i < r.N; i++ {
		if r.Has(i, i) {
			return false
		}
	}
	return true
}

// Acyclic reports whether r has no cycle.
func (r Rel) Acyclic() bool {
	if r.w == 1 {
		// Repeatedly remove events with no predecessor among the
		// remaining.
		alive := AllEvents(r.N).lo
		for alive != 0 {
			var hasPred uint64
			for a := alive; a != 0; a &= a - 1 {
				hasPred |= r.bits[bits.TrailingZeros64(a)] & alive
			}
			free := alive &^ hasPred
			if free == 0 {
				return false
			}
			alive &^= free
		}
		return true
	}
	// Kahn's algorithm, in buffers on the stack for the sizes of tests
	// (models check acyclicity per candidate).
	var predsBuf, queueBuf [256]int32
	return len(r.topological(predsBuf[:], queueBuf[:])) == r.N
}

// topological returns r's events in an order where each precedes its
// successors, as far as there is one: fewer than N events when r has a
// cycle. predsBuf and queueBuf are scratch space, used when large enough.
func (r Rel) topological(predsBuf, queueBuf []int32) []int32 {
	preds, queue := predsBuf[:0], queueBuf[:0]
	if r.N > len(predsBuf) || r.N > len(queueBuf) {
		preds, queue = make([]int32, 0, r.N), make([]int32, 0, r.N)
	}
	preds = preds[:r.N]
	clear(preds)
	w := r.w
	k := 0 // the word's place in its row, without a division per word
	for _, word := range r.bits {
		base := 64 * k
		for word != 0 {
			preds[base+bits.TrailingZeros64(word)]++
			word &= word - 1
		}
		if k++; k == w {
			k = 0
		}
	}
	for i, p := range preds {
		if p == 0 {
			queue = append(queue, int32(i))
		}
	}
	for q := 0; q < len(queue); q++ {
		i := int(queue[q])
		for k, word := range r.bits[i*w : (i+1)*w] {
			for word != 0 {
				j := 64*k + bits.TrailingZeros64(word)
				if preds[j]--; preds[j] == 0 {
					queue = append(queue, int32(j))
				}
				word &= word - 1
			}
		}
	}
	return queue
}

// Cycle returns the events of one cycle of r, or nil when r is acyclic.
func (r Rel) Cycle() []int {
	p := r.Plus()
	for i := 0; i < r.N; i++ {
		if !p.Has(i, i) {
			continue
		}
		// Walk from i back to i along r, staying on events that reach i.
		path := []int{i}
		cur := i
		seen := make([]bool, r.N)
		seen[i] = true
		for {
			next := -1
			r.EachSucc(cur, func(j int) {
				if next >= 0 {
					return
				}
				if j == i {
					next = j
				} else if !seen[j] && p.Has(j, i) {
					next = j
				}
			})
			if next == i || next < 0 {
				return path
			}
			seen[next] = true
			path = append(path, next)
			cur = next
		}
	}
	return nil
}

// Equal reports whether r and s hold the same pairs.
func (r Rel) Equal(s Rel) bool {
	for i := range r.bits {
		if r.bits[i] != s.bits[i] {
			return false
		}
	}
	return true
}
