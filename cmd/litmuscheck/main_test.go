package main

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// runCLI runs the command in the test process; every json and jsonl
// output it gives is checked against the schema (checkRecords).
func runCLI(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := run(args, &out, &errb)
	checkRecords(args, out.String())
	return code, out.String(), errb.String()
}

func TestModels(t *testing.T) {
	tests := []struct {
		model, verdict string
	}{
		{"sc", "Never"},
		{"tso", "Sometimes"},
		{"x86tso", "Sometimes"},
	}
	for _, tc := range tests {
		code, out, errs := runCLI("--model", tc.model, "--format", "herd", "../../tests/SB.litmus")
		if code != 0 {
			t.Fatalf("--model %s: exit %d, stderr %q", tc.model, code, errs)
		}
		want := "Observation SB " + tc.verdict
		if !strings.Contains(out, want) {
			t.Errorf("--model %s: output lacks %q:\n%s", tc.model, want, out)
		}
	}
}

func TestExitStatus(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		code   int
		stderr string
	}{
		{"ok", []string{"../../tests/MP.litmus"}, 0, ""},
		{"parse error", []string{"testdata/bad.litmus"}, 2,
			"testdata/bad.litmus:5:2: unknown X86 instruction \"FOO\"\n"},
		{"result contradicted", []string{"testdata/result-never.litmus"}, 1,
			"testdata/result-never.litmus: Result: Never expected, Sometimes found under TSO\n"},
		{"unknown model", []string{"--model", "nope", "../../tests/MP.litmus"}, 2, ""},
		{"bad format", []string{"--format", "xml", "../../tests/MP.litmus"}, 2,
			"litmuscheck: unknown format \"xml\" (expected text, herd, json or jsonl)\n"},
	}
	for _, tc := range tests {
		code, _, errs := runCLI(tc.args...)
		if code != tc.code {
			t.Errorf("%s: exit %d, want %d (stderr %q)", tc.name, code, tc.code, errs)
		}
		if tc.stderr != "" {
			if diff := cmp.Diff(tc.stderr, errs); diff != "" {
				t.Errorf("%s: stderr (-want +got):\n%s", tc.name, diff)
			}
		}
	}
}

func TestParseOnly(t *testing.T) {
	code, out, _ := runCLI("--parse-only", "testdata", "../../tests/SB.litmus")
	if code != 2 {
		t.Errorf("exit %d, want 2", code)
	}
	// Every file of testdata parses but bad.litmus.
	inTestdata, err := filepath.Glob("testdata/*.litmus")
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("testdata/bad.litmus:5:2: unknown X86 instruction \"FOO\"\nparse: %d files, 1 errors\n", len(inTestdata)+1)
	if diff := cmp.Diff(want, out); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestJobsDoNotChangeOutput(t *testing.T) {
	args := []string{"--format", "herd", "../../tests/SB.litmus", "../../tests/IRIW.litmus", "../../tests/WRC.litmus"}
	_, one, _ := runCLI(append([]string{"-j", "1"}, args...)...)
	_, many, _ := runCLI(append([]string{"-j", "4"}, args...)...)
	if diff := cmp.Diff(one, many); diff != "" {
		t.Errorf("-j 1 vs -j 4 (-want +got):\n%s", diff)
	}
}
