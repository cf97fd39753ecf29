// This file implements event sets and relations as bitsets, with the
// operation names of herd's cat language: union, intersection, difference,
// sequence, inverse, transitive closure, and the acyclic, irreflexive and
// empty checks.

package rel

import "math/bits"

// A Rel is a binary relation on events 0..N-1: row i is the set of events
// that i relates to. The rows are bitsets of the same number of words,
// one word while N is at most 64, laid end to end.
type Rel struct {
	N int
	// w is the number of words of a row, and bits the rows.
	w    int
	bits []uint64
	// arena, when set, holds the rows of the relations computed from this
	// one (see Arena).
	arena *Arena
}

// NewRel returns the empty relation on n events.
func NewRel(n int) Rel {
	w := WordsFor(n)
	return Rel{N: n, w: w, bits: make([]uint64, n*w)}
}

// row is the words of row i.
func (r Rel) row(i int) []uint64 { return r.bits[i*r.w : (i+1)*r.w : (i+1)*r.w] }

// Row is the set of events i relates to.
func (r Rel) Row(i int) Set {
	if r.w == 1 {
		return Set{lo: r.bits[i]}
	}
	return SetOfWords(r.row(i))
}

// SetRow makes s the row of i, in place; s must hold events of r only.
func (r Rel) SetRow(i int, s Set) {
	row := r.row(i)
	for k := range row {
		row[k] = s.word(k)
	}
}

// AddRow adds the pairs (i, e) for each e of s, in place.
func (r Rel) AddRow(i int, s Set) {
	row := r.row(i)
	for k := range row {
		row[k] |= s.word(k)
	}
}

// EachSucc calls f for every b with (a, b) in r, in increasing order.
func (r Rel) EachSucc(a int, f func(b int)) {
	for k, w := range r.row(a) {
		eachBit(w, 64*k, f)
	}
}

// SetKnownUnion makes r, in place, the pairs of a and of b (the zero Rel
// for none) between events of known: one pass over the words, as the
// explorer asks it once per reads-from choice.
func (r Rel) SetKnownUnion(a, b Rel, known Set) {
	w := r.w
	for i := 0; i < r.N; i++ {
		for k := 0; k < w; k++ {
			v := uint64(0)
			if known.Has(i) {
				v = a.bits[i*w+k] & known.word(k)
				if !b.IsZero() {
					v |= b.bits[i*w+k] & known.word(k)
				}
			}
			r.bits[i*w+k] = v
		}
	}
}

// Clear removes every pair of r, in place.
func (r Rel) Clear() { clear(r.bits) }

// IsZero reports whether r is the zero Rel, never made (an execution
// that does not set a relation leaves it so).
func (r Rel) IsZero() bool { return r.bits == nil }

// Clone returns a copy of r.
func (r Rel) Clone() Rel {
	c := r.makeRaw()
	copy(c.bits, r.bits)
	return c
}

// Add adds the pair (a, b) to r in place.
func (r Rel) Add(a, b int) { r.bits[a*r.w+b/64] |= 1 << uint(b%64) }

// Remove removes the pair (a, b) from r in place.
func (r Rel) Remove(a, b int) { r.bits[a*r.w+b/64] &^= 1 << uint(b%64) }

// Has reports whether (a, b) is in r.
func (r Rel) Has(a, b int) bool { return r.bits[a*r.w+b/64]&(1<<uint(b%64)) != 0 }

// Union is r | s.
func (r Rel) Union(ss ...Rel) Rel {
	c := r.makeRaw(ss...)
	copy(c.bits, r.bits)
	for _, s := range ss {
		for i, w := range s.bits {
			c.bits[i] |= w
		}
	}
	return c
}

// Inter is r & s.
func (r Rel) Inter(s Rel) Rel {
	c := r.makeRaw(s)
	for i := range c.bits {
		c.bits[i] = r.bits[i] & s.bits[i]
	}
	return c
}

// Diff is r \ s.
func (r Rel) Diff(s Rel) Rel {
	c := r.makeRaw(s)
	for i := range c.bits {
		c.bits[i] = r.bits[i] &^ s.bits[i]
	}
	return c
}

// orRows2 ORs into o0, o1 the rows of m, a relation of 65 to 128 events
// (two words a row), that the row words row0 and row1 select. Seq and the
// closure keep a test of that size in registers through it.
func orRows2(m []uint64, row0, row1, o0, o1 uint64) (uint64, uint64) {
	for ; row0 != 0; row0 &= row0 - 1 {
		j := 2 * bits.TrailingZeros64(row0)
		o0 |= m[j]
		o1 |= m[j+1]
	}
	for ; row1 != 0; row1 &= row1 - 1 {
		j := 2 * (64 + bits.TrailingZeros64(row1))
		o0 |= m[j]
		o1 |= m[j+1]
	}
	return o0, o1
}

// Seq is the sequence r ; s.
func (r Rel) Seq(s Rel) Rel {
	c := r.makeRaw(s)
	switch r.w {
	case 1:
		for i, row := range r.bits {
			var out uint64
			for row != 0 {
				out |= s.bits[bits.TrailingZeros64(row)]
				row &= row - 1
			}
			c.bits[i] = out
		}
		return c
	case 2:
		// The rows of a test of 65 to 128 events, in registers.
		sb := s.bits
		for i := 0; i+1 < len(r.bits); i += 2 {
			c.bits[i], c.bits[i+1] = orRows2(sb, r.bits[i], r.bits[i+1], 0, 0)
		}
		return c
	}
	w := r.w
	clear(c.bits)
	for i := 0; i < r.N; i++ {
		orRowsAt(c.bits[i*w:(i+1)*w], r.bits[i*w:(i+1)*w], s.bits, w)
	}
	return c
}

// orRowsAt ors into out the rows of m (w words each) at the bits set in
// row: out |= the union of m's rows j, for each j of row.
func orRowsAt(out, row, m []uint64, w int) {
	for k, word := range row {
		for word != 0 {
			j := 64*k + bits.TrailingZeros64(word)
			for i, v := range m[j*w : (j+1)*w] {
				out[i] |= v
			}
			word &= word - 1
		}
	}
}

// Inverse is r^-1.
func (r Rel) Inverse() Rel {
	c := r.make()
	w := r.w
	for i := 0; i < r.N; i++ {
		word, bit := i/64, uint64(1)<<uint(i%64)
		for k, row := range r.bits[i*w : (i+1)*w] {
			for row != 0 {
				j := 64*k + bits.TrailingZeros64(row)
				c.bits[j*w+word] |= bit
				row &= row - 1
			}
		}
	}
	return c
}

// Plus is the transitive closure r+.
func (r Rel) Plus() Rel {
	c, _ := r.plusAcyclic()
	return c
}

// StarAcyclic is r* and whether r is acyclic, from the one topological
// sort that both need (a model that checks acyclic hb and builds hb*).
func (r Rel) StarAcyclic() (Rel, bool) {
	c, acyclic := r.plusAcyclic()
	return c.addIdentity(), acyclic
}

// plusAcyclic is r+ and whether r is acyclic.
func (r Rel) plusAcyclic() (Rel, bool) {
	c := r.Clone()
	// Warshall: for each k, every row containing k gains row k.
	if c.w == 1 {
		for k := 0; k < c.N; k++ {
			rk := c.bits[k]
			if rk == 0 {
				continue
			}
			bit := uint64(1) << uint(k)
			for i, row := range c.bits {
				if row&bit != 0 {
					c.bits[i] = row | rk
				}
			}
		}
		return c, c.Irreflexive()
	}
	w := c.w
	// Without a cycle, each row is closed from its successors' closed
	// rows, last events first: work in the pairs rather than in N*N.
	var predsBuf, queueBuf [256]int32
	if order := r.topological(predsBuf[:], queueBuf[:]); len(order) == r.N {
		if w == 2 {
			cb := c.bits
			for q := len(order) - 1; q >= 0; q-- {
				i := 2 * int(order[q])
				cb[i], cb[i+1] = orRows2(cb, r.bits[i], r.bits[i+1], cb[i], cb[i+1])
			}
			return c, true
		}
		for q := len(order) - 1; q >= 0; q-- {
			i := int(order[q])
			orRowsAt(c.bits[i*w:(i+1)*w], r.bits[i*w:(i+1)*w], c.bits, w)
		}
		return c, true
	}
	for k := 0; k < c.N; k++ {
		rk := c.bits[k*w : (k+1)*w]
		if isZero(rk) {
			continue
		}
		word, bit := k/64, uint64(1)<<uint(k%64)
		for i := 0; i < c.N; i++ {
			if c.bits[i*w+word]&bit != 0 {
				ri := c.bits[i*w : (i+1)*w]
				for m, v := range rk {
					ri[m] |= v
				}
			}
		}
	}
	return c, false // topological found the cycle
}

func isZero(ws []uint64) bool {
	for _, v := range ws {
		if v != 0 {
			return false
		}
	}
	return true
}

// Star is the reflexive-transitive closure r*.
func (r Rel) Star() Rel { return r.Plus().addIdentity() }

// Opt is r?, that is r | id.
func (r Rel) Opt() Rel { return r.Clone().addIdentity() }

// addIdentity adds every pair (e, e) to r, in place, in r's arena rather
// than through an identity of its own: models take r* and r? per
// candidate.
func (r Rel) addIdentity() Rel {
	for e := 0; e < r.N; e++ {
		r.Add(e, e)
	}
	return r
}

// Restrict is [dom]; r; [rng]. When dom and rng hold every event it is r
// itself, rows shared (no operation writes a result's rows).
func (r Rel) Restrict(dom, rng Set) Rel {
	if covers(dom, r.N) && covers(rng, r.N) {
		return r
	}
	c := r.makeRaw()
	switch r.w {
	case 1:
		d, g := dom.lo, rng.lo
		for i, row := range r.bits {
			if d&(1<<uint(i)) != 0 {
				c.bits[i] = row & g
			} else {
				c.bits[i] = 0
			}
		}
		return c
	case 2:
		g0, g1 := rng.word(0), rng.word(1)
		for i := 0; i < r.N; i++ {
			if dom.Has(i) {
				c.bits[2*i], c.bits[2*i+1] = r.bits[2*i]&g0, r.bits[2*i+1]&g1
			} else {
				c.bits[2*i], c.bits[2*i+1] = 0, 0
			}
		}
		return c
	}
	w := r.w
	mask := make([]uint64, w)
	for k := range mask {
		mask[k] = rng.word(k)
	}
	for i := 0; i < r.N; i++ {
		in := dom.Has(i)
		for k := 0; k < w; k++ {
			if in {
				c.bits[i*w+k] = r.bits[i*w+k] & mask[k]
			} else {
				c.bits[i*w+k] = 0
			}
		}
	}
	return c
}

// covers reports whether s holds every event 0..n-1.
func covers(s Set, n int) bool {
	if n <= 64 {
		return n == 64 && s.lo == ^uint64(0) || n < 64 && s.lo&(1<<uint(n)-1) == 1<<uint(n)-1
	}
	if s.lo != ^uint64(0) || len(s.hi) < WordsFor(n)-1 {
		return false
	}
	for k := 1; k < WordsFor(n); k++ {
		full := ^uint64(0)
		if k == WordsFor(n)-1 && n%64 != 0 {
			full = 1<<uint(n%64) - 1
		}
		if s.hi[k-1]&full != full {
			return false
		}
	}
	return true
}

// Domain is the set of events with a successor in r.
func (r Rel) Domain() Set {
	var s Set
	for i := 0; i < r.N; i++ {
		if !isZero(r.bits[i*r.w : (i+1)*r.w]) {
			s = s.Add(i)
		}
	}
	return s
}

// Range is the set of events with a predecessor in r.
func (r Rel) Range() Set {
	out := make([]uint64, r.w)
	for i, v := range r.bits {
		out[i%r.w] |= v
	}
	return SetOfWords(out)
}

// Identity is [s], the identity on s.
func Identity(n int, s Set) Rel {
	c := NewRel(n)
	s.Each(func(e int) {
		if e < n {
			c.Add(e, e)
		}
	})
	return c
}

// Cartesian is s * t.
func Cartesian(n int, s, t Set) Rel {
	c := NewRel(n)
	s.Each(func(e int) {
		if e < n {
			c.SetRow(e, t)
		}
	})
	return c
}
