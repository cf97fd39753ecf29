// This file tests the models on accesses of several cells (mixed-size
// semantics): what one cell of a read sees orders its other cells too.

package models

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/litmuscheck/litmuscheck/explore"
	"github.com/litmuscheck/litmuscheck/parser"
)

// TestWideReadCells runs tests/mixed/si-wide-read-*.litmus: a halfword
// store of 257, then a byte store of 1 over its low byte, in one thread;
// a word read in another. The read's low byte from the byte store with
// its high byte from the initial value (1) breaks po under SC, and
// TSO-mixed's and ARMv8's ordering of the stores. SC (sc.cat's
// (fr | rf | co); sm) forbade it only once its com went through SI.
func TestWideReadCells(t *testing.T) {
	for _, c := range []struct {
		model *Model
		file  string
		want  []string
	}{
		{SC, "si-wide-read-x86_64.litmus", []string{"1:rbx=0;", "1:rbx=257;", "Never"}},
		{TSOMixed, "si-wide-read-x86_64.litmus", []string{"1:rbx=0;", "1:rbx=257;", "Never"}},
		{SC, "si-wide-read-aarch64.litmus", []string{"1:X2=0;", "1:X2=257;", "Never"}},
		{ARMv8, "si-wide-read-aarch64.litmus", []string{"1:X2=0;", "1:X2=257;", "Never"}},
	} {
		t.Run(c.model.Name()+"/"+c.file, func(t *testing.T) {
			lt, err := parser.ParseFile(filepath.Join("../tests/mixed", c.file))
			if err != nil {
				t.Fatal(err)
			}
			res, err := explore.Explore(context.Background(), lt, c.model, explore.Options{Mixed: true})
			if err != nil {
				t.Fatal(err)
			}
			f := res.StateFormatter()
			var got []string
			for _, st := range res.States {
				got = append(got, string(f.Append(nil, st)))
			}
			got = append(got, res.Verdict())
			if d := cmp.Diff(c.want, got); d != "" {
				t.Errorf("states and verdict (-want +got):\n%s", d)
			}
		})
	}
}
