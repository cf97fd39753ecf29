// This file asserts the verdicts of C while and do-while loops (loops/)
// under the LKMM and compiled for every hardware column: the executions
// that --unroll keeps, and the Loop flag when it cuts a path.

package tests

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/litmuscheck/litmuscheck/explore"
	"github.com/litmuscheck/litmuscheck/locks"
)

// loopRun is what a loop test gives in one column.
type loopRun struct {
	Verdict    string
	Executions int
	LoopCut    bool
}

func runLoop(t *testing.T, file string, col locks.Column, unroll int) loopRun {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("loops", file))
	if err != nil {
		t.Fatal(err)
	}
	run, err := locks.RunC(context.Background(), file, string(src), nil, col, explore.Options{Unroll: unroll})
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	if run.Result == nil {
		t.Fatalf("%s, %s: no result (%v)", file, col.Name, run.Err)
	}
	return loopRun{run.Result.Verdict(), run.Result.Positive + run.Result.Negative, run.Result.LoopCut}
}

// TestLoopVerdicts runs each loop test at the default unroll in every
// column; hw is the verdict of every hardware column but TSO.
func TestLoopVerdicts(t *testing.T) {
	tests := []struct {
		file          string
		lkmm, hw, tso string
		executions    int // under the LKMM
		loopCut       bool
	}{
		// An acquire spin orders the data read everywhere.
		{"MP+rel+while-acquire.litmus", "Never", "Never", "Never", 3, true},
		// An empty body on READ_ONCE orders nothing but on TSO.
		{"MP+rel+while-once.litmus", "Sometimes", "Sometimes", "Never", 6, true},
		// The write after the loop is not control-dependent on the loop's
		// reads in the LKMM (as in herd7), but is behind a branch in the
		// compiled code.
		{"LB+mb+while.litmus", "Sometimes", "Never", "Never", 6, true},
		{"do-while-count.litmus", "Sometimes", "Sometimes", "Sometimes", 3, true},
		{"while-once.litmus", "Always", "Always", "Always", 1, false},
		// A retry whose attempt stores ends when the other thread's
		// writes of what it reads are used up (coherence), not at the
		// bound.
		{"xchg-retry.litmus", "Sometimes", "Sometimes", "Sometimes", 2, false},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			for _, col := range locks.Columns {
				if !available(col) {
					continue
				}
				got := runLoop(t, tc.file, col, 0)
				want := loopRun{tc.hw, got.Executions, tc.loopCut}
				switch col.Name {
				case "lkmm":
					want = loopRun{tc.lkmm, tc.executions, tc.loopCut}
				case "tso":
					want.Verdict = tc.tso
				}
				if diff := cmp.Diff(want, got); diff != "" {
					t.Errorf("%s (-want +got):\n%s", col.Name, diff)
				}
			}
		})
	}
}

// TestLoopUnroll checks that the backward branch is taken at most
// --unroll times, as herd7 unrolls a While: each unrolling keeps one
// more iteration's executions, and a path cut sets LoopCut.
func TestLoopUnroll(t *testing.T) {
	lkmm, _ := locks.ColumnByName("lkmm")
	power, _ := locks.ColumnByName("power")
	tests := []struct {
		file   string
		unroll int
		want   loopRun
	}{
		{"MP+rel+while-once.litmus", 1, loopRun{"Sometimes", 4, true}},
		{"MP+rel+while-once.litmus", 2, loopRun{"Sometimes", 6, true}},
		{"MP+rel+while-once.litmus", 3, loopRun{"Sometimes", 8, true}},
		// The count reaches the unroll bound, never more.
		{"do-while-count.litmus", 1, loopRun{"Never", 2, true}},
		{"do-while-count.litmus", 2, loopRun{"Sometimes", 3, true}},
		{"do-while-count.litmus", 3, loopRun{"Sometimes", 4, true}},
		{"while-once.litmus", 1, loopRun{"Always", 1, false}},
	}
	for _, tc := range tests {
		for _, col := range []locks.Column{lkmm, power} {
			if !available(col) {
				continue
			}
			if got := runLoop(t, tc.file, col, tc.unroll); got != tc.want {
				t.Errorf("%s --unroll %d, %s: got %+v, want %+v", tc.file, tc.unroll, col.Name, got, tc.want)
			}
		}
	}
}
