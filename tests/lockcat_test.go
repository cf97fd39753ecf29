// This file asserts the LKMM's reading of lock.cat's own lock events
// (spin_lock, spin_unlock, spin_trylock, spin_is_locked) on the tests in
// lkmm/lockcat/: locks the init block holds, unmatched unlocks, nested and
// crossed locks. Each test keeps its herd-format output as a golden file.

package tests

import (
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/litmuscheck/litmuscheck/models"
)

func TestLockCat(t *testing.T) {
	tests := []struct {
		name string
		// verdict and executions (herd's Positive + Negative) of the
		// condition under the LKMM; the golden holds the rest.
		verdict    string
		executions int
	}{
		{"held-lock", "Always", 1},
		{"held-unlock-lock", "Sometimes", 2},
		{"held-unlock-lock0", "Sometimes", 2},
		{"free-unlock-lock", "Sometimes", 2},
		{"held-trylock", "Always", 1},
		{"held-trylock0", "Never", 1},
		{"held-islocked", "Never", 1},
		{"held-islocked0", "Always", 1},
		{"free-islocked", "Never", 1},
		{"unlock-only", "Always", 1},
		{"unlock-then-islocked", "Always", 2},
		{"lock-islocked-other", "Sometimes", 2},
		{"lock-trylock-other", "Always", 1},
		{"lock-trylock-other1", "Never", 1},
		{"nested-lock", "Never", 0},
		{"nested-trylock", "Always", 1},
		{"two-locks", "Sometimes", 2},
		{"two-held-locks", "Sometimes", 2},
		{"double-unlock", "Sometimes", 3},
		{"two-unmatched-locks", "Never", 0},
		{"lock-final", "Always", 1},
		{"lock-final0", "Always", 1},
		{"held-islocked-after-unlock", "Never", 2},
		{"readonce-lock", "Never", 1},
		{"held-mp", "Sometimes", 4},
		{"held-trylock-two", "Sometimes", 4},
		{"islocked-in-cs", "Always", 1},
		{"islocked-after-cs", "Sometimes", 2},
		{"trylock-after-unlock", "Always", 1},
		{"trylock-after-unlock-other", "Always", 1},
		{"three-unlock", "Sometimes", 6},
		{"two-unlocks-islocked", "Always", 3},
		{"plain-write-lock", "Always", 2},
		{"lock-final-unlock", "Always", 1},
		{"islocked-two-threads", "Sometimes", 6},
		{"islocked-order", "Sometimes", 6},
		{"unlock-lock-same", "Sometimes", 2},
		{"two-locks-held-deadlock", "Sometimes", 2},
		{"mb-after-unlock-held", "Sometimes", 2},
		{"readonce-held", "Never", 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := run(t, filepath.Join("lkmm", "lockcat", "lockcat-"+tc.name+".litmus"), models.LKMM)
			got := []any{res.Verdict(), res.Positive + res.Negative}
			want := []any{tc.verdict, tc.executions}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("[verdict executions] mismatch (-want +got):\n%s", diff)
			}
			golden(t, res)
		})
	}
}
