// This file asserts the verdicts of the classic shapes under SC and TSO,
// and keeps their herd-format output as golden files.

package tests

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/litmuscheck/litmuscheck/explore"
	"github.com/litmuscheck/litmuscheck/herd"
	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/models"
	"github.com/litmuscheck/litmuscheck/parser"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

func run(t *testing.T, file string, model *models.Model) *litmus.Result {
	t.Helper()
	test, err := parser.ParseFile(file)
	if err != nil {
		t.Fatalf("parse %s: %v", file, err)
	}
	res, err := explore.Explore(context.Background(), test, model, explore.Options{Workers: 2})
	if err != nil {
		t.Fatalf("explore %s: %v", file, err)
	}
	return res
}

func TestShapes(t *testing.T) {
	tests := []struct {
		file    string
		sc, tso string // verdicts of the condition's proposition
		states  int    // final states under TSO
	}{
		{"SB.litmus", "Never", "Sometimes", 4},
		{"SB+mfences.litmus", "Never", "Never", 3},
		{"MP.litmus", "Never", "Never", 3},
		{"LB.litmus", "Never", "Never", 3},
		{"IRIW.litmus", "Never", "Never", 15},
		{"WRC.litmus", "Never", "Never", 7},
		{"2+2W.litmus", "Never", "Never", 3},
		{"R.litmus", "Never", "Sometimes", 4},
		{"S.litmus", "Never", "Never", 3},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			sc := run(t, tc.file, models.SC)
			tso := run(t, tc.file, models.TSO)
			mixed := run(t, tc.file, models.TSOMixed)
			got := []any{sc.Verdict(), tso.Verdict(), len(tso.States), mixed.Verdict()}
			want := []any{tc.sc, tc.tso, tc.states, tc.tso}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("verdicts [SC TSO TSO-states TSO-mixed] mismatch (-want +got):\n%s", diff)
			}
			// SC never allows more than TSO.
			if len(sc.States) > len(tso.States) {
				t.Errorf("SC has %d states, more than TSO's %d", len(sc.States), len(tso.States))
			}
			golden(t, tso)
		})
	}
}

// golden compares the herd-format output with testdata/NAME.MODEL.expected.
func golden(t *testing.T, res *litmus.Result) {
	t.Helper()
	var buf bytes.Buffer
	herd.WriteResult(&buf, res)
	var lines []string
	// The goldens hold neither the Hash line nor the blank line after it.
	for _, l := range strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n") {
		if !strings.HasPrefix(l, "Hash=") {
			lines = append(lines, l)
		}
	}
	got := strings.Join(lines, "\n")
	path := filepath.Join("testdata", res.Test.Name+"."+res.Model+".expected")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./tests -update to create it)", err)
	}
	if diff := cmp.Diff(string(want), got); diff != "" {
		t.Errorf("%s mismatch (-want +got):\n%s", path, diff)
	}
}
