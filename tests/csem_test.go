// This file asserts C's meaning of the tests in csem/: short-circuit
// operators and ?: that run an operand with effects only when C does,
// integer types that convert, narrow stores that keep the other bytes.
// Each test's comment justifies its verdicts; a test written with && or
// || has a twin, NAME.herd.litmus, with the nested if statements that C's
// rule stands for, and herd7 7.58's output for that twin beside it. The
// assembly tests of csem/asm conform with the rest of the project's
// herd7-checked tests (cmd/litmuscheck's TestOwnHerdTests).

package tests

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/litmuscheck/litmuscheck/explore"
	"github.com/litmuscheck/litmuscheck/herd"
	"github.com/litmuscheck/litmuscheck/locks"
	"github.com/litmuscheck/litmuscheck/models"
	"github.com/litmuscheck/litmuscheck/parser"
)

// TestCSemantics runs each csem/ test in every column and compares the
// verdicts with the ones its comment justifies.
func TestCSemantics(t *testing.T) {
	all := func(v string) map[string]string {
		m := map[string]string{}
		for _, c := range locks.Columns {
			m[c.Title] = v
		}
		return m
	}
	with := func(m map[string]string, col, v string) map[string]string {
		m[col] = v
		return m
	}
	compiled := func(lkmm, hw string) map[string]string { return with(all(hw), "LKMM", lkmm) }
	tests := []struct {
		file string
		want map[string]string
	}{
		{"and-rmw.litmus", all("Never")},
		{"mp-and.litmus", all("Never")},
		{"lb-or.litmus", all("Never")},
		{"or-xchg.litmus", all("Sometimes")},
		{"ternary-rmw.litmus", all("Never")},
		{"ternary-value.litmus", all("Always")},
		{"cast-u16.litmus", all("Never")},
		{"u16-local.litmus", all("Always")},
		// RV64 holds a u32 sign-extended; herd's RISCV cannot compare or
		// shift it unsigned (no bltu, bgeu, srliw): the column refuses.
		{"u32-wrap.litmus", with(all("Never"), "RISC-V", "unsupported")},
		{"int-vs-unsigned.litmus", with(all("Never"), "RISC-V", "unsupported")},
		{"bool-local.litmus", all("Always")},
		{"s8-sign.litmus", all("Never")},
		{"u8-store-truncates.litmus", all("Always")},
		// RISC-V is sizeless in herd7 too: it refuses what the LKMM does.
		{"store-u16-keeps.litmus", with(compiled("unsupported", "Never"), "RISC-V", "unsupported")},
		{"ulong-compare.litmus", compiled("Never", "unsupported")},
		// The compiled columns compute the fetch-add in 64-bit registers:
		// the overflow cuts the path, and the Never is labelled.
		{"ticket-wrap.litmus", with(compiled("Always", "Never (incomplete)"), "RISC-V", "unsupported")},
		{"ticket-shift.litmus", with(all("Always"), "RISC-V", "unsupported")},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			src, err := os.ReadFile(filepath.Join("csem", tc.file))
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]string{}
			for _, c := range locks.Columns {
				run, err := locks.RunC(context.Background(), tc.file, string(src), nil, c, explore.Options{})
				if err != nil {
					t.Fatal(err)
				}
				got[c.Title] = run.Verdict()
				if res := run.Result; res != nil && res.Incomplete() {
					got[c.Title] += " (incomplete)"
				} else if res != nil && res.Vacuous() {
					got[c.Title] += " (vacuous)"
				}
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("verdicts per column (-want +got):\n%s", diff)
			}
		})
	}
}

// TestCSemanticsHerdTwins checks each twin against herd7's output, and
// the test written with && or || against its twin: the same verdict and
// the same counts of executions under the LKMM.
func TestCSemanticsHerdTwins(t *testing.T) {
	twins, _ := filepath.Glob(filepath.Join("csem", "*.herd.litmus"))
	if len(twins) == 0 {
		t.Fatal("no twins in csem/")
	}
	for _, twin := range twins {
		t.Run(filepath.Base(twin), func(t *testing.T) {
			want, err := os.ReadFile(twin + ".expected")
			if err != nil {
				t.Fatal(err)
			}
			got := herdOutput(t, twin)
			if diff := cmp.Diff(string(want), got); diff != "" {
				t.Errorf("herd7's output (-want +got):\n%s", diff)
			}
			c := herdOutput(t, strings.TrimSuffix(twin, ".herd.litmus")+".litmus")
			if diff := cmp.Diff(observation(string(want)), observation(c)); diff != "" {
				t.Errorf("the test and its twin differ (-twin +test):\n%s", diff)
			}
		})
	}
}

// TestCSemanticsCompiled runs each csem/ test compiled for each hardware
// target and compares the herd-format output with herd7's on the same
// compiled test (litmuscheck --show-asm), kept in csem/compiled as
// NAME.TARGET.expected, or NAME.TARGET.mixed.expected where herd7 ran
// with -variant mixed (a test that accesses a location at a width other
// than the location's).
func TestCSemanticsCompiled(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("csem", "compiled", "*.expected"))
	if len(files) == 0 {
		t.Fatal("no herd7 outputs in csem/compiled")
	}
	for _, f := range files {
		name, target, _ := strings.Cut(strings.TrimSuffix(filepath.Base(f), ".expected"), ".")
		target = strings.TrimSuffix(target, ".mixed")
		t.Run(name+"/"+target, func(t *testing.T) {
			src, err := os.ReadFile(filepath.Join("csem", name+".litmus"))
			if err != nil {
				t.Fatal(err)
			}
			col, ok := locks.ColumnByName(target)
			if !ok {
				t.Fatalf("no column %q", target)
			}
			run, err := locks.RunC(context.Background(), name+".litmus", string(src), nil, col, explore.Options{})
			if err != nil || run.Result == nil {
				t.Fatalf("%s: %v %v", target, err, run.Err)
			}
			var buf bytes.Buffer
			herd.WriteResult(&buf, run.Result)
			want, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(string(want), buf.String()); diff != "" {
				t.Errorf("herd7's output on the compiled test (-want +got):\n%s", diff)
			}
		})
	}
}

// herdOutput is the LKMM's herd-format output for the test file, without
// its Time line.
func herdOutput(t *testing.T, file string) string {
	t.Helper()
	test, err := parser.ParseFile(file)
	if err != nil {
		t.Fatal(err)
	}
	res, err := explore.Explore(context.Background(), test, models.LKMM, explore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	herd.WriteResult(&buf, res)
	return buf.String()
}

// observation is the verdict and counts of herd's Observation line.
func observation(out string) string {
	for _, l := range strings.Split(out, "\n") {
		if f := strings.Fields(l); len(f) == 5 && f[0] == "Observation" {
			return strings.Join(f[2:], " ")
		}
	}
	return ""
}
