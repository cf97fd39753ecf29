// This file checks the sharing of machine registers between IR registers
// whose live ranges never meet against the compilation with a full pool.

package locks

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/litmuscheck/litmuscheck/explore"
	"github.com/litmuscheck/litmuscheck/litmus"
)

// runOutcome is what a compiled column says of a test: its verdict, its
// counts and its final states, in the C test's registers.
func runOutcome(run *Run) string {
	r := run.CResult()
	if r == nil {
		return run.Verdict()
	}
	var states []string
	for _, st := range r.States {
		// A state lists its registers in the order of the machine
		// registers they were given.
		bindings := strings.Fields(r.FormatState(st))
		sort.Strings(bindings)
		states = append(states, strings.Join(bindings, " "))
	}
	sort.Strings(states)
	return strings.Join(append([]string{r.Label(), fmt.Sprintf("%d positive, %d negative", r.Positive, r.Negative)}, states...), "\n")
}

// sharesRegisters reports whether compiling t for target makes some
// thread share machine registers between IR registers.
func sharesRegisters(t *litmus.Test, target *Target) bool {
	mixed, err := compilesMixed(t, target)
	if err != nil {
		return false
	}
	threads, err := compileThreads(t, target, mixed)
	if err != nil {
		return false
	}
	for _, tc := range threads {
		if tc.shared != nil {
			return true
		}
	}
	return false
}

// TestSharedRegistersKeepResults: the lock scenarios and the tests of
// testdata/share compiled with pools
// so small that threads share machine registers between IR registers
// whose live ranges never meet give the verdicts, counts and final states
// of the full pool, on each target.
func TestSharedRegistersKeepResults(t *testing.T) {
	var files []string
	for _, pattern := range []string{"scenarios/*.litmus", "testdata/share/*.litmus"} {
		more, err := filepath.Glob(pattern)
		if err != nil || len(more) == 0 {
			t.Fatalf("no tests %s: %v", pattern, err)
		}
		files = append(files, more...)
	}
	shared := 0
	for _, col := range Columns[1:] {
		for n := 4; n <= 12; n++ {
			shared += shareRun(t, col, n, files)
		}
	}
	t.Logf("%d compilations shared registers", shared)
	if shared < 10 {
		t.Errorf("only %d compilations shared registers: the pools are not small enough to test the sharing", shared)
	}
}

// shareRun compares the outcomes of files in col with n registers and
// with the full pool; it returns how many compilations shared registers.
func shareRun(t *testing.T, col Column, n int, files []string) int {
	few := *col.Target
	few.registers = n
	small := Column{Name: col.Name, Title: col.Title, Target: &few}
	alg, err := ColumnAlgorithm(col, nil)
	if err != nil {
		t.Fatal(err)
	}
	shared := 0
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		parsed, err := ParseC(filepath.Base(file), string(src), alg)
		if err != nil || !sharesRegisters(parsed, &few) {
			continue
		}
		shared++
		outcome := func(c Column) string {
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			run, err := RunC(ctx, filepath.Base(file), string(src), nil, c, explore.Options{})
			if err != nil {
				t.Fatalf("%s: %v", file, err)
			}
			return runOutcome(run)
		}
		want := outcome(col)
		if strings.HasPrefix(want, "timeout") {
			continue
		}
		if diff := cmp.Diff(want, outcome(small)); diff != "" {
			t.Errorf("%s, %s with %d registers (-all +few):\n%s", file, col.Name, n, diff)
		}
	}
	return shared
}
