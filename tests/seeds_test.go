// This file runs the kernel functions that the reviewed patches change,
// pasted as the kernel has them (seeds/): the OSQ's osq_lock.c before and
// after the prev_cpu patch.

package tests

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/litmuscheck/litmuscheck/parser/cparse"
	"github.com/litmuscheck/litmuscheck/pipeline"
)

// TestSeedsOSQVerbatim: osq_lock.c's struct, per-CPU nodes, node pointers,
// for(;;) loops, early returns, need_resched() and vcpu_is_preempted(),
// old and new, are read and lowered unchanged in every column. Their
// exploration is beyond the explorer today (the unrolled retry loops and
// the node pointers' values make more paths than a thread may have), and
// each column says so as an error: never a verdict it cannot stand
// behind.
func TestSeedsOSQVerbatim(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("seeds", "osq-mutex.litmus"))
	if err != nil {
		t.Fatal(err)
	}
	for _, side := range []string{"old.c", "new.c"} {
		t.Run(side, func(t *testing.T) {
			defs, err := cparse.ParseCDefsFile(filepath.Join("seeds", "osq", side))
			if err != nil {
				t.Fatal(err)
			}
			out := pipeline.File("osq-mutex.litmus", string(src), pipeline.Settings{
				Spec: pipeline.Spec{Name: "lkmm"}, UserDefs: defs, AwaitLoops: true})
			if out.Err != nil {
				t.Fatalf("the pasted code is refused: %v", out.Err)
			}
			for _, r := range out.Runs {
				if r.Err == nil || !strings.Contains(r.Err.Error(), "more than 100000 paths") {
					t.Errorf("%s: got %v %v, want the path limit's error", r.Column.Title, r.Verdict(), r.Err)
				}
			}
		})
	}
}
