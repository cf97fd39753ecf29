// This file checks the ARMv8 model's claim that an acquire CAS's forms
// of one kind are decided alike (AcquireCASFormsAlike): runs that merge
// them count and state exactly what runs of every form do.

package models

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/litmuscheck/litmuscheck/litmus"
)

func TestARMv8AcquireCASFormsAlike(t *testing.T) {
	unmerged := *ARMv8
	unmerged.AcquireCASFormsAlike = false
	tests := []struct{ name, prog, cond string }{
		// A lock taken by CASA, released by STLR: the critical sections
		// order the accesses of two CPUs.
		{"SB+casa-lock", `
 P0               | P1               ;
 MOV W0,#0        | MOV W0,#0        ;
 MOV W4,#1        | MOV W4,#1        ;
 CASA W0,W4,[X3]  | CASA W0,W4,[X3]  ;
 CMP W0,#0        | CMP W0,#0        ;
 B.NE Fail0       | B.NE Fail1       ;
 STR W4,[X1]      | STR W4,[X2]      ;
 LDR W5,[X2]      | LDR W5,[X1]      ;
 STLR WZR,[X3]    | STLR WZR,[X3]    ;
 Fail0:           | Fail1:           ;`,
			"exists (0:X5=0 /\\ 1:X5=0)"},
		// The old value feeds an address: a dependency the acquire
		// already orders, and one a plain CAS relies on.
		{"MP+casa-addr", `
 P0          | P1                    ;
 MOV W0,#1   | MOV W6,#1             ;
 STR W0,[X1] | MOV W0,#1             ;
 STLR W0,[X2]| CASA W0,W6,[X2]       ;
             | EOR W7,W0,W0          ;
             | LDR W5,[X1,W7,SXTW]   ;`,
			"exists (1:X0=1 /\\ 1:X5=0)"},
		{"MP+cas-addr", `
 P0          | P1                    ;
 MOV W0,#1   | MOV W6,#1             ;
 STR W0,[X1] | MOV W0,#1             ;
 STLR W0,[X2]| CAS W0,W6,[X2]        ;
             | EOR W7,W0,W0          ;
             | LDR W5,[X1,W7,SXTW]   ;`,
			"exists (1:X0=1 /\\ 1:X5=0)"},
		// A failed CASA: the forms without a write.
		{"casa-fail", `
 P0          | P1               ;
 MOV W0,#2   | MOV W0,#0        ;
 STR W0,[X3] | MOV W6,#1        ;
 STR W0,[X1] | CASA W0,W6,[X3]  ;
             | LDR W5,[X1]      ;`,
			"exists (1:X0=2 /\\ 1:X5=0)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := armRun(t, tc.name, tc.prog, tc.cond)
			want := armRunWith(t, &unmerged, tc.name, tc.prog, tc.cond)
			if want.Executions() == 0 {
				t.Fatalf("no execution: the test checks nothing")
			}
			type summary struct {
				Verdict            string
				Positive, Negative int
				States             []string
			}
			sum := func(r *litmus.Result) summary {
				var states []string
				for _, s := range r.States {
					states = append(states, litmus.FormatState(r.Observed, s))
				}
				return summary{r.Verdict(), r.Positive, r.Negative, states}
			}
			if diff := cmp.Diff(sum(want), sum(got)); diff != "" {
				t.Errorf("merged forms (-every form +merged):\n%s", diff)
			}
			// Only an acquire CAS merges: the plain one keeps its forms.
			if merges := strings.Contains(tc.name, "casa"); merges != (got.Candidates < want.Candidates) {
				t.Errorf("candidates %d merged, %d with every form: merging should be %v", got.Candidates, want.Candidates, merges)
			}
		})
	}
}
