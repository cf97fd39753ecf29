// This file checks tests with more events than one word of a set holds:
// threads that touch locations of their own change no verdict, count or
// state, however many events they add.

package tests

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/litmuscheck/litmuscheck/explore"
	"github.com/litmuscheck/litmuscheck/models"
	"github.com/litmuscheck/litmuscheck/parser"
)

// paddedMP is message passing between P0 and P1, with the fences given,
// beside pad threads that each write a location no other thread reads.
// The candidate has 6 + 2*pad events: the initial writes and the writes.
func paddedMP(pad int, wfence, rfence string) string {
	var b strings.Builder
	b.WriteString("C padded-MP\n{}\n")
	fmt.Fprintf(&b, "P0(int *x, int *y)\n{\n\tWRITE_ONCE(*x, 1);\n%s\tWRITE_ONCE(*y, 1);\n}\n", wfence)
	fmt.Fprintf(&b, "P1(int *x, int *y)\n{\n\tint r0 = READ_ONCE(*y);\n%s\tint r1 = READ_ONCE(*x);\n}\n", rfence)
	for t := 0; t < pad; t++ {
		fmt.Fprintf(&b, "P%d(int *z%d)\n{\n\tWRITE_ONCE(*z%d, 1);\n}\n", t+2, t, t)
	}
	b.WriteString("exists (1:r0=1 /\\ 1:r1=0)\n")
	return b.String()
}

type outcome struct {
	Verdict            string
	Positive, Negative int
	States             int
}

func TestWideTestsKeepTheirResults(t *testing.T) {
	fences := []struct{ name, w, r, verdict string }{
		{"plain", "", "", "Sometimes"},
		{"fenced", "\tsmp_wmb();\n", "\tsmp_rmb();\n", "Never"},
	}
	for _, f := range fences {
		want := exploreOutcome(t, paddedMP(0, f.w, f.r))
		if want.Verdict != f.verdict {
			t.Fatalf("%s: unpadded verdict %s, want %s", f.name, want.Verdict, f.verdict)
		}
		// 29 pad threads make 64 events, 30 make 66; 61 make 128.
		for _, pad := range []int{28, 29, 30, 61, 62, 97} {
			t.Run(fmt.Sprintf("%s-%d", f.name, pad), func(t *testing.T) {
				got := exploreOutcome(t, paddedMP(pad, f.w, f.r))
				if diff := cmp.Diff(want, got); diff != "" {
					t.Errorf("(-unpadded +padded):\n%s", diff)
				}
			})
		}
	}
}

func exploreOutcome(t *testing.T, src string) outcome {
	t.Helper()
	test, err := parser.Parse("padded.litmus", src)
	if err != nil {
		t.Fatal(err)
	}
	res, err := explore.Explore(context.Background(), test, models.LKMM, explore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return outcome{res.Verdict(), res.Positive, res.Negative, len(res.States)}
}
