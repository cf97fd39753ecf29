package explore

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/litmuscheck/litmuscheck/explore/limit"
	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/parser"
)

// incoherent is a model that claims it may allow incoherent candidates:
// the explorer then keeps every read's whole domain.
type incoherent struct{ noModel }

func (incoherent) Capabilities() Capabilities { return Capabilities{MayBeIncoherent: true} }

// TestCoherentReads checks the values each thread's reads may return
// before threads are combined: a read after its thread's store to the
// location returns that store's value or another thread's, never the
// initial value or an older value of its own; a count only its thread
// updates has one value at each read. A model that may be incoherent
// keeps every value of the domain.
func TestCoherentReads(t *testing.T) {
	src := `C coherent-reads
{}
P0(int *x, int *c)
{
	int r0;
	int r1;
	int r2;

	WRITE_ONCE(*x, 1);
	WRITE_ONCE(*x, 3);
	r0 = READ_ONCE(*x);
	r1 = READ_ONCE(*c);
	WRITE_ONCE(*c, r1 + 1);
	r2 = READ_ONCE(*c);
}

P1(int *x)
{
	WRITE_ONCE(*x, 2);
}

exists (0:r0=0)
`
	test, err := parser.Parse("coherent-reads.litmus", src)
	if err != nil {
		t.Fatal(err)
	}
	reads := func(m Model) [][]int64 {
		s, err := prepare(test, m, Options{}, limit.New(context.Background(), test.File, 0))
		if err != nil {
			t.Fatal(err)
		}
		var out [][]int64
		for _, p := range s.paths[0] {
			var vals []int64
			for _, ev := range p.Events {
				if ev.Kind == litmus.KindR {
					vals = append(vals, ev.Val.Off)
				}
			}
			out = append(out, vals)
		}
		return out
	}
	// r0 is P0's 3 or P1's 2; the count reads 0, then its own 1.
	want := [][]int64{{3, 0, 1}, {2, 0, 1}}
	if diff := cmp.Diff(want, reads(noModel{})); diff != "" {
		t.Errorf("coherent model, P0's reads (-want +got):\n%s", diff)
	}
	// x may hold 0, 1, 3 and 2, c 0 and 1 (the domains' rounds); the
	// reads of r1 and r2, which nothing shows, are open (one path for
	// their values).
	s, err := prepare(test, incoherent{}, Options{}, limit.New(context.Background(), test.File, 0))
	if err != nil {
		t.Fatal(err)
	}
	got := 0
	for _, p := range s.paths[0] {
		n := 1
		for _, ev := range p.Events {
			n *= 1 + len(ev.Alts)
		}
		got += n
	}
	if got != 4*2*2 {
		t.Errorf("a model that may be incoherent: P0's paths stand for %d, want one for every value of each domain (16)", got)
	}
}
