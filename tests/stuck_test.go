// This file asserts how a path cut at an instruction the explorer cannot
// evaluate (stuck.go) reaches the result: an allowed candidate through it
// leaves a Never incomplete, an impossible one leaves it whole, and neither
// changes herd's counts.

package tests

import (
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/litmuscheck/litmuscheck/models"
)

func TestStuckPaths(t *testing.T) {
	tests := []struct {
		file       string
		executions int
		stuck      string // Result.Stuck, "" for none
		label      string
	}{
		{"null-deref.litmus", 1, "P1 dereferences the non-address 0 at lkmm/null-deref.litmus:22:7",
			"Never (incomplete: P1 dereferences the non-address 0 at lkmm/null-deref.litmus:22:7)"},
		{"null-deref-incoherent.litmus", 2, "", "Never"},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			res := run(t, filepath.Join("lkmm", tc.file), models.LKMM)
			stuck := ""
			if res.Stuck != nil {
				stuck = res.Stuck.String()
			}
			got := []any{res.Positive + res.Negative, stuck, res.Label()}
			want := []any{tc.executions, tc.stuck, tc.label}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("[executions stuck label] mismatch (-want +got):\n%s", diff)
			}
		})
	}
}
