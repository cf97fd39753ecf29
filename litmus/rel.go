// This file implements event sets and relations as bitsets, with the
// operation names of herd's cat language: union, intersection, difference,
// sequence, inverse, transitive closure, and the acyclic, irreflexive and
// empty checks.
package litmus

import "math/bits"

// MaxEvents is the number of events a Set or Rel can hold.
const MaxEvents = 64

// A Set is a set of events, bit i for event i.
type Set uint64

// Has reports whether e is in s.
func (s Set) Has(e int) bool { return s&(1<<uint(e)) != 0 }

// Add returns s with e.
func (s Set) Add(e int) Set { return s | 1<<uint(e) }

// Len is the number of events in s.
func (s Set) Len() int { return bits.OnesCount64(uint64(s)) }

// Each calls f for every event of s in increasing order.
func (s Set) Each(f func(e int)) {
	for s != 0 {
		e := bits.TrailingZeros64(uint64(s))
		f(e)
		s &= s - 1
	}
}

// A Rel is a binary relation on events 0..N-1: row i is the set of events
// that i relates to.
type Rel struct {
	N    int
	Rows []Set
	// arena, when set, holds the rows of the relations computed from this
	// one (see Arena).
	arena *Arena
}

// NewRel returns the empty relation on n events.
func NewRel(n int) Rel { return Rel{N: n, Rows: make([]Set, n)} }

// An Arena holds the rows of short-lived relations, so that a model that
// derives many relations per candidate execution does not allocate each:
// the result of an operation on a relation attached to an arena (by
// Attach), or with such a relation as argument, has its rows there, and
// Reset frees them all at once. A relation from an arena must not be used
// after the arena's next Reset. An Arena is not safe for concurrent use.
type Arena struct {
	chunks [][]Set
	cur    int // chunk in use
	off    int // first free row of chunks[cur]
}

// Reset frees every relation of the arena.
func (a *Arena) Reset() { a.cur, a.off = 0, 0 }

// Attach returns r as a relation of a: r's rows are shared, and what is
// computed from the result lives in a.
func (a *Arena) Attach(r Rel) Rel { r.arena = a; return r }

// NewRel returns the empty relation on n events in a.
func (a *Arena) NewRel(n int) Rel { return Rel{N: n, Rows: a.rows(n), arena: a} }

// rows returns n zero rows.
func (a *Arena) rows(n int) []Set {
	for {
		if a.cur == len(a.chunks) {
			a.chunks = append(a.chunks, make([]Set, max(4096, n)))
		}
		c := a.chunks[a.cur]
		if a.off+n <= len(c) {
			r := c[a.off : a.off+n : a.off+n]
			a.off += n
			clear(r)
			return r
		}
		a.cur++
		a.off = 0
	}
}

// make returns an empty relation of r's size, in the arena of r or else
// of the first of others that has one.
func (r Rel) make(others ...Rel) Rel {
	a := r.arena
	for i := 0; a == nil && i < len(others); i++ {
		a = others[i].arena
	}
	if a == nil {
		return NewRel(r.N)
	}
	return a.NewRel(r.N)
}

// Clone returns a copy of r.
func (r Rel) Clone() Rel {
	c := r.make()
	copy(c.Rows, r.Rows)
	return c
}

// Add adds the pair (a, b) to r in place.
func (r Rel) Add(a, b int) { r.Rows[a] |= 1 << uint(b) }

// Has reports whether (a, b) is in r.
func (r Rel) Has(a, b int) bool { return r.Rows[a].Has(b) }

// Union is r | s.
func (r Rel) Union(ss ...Rel) Rel {
	c := r.make(ss...)
	copy(c.Rows, r.Rows)
	for _, s := range ss {
		for i := range c.Rows {
			c.Rows[i] |= s.Rows[i]
		}
	}
	return c
}

// Inter is r & s.
func (r Rel) Inter(s Rel) Rel {
	c := r.make(s)
	for i := range c.Rows {
		c.Rows[i] = r.Rows[i] & s.Rows[i]
	}
	return c
}

// Diff is r \ s.
func (r Rel) Diff(s Rel) Rel {
	c := r.make(s)
	for i := range c.Rows {
		c.Rows[i] = r.Rows[i] &^ s.Rows[i]
	}
	return c
}

// Seq is the sequence r ; s.
func (r Rel) Seq(s Rel) Rel {
	c := r.make(s)
	for i, row := range r.Rows {
		var out Set
		for row != 0 {
			j := bits.TrailingZeros64(uint64(row))
			out |= s.Rows[j]
			row &= row - 1
		}
		c.Rows[i] = out
	}
	return c
}

// Inverse is r^-1.
func (r Rel) Inverse() Rel {
	c := r.make()
	for i, row := range r.Rows {
		for row != 0 {
			j := bits.TrailingZeros64(uint64(row))
			c.Rows[j] |= 1 << uint(i)
			row &= row - 1
		}
	}
	return c
}

// Plus is the transitive closure r+.
func (r Rel) Plus() Rel {
	c := r.Clone()
	// Warshall: for each k, every row containing k gains row k.
	for k := 0; k < c.N; k++ {
		rk := c.Rows[k]
		if rk == 0 {
			continue
		}
		bit := Set(1) << uint(k)
		for i := range c.Rows {
			if c.Rows[i]&bit != 0 {
				c.Rows[i] |= rk
			}
		}
	}
	return c
}

// Star is the reflexive-transitive closure r*.
func (r Rel) Star() Rel { return r.Plus().Union(Identity(r.N, AllEvents(r.N))) }

// Opt is r?, that is r | id.
func (r Rel) Opt() Rel { return r.Union(Identity(r.N, AllEvents(r.N))) }

// Restrict is [dom]; r; [rng].
func (r Rel) Restrict(dom, rng Set) Rel {
	c := r.make()
	for i, row := range r.Rows {
		if dom.Has(i) {
			c.Rows[i] = row & rng
		}
	}
	return c
}

// Domain is the set of events with a successor in r.
func (r Rel) Domain() Set {
	var s Set
	for i, row := range r.Rows {
		if row != 0 {
			s = s.Add(i)
		}
	}
	return s
}

// Range is the set of events with a predecessor in r.
func (r Rel) Range() Set {
	var s Set
	for _, row := range r.Rows {
		s |= row
	}
	return s
}

// Empty reports whether r has no pair.
func (r Rel) Empty() bool {
	for _, row := range r.Rows {
		if row != 0 {
			return false
		}
	}
	return true
}

// Irreflexive reports whether no event relates to itself.
func (r Rel) Irreflexive() bool {
	for i, row := range r.Rows {
		if row.Has(i) {
			return false
		}
	}
	return true
}

// Acyclic reports whether r has no cycle.
func (r Rel) Acyclic() bool {
	// Repeatedly remove events with no predecessor among the remaining.
	var alive Set = AllEvents(r.N)
	for {
		removed := false
		var hasPred Set
		alive.Each(func(i int) { hasPred |= r.Rows[i] & alive })
		free := alive &^ hasPred
		if free != 0 {
			alive &^= free
			removed = true
		}
		if alive == 0 {
			return true
		}
		if !removed {
			return false
		}
	}
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
		seen := Set(0).Add(i)
		for {
			next := -1
			r.Rows[cur].Each(func(j int) {
				if next >= 0 {
					return
				}
				if j == i {
					next = j
				} else if !seen.Has(j) && p.Has(j, i) {
					next = j
				}
			})
			if next == i || next < 0 {
				return path
			}
			seen = seen.Add(next)
			path = append(path, next)
			cur = next
		}
	}
	return nil
}

// Identity is [s], the identity on s.
func Identity(n int, s Set) Rel {
	c := Rel{N: n, Rows: make([]Set, n)}
	s.Each(func(e int) { c.Rows[e] = Set(0).Add(e) })
	return c
}

// Cartesian is s * t.
func Cartesian(n int, s, t Set) Rel {
	c := Rel{N: n, Rows: make([]Set, n)}
	s.Each(func(e int) { c.Rows[e] = t })
	return c
}

// AllEvents is the set of events 0..n-1.
func AllEvents(n int) Set {
	if n >= 64 {
		return ^Set(0)
	}
	return Set(1)<<uint(n) - 1
}

// Equal reports whether r and s hold the same pairs.
func (r Rel) Equal(s Rel) bool {
	for i := range r.Rows {
		if r.Rows[i] != s.Rows[i] {
			return false
		}
	}
	return true
}
