package table

import (
	"context"
	"io/fs"
	"testing"

	"github.com/litmuscheck/litmuscheck/locks"
)

// TestScenarioFilesBuiltIn: every scenario asks something of some
// variants, every variant's C test is built into the
// package, every built-in file is some variant's, and the proof table
// runs from any working directory.
func TestScenarioFilesBuiltIn(t *testing.T) {
	files, _ := locks.ScenarioFS("")
	used := map[string]bool{}
	for _, s := range Scenarios {
		if s.Name == "" || s.Question == "" || len(s.Variants) == 0 {
			t.Errorf("scenario %q: a scenario needs a name, a question and variants", s.Name)
		}
		for _, v := range s.Variants {
			used[v.File] = true
			if _, err := fs.Stat(files, v.File); err != nil {
				t.Errorf("%s (%s): %v", s.Name, v.Name, err)
			}
		}
	}
	names, err := fs.Glob(files, "*.litmus")
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range names {
		if !used[n] {
			t.Errorf("scenarios/%s: no variant runs it", n)
		}
	}
	first := Scenarios[0].Variants[0]
	only := func(v *Variant, c locks.Column) bool { return v != first || c.Target != nil }
	// --dir reads the files from a directory.
	rows, err := Prove(context.Background(), "../scenarios", 1, only)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := rows[0].Runs[0].Verdict(), first.Expect["lkmm"]; got != want {
		t.Errorf("%s (%s) from --dir scenarios: LKMM %s, want %s", Scenarios[0].Name, first.Name, got, want)
	}
	t.Chdir(t.TempDir())
	rows, err = Prove(context.Background(), "", 1, only)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := rows[0].Runs[0].Verdict(), first.Expect["lkmm"]; got != want {
		t.Errorf("%s (%s) from %s: LKMM %s, want %s", Scenarios[0].Name, first.Name, "a temporary directory", got, want)
	}
	// An empty --dir has none of them.
	if _, err := Prove(context.Background(), t.TempDir(), 1, only); err == nil {
		t.Errorf("Prove with an empty --dir found the scenarios")
	}
}
