// This file asserts the results of tests whose reads the explorer leaves
// open (explore/paths/open_reads.go): herd's counts and states, as if
// every value read were a path of its own.

package tests

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/litmuscheck/litmuscheck/models"
)

func TestOpenReads(t *testing.T) {
	for _, tc := range []struct {
		file  string
		model *models.Model
		// pos and neg are herd's counts, worked out by hand in each
		// test's comment.
		pos, neg, states int
	}{
		{"open-branch.litmus", models.LKMM, 4, 2, 2},
		{"open-shown.litmus", models.LKMM, 2, 4, 3},
		{"open-cmp.litmus", models.Power, 4, 2, 2},
	} {
		t.Run(tc.file, func(t *testing.T) {
			res := run(t, tc.file, tc.model)
			want := []int{tc.pos, tc.neg, tc.states}
			if diff := cmp.Diff(want, []int{res.Positive, res.Negative, len(res.States)}); diff != "" {
				t.Errorf("[positive negative states] (-want +got):\n%s", diff)
			}
			golden(t, res)
		})
	}
}
