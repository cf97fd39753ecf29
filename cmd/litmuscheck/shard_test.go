package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// slowShardInputs are the tests of tests/ the sharding tests leave out:
// the lock tests that take a fifth of a second or more a run (the MCS
// hand-off in every dialect, the x86_64 pending-path tests and the
// ARMv8 LSE crossed-locking ones), 95% of the time of a run of all of
// them. The proof table runs each of them (tests/locks_test.go); what
// sharding is about, the split, keeps asm and C, every model, vacuous
// and hanging verdicts (asserted below).
var slowShardInputs = []string{
	"qspin-mcs*",
	"*pending*.x86_64.litmus",
	"crossed-locking+pending*.aarch64-lse.litmus",
}

// shardInputs are the tests the sharding tests split: assembly and C.
func shardInputs(t *testing.T) []string {
	t.Helper()
	all, err := litmusFiles([]string{"../../tests"})
	files := slices.DeleteFunc(all, func(f string) bool {
		return slices.ContainsFunc(slowShardInputs, func(pattern string) bool {
			ok, _ := filepath.Match(pattern, filepath.Base(f))
			return ok
		})
	})
	if err != nil || len(files) < 20 {
		t.Fatalf("tests: %d files, %v", len(files), err)
	}
	return files
}

// shardRuns holds the jsonl lines of the runs of the shard inputs, by
// their flags: each run is made once and shared by the sharding tests.
var shardRuns = struct {
	sync.Mutex
	lines map[string][]string
}{lines: map[string][]string{}}

// shardRun is the jsonl lines of a run of the shard inputs with the
// flags extra ("--shard", "K/N" or none).
func shardRun(t *testing.T, extra ...string) []string {
	t.Helper()
	shardRuns.Lock()
	defer shardRuns.Unlock()
	key := strings.Join(extra, " ")
	if lines, ok := shardRuns.lines[key]; ok {
		return lines
	}
	args := append([]string{"--format", "jsonl", "-j", "2"}, extra...)
	code, out, errs := runCLI(append(args, shardInputs(t)...)...)
	// Exit 1 is a test's own verdict (a Never resting on the unroll
	// bound, say), exit 2 a column that cannot run a C test (unsupported,
	// which its record says), not a failure of the run; a run that
	// printed no record would be.
	if code > 2 || out == "" {
		t.Fatalf("%v: exit %d, stderr %.2000s", extra, code, errs)
	}
	var lines []string
	if out != "" {
		lines = strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	}
	shardRuns.lines[key] = lines
	return lines
}

// TestShardsPartitionTheRun: for several N, shard K of N prints exactly
// the unsharded run's lines of the tests whose names it holds, in the
// input's order. So the N shards together are the whole run, each test in
// exactly one shard, and every shard is the same on every run (each test
// runs once unsharded and once for each N).
func TestShardsPartitionTheRun(t *testing.T) {
	files := shardInputs(t)
	whole := shardRun(t)
	// The unsharded run: each file's records (a C test has one per
	// column), the files in the input's order, and the variety of
	// verdicts a split must carry whole.
	byFile := map[string][]string{}
	var order []string
	models := map[string]bool{}
	vacuous, hangs := 0, 0
	for i, l := range whole {
		var r struct {
			File    string `json:"file"`
			Model   string `json:"model"`
			Vacuous bool   `json:"vacuous"`
			Hangs   int    `json:"hangs"`
		}
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatalf("unsharded line %d: %v", i, err)
		}
		if len(order) == 0 || order[len(order)-1] != r.File {
			order = append(order, r.File)
		}
		byFile[r.File] = append(byFile[r.File], l)
		models[r.Model] = true
		if r.Vacuous {
			vacuous++
		}
		if r.Hangs > 0 {
			hangs++
		}
	}
	if d := cmp.Diff(files, order); d != "" {
		t.Fatalf("unsharded: the files' records, in order (-input +run):\n%s", d)
	}
	if len(models) < 4 || vacuous == 0 || hangs == 0 {
		t.Errorf("the shard inputs have %d models (%v), %d vacuous and %d hanging results; want 4 models and some of each",
			len(models), models, vacuous, hangs)
	}
	for _, n := range []int{1, 2, 3, 4, 7} {
		for k := range n {
			var want []string
			for _, f := range files {
				if (shard{k, n}).holds(shardName(f)) {
					want = append(want, byFile[f]...)
				}
			}
			got := shardRun(t, "--shard", fmt.Sprintf("%d/%d", k, n))
			if d := cmp.Diff(want, got); d != "" {
				t.Errorf("shard %d/%d (-unsharded lines it holds +shard):\n%s", k, n, d)
			}
		}
	}
}

// TestShardHoldsEachNameOnce: every name falls in exactly one shard.
func TestShardHoldsEachNameOnce(t *testing.T) {
	for _, n := range []int{1, 2, 5, 16} {
		sizes := make([]int, n)
		for i := range 1000 {
			name := fmt.Sprintf("MP+test%d", i)
			in := 0
			for k := range n {
				if (shard{k, n}).holds(name) {
					in++
					sizes[k]++
				}
			}
			if in != 1 {
				t.Fatalf("%s is in %d of %d shards", name, in, n)
			}
		}
		for k, size := range sizes {
			if size == 0 {
				t.Errorf("N=%d: shard %d holds none of 1000 names", n, k)
			}
		}
	}
}

// TestShardFlag: K/N with 0 <= K < N, anything else refused.
func TestShardFlag(t *testing.T) {
	tests := []struct {
		in   string
		want shard
		ok   bool
	}{
		{"0/1", shard{0, 1}, true},
		{"3/4", shard{3, 4}, true},
		{"4/4", shard{}, false},
		{"-1/4", shard{}, false},
		{"1/0", shard{}, false},
		{"1", shard{}, false},
		{"a/b", shard{}, false},
	}
	for _, tc := range tests {
		var s shard
		err := s.Set(tc.in)
		if (err == nil) != tc.ok || s != tc.want {
			t.Errorf("Set(%q) = %v, %v; want %v, ok %v", tc.in, s, err, tc.want, tc.ok)
		}
	}
	if code, _, errs := runCLI("--shard", "2/2", "../../tests/SB.litmus"); code != 2 || !strings.Contains(errs, "not K/N") {
		t.Errorf("--shard 2/2: exit %d, stderr %q; want 2 and the reason", code, errs)
	}
}

// TestShardNameIsTheTestName: the split goes by the name on the test's
// first line, not the file's name.
func TestShardNameIsTheTestName(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "renamed.litmus")
	if err := os.WriteFile(f, []byte("\nX86 SB+other\n{ x=0; }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := shardName(f); got != "SB+other" {
		t.Errorf("shardName = %q, want SB+other", got)
	}
	if got := shardName(filepath.Join(dir, "missing.litmus")); got != "missing" {
		t.Errorf("shardName of a missing file = %q, want its base name", got)
	}
}

// TestConformShards: conform's shards together check every test once.
func TestConformShards(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"SB", "MP", "LB", "IRIW", "WRC", "2+2W", "R", "S"} {
		src, err := os.ReadFile("../../tests/" + name + ".litmus")
		if err != nil {
			t.Fatal(err)
		}
		_, herd, _ := runCLI("--format", "herd", "../../tests/"+name+".litmus")
		f := filepath.Join(dir, name+".litmus")
		if os.WriteFile(f, src, 0o644) != nil || os.WriteFile(f+".expected", []byte(herd), 0o644) != nil {
			t.Fatal("cannot write the test directory")
		}
	}
	total := 0
	for k := range 3 {
		code, out, errs := runCLI("conform", "--shard", fmt.Sprintf("%d/3", k), dir)
		if code != 0 {
			t.Fatalf("shard %d/3: exit %d, %s%s", k, code, out, errs)
		}
		var m, n int
		if i := strings.Index(out, "conform: "); i >= 0 {
			fmt.Sscanf(out[i:], "conform: %d/%d match", &m, &n)
		}
		if m != n {
			t.Errorf("shard %d/3: %d/%d match", k, m, n)
		}
		total += n
	}
	if total != 8 {
		t.Errorf("the shards checked %d tests, want 8", total)
	}
}

// TestDirectoryThroughASymlink: a directory named through a symbolic link
// is walked like the directory itself.
func TestDirectoryThroughASymlink(t *testing.T) {
	link := filepath.Join(t.TempDir(), "tests")
	if err := os.Symlink(filepath.Join(mustAbs(t, "../../tests"), "lkmm"), link); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	direct, _ := litmusFiles([]string{"../../tests/lkmm"})
	linked, err := litmusFiles([]string{link})
	if err != nil || len(linked) != len(direct) || len(direct) == 0 {
		t.Errorf("through the link %d files (%v), directly %d", len(linked), err, len(direct))
	}
}

func mustAbs(t *testing.T, p string) string {
	a, err := filepath.Abs(p)
	if err != nil {
		t.Fatal(err)
	}
	return a
}
