// This file asserts the LKMM verdicts of our own C tests in lkmm/, one or
// more per family of kernel primitives, with their number of final states,
// their executions and the flags they raise.

package tests

import (
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/models"
)

func TestLKMM(t *testing.T) {
	tests := []struct {
		file    string
		verdict string
		states  int
		// executions allowed (herd's Positive + Negative)
		executions int
		flags      []string
		// first, when set, is the first final state as herd prints it.
		first string
	}{
		// Marked and plain accesses.
		{"MP+onces.litmus", "Sometimes", 4, 4, nil, ""},
		{"MP+plain-race.litmus", "Sometimes", 4, 4, []string{"data-race"}, ""},
		{"MP+plain-acquire.litmus", "Never", 2, 2, nil, ""},
		// A cycle of copies through plain accesses: herd's unsolved
		// symbol, numbered as herd numbers it.
		{"LB+plain-copy+once-copy.litmus", "Sometimes", 2, 4, []string{"data-race"}, "0:r0=S8;"},
		// Fences.
		{"SB+mbs.litmus", "Never", 3, 3, nil, ""},
		{"SB+wmbs.litmus", "Sometimes", 4, 4, nil, ""},
		{"MP+wmb+rmb.litmus", "Never", 3, 3, nil, ""},
		// Release and acquire.
		{"MP+rel+acq.litmus", "Never", 3, 3, nil, ""},
		// xchg and cmpxchg: full barriers when they return a value and
		// succeed, nothing when relaxed or failed.
		{"SB+xchgs.litmus", "Never", 3, 3, nil, ""},
		{"SB+xchg-relaxeds.litmus", "Sometimes", 4, 4, nil, ""},
		{"SB+cmpxchg+mb.litmus", "Never", 3, 3, nil, ""},
		{"SB+cmpxchg-fail+mb.litmus", "Sometimes", 4, 4, nil, ""},
		// atomic_*: value-returning ones order, the others need
		// smp_mb__after_atomic().
		{"SB+inc-return+mb.litmus", "Never", 3, 3, nil, ""},
		{"SB+inc+mb.litmus", "Sometimes", 4, 4, nil, ""},
		{"SB+inc-after-atomic+mb.litmus", "Never", 3, 3, nil, ""},
		// Spinlocks.
		{"MP+locks.litmus", "Never", 2, 2, nil, ""},
		{"MP+nested-locks.litmus", "Never", 2, 2, nil, ""},
		{"lock-self-deadlock.litmus", "Never", 0, 0, nil, ""},
		{"SB+is-locked-crossed.litmus", "Sometimes", 4, 4, nil, ""},
		{"MP+trylock-fail.litmus", "Sometimes", 2, 2, nil, ""},
		// RCU and SRCU grace periods.
		{"MP+rcu.litmus", "Never", 3, 3, nil, ""},
		{"MP+srcu.litmus", "Never", 3, 3, nil, ""},
		{"MP+srcu-other.litmus", "Sometimes", 4, 4, nil, ""},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			res := run(t, filepath.Join("lkmm", tc.file), models.LKMM)
			got := []any{res.Verdict(), len(res.States), res.Positive + res.Negative, res.Flags}
			want := []any{tc.verdict, tc.states, tc.executions, tc.flags}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("[verdict states executions flags] mismatch (-want +got):\n%s", diff)
			}
			if tc.first != "" && len(res.States) > 0 {
				if st := litmus.FormatState(res.Observed, res.States[0]); st != tc.first {
					t.Errorf("first state %q, want %q", st, tc.first)
				}
			}
		})
	}
}
