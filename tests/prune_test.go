// This file checks that cutting refuted partial candidates (issue 13,
// point 2) changes no result: the same verdict, counts, states, flags,
// witness and forbidden candidate as checking every candidate.

package tests

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/litmuscheck/litmuscheck/explore"
	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/models"
	"github.com/litmuscheck/litmuscheck/parser"
)

// unpruned is a model that never refutes a partial candidate.
type unpruned struct{ *models.Model }

func (unpruned) Prunes() bool { return false }

type fullResult struct {
	Verdict            string
	Positive, Negative int
	States             []litmus.State
	Flags              []string
	Witness, Blocked   string
	// Hangs and HangWitness: the liveness half (issue 10).
	Hangs       int
	HangWitness string
}

func summarize(r *litmus.Result) fullResult {
	f := fullResult{Verdict: r.Verdict(), Positive: r.Positive, Negative: r.Negative, States: r.States, Flags: r.Flags}
	if r.Witness != nil {
		f.Witness = r.Witness.Format("")
	}
	if r.Blocked != nil {
		f.Blocked = r.Blocked.Format("")
	}
	f.Hangs = r.Hangs
	if r.HangWitness != nil {
		f.HangWitness = r.HangWitness.Format("")
	}
	return f
}

// lockChain is n threads that each increment x under one spinlock.
func lockChain(n int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "C lockchain-%d\n{}\n", n)
	for t := 0; t < n; t++ {
		fmt.Fprintf(&b, "P%d(spinlock_t *l, int *x)\n{\n\tint r1;\n\tspin_lock(l);\n\tr1 = READ_ONCE(*x);\n\tWRITE_ONCE(*x, r1 + 1);\n\tspin_unlock(l);\n}\n", t)
	}
	fmt.Fprintf(&b, "exists (~x=%d)\n", n)
	return b.String()
}

func TestPruningKeepsResults(t *testing.T) {
	files, _ := filepath.Glob("lkmm/*.litmus")
	perf, _ := filepath.Glob(filepath.Join(corpus, "..", "perf", "C-*-[234].litmus"))
	files = append(files, perf...)
	// The hang tests: the hang phase prunes from its first combination.
	files = append(files, "lockchain-3", "lockchain-4", "hang3", "hang-mixed")
	pruned := int64(0)
	for _, f := range files {
		var test *litmus.Test
		var err error
		if n, ok := strings.CutPrefix(f, "lockchain-"); ok {
			test, err = parser.Parse(f+".litmus", lockChain(int(n[0]-'0')))
		} else if src, ok := symmetricTests[f]; ok {
			test, err = parser.Parse(f+".litmus", src)
		} else {
			test, err = parser.ParseFile(f)
		}
		if err != nil {
			t.Fatal(err)
		}
		workerCounts := []int{1, 2}
		if testing.Short() {
			// Results are the same whatever the number of workers
			// (models/explore_test.go); the full run checks both here.
			workerCounts = []int{2}
		}
		for _, workers := range workerCounts {
			opt := explore.Options{Workers: workers}
			want, err := explore.Explore(context.Background(), test, unpruned{models.LKMM}, opt)
			if err != nil {
				t.Fatal(err)
			}
			got, err := explore.Explore(context.Background(), test, models.LKMM, opt)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(summarize(want), summarize(got)); diff != "" {
				t.Errorf("%s, %d workers (-unpruned +pruned):\n%s", f, workers, diff)
			}
			if want.Pruned != 0 {
				t.Errorf("%s: the unpruned model cut %d partial candidates", f, want.Pruned)
			}
			pruned += got.Pruned
		}
	}
	if pruned == 0 {
		t.Error("no partial candidate was cut: the test checks nothing")
	}
}
