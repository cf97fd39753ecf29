// This file checks the compilation's soundness against the LKMM: where the
// LKMM proves an outcome Never, no hardware column may allow it, except in
// the cases docs/locks.md ("Soundness against the LKMM") classifies.

package locks

import (
	"context"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/litmuscheck/litmuscheck/explore"
)

// soundExceptions are the corpus tests where the LKMM says Never and a
// hardware column allows the outcome, by test and column. All are one
// case: xchg_acquire under the POWER isync column, whose lwarx; stwcx.;
// bne-; isync has no dependency from the value read to the branch in
// herd's POWER (testdata/sound/MP+rel+xchg-acquire.litmus).
var soundExceptions = map[string]string{
	"C-AlanStern-WRC+o-unlock+lock-o":        "power-isync",
	"C-ManfredSpraul-L1G1xchg":               "power-isync",
	"C-SB+l-o-o-u+l-o-o-u+l-o-o-u+l-o-o-u-X": "power-isync",
	"C-SB+l-o-o-u+l-o-o-u+l-o-o-u-X":         "power-isync",
	"C-SB+l-o-o-u+l-o-o-u+l-o-o-u-XE":        "power-isync",
	"C-SB+l-o-o-u+l-o-o-u-X":                 "power-isync",
	"C-SB+l-o-o-u+l-o-o-u-XE":                "power-isync",
	"C-locktest-filter":                      "power-isync",
	"C-locktest":                             "power-isync",
}

// lkmmProves reports whether run's Never is a proof: an LKMM verdict with
// executions, no cut path and no flag (a flagged test is outside the LKMM).
func lkmmProves(run *Run) bool {
	r := run.Result
	return r != nil && r.Verdict() == "Never" && !r.Vacuous() && !r.Incomplete() && !r.LoopCut && len(r.Flags) == 0
}

// verdicts runs the C test in file in every column, each under limit, and
// returns the verdicts by column name.
func verdicts(t *testing.T, file string, limit time.Duration) (map[string]string, bool) {
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	proved := false
	for _, col := range Columns {
		ctx, cancel := context.WithTimeout(context.Background(), limit)
		run, err := RunC(ctx, filepath.Base(file), string(src), nil, col, explore.Options{})
		cancel()
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		got[col.Name] = run.Verdict()
		if col.Target == nil {
			proved = lkmmProves(run)
		}
	}
	return got, proved
}

// TestSoundMinimised pins the minimised finding and its two controls:
// only the RMW whose stored value does not depend on the value read loses
// its acquire under the isync column.
func TestSoundMinimised(t *testing.T) {
	never := map[string]string{"lkmm": "Never", "power": "Never", "power-isync": "Never",
		"armv8": "Never", "armv8-lse": "Never", "tso": "Never", "riscv": "Never"}
	isync := map[string]string{}
	for k, v := range never {
		isync[k] = v
	}
	isync["power-isync"] = "Sometimes"
	for _, tc := range []struct {
		file string
		want map[string]string
	}{
		{"MP+rel+xchg-acquire.litmus", isync},
		{"MP+rel+cmpxchg-acquire.litmus", never},
		{"MP+rel+fetch-add-acquire.litmus", never},
	} {
		got, _ := verdicts(t, filepath.Join("testdata", "sound", tc.file), time.Minute)
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tc.file, diff)
		}
	}
}

// TestSoundCorpusSample runs a sample of ../shared/corpus/lkmm (every
// eighth test, as the full sweep takes minutes, and the known exceptions)
// and fails on any LKMM proof of Never that a hardware column contradicts
// outside soundExceptions, or on an exception that no longer is one.
func TestSoundCorpusSample(t *testing.T) {
	dir := filepath.Join("..", "..", "shared", "corpus", "lkmm")
	names, err := filepath.Glob(filepath.Join(dir, "*.litmus"))
	if err != nil || len(names) == 0 {
		if os.Getenv("CI") == "true" {
			t.Fatalf("no LKMM corpus in %s", dir)
		}
		t.Skipf("no LKMM corpus in %s", dir)
	}
	sort.Strings(names)
	var sample []string
	n := 0
	for _, f := range names {
		base := strings.TrimSuffix(filepath.Base(f), ".litmus")
		// Four CPUs taking spin locks take seconds each (the "locked"
		// family, C-SB+l-o-o-u with four l-o-o-u); the full sweep has them.
		if strings.Contains(base, "locked") || strings.Count(base, "l-o-o-u") >= 4 {
			continue
		}
		if _, known := soundExceptions[base]; known {
			sample = append(sample, f)
			continue
		}
		if n%8 == 0 {
			sample = append(sample, f)
		}
		n++
	}
	proofs := 0
	for _, f := range sample {
		base := strings.TrimSuffix(filepath.Base(f), ".litmus")
		got, proved := verdicts(t, f, 10*time.Second)
		if !proved {
			continue
		}
		proofs++
		for _, col := range Columns[1:] {
			v := got[col.Name]
			if v != "Sometimes" && v != "Always" {
				continue
			}
			if soundExceptions[base] == col.Name {
				continue
			}
			t.Errorf("%s: LKMM proves Never, %s says %s", base, col.Name, v)
		}
		if c, known := soundExceptions[base]; known && got[c] != "Sometimes" {
			t.Errorf("%s: listed as an exception in %s, which now says %s: update soundExceptions and docs/locks.md", base, c, got[c])
		}
	}
	t.Logf("%d corpus tests, %d LKMM proofs of Never", len(sample), proofs)
}
