// This file checks the ARMv8 model on small AArch64 tests written for it:
// each shape with and without the ordering that forbids its outcome.

package models

import (
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/litmuscheck/litmuscheck/explore"
	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/parser"
)

// armRun parses an AArch64 test given as its program and condition (the
// init section maps every thread's X1, X2, X3 to x, y, z) and runs it
// under the ARMv8 model.
func armRun(t *testing.T, name, prog, cond string) *litmus.Result {
	t.Helper()
	return armRunWith(t, ARMv8, name, prog, cond)
}

// armRunWith is armRun under another model.
func armRunWith(t *testing.T, model *Model, name, prog, cond string) *litmus.Result {
	t.Helper()
	nthreads := strings.Count(strings.SplitN(strings.TrimSpace(prog), "\n", 2)[0], "|") + 1
	var init strings.Builder
	for i := 0; i < nthreads; i++ {
		init.WriteString(strings.ReplaceAll("N:X1=x; N:X2=y; N:X3=z;\n", "N", string(rune('0'+i))))
	}
	src := "AArch64 " + name + "\n{\n" + init.String() + "}\n" + prog + "\n" + cond + "\n"
	test, err := parser.Parse(name+".litmus", src)
	if err != nil {
		t.Fatalf("parse %s: %v", name, err)
	}
	res, err := explore.Explore(context.Background(), test, model, explore.Options{Workers: 2})
	if err != nil {
		t.Fatalf("explore %s: %v", name, err)
	}
	return res
}

func TestARMv8Shapes(t *testing.T) {
	tests := []struct {
		name, prog, cond string
		verdict          string
	}{
		// Message passing: the writes and the reads may each be reordered.
		{"MP", `
 P0          | P1          ;
 MOV W0,#1   | LDR W0,[X2] ;
 STR W0,[X1] | LDR W4,[X1] ;
 STR W0,[X2] |             ;`,
			"exists (1:X0=1 /\\ 1:X4=0)", "Sometimes"},
		{"MP+dmb.sy+addr", `
 P0          | P1                 ;
 MOV W0,#1   | LDR W0,[X2]        ;
 STR W0,[X1] | EOR W5,W0,W0       ;
 DMB SY      | LDR W4,[X1,W5,SXTW];
 STR W0,[X2] |                    ;`,
			"exists (1:X0=1 /\\ 1:X4=0)", "Never"},
		{"MP+popl+poa", `
 P0           | P1           ;
 MOV W0,#1    | LDAR W0,[X2] ;
 STR W0,[X1]  | LDR W4,[X1]  ;
 STLR W0,[X2] |              ;`,
			"exists (1:X0=1 /\\ 1:X4=0)", "Never"},
		// A control dependency orders writes only; ISB makes it order reads.
		{"MP+dmb.st+ctrl", `
 P0          | P1          ;
 MOV W0,#1   | LDR W0,[X2] ;
 STR W0,[X1] | CBNZ W0,L   ;
 DMB ST      | L:          ;
 STR W0,[X2] | LDR W4,[X1] ;`,
			"exists (1:X0=1 /\\ 1:X4=0)", "Sometimes"},
		{"MP+dmb.st+ctrl-isb", `
 P0          | P1          ;
 MOV W0,#1   | LDR W0,[X2] ;
 STR W0,[X1] | CBNZ W0,L   ;
 DMB ST      | L:          ;
 STR W0,[X2] | ISB         ;
             | LDR W4,[X1] ;`,
			"exists (1:X0=1 /\\ 1:X4=0)", "Never"},
		// Store buffering needs full barriers.
		{"SB", `
 P0          | P1          ;
 MOV W0,#1   | MOV W0,#1   ;
 STR W0,[X1] | STR W0,[X2] ;
 LDR W4,[X2] | LDR W4,[X1] ;`,
			"exists (0:X4=0 /\\ 1:X4=0)", "Sometimes"},
		{"SB+dmb.lds", `
 P0          | P1          ;
 MOV W0,#1   | MOV W0,#1   ;
 STR W0,[X1] | STR W0,[X2] ;
 DMB LD      | DMB LD      ;
 LDR W4,[X2] | LDR W4,[X1] ;`,
			"exists (0:X4=0 /\\ 1:X4=0)", "Sometimes"},
		{"SB+dmb.sys", `
 P0          | P1          ;
 MOV W0,#1   | MOV W0,#1   ;
 STR W0,[X1] | STR W0,[X2] ;
 DMB SY      | DMB SY      ;
 LDR W4,[X2] | LDR W4,[X1] ;`,
			"exists (0:X4=0 /\\ 1:X4=0)", "Never"},
		// Load buffering: ARMv8 allows it unless both sides are ordered.
		{"LB", `
 P0          | P1          ;
 LDR W0,[X1] | LDR W0,[X2] ;
 MOV W5,#1   | MOV W5,#1   ;
 STR W5,[X2] | STR W5,[X1] ;`,
			"exists (0:X0=1 /\\ 1:X0=1)", "Sometimes"},
		{"LB+datas", `
 P0           | P1           ;
 LDR W0,[X1]  | LDR W0,[X2]  ;
 EOR W5,W0,W0 | EOR W5,W0,W0 ;
 ADD W5,W5,#1 | ADD W5,W5,#1 ;
 STR W5,[X2]  | STR W5,[X1]  ;`,
			"exists (0:X0=1 /\\ 1:X0=1)", "Never"},
		// A dependency goes on through memory: the value stored to z and
		// read back (lrs) carries the data dependency to the store to y.
		{"LB+data-lrs-data+dmb.sy", `
 P0           | P1          ;
 LDR W0,[X1]  | LDR W0,[X2] ;
 STR W0,[X3]  | DMB SY      ;
 LDR W6,[X3]  | MOV W5,#1   ;
 STR W6,[X2]  | STR W5,[X1] ;`,
			"exists (0:X0=1 /\\ 1:X0=1)", "Never"},
		{"LB+data-pos+dmb.sy", `
 P0           | P1          ;
 LDR W0,[X1]  | LDR W0,[X2] ;
 STR W0,[X3]  | DMB SY      ;
 LDR W6,[X3]  | MOV W5,#1   ;
 MOV W7,#1    | STR W5,[X1] ;
 STR W7,[X2]  |             ;`,
			"exists (0:X0=1 /\\ 1:X0=1)", "Sometimes"},
		// The condition of CSEL is a pick dependency, which orders the
		// read before the store of the selected value.
		{"LB+csel+dmb.sy", `
 P0              | P1          ;
 LDR W0,[X1]     | LDR W0,[X2] ;
 MOV W8,#1       | DMB SY      ;
 CMP W0,#1       | MOV W5,#1   ;
 CSEL W6,W8,W8,EQ| STR W5,[X1] ;
 STR W6,[X2]     |             ;`,
			"exists (0:X0=1 /\\ 1:X0=1)", "Never"},
		// Two reads of one location, the second reading an older write
		// than the first: Exp-haz-ob orders the first read before the write
		// the second misses (the explorer already prunes such rf choices,
		// which every model forbids).
		{"CoRR", `
 P0          | P1          ;
 MOV W0,#1   | LDR W0,[X1] ;
 STR W0,[X1] | LDR W4,[X1] ;`,
			"exists (1:X0=1 /\\ 1:X4=0)", "Never"},
		// DMB ST orders writes only; DSB ST (DSB-ob) orders a write before
		// everything after it.
		{"SB+dmb.sts", `
 P0          | P1          ;
 MOV W0,#1   | MOV W0,#1   ;
 STR W0,[X1] | STR W0,[X2] ;
 DMB ST      | DMB ST      ;
 LDR W4,[X2] | LDR W4,[X1] ;`,
			"exists (0:X4=0 /\\ 1:X4=0)", "Sometimes"},
		{"SB+dsb.sts", `
 P0          | P1          ;
 MOV W0,#1   | MOV W0,#1   ;
 STR W0,[X1] | STR W0,[X2] ;
 DSB ST      | DSB ST      ;
 LDR W4,[X2] | LDR W4,[X1] ;`,
			"exists (0:X4=0 /\\ 1:X4=0)", "Never"},
		// pick-lob: the CSEL value stored to z and read back by an acquire
		// load is a pick dependency to that load, which orders what follows.
		{"LB+csel-lrs-acq+dmb.sy", `
 P0               | P1          ;
 LDR W0,[X1]      | LDR W0,[X2] ;
 MOV W8,#1        | DMB SY      ;
 CMP W0,#1        | MOV W5,#1   ;
 CSEL W6,W8,W8,EQ | STR W5,[X1] ;
 STR W6,[X3]      |             ;
 LDAR W7,[X3]     |             ;
 STR W8,[X2]      |             ;`,
			"exists (0:X0=1 /\\ 1:X0=1)", "Never"},
		{"LB+csel-lrs+dmb.sy", `
 P0               | P1          ;
 LDR W0,[X1]      | LDR W0,[X2] ;
 MOV W8,#1        | DMB SY      ;
 CMP W0,#1        | MOV W5,#1   ;
 CSEL W6,W8,W8,EQ | STR W5,[X1] ;
 STR W6,[X3]      |             ;
 LDR W7,[X3]      |             ;
 STR W8,[X2]      |             ;`,
			"exists (0:X0=1 /\\ 1:X0=1)", "Sometimes"},
		// Two exclusive increments cannot both succeed on one value.
		{"EXCL+incs", `
 P0               | P1               ;
 LDXR W0,[X1]     | LDXR W0,[X1]     ;
 ADD W0,W0,#1     | ADD W0,W0,#1     ;
 STXR W8,W0,[X1]  | STXR W8,W0,[X1]  ;`,
			"exists (0:X8=0 /\\ 1:X8=0 /\\ x=1)", "Never"},
		{"EXCL+incs+ok", `
 P0               | P1               ;
 LDXR W0,[X1]     | LDXR W0,[X1]     ;
 ADD W0,W0,#1     | ADD W0,W0,#1     ;
 STXR W8,W0,[X1]  | STXR W8,W0,[X1]  ;`,
			"exists (0:X8=0 /\\ 1:X8=0 /\\ x=2)", "Sometimes"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := armRun(t, tc.name, tc.prog, tc.cond)
			if got := res.Verdict(); got != tc.verdict {
				t.Errorf("verdict %s, want %s (Positive %d, Negative %d)", got, tc.verdict, res.Positive, res.Negative)
			}
		})
	}
}

// TestARMv8CASCounts checks herd's counting of CAS executions: each
// success is counted twice and each failure three times, once per event
// structure herd builds for the instruction.
func TestARMv8CASCounts(t *testing.T) {
	tests := []struct {
		name, prog, cond string
		pos, neg         int
	}{
		// Alone, the CAS succeeds: one execution, two structures.
		{"CAS-ok", `
 P0             ;
 MOV W4,#0      ;
 MOV W5,#1      ;
 CAS W4,W5,[X1] ;`,
			"exists (x=1)", 2, 0},
		// Alone, it fails: one execution, three structures.
		{"CAS-no", `
 P0             ;
 MOV W4,#3      ;
 MOV W5,#1      ;
 CAS W4,W5,[X1] ;`,
			"exists (x=1)", 0, 3},
		// Against a store of 2: success before the store (x=2), or a
		// failure reading 2; a success after the store is not atomic.
		{"CAS+st", `
 P0             | P1          ;
 MOV W4,#0      | MOV W6,#2   ;
 MOV W5,#1      | STR W6,[X1] ;
 CAS W4,W5,[X1] |             ;`,
			"exists (0:X4=2)", 3, 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := armRun(t, tc.name, tc.prog, tc.cond)
			got := []int{res.Positive, res.Negative}
			if diff := cmp.Diff([]int{tc.pos, tc.neg}, got); diff != "" {
				t.Errorf("[Positive Negative] mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

// TestARMv8SharedDomainFlag checks that an inner-shareable barrier raises
// herd's flag and a full-system one does not, under ARMv8 and under SC
// (sc.cat includes aarch64fences.cat through fences.cat).
func TestARMv8SharedDomainFlag(t *testing.T) {
	for _, tc := range []struct {
		model   *Model
		barrier string
		flags   []string
	}{
		{ARMv8, "DMB ISH", []string{"Assuming-common-inner-shareable-domain"}},
		{ARMv8, "DMB SY", nil},
		{SC, "DMB ISH", []string{"Assuming-common-inner-shareable-domain"}},
		{SC, "DMB SY", nil},
	} {
		prog := "\n P0 ;\n MOV W0,#1 ;\n STR W0,[X1] ;\n " + tc.barrier + " ;\n STR W0,[X2] ;"
		res := armRunWith(t, tc.model, "flag", prog, "exists (x=1)")
		if diff := cmp.Diff(tc.flags, res.Flags); diff != "" {
			t.Errorf("%s %s: flags mismatch (-want +got):\n%s", tc.model.Name(), tc.barrier, diff)
		}
	}
}
