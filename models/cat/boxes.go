// This file implements relations as values by pointer: a litmus.Rel put
// in a Value is copied to the heap, once per operator; the relations a
// candidate computes from rf or co are boxed in a slab of the shape's
// memo instead, emptied for the next candidate as the worker's arena is.
// It also carves the many small slices a shape's first evaluation makes
// (its table of bindings, the values of its lets) from larger blocks.

package cat

import "github.com/litmuscheck/litmuscheck/rel"

// A relVal is a relation as a Value. A bare litmus.Rel is one too (the
// built-ins and the less used operators give those).
type relVal struct{ rel.Rel }

// relOf is v as a relation when it is one.
func relOf(v Value) (rel.Rel, bool) {
	switch v := v.(type) {
	case *relVal:
		return v.Rel, true
	case rel.Rel:
		return v, true
	}
	return rel.Rel{}, false
}

// relValue boxes r: in the slab when the value being computed depends on
// rf or co (it never outlives the candidate, as newRel's arena), else on
// the heap.
func (in *interp) relValue(r rel.Rel) Value {
	if in.expr.dyn && in.cand.slab != nil {
		return in.cand.slab.box(r)
	}
	return &relVal{r}
}

// A slab gives out Ts a chunk at a time; reset makes them free again.
type slab[T any] struct {
	chunks [][]T
	cur    int
	off    int
}

// next is a T of the slab, as the last candidate left it.
func (s *slab[T]) next() *T {
	if s.cur == len(s.chunks) {
		// Small at first: many shapes have a few candidates.
		s.chunks = append(s.chunks, make([]T, 16<<min(len(s.chunks), 4)))
	}
	c := s.chunks[s.cur]
	v := &c[s.off]
	if s.off++; s.off == len(c) {
		s.cur, s.off = s.cur+1, 0
	}
	return v
}

// reset frees every T given out, for the next candidate.
func (s *slab[T]) reset() { s.cur, s.off = 0, 0 }

// A relSlab boxes the relations of a candidate.
type relSlab struct{ slab[relVal] }

func (s *relSlab) box(r rel.Rel) *relVal {
	v := s.next()
	v.Rel = r
	return v
}

// candRel is an empty relation of the candidate: in the worker's arena
// when there is one, whatever in.expr.dyn says.
func (in *interp) candRel() rel.Rel {
	if in.cand.x.Arena != nil {
		return in.cand.x.Arena.NewRel(in.cand.n)
	}
	return rel.NewRel(in.cand.n)
}

// inArena is r with the relations computed from it in the worker's
// arena, when there is one: for comparisons made once per candidate.
func (in *interp) inArena(r rel.Rel) rel.Rel {
	if in.cand.x.Arena != nil {
		return in.cand.x.Arena.Attach(r)
	}
	return r
}

// identity is [s], in the arena when the value being computed depends on
// rf or co (newRel); the shape's empty relation for an empty s (most of
// aarch64.cat's sets in a user-level test): values are never changed in
// place.
func (in *interp) identity(s rel.Set) rel.Rel {
	if setEmpty(s) {
		return in.cand.shape.empty
	}
	r := in.newRel()
	s.Each(func(e int) {
		if e < in.cand.n {
			r.Add(e, e)
		}
	})
	return r
}

// A blocks hands out small slices carved from larger blocks: a shape's
// first evaluation binds some hundreds of names (aarch64.cat), one
// allocation each otherwise. A slice given out is never given out again.
type blocks[T any] struct{ free []T }

// take is a slice of n zero Ts, of capacity n: an append beyond it
// copies, never writing over the next slice.
func (b *blocks[T]) take(n int) []T {
	if len(b.free) < n {
		b.free = make([]T, max(n, 128))
	}
	s := b.free[:n:n]
	b.free = b.free[n:]
	return s
}
