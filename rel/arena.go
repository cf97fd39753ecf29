// This file implements arenas: the rows of short-lived relations kept in
// memory reused from one candidate to the next.

package rel

// An Arena holds the rows of short-lived relations, so that a model that
// derives many relations per candidate execution does not allocate each:
// the result of an operation on a relation attached to an arena (by
// Attach), or with such a relation as argument, has its rows there, and
// Reset frees them all at once. A relation from an arena must not be used
// after the arena's next Reset. An Arena is not safe for concurrent use.
type Arena struct {
	chunks [][]uint64
	cur    int // chunk in use
	off    int // first free word of chunks[cur]
}

// Reset frees every relation of the arena.
func (a *Arena) Reset() { a.cur, a.off = 0, 0 }

// Attach returns r as a relation of a: r's rows are shared, and what is
// computed from the result lives in a.
func (a *Arena) Attach(r Rel) Rel { r.arena = a; return r }

// NewRel returns the empty relation on n events in a.
func (a *Arena) NewRel(n int) Rel {
	w := WordsFor(n)
	return Rel{N: n, w: w, bits: a.words(n * w), arena: a}
}

// words returns n zero words.
func (a *Arena) words(n int) []uint64 {
	r := a.rawWords(n)
	clear(r)
	return r
}

// rawWords returns n words of any value, for a result that writes all.
func (a *Arena) rawWords(n int) []uint64 {
	for {
		if a.cur == len(a.chunks) {
			a.chunks = append(a.chunks, make([]uint64, max(4096, n)))
		}
		c := a.chunks[a.cur]
		if a.off+n <= len(c) {
			r := c[a.off : a.off+n : a.off+n]
			a.off += n
			return r
		}
		a.cur++
		a.off = 0
	}
}

// arenaOf is the arena of r, or else of the first of others that has one;
// nil for none.
func (r Rel) arenaOf(others []Rel) *Arena {
	a := r.arena
	for i := 0; a == nil && i < len(others); i++ {
		a = others[i].arena
	}
	return a
}

// make returns an empty relation of r's size, in the arena of r or else
// of the first of others that has one.
func (r Rel) make(others ...Rel) Rel {
	a := r.arenaOf(others)
	if a == nil {
		return NewRel(r.N)
	}
	return a.NewRel(r.N)
}

// makeRaw is make for a result that writes every word: in an arena, the
// words are not cleared first.
func (r Rel) makeRaw(others ...Rel) Rel {
	a := r.arenaOf(others)
	if a == nil {
		return NewRel(r.N)
	}
	w := WordsFor(r.N)
	return Rel{N: r.N, w: w, bits: a.rawWords(r.N * w), arena: a}
}
