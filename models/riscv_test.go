// This file checks RVWMO's view of a RISC-V AMO as herd builds it: one
// event that reads and writes, atomic by coherence alone.

package models

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/litmuscheck/litmuscheck/explore"
	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/parser"
)

// viewSpy runs RVWMO, recording the shape of the one-event view of every
// execution it is shown.
type viewSpy struct {
	*Model
	both, rmw, selfFR int
}

func (s *viewSpy) CheckErr(x *litmus.Execution) (bool, []string, error) {
	v := litmus.OneEventView(x)
	s.both = max(s.both, v.R.Inter(v.W).Len())
	if !v.RMW.Empty() {
		s.rmw++
	}
	fr := v.FR()
	for e := 0; e < v.N; e++ {
		if fr.Has(e, e) {
			s.selfFR++
		}
	}
	return s.Model.CheckErr(x)
}

// TestOneEventAMO: two AMOs on x, each one event in R & W with no rmw
// pair, no fr to itself; their reads see either the initial write or the
// other AMO, never both the initial write (atomicity), as herd counts.
func TestOneEventAMO(t *testing.T) {
	src := `RISCV amo2
{
0:x6=x; 0:x5=1;
1:x6=x; 1:x5=2;
}
 P0                    | P1                    ;
 amoadd.w x7,x5,(x6)   | amoadd.w x7,x5,(x6)   ;
exists (0:x7=0 /\ 1:x7=0)
`
	test, err := parser.Parse("amo2.litmus", src)
	if err != nil {
		t.Fatal(err)
	}
	spy := &viewSpy{Model: RVWMO}
	res, err := explore.Explore(context.Background(), test, spy, explore.Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	got := []any{res.Verdict(), res.Positive, res.Negative, spy.both, spy.rmw, spy.selfFR}
	want := []any{"Never", 0, 2, 2, 0, 0}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("verdict, positive, negative, AMO events in R&W, views with rmw, fr self-loops (-want +got):\n%s", diff)
	}
}

// TestRISCVOffsetIntoScalar: an access inside a location that is not an
// array, which herd7 rejects as mixed-size for RISC-V, leaves the Never
// labelled incomplete, never a plain Never.
func TestRISCVOffsetIntoScalar(t *testing.T) {
	src := `RISCV O1
{
0:x6=x; 0:x8=y; 0:x5=1;
1:x6=y; 1:x8=x;
}
 P0            | P1            ;
 sw x5,0(x6)   | lw x7,4(x6)   ;
 fence w,w     | fence r,r     ;
 sw x5,0(x8)   | lw x9,0(x8)   ;
exists (1:x7=1 /\ 1:x9=0)
`
	test, err := parser.Parse("o1.litmus", src)
	if err != nil {
		t.Fatal(err)
	}
	res, err := explore.Explore(context.Background(), test, RVWMO, explore.Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Incomplete() || res.Proves() {
		t.Errorf("%s: incomplete %v, proves %v; want an incomplete Never that proves nothing", res.Label(), res.Incomplete(), res.Proves())
	}
}
