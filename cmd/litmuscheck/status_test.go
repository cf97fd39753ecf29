package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestVacuous: a Never that no execution reaches is labelled in the text
// formats, flagged in JSON, kept as herd7 prints it in herd's format, and
// exits 1 in every format, unless "Result: DEADLOCK" expects it.
func TestVacuous(t *testing.T) {
	tests := []cliCase{
		{"text", []string{"testdata/vacuous.litmus"}, 1,
			"SB-vacuous                   TSO        Never (vacuous: no execution survives) 0 of 0 executions satisfy exists (0:EAX=0 /\\ 1:EAX=0)\n",
			"testdata/vacuous.litmus: vacuous Never under TSO: no execution survives, so it proves nothing\n"},
		{"herd", []string{"--format", "herd", "testdata/vacuous.litmus"}, 1,
			"Test SB-vacuous Allowed\nStates 0\nNo\nWitnesses\nPositive: 0 Negative: 0\nCondition exists (0:EAX=0 /\\ 1:EAX=0)\nObservation SB-vacuous Never 0 0\nHash=7dbd6b8e6dd4abc2ef3d48b0376fb2e3\n\n",
			"testdata/vacuous.litmus: vacuous Never under TSO: no execution survives, so it proves nothing\n"},
		{"columns", []string{"--model", "all", "testdata/vacuous-c.litmus"}, 1,
			`MP-vacuous: exists (1:r0=1 /\ 1:r1=0)
    LKMM         Never (vacuous: no execution survives)  0 of 0 executions
    POWER        Never (vacuous: no execution survives)  0 of 0 executions
    POWER isync  Never (vacuous: no execution survives)  0 of 0 executions
    ARMv8        Never (vacuous: no execution survives)  0 of 0 executions
    ARMv8 LSE    Never (vacuous: no execution survives)  0 of 0 executions
    TSO          Never (vacuous: no execution survives)  0 of 0 executions
    RISC-V       Never (vacuous: no execution survives)  0 of 0 executions
`, `testdata/vacuous-c.litmus: LKMM: vacuous Never under LKMM: no execution survives, so it proves nothing
testdata/vacuous-c.litmus: POWER: vacuous Never under Power: no execution survives, so it proves nothing
testdata/vacuous-c.litmus: POWER isync: vacuous Never under Power: no execution survives, so it proves nothing
testdata/vacuous-c.litmus: ARMv8: vacuous Never under ARMv8: no execution survives, so it proves nothing
testdata/vacuous-c.litmus: ARMv8 LSE: vacuous Never under ARMv8: no execution survives, so it proves nothing
testdata/vacuous-c.litmus: TSO: vacuous Never under x86-TSO: no execution survives, so it proves nothing
testdata/vacuous-c.litmus: RISC-V: vacuous Never under RISCV: no execution survives, so it proves nothing
`},
		{"deadlock expected", []string{"--model", "lkmm", "testdata/deadlock.litmus"}, 0,
			"deadlock                     LKMM       Never (vacuous: no execution survives) 0 of 0 executions satisfy exists (0:r0=1)\n", ""},
		{"deadlock expected, herd", []string{"--format", "herd", "testdata/deadlock.litmus"}, 0, "", ""},
	}
	for _, tc := range tests {
		tc.check(t)
	}
}

// A cliCase is a run of the command with its exit status, its standard
// output ("" for any) and its standard error.
type cliCase struct {
	name   string
	args   []string
	code   int
	stdout string
	stderr string
}

func (tc cliCase) check(t *testing.T) {
	t.Helper()
	code, out, errs := runCLI(tc.args...)
	if code != tc.code {
		t.Errorf("%s: exit %d, want %d (stderr %q)", tc.name, code, tc.code, errs)
	}
	if tc.stdout != "" {
		if diff := cmp.Diff(tc.stdout, out); diff != "" {
			t.Errorf("%s: stdout (-want +got):\n%s", tc.name, diff)
		}
	}
	if diff := cmp.Diff(tc.stderr, errs); diff != "" {
		t.Errorf("%s: stderr (-want +got):\n%s", tc.name, diff)
	}
}

// TestNeverOverUnusedName: a Never whose condition reads a register no
// code uses (a misspelt name, read as its initial value) is labelled and
// exits 1, in every column; herd's format prints it as herd7 does.
func TestNeverOverUnusedName(t *testing.T) {
	const warning = "testdata/unused-register.litmus:15:9: warning: register 1:r1 is never used by P1; it is read as its initial value (0)\n"
	tests := []cliCase{
		{"text", []string{"--model", "lkmm", "testdata/unused-register.litmus"}, 1,
			"SB-typo                      LKMM       Never (the condition reads 1:r1, which no code uses) 0 of 4 executions satisfy exists (1:r1=1)\n    1:r1=0;\n",
			warning + "testdata/unused-register.litmus: LKMM: Never under LKMM proves nothing about the code: the condition reads 1:r1, which no code uses (read as its initial value: a misspelt name?)\n"},
		{"herd", []string{"--format", "herd", "--model", "lkmm", "testdata/unused-register.litmus"}, 1, "",
			warning + "testdata/unused-register.litmus: LKMM: Never under LKMM proves nothing about the code: the condition reads 1:r1, which no code uses (read as its initial value: a misspelt name?)\n"},
		{"columns", []string{"--model", "all", "testdata/unused-register.litmus"}, 1,
			`SB-typo: exists (1:r1=1)
    LKMM         Never (the condition reads 1:r1, which no code uses)  0 of 4 executions; states: 1:r1=0;
    POWER        Never (the condition reads 1:r1, which no code uses)  0 of 4 executions; states: 1:r1=0;
    POWER isync  Never (the condition reads 1:r1, which no code uses)  0 of 4 executions; states: 1:r1=0;
    ARMv8        Never (the condition reads 1:r1, which no code uses)  0 of 4 executions; states: 1:r1=0;
    ARMv8 LSE    Never (the condition reads 1:r1, which no code uses)  0 of 4 executions; states: 1:r1=0;
    TSO          Never (the condition reads 1:r1, which no code uses)  0 of 4 executions; states: 1:r1=0;
    RISC-V       Never (the condition reads 1:r1, which no code uses)  0 of 4 executions; states: 1:r1=0;
`, warning + `testdata/unused-register.litmus: LKMM: Never under LKMM proves nothing about the code: the condition reads 1:r1, which no code uses (read as its initial value: a misspelt name?)
testdata/unused-register.litmus: POWER: Never under Power proves nothing about the code: the condition reads 1:r1, which no code uses (read as its initial value: a misspelt name?)
testdata/unused-register.litmus: POWER isync: Never under Power proves nothing about the code: the condition reads 1:r1, which no code uses (read as its initial value: a misspelt name?)
testdata/unused-register.litmus: ARMv8: Never under ARMv8 proves nothing about the code: the condition reads 1:r1, which no code uses (read as its initial value: a misspelt name?)
testdata/unused-register.litmus: ARMv8 LSE: Never under ARMv8 proves nothing about the code: the condition reads 1:r1, which no code uses (read as its initial value: a misspelt name?)
testdata/unused-register.litmus: TSO: Never under x86-TSO proves nothing about the code: the condition reads 1:r1, which no code uses (read as its initial value: a misspelt name?)
testdata/unused-register.litmus: RISC-V: Never under RISCV proves nothing about the code: the condition reads 1:r1, which no code uses (read as its initial value: a misspelt name?)
`},
	}
	for _, tc := range tests {
		tc.check(t)
	}
}

// TestUnusedJSON: the "unused" field lists the names a condition reads
// that no code uses, and is an empty list otherwise.
func TestUnusedJSON(t *testing.T) {
	for file, want := range map[string][]any{"testdata/unused-register.litmus": {"1:r1"}, "../../tests/SB.litmus": {}} {
		_, out, _ := runCLI("--format", "json", "--model", "lkmm", file)
		var got []map[string]any
		if err := json.Unmarshal([]byte(out), &got); err != nil || len(got) == 0 {
			t.Fatalf("%s: %v:\n%s", file, err, out)
		}
		for _, r := range got {
			if diff := cmp.Diff(want, r["unused"]); diff != "" {
				t.Errorf("%s: %v: unused (-want +got):\n%s", file, r["model"], diff)
			}
		}
	}
}

// TestVacuousJSON: the "vacuous" field is always present.
func TestVacuousJSON(t *testing.T) {
	for file, want := range map[string]bool{"testdata/vacuous.litmus": true, "../../tests/SB.litmus": false} {
		code, out, errs := runCLI("--format", "json", file)
		if wantCode := map[bool]int{true: 1, false: 0}[want]; code != wantCode {
			t.Errorf("%s: exit %d, want %d (stderr %q)", file, code, wantCode, errs)
		}
		var got []map[string]any
		if err := json.Unmarshal([]byte(out), &got); err != nil || len(got) != 1 {
			t.Fatalf("%s: %v:\n%s", file, err, out)
		}
		if v, ok := got[0]["vacuous"]; !ok || v != want {
			t.Errorf("%s: vacuous = %v (present %v), want %v", file, v, ok, want)
		}
		if want && !strings.Contains(errs, "vacuous Never") {
			t.Errorf("%s: stderr lacks the vacuous complaint: %q", file, errs)
		}
	}
}

// TestResultRule: a C test's "Result:" comment is the LKMM's prediction;
// the hardware columns do not answer it. A column that cannot apply by
// design (RCU) leaves the exit status alone; a gap of ours is exit 2 in
// every format, and never shown as that n/a.
func TestResultRule(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		code   int
		stdout []string // lines the output must have
		stderr string
	}{
		{"LKMM Sometimes, TSO Never", []string{"testdata/lb-sometimes.litmus"}, 0,
			[]string{"    LKMM         Sometimes    1 of 4 executions", "    TSO          Never        0 of 3 executions"}, ""},
		{"wrong against LKMM", []string{"testdata/lb-claims-never.litmus"}, 1, nil,
			"testdata/lb-claims-never.litmus: LKMM: Result: Never expected, Sometimes found under LKMM\n"},
		{"wrong against LKMM, herd", []string{"--format", "herd", "testdata/lb-claims-never.litmus"}, 1,
			[]string{"Observation LB-claims-never Sometimes 1 3"},
			"testdata/lb-claims-never.litmus: Result: Never expected, Sometimes found under LKMM\n"},
		{"not answered by TSO", []string{"--model", "tso", "testdata/lb-claims-never.litmus"}, 0,
			[]string{"LB-claims-never              x86-TSO    Never     0 of 3 executions satisfy exists (0:r0=1 /\\ 1:r0=1)"}, ""},
		{"n/a by design", []string{"testdata/rcu.litmus"}, 0,
			[]string{`    TSO          n/a          MP+rcu: P0: "rcu_read_lock()": no instruction-level mapping by design: RCU and SRCU are defined by the LKMM alone (tags Rcu-lock)`}, ""},
		{"gap", []string{"--model", "tso", "testdata/gap.litmus"}, 2,
			[]string{`    TSO  unsupported  gap: P0: "r1 = r0 * 3;": no x86 instruction for operator "*" in herd's X86_64`},
			"testdata/gap.litmus: TSO: unsupported: gap: P0: \"r1 = r0 * 3;\": no x86 instruction for operator \"*\" in herd's X86_64\n"},
		{"gap, herd", []string{"--model", "tso", "--format", "herd", "testdata/gap.litmus"}, 2,
			[]string{`Test gap: TSO: unsupported: gap: P0: "r1 = r0 * 3;": no x86 instruction for operator "*" in herd's X86_64`},
			"testdata/gap.litmus: TSO: unsupported: gap: P0: \"r1 = r0 * 3;\": no x86 instruction for operator \"*\" in herd's X86_64\n"},
		{"gap, json", []string{"--model", "tso", "--format", "json", "testdata/gap.litmus"}, 2,
			[]string{`    "verdict": "unsupported"`},
			"testdata/gap.litmus: TSO: unsupported: gap: P0: \"r1 = r0 * 3;\": no x86 instruction for operator \"*\" in herd's X86_64\n"},
	}
	for _, tc := range tests {
		code, out, errs := runCLI(tc.args...)
		if code != tc.code {
			t.Errorf("%s: exit %d, want %d (stderr %q)", tc.name, code, tc.code, errs)
		}
		for _, l := range tc.stdout {
			if !strings.Contains("\n"+out, "\n"+l) {
				t.Errorf("%s: no line %q in:\n%s", tc.name, l, out)
			}
		}
		if diff := cmp.Diff(tc.stderr, errs); diff != "" {
			t.Errorf("%s: stderr (-want +got):\n%s", tc.name, diff)
		}
	}
}

// TestConformNeedsExpected: a directory without a herd7 .expected file is
// an error, not "0/0 match".
func TestConformNeedsExpected(t *testing.T) {
	dir := t.TempDir()
	code, out, errs := runCLI("conform", dir)
	if code != 2 || out != "" || errs != "litmuscheck conform: no .litmus file with a herd7 .expected file beside it in "+dir+"\n" {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
}

// TestLoopCutNever: a Never that the unroll bound may have decided (a
// path it cut could have satisfied the condition) exits 1 with the
// reason, in every format; herd's output stays herd's, Loop included.
func TestLoopCutNever(t *testing.T) {
	const why = "testdata/loop-never.litmus: Never under TSO rests on the unroll bound: it cut some executions, whose outcomes are missing (raise --unroll)\n"
	for _, format := range []string{"text", "herd", "json"} {
		code, out, errs := runCLI("--format", format, "testdata/loop-never.litmus")
		if code != 1 || errs != why {
			t.Errorf("%s: exit %d, stderr %q; want 1, %q", format, code, errs, why)
		}
		if format == "herd" && !strings.Contains(out, "\nLoop No\n") {
			t.Errorf("herd: no Loop line in\n%s", out)
		}
	}
}

// TestStuckNever: a Never with an allowed execution that dereferences a
// non-address (herd7 drops it silently) exits 1 with the place, in every
// format; herd's output stays herd's.
func TestStuckNever(t *testing.T) {
	const why = "testdata/null-deref.litmus: LKMM: Never under LKMM is incomplete: P1 dereferences the non-address 0 at testdata/null-deref.litmus:22:7 in an execution the model allows, which no count speaks for\n"
	for _, format := range []string{"text", "herd", "json"} {
		code, out, errs := runCLI("--model", "lkmm", "--format", format, "testdata/null-deref.litmus")
		if code != 1 || errs != why {
			t.Errorf("%s: exit %d, stderr %q; want 1, %q", format, code, errs, why)
		}
		if format == "herd" && !strings.Contains(out, "\nObservation null-deref Never 0 1\n") {
			t.Errorf("herd: not herd's observation in\n%s", out)
		}
		if format == "json" && !strings.Contains(out, `"incomplete": "P1 dereferences the non-address 0 at testdata/null-deref.litmus:22:7"`) {
			t.Errorf("json: no incomplete field in\n%s", out)
		}
	}
}
