package models

import (
	"context"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/litmuscheck/litmuscheck/explore"
	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/parser"
)

// lkmmOutcome is what a result says: verdict, counts, states, flags and
// whether it shows a forbidden candidate.
func lkmmOutcome(t *testing.T, test *litmus.Test) []any {
	t.Helper()
	res, err := explore.Explore(context.Background(), test, LKMM, explore.Options{Workers: 1})
	if err != nil {
		return []any{err.Error()}
	}
	var states []string
	for _, st := range res.States {
		states = append(states, res.FormatState(st))
	}
	return []any{res.Verdict(), res.Positive, res.Negative, states, res.Flags, res.Blocked != nil}
}

// TestLKMMShortcutsKeepResults compares the LKMM with its constructions per
// shape (rcu's fixpoint on grace periods and critical-section ends only,
// happens-before's fixed part built once) against the general ones, on
// RCU and SRCU tests of testdata and, when present, the corpus's.
func TestLKMMShortcutsKeepResults(t *testing.T) {
	files, _ := filepath.Glob("testdata/lkmm-shortcuts/*.litmus")
	corpus, _ := filepath.Glob("../../shared/corpus/lkmm/*.litmus")
	if len(corpus) == 0 && os.Getenv("CI") != "" {
		t.Fatal("no corpus in ../../shared/corpus/lkmm")
	}
	sort.Strings(corpus)
	// Every 24th test with a grace period: enough shapes (locks, rmw,
	// srcu, plain accesses), a few seconds.
	kept := 0
	for _, f := range corpus {
		src, err := os.ReadFile(f)
		if err == nil && strings.Contains(string(src), "synchronize_") {
			if kept%24 == 0 {
				files = append(files, f)
			}
			kept++
		}
	}
	// The RCU guarantee: a grace period orders a critical section.
	never := map[string]bool{"rcu-mp": true, "srcu-mp": true}
	for _, f := range files {
		test, err := parser.ParseFile(f)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		with := lkmmOutcome(t, test)
		lkmmShortcuts = false
		without := lkmmOutcome(t, test)
		lkmmShortcuts = true
		if diff := cmp.Diff(without, with); diff != "" {
			t.Errorf("%s: shortcuts change the result (-general +shortcuts):\n%s", f, diff)
		}
		if never[test.Name] && with[0] != "Never" {
			t.Errorf("%s: %v, want Never", f, with[0])
		}
	}
}
