package combine

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/litmuscheck/litmuscheck/explore/limit"
	"github.com/litmuscheck/litmuscheck/explore/paths"
	"github.com/litmuscheck/litmuscheck/litmus"
)

// noSymmetry treats every thread as its own.
type noSymmetry struct{}

func (noSymmetry) Canonical([]int) bool  { return true }
func (noSymmetry) Low(int, []int) int    { return 0 }
func (noSymmetry) Predecessor(t int) int { return -1 }

func read(loc string, v int64, alts ...int64) paths.Event {
	ev := paths.Event{Kind: litmus.KindR, Loc: loc, Val: litmus.Int(v), RmwRead: -1}
	for _, a := range alts {
		ev.Alts = append(ev.Alts, litmus.Int(a))
	}
	return ev
}

func write(loc string, v int64) paths.Event {
	return paths.Event{Kind: litmus.KindW, Loc: loc, Val: litmus.Int(v), RmwRead: -1}
}

// TestOthersFeed checks which choices the generator hands out. P0's
// first path reads x=1 and then writes it: under coherence only P1's
// second path can feed that read, never P0's own later write. P0's
// second path reads x, open over 1 and 2, after writing 3: P1's first
// path writes neither. Without coherence, every read a chosen path
// writes is fed.
func TestOthersFeed(t *testing.T) {
	ps := [][]paths.Path{
		{{Events: []paths.Event{read("x", 1), write("x", 1)}}, {Events: []paths.Event{write("x", 3), read("x", 1, 2)}}},
		{{Events: []paths.Event{write("y", 1)}}, {Events: []paths.Event{write("x", 1)}}},
	}
	initial := func(string) litmus.Value { return litmus.Int(0) }
	choices := func(coherent bool) [][]int {
		g := New(ps, initial, noSymmetry{}, coherent, false, limit.New(context.Background(), "", 0))
		var out [][]int
		for {
			ok, err := g.Next()
			if err != nil {
				t.Fatal(err)
			}
			if !ok {
				return out
			}
			out = append(out, append([]int(nil), g.Choice...))
		}
	}
	if diff := cmp.Diff([][]int{{0, 1}, {1, 1}}, choices(true)); diff != "" {
		t.Errorf("coherent (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([][]int{{0, 0}, {0, 1}, {1, 0}, {1, 1}}, choices(false)); diff != "" {
		t.Errorf("without coherence (-want +got):\n%s", diff)
	}
}

// TestOthersFeedMixedRMW: under mixed-size semantics herd lets an RMW's
// cell read the write of its own instruction, so a combination in which
// only that write has the value read is handed out; at one width it is
// not.
func TestOthersFeedMixedRMW(t *testing.T) {
	r := read("x", 1)
	r.Atomic = true
	w := write("x", 1)
	w.Atomic, w.RmwRead = true, 0
	ps := [][]paths.Path{{{Events: []paths.Event{r, w}}}, {{Events: []paths.Event{write("y", 1)}}}}
	initial := func(string) litmus.Value { return litmus.Int(0) }
	for _, mixed := range []bool{false, true} {
		g := New(ps, initial, noSymmetry{}, true, mixed, limit.New(context.Background(), "", 0))
		ok, err := g.Next()
		if err != nil {
			t.Fatal(err)
		}
		if ok != mixed {
			t.Errorf("mixed %v: a choice handed out %v, want %v", mixed, ok, mixed)
		}
	}
}
