package models

import (
	"testing"

	"github.com/litmuscheck/litmuscheck/rel"
)

// TestFenceRelAndAtomicity checks the one definition of fencerel and of
// the atomicity formula on small relations.
func TestFenceRelAndAtomicity(t *testing.T) {
	// po: 0 -> 1 -> 2 -> 3 (transitive), 1 the fence.
	po := rel.NewRel(4)
	for a := 0; a < 4; a++ {
		for b := a + 1; b < 4; b++ {
			po.Add(a, b)
		}
	}
	got := FenceRel(po, rel.SetOf(1))
	want := rel.NewRel(4)
	want.Add(0, 2)
	want.Add(0, 3)
	if !got.Equal(want) {
		t.Errorf("FenceRel(po, {1}) = %v, want %v", got, want)
	}
	// rmw 0 -> 1; 0 reads before write 2 (fre), 2 co-before 1 (coe):
	// the RMW is broken.
	rmw, fre, coe := rel.NewRel(3), rel.NewRel(3), rel.NewRel(3)
	rmw.Add(0, 1)
	fre.Add(0, 2)
	coe.Add(2, 1)
	if a := Atomicity(rmw, fre, coe); !a.Has(0, 1) {
		t.Errorf("Atomicity: %v, want (0,1)", a)
	}
	coe = rel.NewRel(3)
	coe.Add(1, 2)
	if a := Atomicity(rmw, fre, coe); !a.Empty() {
		t.Errorf("Atomicity without a write between: %v, want empty", a)
	}
}
