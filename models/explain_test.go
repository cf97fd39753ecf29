package models

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/litmuscheck/litmuscheck/explore"
	"github.com/litmuscheck/litmuscheck/parser"
)

const sbMB = `C SB+mb
{}
P0(int *x, int *y) { int r0; WRITE_ONCE(*x, 1); smp_mb(); r0 = READ_ONCE(*y); }
P1(int *x, int *y) { int r0; WRITE_ONCE(*y, 1); smp_mb(); r0 = READ_ONCE(*x); }
exists (0:r0=0 /\ 1:r0=0)
`

const mpWmbRmb = `C MP+wmb+rmb
{}
P0(int *x, int *y) { WRITE_ONCE(*x, 1); smp_wmb(); WRITE_ONCE(*y, 1); }
P1(int *x, int *y) { int r0; int r1; r0 = READ_ONCE(*y); smp_rmb(); r1 = READ_ONCE(*x); }
exists (1:r0=1 /\ 1:r1=0)
`

const mpLwsyncAddr = `PPC MP+lwsync+addr
{ 0:r2=x; 0:r4=y; 1:r2=y; 1:r4=x; }
 P0           | P1            ;
 li r1,1      | lwz r1,0(r2)  ;
 stw r1,0(r2) | xor r3,r1,r1  ;
 lwsync       | lwzx r5,r3,r4 ;
 stw r1,0(r4) |               ;
exists (1:r1=1 /\ 1:r5=0)
`

// TestViolations: the candidate each Never blocks is explained by a
// cycle whose every step carries herd's name for its ordering.
func TestViolations(t *testing.T) {
	tests := []struct {
		name, src string
		model     *Model
		want      []string
	}{
		{"SB+mb", sbMB, LKMM, []string{
			"P0: R y=0 -fre-> P1: W y=1 -mb-> P1: R x=0 -fre-> P0: W x=1 -mb-> P0: R y=0 (cycle in pb: axiom propagation)"}},
		{"MP+wmb+rmb", mpWmbRmb, LKMM, []string{
			"P1: R y=1 -rmb-> P1: R x=0 -fre-> P0: W x=1 -wmb-> P0: W y=1 -rfe-> P1: R y=1 (cycle in hb: axiom happens-before)"}},
		{"MP+lwsync+addr", mpLwsyncAddr, Power, []string{
			"P1: R x=0 -fre-> P0: W x=1 -lwsync-> P0: W y=1 -rfe-> P1: R y=1 -addr-> P1: R x=0 (reflexive fre;prop;hb*: axiom observation)"}},
	}
	for _, tc := range tests {
		test, err := parser.Parse(tc.name+".litmus", tc.src)
		if err != nil {
			t.Fatal(err)
		}
		res, err := explore.Explore(context.Background(), test, tc.model, explore.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if res.Verdict() != "Never" || res.Blocked == nil {
			t.Fatalf("%s: verdict %s, blocked %v: want a blocked Never", tc.name, res.Verdict(), res.Blocked != nil)
		}
		if diff := cmp.Diff(tc.want, tc.model.Explain(res.Blocked)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tc.name, diff)
		}
	}
}
