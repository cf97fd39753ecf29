package rel

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// rel builds a relation on n events from pairs.
func rel(n int, pairs ...[2]int) Rel {
	r := NewRel(n)
	for _, p := range pairs {
		r.Add(p[0], p[1])
	}
	return r
}

func pairs(r Rel) [][2]int {
	var out [][2]int
	for i := 0; i < r.N; i++ {
		r.EachSucc(i, func(j int) { out = append(out, [2]int{i, j}) })
	}
	return out
}

func TestRelOperations(t *testing.T) {
	a := rel(4, [2]int{0, 1}, [2]int{1, 2})
	b := rel(4, [2]int{1, 2}, [2]int{2, 3})
	tests := []struct {
		name string
		got  Rel
		want [][2]int
	}{
		{"union", a.Union(b), [][2]int{{0, 1}, {1, 2}, {2, 3}}},
		{"inter", a.Inter(b), [][2]int{{1, 2}}},
		{"diff", a.Diff(b), [][2]int{{0, 1}}},
		{"seq", a.Seq(b), [][2]int{{0, 2}, {1, 3}}},
		{"inverse", a.Inverse(), [][2]int{{1, 0}, {2, 1}}},
		{"plus", a.Union(b).Plus(), [][2]int{{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}}},
		{"restrict", a.Union(b).Restrict(SetOf(1, 2), AllEvents(4)), [][2]int{{1, 2}, {2, 3}}},
		{"cartesian", Cartesian(3, SetOf(0), SetOf(1, 2)), [][2]int{{0, 1}, {0, 2}}},
	}
	for _, tc := range tests {
		if diff := cmp.Diff(tc.want, pairs(tc.got)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tc.name, diff)
		}
	}
}

func TestRelChecks(t *testing.T) {
	cyc := rel(3, [2]int{0, 1}, [2]int{1, 2}, [2]int{2, 0})
	line := rel(3, [2]int{0, 1}, [2]int{1, 2})
	if cyc.Acyclic() || !line.Acyclic() {
		t.Errorf("Acyclic: cycle %v, line %v", cyc.Acyclic(), line.Acyclic())
	}
	if cyc.Plus().Irreflexive() || !line.Plus().Irreflexive() {
		t.Error("Irreflexive of closures is wrong")
	}
	if got := cyc.Cycle(); len(got) != 3 {
		t.Errorf("Cycle = %v, want the 3 events", got)
	}
	if line.Cycle() != nil {
		t.Error("Cycle of an acyclic relation is not nil")
	}
	if !NewRel(5).Empty() || line.Empty() {
		t.Error("Empty is wrong")
	}
}

// TestArena checks that relations computed in an arena equal those on the
// heap, that the arena holds the results, and that Reset reuses its rows.
func TestArena(t *testing.T) {
	var a Arena
	x := rel(5, [2]int{0, 1}, [2]int{1, 2}, [2]int{3, 4})
	y := rel(5, [2]int{2, 3}, [2]int{1, 2})
	for round := 0; round < 3; round++ {
		a.Reset()
		ax := a.Attach(x)
		// The heap relation leads and the arena one is the argument: the
		// result still goes to the arena.
		got := y.Union(ax).Seq(ax).Plus().Restrict(AllEvents(5), AllEvents(5)).Inverse()
		want := y.Union(x).Seq(x).Plus().Restrict(AllEvents(5), AllEvents(5)).Inverse()
		if diff := cmp.Diff(pairs(want), pairs(got)); diff != "" {
			t.Errorf("round %d (-heap +arena):\n%s", round, diff)
		}
		if got.arena != &a {
			t.Errorf("round %d: the result is not in the arena", round)
		}
	}
	if len(a.chunks) != 1 {
		t.Errorf("Reset did not reuse the arena: %d chunks", len(a.chunks))
	}
}
