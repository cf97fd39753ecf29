// This file asserts the proof table (package locks): every scenario's
// verdict in every column, that no cell is vacuous and the good outcome
// stays reachable, that the
// assembly written by hand gets the compiled C test's verdict, that
// docs/locks.md holds the table as the runs give it, and that
// unlock_release.litmus is Never everywhere.

package tests

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/litmuscheck/litmuscheck/explore"
	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/locks"
	"github.com/litmuscheck/litmuscheck/locks/table"
	"github.com/litmuscheck/litmuscheck/models"
	"github.com/litmuscheck/litmuscheck/parser"
)

// available reports whether a column's model is registered; the LKMM and
// ARMv8 models land on their own schedule.
func available(c locks.Column) bool {
	_, err := models.Lookup(c.ModelName())
	return err == nil
}

func prove(t *testing.T) []*table.Row {
	t.Helper()
	rows, err := table.Prove(context.Background(), "", 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// checkProves fails a cell whose verdict rests on nothing: no execution
// survives (a Never would then be vacuous), or none in which every spin
// succeeds avoids the bad outcome (the good outcome is unreachable, and
// the lock could only be proved by deadlocking).
func checkProves(t *testing.T, name string, res *litmus.Result) {
	t.Helper()
	switch {
	case res.Vacuous():
		t.Errorf("%s: %s (vacuous: no execution survives)", name, res.Verdict())
	case res.Negative == 0:
		t.Errorf("%s: no execution avoids the bad outcome: the good outcome is unreachable", name)
	}
}

func TestProofTable(t *testing.T) {
	rows := prove(t)
	nevers := map[string]int{}
	for _, r := range rows {
		for i, c := range locks.Columns {
			run := r.Runs[i]
			name := r.Scenario.Name + "/" + r.Variant.Name + "/" + c.Name
			switch {
			case run.Result == nil && r.Variant.Refuses(c.Name):
				// A refusal expected (the LKMM's and RISC-V's of
				// mixed-size tests): asserted as a verdict is, with the
				// reason it gives.
				if run.Verdict() != r.Variant.Expect[c.Name] || !locks.IsMixedSizeRefusal(run.Err) {
					t.Errorf("%s: %s (%v), expected a mixed-size refusal", name, run.Verdict(), run.Err)
				}
				continue
			case run.Result == nil && !available(c):
				t.Logf("%s: model %s not available yet", name, c.ModelName())
				continue
			case run.Result == nil:
				t.Errorf("%s: %v", name, run.Err)
				continue
			}
			if want := r.Variant.Expect[c.Name]; run.Verdict() != want {
				t.Errorf("%s: %s, expected %s", name, run.Verdict(), want)
			}
			if want, ok := r.Variant.Hangs[c.Name]; !ok {
				t.Errorf("%s: no liveness expectation (Variant.Hangs)", name)
			} else if got := run.Result.Hangs > 0; got != want {
				t.Errorf("%s: %s, expected %s (%s)", name, table.LivenessMark(got), table.LivenessMark(want), run.Result.HangLine())
			}
			if run.Verdict() == "Never" {
				nevers[c.Name]++
			}
			checkProves(t, name, run.Result)
		}
	}
	// Every column has Never cells, so that checkProves checked some.
	for _, c := range locks.Columns {
		if nevers[c.Name] == 0 && available(c) {
			t.Errorf("%s: no Never in the proof table's column", c.Title)
		}
	}
	t.Run("docs", func(t *testing.T) { checkDocsTable(t, rows) })
	t.Run("asm", func(t *testing.T) { checkHandWritten(t, rows) })
}

const (
	docsFile   = "../docs/locks.md"
	tableBegin = "<!-- proof table: the output of litmuscheck locks; go test ./tests -update rewrites it -->\n"
	tableEnd   = "<!-- end of proof table -->\n"
)

// checkDocsTable compares the table in docs/locks.md with the runs'.
func checkDocsTable(t *testing.T, rows []*table.Row) {
	for _, r := range rows {
		for i, c := range locks.Columns {
			if r.Runs[i].Result == nil && available(c) && !r.Variant.Refuses(c.Name) {
				t.Skip("a run was skipped or failed; the table is incomplete")
			}
		}
	}
	doc, err := os.ReadFile(docsFile)
	if err != nil {
		t.Fatal(err)
	}
	text := string(doc)
	i, j := strings.Index(text, tableBegin), strings.Index(text, tableEnd)
	if i < 0 || j < i {
		t.Fatalf("%s: no proof table between %q and %q", docsFile, tableBegin, tableEnd)
	}
	got := text[i+len(tableBegin) : j]
	want := table.Markdown(rows)
	if *update {
		text = text[:i+len(tableBegin)] + want + text[j:]
		if err := os.WriteFile(docsFile, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("%s: the proof table is out of date; run go test ./tests -update (-runs +docs):\n%s", docsFile, diff)
	}
}

// checkHandWritten runs each hand-written assembly version under its
// column's model and compares it with the compiled C test.
func checkHandWritten(t *testing.T, rows []*table.Row) {
	n := 0
	for _, r := range rows {
		for i, c := range locks.Columns {
			file, ok := r.Variant.Asm[c.Name]
			if !ok {
				continue
			}
			n++
			run := r.Runs[i]
			model, err := models.Lookup(c.ModelName())
			if err != nil || run.Result == nil {
				t.Logf("%s (%s): no %s run to compare with", file, c.Title, c.ModelName())
				continue
			}
			test, err := parser.ParseFile(file)
			if err != nil {
				t.Errorf("%v", err)
				continue
			}
			wantArch := c.Target.Table.Arch
			if test.Arch != wantArch && !(wantArch == litmus.ArchX86_64 && test.Arch == litmus.ArchX86) {
				t.Errorf("%s: %s test for the %s column", file, test.Arch, c.Title)
			}
			// As the compiled C test runs (locks.RunParsed): a location
			// accessed at several widths runs under the model's mixed-size
			// semantics, as the CLI runs an assembly test.
			res, err := explore.Explore(context.Background(), test, model, explore.Options{RefuseMixedSize: true})
			if err != nil {
				t.Errorf("%s: %v", file, err)
				continue
			}
			if res.Verdict() != run.Verdict() {
				t.Errorf("%s: %s under %s, but the compiled C test (%s, %s) is %s",
					file, res.Verdict(), model.Name(), r.Variant.File, r.Variant.Name, run.Verdict())
			}
			checkProves(t, file, res)
		}
	}
	if n < 4*len(table.Scenarios) {
		t.Errorf("%d hand-written assembly tests, want one per scenario and dialect (%d)", n, 4*len(table.Scenarios))
	}
}

// TestUnlockRelease checks tests/unlock_release.litmus: the paravirt
// unlock with cmpxchg_release keeps mutual exclusion and hand-off in every
// column.
func TestUnlockRelease(t *testing.T) {
	src, err := os.ReadFile("unlock_release.litmus")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range locks.Columns {
		run, err := locks.RunC(context.Background(), "unlock_release.litmus", string(src), nil, c, explore.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if run.Result == nil {
			if available(c) {
				t.Errorf("%s: %v", c.Title, run.Err)
			} else {
				t.Logf("%s: model %s not available yet", c.Title, c.ModelName())
			}
			continue
		}
		if run.Verdict() != "Never" {
			t.Errorf("%s: %s, want Never", c.Title, run.Verdict())
		}
		checkProves(t, c.Title, run.Result)
	}
}
