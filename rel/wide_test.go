package rel

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// wideSizes straddle the word boundaries of Set and Rel: the last size of
// one word, the first two of two words, and sizes of two and four words.
var wideSizes = []int{63, 64, 65, 128, 200}

// matrix is the reference the bitsets are checked against: a relation as
// a plain boolean matrix, with the operations written the obvious way.
type matrix [][]bool

func newMatrix(n int) matrix {
	m := make(matrix, n)
	for i := range m {
		m[i] = make([]bool, n)
	}
	return m
}

func (m matrix) rel() Rel {
	r := NewRel(len(m))
	for i, row := range m {
		for j, b := range row {
			if b {
				r.Add(i, j)
			}
		}
	}
	return r
}

func (m matrix) pairs() [][2]int {
	var out [][2]int
	for i, row := range m {
		for j, b := range row {
			if b {
				out = append(out, [2]int{i, j})
			}
		}
	}
	return out
}

func (m matrix) apply(f func(i, j int) bool) matrix {
	c := newMatrix(len(m))
	for i := range c {
		for j := range c[i] {
			c[i][j] = f(i, j)
		}
	}
	return c
}

func (m matrix) seq(s matrix) matrix {
	return m.apply(func(i, j int) bool {
		for k := range m {
			if m[i][k] && s[k][j] {
				return true
			}
		}
		return false
	})
}

func (m matrix) plus() matrix {
	c := m.apply(func(i, j int) bool { return m[i][j] })
	for k := range c {
		for i := range c {
			for j := range c {
				c[i][j] = c[i][j] || c[i][k] && c[k][j]
			}
		}
	}
	return c
}

// randomMatrix has about density pairs per row, so that closures stay
// interesting rather than full.
func randomMatrix(rng *rand.Rand, n int, density float64) matrix {
	m := newMatrix(n)
	for i := range m {
		for j := range m[i] {
			m[i][j] = rng.Float64() < density/float64(n)
		}
	}
	return m
}

func randomSet(rng *rand.Rand, n int) (Set, []bool) {
	var s Set
	in := make([]bool, n)
	for e := range in {
		if rng.IntN(2) == 0 {
			s, in[e] = s.Add(e), true
		}
	}
	return s, in
}

func members(n int, in []bool) []int {
	var out []int
	for e := 0; e < n; e++ {
		if in[e] {
			out = append(out, e)
		}
	}
	return out
}

func events(s Set) []int {
	var out []int
	s.Each(func(e int) { out = append(out, e) })
	return out
}

// starOf is r* from StarAcyclic, which must also tell whether r is
// acyclic as Acyclic does.
func starOf(r Rel) Rel {
	star, acyclic := r.StarAcyclic()
	if acyclic != r.Acyclic() {
		return Rel{}
	}
	return star
}

// TestWideRelOperations checks every operation at sizes around the word
// boundaries against the boolean-matrix reference, on heap relations and
// on relations in an arena.
func TestWideRelOperations(t *testing.T) {
	for _, n := range wideSizes {
		rng := rand.New(rand.NewPCG(uint64(n), 1))
		for round := 0; round < 3; round++ {
			ma, mb := randomMatrix(rng, n, 1.5), randomMatrix(rng, n, 1.5)
			dom, domIn := randomSet(rng, n)
			rngSet, rngIn := randomSet(rng, n)
			var arena Arena
			for _, inArena := range []bool{false, true} {
				a, b := ma.rel(), mb.rel()
				if inArena {
					arena.Reset()
					a = arena.Attach(a)
				}
				id := newMatrix(n).apply(func(i, j int) bool { return i == j })
				plus := ma.plus()
				// A relation without a cycle, dense enough for long paths:
				// Plus closes it in topological order.
				mdag := newMatrix(n)
				for i := range mdag {
					for j := range mdag[i] {
						mdag[i][j] = j > i && rng.Float64() < 3/float64(n)
					}
				}
				dag, dagPlus := mdag.rel(), mdag.plus()
				if inArena {
					dag = arena.Attach(dag)
				}
				tests := []struct {
					name string
					got  Rel
					want matrix
				}{
					{"union", a.Union(b), ma.apply(func(i, j int) bool { return ma[i][j] || mb[i][j] })},
					{"inter", a.Inter(b), ma.apply(func(i, j int) bool { return ma[i][j] && mb[i][j] })},
					{"diff", a.Diff(b), ma.apply(func(i, j int) bool { return ma[i][j] && !mb[i][j] })},
					{"seq", a.Seq(b), ma.seq(mb)},
					{"inverse", a.Inverse(), ma.apply(func(i, j int) bool { return ma[j][i] })},
					{"plus", a.Plus(), plus},
					{"plus of a dag", dag.Plus(), dagPlus},
					{"star", a.Star(), plus.apply(func(i, j int) bool { return i == j || plus[i][j] })},
					{"opt", a.Opt(), ma.apply(func(i, j int) bool { return i == j || ma[i][j] })},
					{"restrict", a.Restrict(dom, rngSet), ma.apply(func(i, j int) bool { return domIn[i] && rngIn[j] && ma[i][j] })},
					{"restrict to every event", a.Restrict(AllEvents(n), AllEvents(n)), ma},
					{"restrict to all but one", a.Restrict(AllEvents(n).Remove(n-1), AllEvents(n)), ma.apply(func(i, j int) bool { return i != n-1 && ma[i][j] })},
					{"star, acyclic", starOf(dag), dagPlus.apply(func(i, j int) bool { return i == j || dagPlus[i][j] })},
					{"star, cyclic", starOf(a), plus.apply(func(i, j int) bool { return i == j || plus[i][j] })},
					{"identity", Identity(n, dom), id.apply(func(i, j int) bool { return i == j && domIn[i] })},
					{"cartesian", Cartesian(n, dom, rngSet), ma.apply(func(i, j int) bool { return domIn[i] && rngIn[j] })},
					{"clone", a.Clone(), ma},
				}
				for _, tc := range tests {
					if diff := cmp.Diff(tc.want.pairs(), pairs(tc.got)); diff != "" {
						t.Errorf("n=%d round %d arena=%v %s (-want +got):\n%s", n, round, inArena, tc.name, diff)
					}
				}
				wantDom, wantRange := make([]bool, n), make([]bool, n)
				for i := range ma {
					for j := range ma[i] {
						if ma[i][j] {
							wantDom[i], wantRange[j] = true, true
						}
					}
				}
				if diff := cmp.Diff(members(n, wantDom), events(a.Domain())); diff != "" {
					t.Errorf("n=%d Domain (-want +got):\n%s", n, diff)
				}
				if diff := cmp.Diff(members(n, wantRange), events(a.Range())); diff != "" {
					t.Errorf("n=%d Range (-want +got):\n%s", n, diff)
				}
			}
		}
	}
}

// TestWideRelChecks checks Acyclic, Irreflexive, Empty, Equal and Cycle on
// a chain through every event, open and then closed by an edge from the
// last event to the first, so that the cycle crosses every word.
func TestWideRelChecks(t *testing.T) {
	for _, n := range wideSizes {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			chain := NewRel(n)
			for i := 0; i+1 < n; i++ {
				chain.Add(i, i+1)
			}
			if !chain.Acyclic() || chain.Cycle() != nil {
				t.Error("an open chain has a cycle")
			}
			if !chain.Plus().Irreflexive() {
				t.Error("the closure of an open chain is reflexive")
			}
			ring := chain.Clone()
			ring.Add(n-1, 0)
			if ring.Acyclic() {
				t.Error("a ring is acyclic")
			}
			if ring.Plus().Irreflexive() {
				t.Error("the closure of a ring is irreflexive")
			}
			if got := ring.Cycle(); len(got) != n {
				t.Errorf("Cycle has %d events, want %d", len(got), n)
			}
			if chain.Equal(ring) || !ring.Equal(ring.Clone()) {
				t.Error("Equal is wrong")
			}
			if !NewRel(n).Empty() || ring.Empty() {
				t.Error("Empty is wrong")
			}
			last := NewRel(n)
			last.Add(n-1, n-1)
			if last.Empty() || last.Irreflexive() || last.Acyclic() {
				t.Error("a loop on the last event is missed")
			}
		})
	}
}

// TestWideSets checks the set operations around the word boundaries.
func TestWideSets(t *testing.T) {
	for _, n := range wideSizes {
		rng := rand.New(rand.NewPCG(uint64(n), 2))
		s, sIn := randomSet(rng, n)
		u, uIn := randomSet(rng, n)
		both := func(f func(a, b bool) bool) []int {
			out := make([]bool, n)
			for e := range out {
				out[e] = f(sIn[e], uIn[e])
			}
			return members(n, out)
		}
		tests := []struct {
			name string
			got  Set
			want []int
		}{
			{"union", s.Union(u), both(func(a, b bool) bool { return a || b })},
			{"inter", s.Inter(u), both(func(a, b bool) bool { return a && b })},
			{"diff", s.Diff(u), both(func(a, b bool) bool { return a && !b })},
			{"all", AllEvents(n), both(func(a, b bool) bool { return true })},
			{"remove last", AllEvents(n).Remove(n - 1), members(n, append(make([]bool, 0, n), allBut(n, n-1)...))},
		}
		for _, tc := range tests {
			if diff := cmp.Diff(tc.want, events(tc.got)); diff != "" {
				t.Errorf("n=%d %s (-want +got):\n%s", n, tc.name, diff)
			}
		}
		if got, want := s.Len(), len(members(n, sIn)); got != want {
			t.Errorf("n=%d Len = %d, want %d", n, got, want)
		}
		if !SetOf(n-1).Has(n-1) || SetOf(n-1).Has(n-2) || SetOf(n-1).Len() != 1 {
			t.Errorf("n=%d: SetOf(%d) is wrong: %v", n, n-1, SetOf(n-1))
		}
		if !AllEvents(n).Diff(AllEvents(n)).Empty() || AllEvents(n).Empty() {
			t.Errorf("n=%d: Empty is wrong", n)
		}
		// A set grown past its words equals one made wide from the start.
		if !SetOf(1).Union(SetOf(n-1)).Equal(SetOf(n-1, 1)) || SetOf(1).Equal(SetOf(1, n-1)) {
			t.Errorf("n=%d: Equal is wrong", n)
		}
		// Operations never change their arguments.
		before := s.String()
		_ = s.Add(n - 1).Remove(0).Union(u)
		if s.String() != before {
			t.Errorf("n=%d: an operation changed its argument", n)
		}
	}
}

func allBut(n, e int) []bool {
	out := make([]bool, n)
	for i := range out {
		out[i] = i != e
	}
	return out
}
