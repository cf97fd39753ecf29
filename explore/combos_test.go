package explore

import (
	"context"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/litmuscheck/litmuscheck/explore/limit"
	"github.com/litmuscheck/litmuscheck/explore/paths"
	"github.com/litmuscheck/litmuscheck/litmus"
)

// emptyPaths is a setup whose thread t has counts[t] paths of no events:
// every choice is a combination.
func emptyPaths(counts ...int) *setup {
	s := &setup{test: &litmus.Test{}, initMem: map[string]litmus.Value{}}
	for _, n := range counts {
		s.paths = append(s.paths, make([]paths.Path, n))
	}
	return s
}

// TestComboGenOrder checks that the generator hands out every choice once,
// in increasing order, with keys counting from 0.
func TestComboGenOrder(t *testing.T) {
	s := emptyPaths(2, 3, 1)
	g := s.newComboGen(limit.New(context.Background(), "", 0))
	var got [][]int
	for i := 0; ; i++ {
		ok, err := g.Next()
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			break
		}
		if g.Seq != i {
			t.Fatalf("key %d for choice %d", g.Seq, i)
		}
		got = append(got, append([]int(nil), g.Choice...))
	}
	want := [][]int{{0, 0, 0}, {0, 1, 0}, {0, 2, 0}, {1, 0, 0}, {1, 1, 0}, {1, 2, 0}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// TestComboGenStopsAtTheDeadline checks that building combinations, 2^40
// of them here, returns the context's error once it is done.
func TestComboGenStopsAtTheDeadline(t *testing.T) {
	counts := make([]int, 40)
	for i := range counts {
		counts[i] = 2
	}
	ctx, cancel := context.WithCancel(context.Background())
	g := emptyPaths(counts...).newComboGen(limit.New(ctx, "", 0))
	for i := 0; i < 100; i++ {
		if ok, err := g.Next(); !ok || err != nil {
			t.Fatalf("choice %d: %v, %v", i, ok, err)
		}
	}
	cancel()
	for {
		ok, err := g.Next()
		if err != nil {
			if !errors.Is(err, context.Canceled) {
				t.Errorf("error %v, want the context's", err)
			}
			return
		}
		if !ok {
			t.Fatal("generator ended without the context's error")
		}
	}
}

func TestSizes(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int64
		text string
	}{
		{"4GiB", 4 << 30, "4 GiB"}, {"512MiB", 512 << 20, "512 MiB"}, {"1.5G", 3 << 29, "1.5 GiB"},
		{"2 GB", 2e9, "1.86 GiB"}, {"100", 100, "100 B"}, {"64KiB", 64 << 10, "64 KiB"},
	} {
		got, err := limit.ParseSize(tc.in)
		if err != nil || got != tc.want || limit.FormatSize(got) != tc.text {
			t.Errorf("%q: %d %q %v, want %d %q", tc.in, got, limit.FormatSize(got), err, tc.want, tc.text)
		}
	}
	for _, bad := range []string{"", "GiB", "-1MiB", "4 XB", "1e30GiB"} {
		if _, err := limit.ParseSize(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}
