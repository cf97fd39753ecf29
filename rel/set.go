// This file implements event sets of any size: the first 64 events in one
// word held inline, the rest in words allocated only for the tests that
// have more events, so that the small tests pay nothing for the wide ones.

package rel

import (
	"fmt"
	"math/bits"
	"strings"
)

// A Set is a set of events. The zero value is the empty set. A Set is a
// value: no operation changes its argument, and the words past the first
// are never shared with anything that could change them.
type Set struct {
	lo uint64
	// hi holds events 64 and up, 64 a word; nil while there is none. It
	// may end in zero words.
	hi []uint64
}

// SetOf is the set of the events es.
func SetOf(es ...int) Set {
	var s Set
	for _, e := range es {
		s = s.Add(e)
	}
	return s
}

// setOfWords is the set whose words are ws (copied).
func SetOfWords(ws []uint64) Set {
	if len(ws) == 0 {
		return Set{}
	}
	s := Set{lo: ws[0]}
	if len(ws) > 1 {
		s.hi = append([]uint64(nil), ws[1:]...)
	}
	return s
}

// word is the w-th word of s (zero past its end).
func (s Set) word(w int) uint64 {
	if w == 0 {
		return s.lo
	}
	if w-1 < len(s.hi) {
		return s.hi[w-1]
	}
	return 0
}

// Has reports whether e is in s.
func (s Set) Has(e int) bool {
	if e < 64 {
		return s.lo&(1<<uint(e)) != 0
	}
	return s.word(e/64)&(1<<uint(e%64)) != 0
}

// Add returns s with e.
func (s Set) Add(e int) Set {
	if e < 64 {
		return Set{lo: s.lo | 1<<uint(e), hi: s.hi}
	}
	w := e/64 - 1
	hi := make([]uint64, max(len(s.hi), w+1))
	copy(hi, s.hi)
	hi[w] |= 1 << uint(e%64)
	return Set{lo: s.lo, hi: hi}
}

// Remove returns s without e.
func (s Set) Remove(e int) Set {
	if !s.Has(e) {
		return s
	}
	if e < 64 {
		return Set{lo: s.lo &^ (1 << uint(e)), hi: s.hi}
	}
	hi := append([]uint64(nil), s.hi...)
	hi[e/64-1] &^= 1 << uint(e%64)
	return Set{lo: s.lo, hi: hi}
}

// Len is the number of events in s.
func (s Set) Len() int {
	n := bits.OnesCount64(s.lo)
	for _, w := range s.hi {
		n += bits.OnesCount64(w)
	}
	return n
}

// Empty reports whether s has no event.
func (s Set) Empty() bool {
	if s.lo != 0 {
		return false
	}
	for _, w := range s.hi {
		if w != 0 {
			return false
		}
	}
	return true
}

// Each calls f for every event of s in increasing order.
func (s Set) Each(f func(e int)) {
	eachBit(s.lo, 0, f)
	for i, w := range s.hi {
		eachBit(w, 64*(i+1), f)
	}
}

// eachBit calls f for base plus each bit of w.
func eachBit(w uint64, base int, f func(e int)) {
	for w != 0 {
		f(base + bits.TrailingZeros64(w))
		w &= w - 1
	}
}

// Union is s | t | ...
func (s Set) Union(ts ...Set) Set {
	for _, t := range ts {
		if s.hi == nil && t.hi == nil {
			s.lo |= t.lo
		} else {
			s = s.combine(t, func(a, b uint64) uint64 { return a | b })
		}
	}
	return s
}

// Inter is s & t.
func (s Set) Inter(t Set) Set {
	if s.hi == nil || t.hi == nil {
		return Set{lo: s.lo & t.lo}
	}
	return s.combine(t, func(a, b uint64) uint64 { return a & b })
}

// Diff is s \ t.
func (s Set) Diff(t Set) Set {
	if s.hi == nil {
		return Set{lo: s.lo &^ t.lo}
	}
	return s.combine(t, func(a, b uint64) uint64 { return a &^ b })
}

// combine applies op word by word, for sets past the first word.
func (s Set) combine(t Set, op func(a, b uint64) uint64) Set {
	hi := make([]uint64, max(len(s.hi), len(t.hi)))
	for i := range hi {
		hi[i] = op(s.word(i+1), t.word(i+1))
	}
	return Set{lo: op(s.lo, t.lo), hi: hi}
}

// Equal reports whether s and t hold the same events.
func (s Set) Equal(t Set) bool {
	if s.lo != t.lo {
		return false
	}
	for i := 0; i < max(len(s.hi), len(t.hi)); i++ {
		if s.word(i+1) != t.word(i+1) {
			return false
		}
	}
	return true
}

// AllEvents is the set of events 0..n-1.
func AllEvents(n int) Set {
	if n <= 64 {
		if n == 64 {
			return Set{lo: ^uint64(0)}
		}
		return Set{lo: 1<<uint(n) - 1}
	}
	hi := make([]uint64, WordsFor(n)-1)
	for i := range hi {
		hi[i] = ^uint64(0)
	}
	if r := n % 64; r != 0 {
		hi[len(hi)-1] = 1<<uint(r) - 1
	}
	return Set{lo: ^uint64(0), hi: hi}
}

// wordsFor is the number of words a set of events 0..n-1 needs.
func WordsFor(n int) int { return max(1, (n+63)/64) }

// String lists the events of s, as {0 3 64}.
func (s Set) String() string {
	var b strings.Builder
	b.WriteByte('{')
	s.Each(func(e int) {
		if b.Len() > 1 {
			b.WriteByte(' ')
		}
		fmt.Fprint(&b, e)
	})
	b.WriteByte('}')
	return b.String()
}
