// This file runs kernel lock code pasted as the kernel has it
// (verbatim/): each file of functions with a test that takes the lock
// around a counter, and the verdict of every column.

package tests

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/litmuscheck/litmuscheck/parser/cparse"
	"github.com/litmuscheck/litmuscheck/pipeline"
)

// TestVerbatimLocks: the MCS lock of kernel/locking/mcs_spinlock.h (two
// and three CPUs, each with a node of its own that the queue links by
// address) and the ticket lock of asm-generic/ticket_spinlock.h (two and
// three CPUs), read
// unchanged, exclude in every column that runs them. The ticket lock's unlock stores
// the low halfword of its word: the LKMM and RISC-V columns, which have no
// mixed-size semantics, refuse it by name; TSO computes the ticket's
// shift right a bit at a time (herd's X86_64 has no shr). An
// architecture's override of the MCS hand-off that drops the release
// lets the next owner miss the critical section everywhere but TSO. The
// mutex's fast paths (atomic_long_try_cmpxchg_acquire of current into the
// owner word, _release of 0) exclude everywhere.
func TestVerbatimLocks(t *testing.T) {
	all := func(v string) map[string]string {
		return map[string]string{"lkmm": v, "power": v, "power-isync": v, "armv8": v, "armv8-lse": v, "tso": v, "riscv": v}
	}
	relaxed := all("Sometimes")
	relaxed["tso"] = "Never"
	ticket := all("Never")
	ticket["lkmm"], ticket["riscv"] = "unsupported", "unsupported"
	for _, tc := range []struct {
		name string
		defs []string
		test string
		want map[string]string
	}{
		{"mcs", []string{"mcs_spinlock.h"}, "mcs-mutex.litmus", all("Never")},
		{"mcs three CPUs", []string{"mcs_spinlock.h"}, "mcs-mutex3.litmus", all("Never")},
		{"mcs relaxed hand-off", []string{"mcs-relaxed-handoff.h", "mcs_spinlock.h"}, "mcs-mutex.litmus", relaxed},
		{"ticket", []string{"ticket_spinlock.h"}, "ticket-mutex.litmus", ticket},
		{"ticket three CPUs", []string{"ticket_spinlock.h"}, "ticket-mutex3.litmus", ticket},
		{"mutex fast paths", []string{"mutex.h"}, "mutex-fast.litmus", all("Never")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var defs *cparse.CDefs
			for _, f := range tc.defs {
				var err error
				if defs, err = defs.ExtendFile(filepath.Join("verbatim", f)); err != nil {
					t.Fatal(err)
				}
			}
			src, err := os.ReadFile(filepath.Join("verbatim", tc.test))
			if err != nil {
				t.Fatal(err)
			}
			out := pipeline.File(tc.test, string(src), pipeline.Settings{
				Spec: pipeline.Spec{Name: "all"}, UserDefs: defs, AwaitLoops: true})
			if out.Err != nil {
				t.Fatalf("the pasted code is refused: %v", out.Err)
			}
			got := columnVerdicts(out)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("verdicts (-want +got):\n%s", diff)
			}
		})
	}
}
