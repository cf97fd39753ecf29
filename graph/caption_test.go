// This file tests the captions in plain words: the whole sentence of each
// forbidden shape, and the words of each relation a step can name.

package graph

import (
	"context"
	"testing"

	"github.com/litmuscheck/litmuscheck/explore"
	"github.com/litmuscheck/litmuscheck/locks"
	"github.com/litmuscheck/litmuscheck/models"
)

// TestCaptionSentences: a Never's caption tells its cycle event after
// event, each with its letter, and names the axiom beside it.
func TestCaptionSentences(t *testing.T) {
	tests := []struct {
		name, src, column, want string
	}{
		{"sb+mb", sbMB, "lkmm", "P0's read of y=0 (b) reads a value overwritten by P1's write of y=1 (c), " +
			"which is followed, past an mb fence, by P1's read of x=0 (d), which reads a value overwritten by " +
			"P0's write of x=1 (a), which is followed, past an mb fence, by P0's read of y=0 (b): a cycle (axiom propagation)"},
		{"mp+wmb+rmb", mpFences, "lkmm", "P1's read of y=1 (c) is followed, past an rmb fence, by P1's read of x=0 (d), " +
			"which reads a value overwritten by P0's write of x=1 (a), which is followed, past a wmb fence, by " +
			"P0's write of y=1 (b), which is read by P1's read of y=1 (c): a cycle (axiom happens-before)"},
		{"mp+wmb+rmb-power", mpFences, "power", "P1's read of x=0 (d) reads a value overwritten by P0's write of x=1 (a), " +
			"which is followed, past an lwsync fence, by P0's write of y=1 (b), which is read by P1's read of y=1 (c), " +
			"which is followed, past an lwsync fence, by P1's read of x=0 (d): a cycle (axiom observation)"},
		{"mp+locks", mpLocks, "lkmm", "P1's read of l=0 (f) is followed in program order by P1's read of x=0 (i), " +
			"which reads a value overwritten by P0's write of x=1 (c), which is followed in program order by " +
			"P0's write of l=0 (e), which is read by P1's read of l=0 (f): a cycle (axiom happens-before)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := picture(t, tc.name, tc.src, tc.column, "", "Never")
			if p.Caption != tc.want {
				t.Errorf("caption\n%s\nwant\n%s", p.Caption, tc.want)
			}
		})
	}
}

// TestStepWords: each relation a step names reads as words, the object
// last (so that the next step's "which" is it), and a label that is no
// word of ours never shows its cat syntax.
func TestStepWords(t *testing.T) {
	run, err := locks.RunC(context.Background(), "sb+mb.litmus", sbMB, nil, locks.Columns[0], explore.Options{})
	if err != nil || run.Result == nil || run.Result.Blocked == nil {
		t.Fatalf("sb+mb: %v", err)
	}
	x := run.Result.Blocked
	tests := []struct{ label, want string }{
		{"rfe", "A is read by B"},
		{"coi", "A is overwritten by B"},
		{"fre", "A reads a value overwritten by B"},
		{"po", "A is followed in program order by B"},
		{"po-loc", "A is followed in program order, at the same address, by B"},
		{"po-rel", "A is followed in program order by the release B"},
		{"acq-po", "A, an acquire, is followed in program order by B"},
		{"addr", "A gives the address of B"},
		{"data", "A gives the value written by B"},
		{"ctrl", "A feeds a branch followed by B"},
		{"rmw", "A is followed atomically by B"},
		{"ppo", "A comes before B in ppo"},
		{"?", "A is ordered before B"},
		{"fre;prop", "A is ordered before B"},
	}
	for _, tc := range tests {
		// Events 0 and 1 are no fence's ends: only the fence test reads them.
		if got := stepWords(x, models.Step{From: 0, To: 1, Label: tc.label}, "A", "B"); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.label, got, tc.want)
		}
	}
	for _, fence := range []struct{ name, article string }{{"mb", "an"}, {"wmb", "a"}, {"lwsync", "an"}, {"sync", "a"}, {"dmb.ish", "a"}, {"isync", "an"}, {"fence.rw.rw", "a"}} {
		if got := article(fence.name); got != fence.article {
			t.Errorf("%s %s, want %s %s", got, fence.name, fence.article, fence.name)
		}
	}
}
