// This file asserts the results of tests whose reads the explorer leaves
// open (explore/paths/open_reads.go): herd's counts and states, as if
// every value read were a path of its own.

package tests

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/litmuscheck/litmuscheck/explore"
	"github.com/litmuscheck/litmuscheck/models"
	"github.com/litmuscheck/litmuscheck/parser"
)

func TestOpenReads(t *testing.T) {
	for _, tc := range []struct {
		file  string
		model *models.Model
		// pos and neg are herd's counts, worked out by hand in each
		// test's comment.
		pos, neg, states int
		mixed            bool // herd's -variant mixed
	}{
		{"open-branch.litmus", models.LKMM, 4, 2, 2, false},
		{"open-shown.litmus", models.LKMM, 2, 4, 3, false},
		{"open-cmp.litmus", models.Power, 4, 2, 2, false},
		// Two rf choices per byte read: x=1 in the low byte stores y.
		{"open-mixed.litmus", models.ARMv8, 2, 2, 2, true},
	} {
		t.Run(tc.file, func(t *testing.T) {
			test, err := parser.ParseFile(tc.file)
			if err != nil {
				t.Fatal(err)
			}
			res, err := explore.Explore(context.Background(), test, tc.model, explore.Options{Workers: 2, Mixed: tc.mixed})
			if err != nil {
				t.Fatal(err)
			}
			want := []int{tc.pos, tc.neg, tc.states}
			if diff := cmp.Diff(want, []int{res.Positive, res.Negative, len(res.States)}); diff != "" {
				t.Errorf("[positive negative states] (-want +got):\n%s", diff)
			}
			golden(t, res)
		})
	}
}
