package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/litmuscheck/litmuscheck/locks"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/review")

// scenarioDirs are where the lock scenarios' C tests may be: tests/locks,
// or locks/scenarios where they are embedded.
var scenarioDirs = []string{"../../tests/locks", "../../locks/scenarios"}

// scenario is the path of the lock scenario NAME.litmus.
func scenario(name string) string {
	for _, d := range scenarioDirs {
		if p := filepath.Join(d, name+".litmus"); fileExists(p) {
			return p
		}
	}
	return filepath.Join(scenarioDirs[0], name+".litmus")
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// seedDiff is the diff of tests/seeds/NAME.litmus with the functions of
// tests/seeds/NAME/old.c against those of new.c.
func seedDiff(name string) []string { return seedDiffIn(name, name) }

// seedDiffIn is seedDiff of the test file test with the functions of
// the seed dir.
func seedDiffIn(dir, test string) []string {
	seeds := "../../tests/seeds/"
	file := seeds + test + ".litmus"
	return []string{"diff", "--old-fragments", seeds + dir + "/old.c", "--new-fragments", seeds + dir + "/new.c", file, file}
}

// TestReviewGolden runs diff and barriers and compares exit status, stdout
// and stderr with testdata/review/NAME.golden (go test -update rewrites
// them). The inputs of its own end in .in, out of the way of the
// --parse-only walk of testdata.
func TestReviewGolden(t *testing.T) {
	tests := []struct {
		name string
		args []string
	}{
		{"barriers-unlock-release", []string{"barriers", "../../tests/unlock_release.litmus"}},
		{"barriers-unlock-release-power", []string{"barriers", "--model", "power", "../../tests/unlock_release.litmus"}},
		{"barriers-crossed-qspinlock-mb", []string{"barriers", "--lock", "qspinlock-mb", scenario("crossed-locking")}},
		{"barriers-osq-lock", []string{"barriers", scenario("osq-lock")}},
		{"barriers-osq-handoff-acquire", []string{"barriers", scenario("osq-handoff+acquire")}},
		{"barriers-lkmm-only", []string{"barriers", "--model", "lkmm", scenario("osq-prev-cpu+wmb+rmb")}},
		{"barriers-sb-mfences", []string{"barriers", "../../tests/SB+mfences.litmus"}},
		{"barriers-ppc", []string{"barriers", "../../tests/locks/asm/unlock-then-load.ppc.litmus"}},
		{"barriers-none", []string{"barriers", "../../tests/SB.litmus"}},
		{"barriers-rcu", []string{"barriers", "../../tests/lkmm/MP+rcu.litmus"}},
		{"barriers-parse-error", []string{"barriers", "testdata/bad.litmus", "../../tests/SB.litmus"}},
		{"barriers-no-file", []string{"barriers"}},
		{"barriers-json", []string{"barriers", "--format", "json", "../../tests/SB.litmus"}},
		{"barriers-unknown-lock", []string{"barriers", "--lock", "clh", "../../tests/unlock_release.litmus"}},
		{"diff-unlock-relaxed", []string{"diff", "../../tests/unlock_release.litmus", "testdata/review/unlock_relaxed.in"}},
		{"diff-unlock-relaxed-armv8", []string{"diff", "--model", "armv8", "../../tests/unlock_release.litmus", "testdata/review/unlock_relaxed.in"}},
		{"diff-lock", []string{"diff", "--lock", "write-once", scenario("mp-through-lock"), scenario("mp-through-lock")}},
		{"diff-sb-mfences", []string{"diff", "../../tests/SB+mfences.litmus", "../../tests/SB.litmus"}},
		{"diff-dialects", []string{"diff", "../../tests/unlock_release.litmus", "../../tests/SB.litmus"}},
		{"diff-threads", []string{"diff", "../../tests/SB.litmus", "testdata/review/sb3.in"}},
		{"diff-locations", []string{"diff", "../../tests/SB.litmus", "testdata/review/sb-z.in"}},
		{"diff-one-file", []string{"diff", "../../tests/SB.litmus"}},
		// The patches the seeds are: one test, the code before and after.
		{"diff-seed-spin-is-locked", seedDiff("spin-is-locked")},
		{"diff-seed-spin-is-locked-queued", seedDiffIn("spin-is-locked", "spin-is-locked-queued")},
		{"diff-seed-spin-is-locked-mb", seedDiffIn("spin-is-locked", "spin-is-locked+mb")},
		{"diff-seed-pv-unlock", seedDiff("pv-unlock")},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errs := runCLI(tc.args...)
			got := fmt.Sprintf("$ litmuscheck %s\nexit %d\n--- stdout\n%s--- stderr\n%s", strings.Join(tc.args, " "), code, out, errs)
			file := filepath.Join("testdata", "review", tc.name+".golden")
			if *update {
				if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(string(want), got); diff != "" {
				t.Errorf("%s (-want +got):\n%s", file, diff)
			}
		})
	}
}

// reviewFiles are the C tests whose review verdicts must be the plain
// check's.
func reviewFiles(t *testing.T) []string {
	var files []string
	for _, d := range scenarioDirs {
		found, err := filepath.Glob(filepath.Join(d, "*.litmus"))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range found {
			if why, ok := slowReviews[filepath.Base(f)]; ok {
				t.Logf("%s: not reviewed here: %s", f, why)
				continue
			}
			if why, ok := ciReviews[filepath.Base(f)]; ok && os.Getenv(slowReviewsEnv) != "1" {
				t.Logf("%s: reviewed by .ci/run (%s=1) only: %s", f, slowReviewsEnv, why)
				continue
			}
			files = append(files, f)
		}
	}
	if len(files) == 0 {
		t.Fatalf("no lock scenarios in %v", scenarioDirs)
	}
	return append([]string{"../../tests/unlock_release.litmus"}, files...)
}

// slowReviews are the scenarios the review commands are not compared on
// here, and why: weakening each annotation multiplies their runs.
var slowReviews = map[string]string{
	"qspin-mcs-handoff.litmus":  "each of its cells takes seconds (a word of four byte cells in every access), and barriers weakens each of its annotations in every column",
	"pv-unlock-slowpath.litmus": "its ARMv8 cells take seconds (four compare-and-swaps, five event structures each under LSE), and barriers weakens each of its annotations in every column",
	"osq-unqueue3.litmus":       "its ARMv8 LSE cell takes seconds (three CPUs, every relaxed CAS with several event structures), and barriers weakens each of its annotations in every column",
	"ppc-qspin-mcs.litmus":      "its ARMv8 cells take 2 to 11 s each (a mixed-size lock word, and the queue's lwarx/stwcx. loops), and barriers weakens each of its annotations in every column",
}

// slowReviewsEnv, set to 1, adds ciReviews to the review comparisons;
// .ci/run sets it, so a plain go test stays fast and CI compares them all.
const slowReviewsEnv = "LITMUSCHECK_SLOW_CELLS"

// ciReviews are the scenarios whose review comparisons only .ci/run makes,
// and why.
var ciReviews = map[string]string{
	"osq-unqueue.litmus":  "barriers takes about 4 s of CPU a lock choice on it (its CASes have several event structures under LSE)",
	"pv-kick-node.litmus": "barriers takes about 1.6 s of CPU a lock choice on it",
}

// plainRuns holds plainVerdicts' results by arguments: the review tests
// compare with the same plain checks.
var plainRuns sync.Map

type plainRun struct {
	verdicts map[string]string
	failed   bool
}

// plainVerdicts are the plain check's verdicts of a C test, by column
// title, as its JSON output gives them, and whether it failed (exit 2: a
// column that failed for a reason of ours). Each is run once.
func plainVerdicts(t *testing.T, args ...string) (map[string]string, bool) {
	t.Helper()
	key := strings.Join(args, "\x00")
	if r, ok := plainRuns.Load(key); ok {
		return r.(plainRun).verdicts, r.(plainRun).failed
	}
	got, failed := runPlain(t, args...)
	plainRuns.Store(key, plainRun{got, failed})
	return got, failed
}

func runPlain(t *testing.T, args ...string) (map[string]string, bool) {
	t.Helper()
	code, out, _ := runCLI(append([]string{"--model", "all", "--format", "json"}, args...)...)
	var runs []struct {
		Model    string `json:"model"`
		Verdict  string `json:"verdict"`
		Positive int    `json:"positive"`
		Negative int    `json:"negative"`
		Hangs    int    `json:"hangs"`
		Error    string `json:"error"`
		Caveats  []struct {
			Kind string `json:"kind"`
		} `json:"caveats"`
	}
	if err := json.Unmarshal([]byte(out), &runs); err != nil {
		t.Fatalf("%v: %v\n%s", args, err, out)
	}
	got := map[string]string{}
	for _, r := range runs {
		col, ok := locks.ColumnByName(r.Model)
		if !ok {
			t.Fatalf("%v: unknown column %q", args, r.Model)
		}
		v := r.Verdict
		switch {
		case r.Error != "" && v == "":
			// No verdict word for a column without a result: n/a.
			v = "n/a"
		case r.Error != "":
			// The word the column shows in its place.
		default:
			// The caveats' kinds, but hangs, marked apart below.
			var kinds []string
			for _, c := range r.Caveats {
				if c.Kind != "hangs" {
					kinds = append(kinds, c.Kind)
				}
			}
			if len(kinds) > 0 {
				v += " (" + strings.Join(kinds, ", ") + ")"
			}
		}
		if r.Hangs > 0 {
			// barriers marks a cell whose executions hang.
			v += ", hangs"
		}
		got[col.Title] = v
	}
	if len(got) != len(locks.Columns) {
		t.Fatalf("%v: %d columns, want %d", args, len(got), len(locks.Columns))
	}
	return got, code == 2
}

var cellGap = regexp.MustCompile(`\s{2,}`)

// barriersBase reads the "as written" row of a barriers table, by column,
// and whether barriers failed (exit 2).
func barriersBase(t *testing.T, args ...string) (map[string]string, bool) {
	t.Helper()
	code, out, errs := runCLI(append([]string{"barriers"}, args...)...)
	if code != 0 && code != 2 {
		t.Fatalf("barriers %v: exit %d: %s", args, code, errs)
	}
	lines := strings.Split(out, "\n")
	if len(lines) < 3 {
		t.Fatalf("barriers %v: no table:\n%s", args, out)
	}
	// The titles contain single spaces ("POWER isync"), the cells are
	// two spaces apart at least.
	head := cellGap.Split(strings.TrimSpace(lines[1]), -1)
	base := cellGap.Split(strings.TrimSpace(lines[2]), -1)
	if base[0] != "as written" || len(head) != 4+len(base)-1 {
		t.Fatalf("barriers %v: unexpected table head:\n%s", args, out)
	}
	got := map[string]string{}
	for i, v := range base[1:] {
		got[head[4+i]] = v
	}
	return got, code == 2
}

// diffBase reads the verdicts of "diff FILE FILE", by column, and whether
// diff failed (exit 2).
func diffBase(t *testing.T, args ...string) (map[string]string, bool) {
	t.Helper()
	file := args[len(args)-1]
	code, out, errs := runCLI(append(append([]string{"diff"}, args...), file)...)
	if code != 0 && code != 2 {
		t.Fatalf("diff %v: exit %d: %s", args, code, errs)
	}
	line := regexp.MustCompile(`^(.+?): (?:exists|~exists|forall) (.+?) -> (.+?)(?: \(\d+ -> \d+ states\))?$`)
	got := map[string]string{}
	for _, l := range strings.Split(out, "\n") {
		if m := line.FindStringSubmatch(l); m != nil {
			if m[2] != m[3] {
				t.Errorf("diff %v: %s: %s -> %s for one file", args, m[1], m[2], m[3])
			}
			got[m[1]] = m[2]
		}
	}
	return got, code == 2
}

// TestReviewBaseIsThePlainCheck: the verdicts diff and barriers start from
// are the plain check's in every column, with and without --lock.
func TestReviewBaseIsThePlainCheck(t *testing.T) {
	// Under -short every other scenario, spread; the full run compares all.
	files := shortSample(reviewFiles(t), 2)
	for _, f := range files {
		locksRun := [][]string{nil, {"--lock", "qspinlock-mb"}, {"--lock", "write-once"}}
		if testing.Short() || !callsSpinOps(t, f) {
			locksRun = locksRun[:1]
		}
		for _, lock := range locksRun {
			args := append(append([]string(nil), lock...), f)
			want, wantFailed := plainVerdicts(t, args...)
			for cmd, base := range map[string]func(*testing.T, ...string) (map[string]string, bool){
				"barriers": barriersBase, "diff": diffBase,
			} {
				got, failed := base(t, args...)
				if diff := cmp.Diff(want, got); diff != "" {
					t.Errorf("%s %v: verdicts (-plain check +%s):\n%s", cmd, args, cmd, diff)
				}
				if failed != wantFailed {
					t.Errorf("%s %v: exit 2 is %v, the plain check's is %v", cmd, args, failed, wantFailed)
				}
			}
		}
	}
}

// shortSample is files under go test -short, every step-th (spread over
// the list), and all of them otherwise.
func shortSample(files []string, step int) []string {
	if !testing.Short() {
		return files
	}
	var sample []string
	for i := 0; i < len(files); i += step {
		sample = append(sample, files[i])
	}
	return sample
}

// spinOpCall is a call of what --lock qspinlock-mb and write-once replace.
var spinOpCall = regexp.MustCompile(`\bspin_(lock|unlock|trylock|is_locked)\s*\(`)

// callsSpinOps reports whether the C test calls spin_lock, spin_unlock,
// spin_trylock or spin_is_locked itself. Those four are all a --lock
// choice of the review test replaces, and no fragment calls them, so a test
// that does not runs the same under every choice.
func callsSpinOps(t *testing.T, file string) bool {
	t.Helper()
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	return spinOpCall.Match(src)
}

// TestWeakenedRunIsThePlainRun: the path a weakened test runs through,
// given the test unweakened, gives the plain check's verdict in every
// column: a load-bearing mark can only come from the weakening.
func TestWeakenedRunIsThePlainRun(t *testing.T) {
	// Under -short every third scenario; the full run checks all.
	files := shortSample(reviewFiles(t), 3)
	for _, f := range files {
		want, _ := plainVerdicts(t, f)
		rv, _, _ := reviewArgs("barriers", "", []string{f}, os.Stdout, os.Stderr)
		if rv == nil {
			t.Fatal("reviewArgs failed")
		}
		out := rv.check(f)
		if out.Err != nil {
			t.Fatal(out.Err)
		}
		got := map[string]string{}
		cols, err := rv.barrierColumns(out)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cols {
			cell := c.run(c.test)
			got[cell.title] = cell.liveLabel()
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s: (-plain check +weakened path):\n%s", f, diff)
		}
	}
}

// TestReviewErrors: a run that fails, in any column, is exit 2.
func TestReviewErrors(t *testing.T) {
	for _, args := range [][]string{
		{"barriers", "--timeout", "1ns", "../../tests/lkmm/MP+rel+acq.litmus"},
		{"diff", "--timeout", "1ns", "../../tests/unlock_release.litmus", "testdata/review/unlock_relaxed.in"},
		{"barriers", "--model", "nope", "../../tests/SB.litmus"},
		{"diff", "--unroll", "x", "../../tests/SB.litmus", "../../tests/SB.litmus"},
		{"barriers", "--no-such-flag", "../../tests/SB.litmus"},
	} {
		if code, _, errs := runCLI(args...); code != 2 || errs == "" {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and a message", args, code, errs)
		}
	}
}

// TestBarriersJobs: the table is the same whatever the number of workers.
func TestBarriersJobs(t *testing.T) {
	args := []string{"barriers", scenario("osq-lock"), "../../tests/SB+mfences.litmus"}
	_, one, _ := runCLI(append([]string{"-j", "1"}, args...)...)
	_, many, _ := runCLI(append([]string{"-j", "4"}, args...)...)
	if diff := cmp.Diff(one, many); diff != "" {
		t.Errorf("-j 1 vs -j 4 (-want +got):\n%s", diff)
	}
}

// TestReviewHelp: --help prints the usage on stdout, exit 0.
func TestReviewHelp(t *testing.T) {
	for _, cmd := range []string{"diff", "barriers"} {
		code, out, errs := runCLI(cmd, "--help")
		if code != 0 || errs != "" || !strings.HasPrefix(out, "usage: litmuscheck "+cmd+" ") {
			t.Errorf("%s --help: exit %d, stderr %q, stdout:\n%s", cmd, code, errs, out)
		}
		for _, flag := range []string{"--lock", "--model", "--timeout"} {
			if !strings.Contains(out, flag) {
				t.Errorf("%s --help: no %s", cmd, flag)
			}
		}
	}
}

// TestReviewGraphs: diff --graph writes each side's pictures apart, so
// that two versions of one test keep theirs; barriers --graph writes the
// test's, as the check does.
func TestReviewGraphs(t *testing.T) {
	dir := t.TempDir()
	old, new := "../../docs/examples/handoff.litmus", "../../docs/examples/handoff+write-once.litmus"
	if code, _, stderr := runCLI("diff", "--graph", dir, old, new); code != 1 {
		t.Fatalf("diff: exit %d, want 1 (a verdict changes)\n%s", code, stderr)
	}
	for _, f := range []string{"old/handoff.lkmm.dot", "new/handoff+write-once.lkmm.dot", "new/handoff+write-once.power.dot"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("diff --graph: %v", err)
		}
	}
	svg := t.TempDir()
	if code, _, stderr := runCLI("barriers", "--model", "lkmm", "--graph", svg, "--graph-format", "svg", old); code != 0 {
		t.Fatalf("barriers: exit %d\n%s", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(svg, "handoff.lkmm.svg")); err != nil {
		t.Errorf("barriers --graph: %v", err)
	}
	if code, _, stderr := runCLI("diff", "--graph", dir, "--graph-format", "png", old, new); code != 2 || !strings.Contains(stderr, "unknown --graph-format") {
		t.Errorf("a bad --graph-format: exit %d\n%s", code, stderr)
	}
}
