package locks

import (
	"context"
	"testing"
	"time"

	"github.com/litmuscheck/litmuscheck/explore"
)

// TestFailure: the kind of reason a column has no result, from RunC.
func TestFailure(t *testing.T) {
	const head = "C t\n{}\nP0(int *x, int *y)\n{\nint r0;\nint r1;\n"
	expired, cancel := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer cancel()
	tests := []struct {
		name string
		ctx  context.Context
		body string
		want Failure
		word string
	}{
		{"compiles", context.Background(), "r0 = READ_ONCE(*x);", Succeeded, "Never"},
		{"RCU by design", context.Background(), "rcu_read_lock();\nr0 = READ_ONCE(*x);\nrcu_read_unlock();", NotApplicable, "n/a"},
		{"SRCU by design", context.Background(), "synchronize_srcu(y);", NotApplicable, "n/a"},
		{"a gap of ours", context.Background(), "r0 = READ_ONCE(*x);\nr1 = r0 * 3;\nWRITE_ONCE(*y, r1);", Unsupported, "unsupported"},
		{"timed out", expired, "r0 = READ_ONCE(*x);", TimedOut, "timeout"},
	}
	for _, tc := range tests {
		src := head + tc.body + "\n}\nexists (0:r0=1)\n"
		run, err := RunC(tc.ctx, "t.litmus", src, nil, Columns[len(Columns)-1], explore.Options{})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if got := run.Failure(); got != tc.want || run.Verdict() != tc.word {
			t.Errorf("%s: Failure %v, Verdict %q (Err %v); want %v, %q", tc.name, got, run.Verdict(), run.Err, tc.want, tc.word)
		}
	}
	if got := (&Run{Err: ErrSkipped}).Failure(); got != Skipped {
		t.Errorf("ErrSkipped: %v, want skipped", got)
	}
}
