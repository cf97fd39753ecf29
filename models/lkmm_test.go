package models

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/litmuscheck/litmuscheck/rel"
)

// TestRcuRscs pairs nested and sequential RCU read-side critical sections
// of one thread the way linux-kernel.bell's fixpoint does: the innermost
// unmatched lock with the next unlock.
func TestRcuRscs(t *testing.T) {
	// Events 0..7 in program order: L L U U L U U L.
	const n = 8
	po := rel.NewRel(n)
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			po.Add(i, j)
		}
	}
	var locks, unlocks rel.Set
	for i, c := range "LLUULUUL" {
		if c == 'L' {
			locks = locks.Add(i)
		} else {
			unlocks = unlocks.Add(i)
		}
	}
	m := rcuRscs(po, locks, unlocks)
	var got [][2]int
	for i := 0; i < m.N; i++ {
		m.EachSucc(i, func(j int) { got = append(got, [2]int{i, j}) })
	}
	want := [][2]int{{0, 3}, {1, 2}, {4, 5}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("matches (-want +got):\n%s", diff)
	}
	// Unlock 6 and lock 7 stay unmatched: the bell flags them.
	if um := unlocks.Diff(m.Range()); !um.Equal(rel.SetOf(6)) {
		t.Errorf("unmatched unlocks %v, want event 6", um)
	}
	if ul := locks.Diff(m.Domain()); !ul.Equal(rel.SetOf(7)) {
		t.Errorf("unmatched locks %v, want event 7", ul)
	}
}
