// This file asserts liveness (issue 10): for each kind of spin, a test
// that hangs and one that terminates, under every model: a C test in every
// column (the LKMM and compiled for POWER, ARMv8 and TSO), an assembly
// test under its dialect's model and SC.

package tests

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/litmuscheck/litmuscheck/explore"
	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/locks"
	"github.com/litmuscheck/litmuscheck/models"
	"github.com/litmuscheck/litmuscheck/parser"
)

func TestHangs(t *testing.T) {
	tests := []struct {
		file string
		// hangs is whether some execution hangs (in every model);
		// deadlock whether the witness has two spinning threads; reads the
		// spin reads of the witness as loc=value.
		hangs, deadlock bool
		reads           string
	}{
		// smp_cond_load_* and atomic_cond_read_*.
		{"cond-load+unset.litmus", true, false, "x=0"},
		{"cond-load+set.litmus", false, false, ""},
		{"cond-read+unset.litmus", true, false, "v=0"},
		{"cond-read+set.litmus", false, false, ""},
		// A fragment's spinning final attempt (__assume on an acquire).
		{"fragment-lock+held.litmus", true, false, "l=1"},
		{"fragment-lock+released.litmus", false, false, ""},
		// LKMM's spin_lock (qspinlock when compiled): ABBA deadlocks.
		{"spin-lock+abba.litmus", true, true, "b=1 a=1"},
		{"spin-lock+ordered.litmus", false, false, ""},
		// Backward branches in assembly: pure polling loops.
		{"poll+unset.ppc.litmus", true, false, "x=2"},
		{"poll+set.ppc.litmus", false, false, ""},
		{"poll+unset.aarch64.litmus", true, false, "x=2"},
		{"poll+set.aarch64.litmus", false, false, ""},
		{"poll+unset.x86.litmus", true, false, "x=2"},
		{"poll+set.x86.litmus", false, false, ""},
		// A loop that writes is not judged: the unroll bound's Loop only.
		{"retry+writes.ppc.litmus", false, false, ""},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			path := filepath.Join("hangs", tc.file)
			for name, res := range runEveryModel(t, path) {
				got := []any{res.Hangs > 0, false, ""}
				if res.HangWitness != nil {
					got[1] = litmus.Deadlock(res.HangWitness)
					got[2] = spinReads(res.HangWitness)
				}
				want := []any{tc.hangs, tc.deadlock, tc.reads}
				if diff := cmp.Diff(want, got); diff != "" {
					t.Errorf("%s: [hangs deadlock reads] (-want +got):\n%s", name, diff)
				}
				if !tc.hangs && res.Executions() == 0 && !strings.HasPrefix(tc.file, "retry") {
					t.Errorf("%s: the terminating variant has no execution", name)
				}
				if res.Hangs > 0 && res.Positive == 0 && !strings.Contains(res.Label(), "hang") {
					t.Errorf("%s: a Never with hangs reads %q", name, res.Label())
				}
			}
		})
	}
}

// runEveryModel runs the test at path in every column (C) or under its
// dialect's model and SC (assembly), by column or model name.
func runEveryModel(t *testing.T, path string) map[string]*litmus.Result {
	t.Helper()
	out := map[string]*litmus.Result{}
	if strings.Count(filepath.Base(path), ".") == 1 {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range locks.Columns {
			if !available(c) {
				continue
			}
			r, err := locks.RunC(context.Background(), path, string(src), nil, c, explore.Options{Workers: 2})
			if err != nil || r.Err != nil {
				t.Fatalf("%s: %v %v", c.Name, err, r.Err)
			}
			out[c.Name] = r.Result
		}
		return out
	}
	test, err := parser.ParseFile(path)
	if err != nil {
		t.Fatal(err)
	}
	native, err := models.ForArch(test.Arch)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []*models.Model{native, models.SC} {
		res, err := explore.Explore(context.Background(), test, m, explore.Options{Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		out[m.Name()] = res
	}
	return out
}

// spinReads lists the spin reads of a hanging execution as loc=value.
func spinReads(x *litmus.Execution) string {
	var reads []string
	for _, sp := range litmus.Spinners(x) {
		for _, ev := range sp.Reads {
			reads = append(reads, ev.Loc+"="+ev.Value.String())
		}
	}
	return strings.Join(reads, " ")
}

// TestHangWitnessAcrossWorkers: the hang count and witness do not depend
// on the number of workers.
func TestHangWitnessAcrossWorkers(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("hangs", "spin-lock+abba.litmus"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range locks.Columns {
		if !available(c) {
			continue
		}
		var want string
		for _, workers := range []int{1, 3} {
			r, err := locks.RunC(context.Background(), "abba.litmus", string(src), nil, c, explore.Options{Workers: workers})
			if err != nil || r.Err != nil || r.Result.HangWitness == nil {
				t.Fatalf("%s: %v %v", c.Name, err, r.Err)
			}
			got := r.Result.HangLine() + "\n" + r.Result.HangWitness.Format("")
			if workers == 1 {
				want = got
			} else if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("%s: %d workers (-1 worker +%d):\n%s", c.Name, workers, workers, diff)
			}
		}
	}
}
