// This file tests the provenance of domain values: the ways a value is
// made, kept when no other way takes fewer stores of every site, and the
// ways the sites' runs can make.

package provenance

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/litmuscheck/litmuscheck/explore/paths"
	"github.com/litmuscheck/litmuscheck/litmus"
)

func TestProvenanceWays(t *testing.T) {
	tests := []struct {
		name string
		add  []Counts
		want []Counts
	}{
		{"one way", []Counts{{1, 0}}, []Counts{{1, 0}}},
		{"incomparable ways stay", []Counts{{1, 0}, {0, 1}}, []Counts{{1, 0}, {0, 1}}},
		{"a dominated way is dropped", []Counts{{1, 1}, {0, 1}}, []Counts{{0, 1}}},
		{"a way no better is not added", []Counts{{0, 1}, {1, 1}}, []Counts{{0, 1}}},
	}
	for _, tc := range tests {
		var got []Counts
		for _, c := range tc.add {
			got = AddWay(got, c)
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tc.name, diff)
		}
	}
}

// TestProvenancePossible: a way that runs a site more often than a path
// of its thread does is impossible; the value stays while one way is not.
func TestProvenancePossible(t *testing.T) {
	p := &Provenance{nt: 2, of: map[Key][]Counts{}, most: []int{1, 2}}
	got := p.Possible([]Counts{{2, 0}, {1, 2}, {0, 3}})
	if diff := cmp.Diff([]Counts{{1, 2}}, got); diff != "" {
		t.Errorf("possible (-want +got):\n%s", diff)
	}
	lv := Key{"l", litmus.Int(3)}
	if !p.Lower(lv, []Counts{{1, 1}}) || p.Lower(lv, []Counts{{1, 2}}) || !p.Lower(lv, []Counts{{0, 2}}) {
		t.Errorf("lower: a new way reports true, a dominated one false; ways %v", p.of[lv])
	}
}

// TestProvenanceOpenRead: a store computed from an open read (one that
// may return 1 or 2) is made as cheaply as the cheaper of the two: x=1
// needs no store, x=2 one of site 0.
func TestProvenanceOpenRead(t *testing.T) {
	p := &Provenance{nt: 2, of: map[Key][]Counts{}, base: []int{0}, most: []int{1, 1}}
	p.Lower(Key{"x", litmus.Int(1)}, []Counts{{0, 0}})
	p.Lower(Key{"x", litmus.Int(2)}, []Counts{{1, 0}})
	read := paths.Event{Kind: litmus.KindR, Loc: "x", Val: litmus.Int(2), Alts: []litmus.Value{litmus.Int(1)}, RmwRead: -1}
	write := paths.Event{Kind: litmus.KindW, Loc: "y", Val: litmus.Int(5), Instr: 1, Vdeps: 1, RmwRead: -1}
	th := &paths.ThreadRun{Events: []paths.Event{read, write}}
	if diff := cmp.Diff([]Counts{{0, 1}}, p.Derive(0, th, write)); diff != "" {
		t.Errorf("ways of y=5 (-want +got):\n%s", diff)
	}
}

// TestProvenanceManyWays: a store computed from two reads, each of a
// value made three ways, has nine ways, none possible (each runs two
// sites twice); they are kept apart rather than merged into their least
// counts, which no store makes and which would let the value in.
func TestProvenanceManyWays(t *testing.T) {
	p := &Provenance{nt: 7, of: map[Key][]Counts{}, base: []int{0}, most: []int{1, 1, 1, 1, 1, 1, 1}}
	for i := 0; i < 3; i++ {
		a, b := make(Counts, 7), make(Counts, 7)
		a[i], b[3+i] = 2, 2
		p.of[Key{"a", litmus.Int(1)}] = append(p.of[Key{"a", litmus.Int(1)}], a)
		p.of[Key{"b", litmus.Int(1)}] = append(p.of[Key{"b", litmus.Int(1)}], b)
	}
	ra := paths.Event{Kind: litmus.KindR, Loc: "a", Val: litmus.Int(1), RmwRead: -1}
	rb := paths.Event{Kind: litmus.KindR, Loc: "b", Val: litmus.Int(1), RmwRead: -1}
	w := paths.Event{Kind: litmus.KindW, Loc: "c", Val: litmus.Int(2), Instr: 6, Vdeps: 3, RmwRead: -1}
	th := &paths.ThreadRun{Events: []paths.Event{ra, rb, w}}
	ways := p.Derive(0, th, w)
	if len(ways) != 9 || len(p.Possible(ways)) != 0 {
		t.Errorf("ways %v, possible %v: want nine ways, none possible", ways, p.Possible(ways))
	}
}
