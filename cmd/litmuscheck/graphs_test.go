package main

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestGraphFlags: --graph writes a picture per model of a C test, in the
// chosen format, and --html a page linking to them.
func TestGraphFlags(t *testing.T) {
	dir := t.TempDir()
	page := filepath.Join(dir, "report.html")
	code, _, errs := runCLI("--graph", dir, "--graph-format", "svg", "--html", page, "--model", "lkmm", "../../tests/lkmm/MP+locks.litmus")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	svg, err := os.ReadFile(filepath.Join(dir, "MP+locks.lkmm.svg"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(svg), "axiom happens-before") {
		t.Errorf("the LKMM picture of a Never lacks its axiom:\n%s", svg)
	}
	html, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(html), `<a href="#fig-1">Never</a>`) {
		t.Errorf("the report does not link its Never to a picture")
	}
	code, _, errs = runCLI("--graph", dir, "../../locks/scenarios/crossed-locking.litmus")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	names, _ := filepath.Glob(filepath.Join(dir, "crossed-locking.*.dot"))
	for i := range names {
		names[i] = filepath.Base(names[i])
	}
	sort.Strings(names)
	want := []string{"crossed-locking.armv8-lse.dot", "crossed-locking.armv8.dot", "crossed-locking.lkmm.dot",
		"crossed-locking.power-isync.dot", "crossed-locking.power.dot", "crossed-locking.riscv.dot", "crossed-locking.tso.dot"}
	if diff := cmp.Diff(want, names); diff != "" {
		t.Errorf("pictures (-want +got):\n%s", diff)
	}
	if code, _, _ := runCLI("--graph-format", "png", "../../tests/SB.litmus"); code != 2 {
		t.Errorf("--graph-format png: exit %d, want 2", code)
	}
}

// TestExplanations: the side-by-side view explains the columns whose
// verdict differs from LKMM's, and with --explain every column.
func TestExplanations(t *testing.T) {
	_, out, _ := runCLI("../../locks/scenarios/crossed-locking.litmus")
	want := "    TSO: forbidden: P0: W a=1 -po-> P0: R b=0 -fre-> P1: W b=1 -po-> P1: R a=0 -fre-> P0: W a=1 (reflexive external: axiom external)\n"
	if !strings.Contains(out, want) {
		t.Errorf("no TSO explanation %q in:\n%s", want, out)
	}
	if strings.Contains(out, "POWER: ") {
		t.Errorf("POWER agrees with LKMM but is explained:\n%s", out)
	}
	_, out, _ = runCLI("--explain", "../../locks/scenarios/crossed-locking.litmus")
	if !strings.Contains(out, "    POWER: allowed, witness: ") || !strings.Contains(out, "    LKMM: allowed, witness: ") {
		t.Errorf("--explain does not explain every column:\n%s", out)
	}
}
