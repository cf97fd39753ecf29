package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestUserFunctionsGolden runs C tests that define their own functions and
// --fragments files of them, and compares exit status, stdout and stderr
// with testdata/fragments/NAME.golden (go test -update rewrites them). The
// inputs end in .in and .frag, out of the way of the --parse-only walk of
// testdata.
func TestUserFunctionsGolden(t *testing.T) {
	const dir = "testdata/fragments/"
	tests := []struct {
		name string
		args []string
	}{
		// A reviewer pastes the old and the new version of a function
		// into two tests: every column says what the change does.
		{"diff-old-new-unlock", []string{"diff", dir + "my-unlock-old.in", dir + "my-unlock-new.in"}},
		{"check-own-functions", []string{dir + "my-unlock-old.in"}},
		// The patch as a reviewer has it: the same test, the file of
		// functions before and after; every column says what it does.
		{"diff-side-fragments", []string{"diff", "--old-fragments", dir + "my-lock-old.frag", "--new-fragments", dir + "my-lock.frag", dir + "uses-my-lock.in", dir + "uses-my-lock.in"}},
		// The attribution of a test's own function and of a --fragments
		// file: their file:line.
		{"barriers-own-functions", []string{"barriers", "--model", "lkmm", dir + "my-unlock-new.in"}},
		{"fragments-check", []string{"--fragments", dir + "my-lock.frag", dir + "uses-my-lock.in"}},
		{"fragments-barriers-power", []string{"barriers", "--model", "power", "--fragments", dir + "my-lock.frag", dir + "uses-my-lock.in"}},
		{"fragments-diff", []string{"diff", "--model", "armv8", "--fragments", dir + "my-lock.frag", dir + "uses-my-lock.in", dir + "uses-my-lock.in"}},
		{"fragments-parse-only", []string{"--parse-only", "--fragments", dir + "my-lock.frag", dir + "uses-my-lock.in"}},
		{"fragments-missing", []string{dir + "uses-my-lock.in"}},
		{"fragments-no-file", []string{"--fragments", dir + "absent.frag", dir + "uses-my-lock.in"}},
		{"fragments-redefine-library", []string{"--fragments", dir + "redefines-qspin-lock.frag", dir + "uses-spin-lock.in"}},
		{"fragments-redefine-primitive", []string{"--fragments", dir + "redefines-spin-lock.frag", dir + "uses-my-lock.in"}},
		{"fragments-and-test-define", []string{"--fragments", dir + "my-lock.frag", dir + "my-unlock-new.in"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errs := runCLI(tc.args...)
			got := fmt.Sprintf("$ litmuscheck %s\nexit %d\n--- stdout\n%s--- stderr\n%s", strings.Join(tc.args, " "), code, out, errs)
			file := filepath.Join("testdata", "fragments", tc.name+".golden")
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
