// This file asserts the proof table (package locks): every scenario's
// verdict in every column, that no cell is vacuous and the good outcome
// stays reachable, that the
// assembly written by hand gets the compiled C test's verdict, that
// docs/locks.md holds the table as the runs give it, and that
// unlock_release.litmus is Never everywhere.

package tests

import (
	"context"
	"errors"
	"fmt"
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

// slowCellsEnv, set to 1, runs the proof table's slow cells (the MCS
// hand-off's, some seconds each, and slowInGoTest's) and the slow
// hand-written assembly (slowAsmInGoTest); .ci/run sets it for
// TestProofTable, so that a plain go test ./... stays fast and CI still
// asserts every cell.
const slowCellsEnv = "LITMUSCHECK_SLOW_CELLS"

func runSlowCells() bool { return !testing.Short() && os.Getenv(slowCellsEnv) == "1" }

// slowInGoTest are the cells, besides those the table marks slow
// (Variant.Slow), that a plain go test leaves to .ci/run's
// LITMUSCHECK_SLOW_CELLS=1 run, by scenario file, variant and column: each
// takes a second or more, together half the time of the rest of the table.
var slowInGoTest = map[[3]string]bool{
	{"ticket-mp.litmus", "ticket", "tso"}:                                         true,
	{"ticket-mp.litmus", "ticket, relaxed unlock (no release)", "tso"}:            true,
	{"ticket-mp.litmus", "ticket, relaxed wait (no acquire)", "tso"}:              true,
	{"ticket-mp.litmus", "ticket, relaxed wait (no acquire)", "power-isync"}:      true,
	{"ticket-mp.litmus", "ticket, relaxed wait (no acquire)", "armv8"}:            true,
	{"lost-update3.litmus", "3 CPUs, unlock cmpxchg", "armv8-lse"}:                true,
	{"lost-update3.litmus", "3 CPUs, unlock cmpxchg_release", "armv8-lse"}:        true,
	{"lost-update3.litmus", "3 CPUs, unlock cmpxchg_relaxed", "armv8-lse"}:        true,
	{"lost-update3.litmus", "3 CPUs, ppc-qspinlock (powerpc's own, 2022)", "tso"}: true,
	// The pv slow path's lost wake-up: one to four seconds a cell on
	// ARMv8 and under the LKMM, half of the rest of the table's time.
	{"pv-unlock-slowpath.litmus", "pv lost wake-up: _Q_SLOW_VAL by xchg, the unlock's smp_rmb(), pv_wait rechecks (kernel)", "armv8"}: true,
	{"pv-unlock-slowpath.litmus", "pv lost wake-up: _Q_SLOW_VAL by xchg, the unlock's smp_rmb(), pv_wait rechecks (kernel)", "lkmm"}:  true,
	{"pv-unlock-slowpath.litmus", "pv lost wake-up, _Q_SLOW_VAL by xchg_relaxed", "armv8"}:                                            true,
	{"pv-unlock-slowpath.litmus", "pv lost wake-up, _Q_SLOW_VAL by xchg_relaxed", "lkmm"}:                                             true,
	{"pv-unlock-slowpath.litmus", "pv lost wake-up, no smp_rmb() after the failed cmpxchg_release", "armv8"}:                          true,
	{"pv-unlock-slowpath.litmus", "pv lost wake-up, no smp_rmb() after the failed cmpxchg_release", "lkmm"}:                           true,
	{"pv-unlock-slowpath.litmus", "pv lost wake-up, pv_wait without the recheck", "armv8"}:                                            true,
	{"pv-unlock-slowpath.litmus", "pv lost wake-up, pv_wait without the recheck", "lkmm"}:                                             true,
}

// slowAsmInGoTest are the hand-written assembly tests whose comparison
// with the compiled C test a plain go test leaves to .ci/run in the same
// way: the x86_64 pending-path tests take one to three seconds each
// (their aarch64 and ppc versions a fraction of one).
var slowAsmInGoTest = map[string]bool{
	"locks/asm/crossed-locking+pending.x86_64.litmus":          true,
	"locks/asm/crossed-locking+pending-mask.x86_64.litmus":     true,
	"locks/asm/crossed-locking+pending-mb.x86_64.litmus":       true,
	"locks/asm/pending-lost-update.x86_64.litmus":              true,
	"locks/asm/pending-lost-update+relaxed-wait.x86_64.litmus": true,
}

// slowInShort are the scenario files and columns whose cells go test
// -short skips besides those: the costliest tenth of the rest, half of
// its time. The full go test runs them.
var slowInShort = map[[2]string]bool{
	{"crossed-locking+pending.litmus", "tso"}:       true,
	{"crossed-locking+pending.litmus", "armv8-lse"}: true,
	{"ticket-mp.litmus", "power"}:                   true,
	{"ticket-mp.litmus", "power-isync"}:             true,
	{"ticket-mp.litmus", "armv8"}:                   true,
	{"ticket-mp.litmus", "lkmm"}:                    true,
	{"osq-unqueue3.litmus", "power"}:                true,
	{"osq-unqueue3.litmus", "power-isync"}:          true,
	{"osq-unqueue3.litmus", "armv8"}:                true,
	{"osq-unqueue3.litmus", "tso"}:                  true,
	{"osq-unqueue3.litmus", "lkmm"}:                 true,
}

// slowAsmInShort are the hand-written assembly tests go test -short
// leaves to the full go test.
var slowAsmInShort = map[string]bool{
	"locks/asm/crossed-locking+pending.aarch64-lse.litmus":      true,
	"locks/asm/crossed-locking+pending-mask.aarch64-lse.litmus": true,
	"locks/asm/crossed-locking+pending-mb.aarch64-lse.litmus":   true,
}

// isSlowCell reports whether a plain go test skips the variant's run in
// column c.
func isSlowCell(v *table.Variant, c locks.Column) bool {
	return v.IsSlow(c.Name) || slowInGoTest[[3]string{v.File, v.Name, c.Name}]
}

// skipCell reports whether this go test skips the variant's run in
// column c, and why.
func skipCell(v *table.Variant, c locks.Column) (string, bool) {
	switch {
	case isSlowCell(v, c) && !runSlowCells():
		return fmt.Sprintf("slow, skipped (run with %s=1, as .ci/run does)", slowCellsEnv), true
	case slowInShort[[2]string{v.File, c.Name}] && testing.Short():
		return "skipped by -short", true
	}
	return "", false
}

// skipAsm reports whether this go test skips the comparison of the
// hand-written assembly test file, and why.
func skipAsm(file string) (string, bool) {
	switch {
	case slowAsmInGoTest[file] && !runSlowCells():
		return fmt.Sprintf("slow, skipped (run with %s=1, as .ci/run does)", slowCellsEnv), true
	case slowAsmInShort[file] && testing.Short():
		return "skipped by -short", true
	}
	return "", false
}

func prove(t *testing.T) []*table.Row {
	t.Helper()
	skip := func(v *table.Variant, c locks.Column) bool {
		_, skip := skipCell(v, c)
		return skip
	}
	rows, err := table.Prove(context.Background(), "", 2, skip)
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
			case errors.Is(run.Err, locks.ErrSkipped):
				why, _ := skipCell(r.Variant, c)
				t.Logf("%s: %s", name, why)
				continue
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
	checkSlowListsNameCells(t, rows)
	t.Run("docs", func(t *testing.T) { checkDocsTable(t, rows) })
	t.Run("asm", func(t *testing.T) { checkHandWritten(t, rows) })
}

// checkSlowListsNameCells fails an entry of the lists of slow cells and
// hand-written tests that names none, so that a renamed row cannot drop
// out of both go test and .ci/run's list unseen.
func checkSlowListsNameCells(t *testing.T, rows []*table.Row) {
	cells, files, asm := map[[3]string]bool{}, map[[2]string]bool{}, map[string]bool{}
	for _, r := range rows {
		for _, c := range locks.Columns {
			cells[[3]string{r.Variant.File, r.Variant.Name, c.Name}] = true
			files[[2]string{r.Variant.File, c.Name}] = true
			if f, ok := r.Variant.Asm[c.Name]; ok {
				asm[f] = true
			}
		}
	}
	for k := range slowInGoTest {
		if !cells[k] {
			t.Errorf("slowInGoTest: no cell %q", k)
		}
	}
	for k := range slowInShort {
		if !files[k] {
			t.Errorf("slowInShort: no cell of %q", k)
		}
	}
	for _, list := range []map[string]bool{slowAsmInGoTest, slowAsmInShort} {
		for f := range list {
			if !asm[f] {
				t.Errorf("no hand-written test %s", f)
			}
		}
	}
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
			if why, skip := skipAsm(file); skip {
				t.Logf("%s: %s", file, why)
				continue
			}
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
