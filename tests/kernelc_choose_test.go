// This file asserts the meaning of need_resched() and vcpu_is_preempted()
// (kernelc/): a choice of 0 or 1 that no memory access decides, both
// outcomes explored at each call, in every column, and a spin or an await
// loop that a choice of its attempt may end never hangs.

package tests

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/parser"
)

// TestKernelCChoices asserts, in every column, each test's label, final
// states and counts, hangs included, as its comment justifies them (await loops as their final iteration, as the command runs them).
func TestKernelCChoices(t *testing.T) {
	columns := []string{"LKMM", "POWER", "POWER isync", "ARMv8", "ARMv8 LSE", "TSO", "RISC-V"}
	for _, tc := range []struct{ file, want string }{
		// Both arms of an if on need_resched() run, each once.
		{"need-resched.litmus", "Sometimes: [x]=1; [x]=2; (1 of 2, hangs 0)"},
		// A spin that need_resched() may end does not hang, though
		// nobody sets the flag it polls.
		{"need-resched-spin.litmus", "Sometimes: 0:r0=0; 0:r1=0; 1:r2=0; 0:r0=0; 0:r1=0; 1:r2=1; 0:r0=0; 0:r1=1; 1:r2=0; 0:r0=0; 0:r1=1; 1:r2=1; (1 of 4, hangs 0)"},
		// A need_resched() asked before the spin is not asked again: the
		// spin hangs when it was 0. One asked in the attempt, through a
		// bitwise or, ends it.
		{"resched-before-spin.litmus", "Always: 1:r1=1; (1 of 1, hangs 1)"},
		// vcpu_is_preempted()'s argument is read (two values of y) and
		// decides nothing (two choices each).
		{"vcpu-preempted.litmus", "Sometimes: 1:r0=0; 1:r0=1; (2 of 4, hangs 0)"},
		// A for (;;) loop that need_resched() may leave is its final
		// iteration, either exit, and does not hang.
		{"resched-break.litmus", "Never: 0:r0=0; 0:r1=0; 0:r0=0; 0:r1=1; 0:r0=1; 0:r1=1; (0 of 3, hangs 0)"},
		// A spin that asks need_resched() but does not act on the answer
		// hangs whatever it is told.
		{"resched-ignored.litmus", "Never, but 2 executions hang: (0 of 0, hangs 2)"},
		// A test's own need_resched() replaces the choice.
		{"resched-shadowed.litmus", "Never: [x]=2; (0 of 1, hangs 0)"},
	} {
		t.Run(tc.file, func(t *testing.T) {
			got := choiceColumns(t, tc.file)
			for _, col := range columns {
				if got[col] != tc.want {
					t.Errorf("%s: %s\nwant %s", col, got[col], tc.want)
				}
			}
			if len(got) != len(columns) {
				t.Errorf("columns %v, want %v", got, columns)
			}
		})
	}
}

// choiceColumns runs the kernel-C test file in every column, await loops
// as their final iteration, and gives each column's label, final states
// and counts, or its failure.
func choiceColumns(t *testing.T, file string) map[string]string {
	t.Helper()
	return columnsWith(t, file, true, func(res *litmus.Result) string {
		var b strings.Builder
		for _, st := range res.States {
			b.WriteString(res.FormatState(st) + " ")
		}
		return fmt.Sprintf("%s: %s(%d of %d, hangs %d)", res.Label(), b.String(), res.Positive, res.Executions(), res.Hangs)
	})
}

// TestKernelCChoiceCode: a choice is one OpChoose into the call's
// register, after its argument's code; a call whose value is dropped
// makes none; a wrong number of arguments is an error.
func TestKernelCChoiceCode(t *testing.T) {
	ay := litmus.Expr(&litmus.Const{V: litmus.Addr("y")})
	for _, tc := range []struct {
		body string
		want []litmus.Instr
		err  string
	}{
		{body: "int r0; r0 = need_resched();", want: []litmus.Instr{
			{Op: litmus.OpChoose, Text: "need_resched()", Dst: "r0"},
		}},
		{body: "int r0; r0 = vcpu_is_preempted(READ_ONCE(*y));", want: []litmus.Instr{
			{Op: litmus.OpLoad, Text: "READ_ONCE(*y)", Dst: "#1", Addr: ay, RTags: []string{litmus.TagOnce}},
			{Op: litmus.OpChoose, Text: "vcpu_is_preempted(READ_ONCE(*y))", Dst: "r0"},
		}},
		{body: "vcpu_is_preempted(READ_ONCE(*y)); need_resched();", want: []litmus.Instr{
			{Op: litmus.OpLoad, Text: "READ_ONCE(*y)", Dst: "#1", Addr: ay, RTags: []string{litmus.TagOnce}},
		}},
		{body: "int r0; r0 = vcpu_is_preempted();", err: "t.litmus:3:27: vcpu_is_preempted expects 1 argument, found 0"},
		{body: "int r0; r0 = need_resched(1);", err: "t.litmus:3:27: need_resched expects 0 arguments, found 1"},
	} {
		test, err := parser.Parse("t.litmus", "C t\n{}\nP0(int *y) { "+tc.body+" }\nexists (y=1)\n")
		if tc.err != "" || err != nil {
			if err == nil || err.Error() != tc.err {
				t.Errorf("%s: error %v, want %q", tc.body, err, tc.err)
			}
			continue
		}
		got := test.Threads[0].Code
		for i := range got {
			got[i].Pos = litmus.Pos{}
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s: (-want +got)\n%s", tc.body, diff)
		}
	}
}
