package locks

import (
	"context"
	"io/fs"
	"path"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/litmuscheck/litmuscheck/explore"
	"github.com/litmuscheck/litmuscheck/litmus"
)

// TestMergeDeadCASFormsKeepsResults runs the cmpxchg unlocks on ARMv8 LSE
// with herd's five CAS forms and with the proof table's merged ones: the
// verdict, the final states, the liveness and which sides of the
// condition have executions agree, and the merge did cut candidates
// where the explorer had not already.
func TestMergeDeadCASFormsKeepsResults(t *testing.T) {
	col, ok := ColumnByName("armv8-lse")
	if !ok {
		t.Fatal("no armv8-lse column")
	}
	files, base := ScenarioFS("")
	for _, file := range []string{"lost-update.litmus", "mp-through-lock.litmus", "unlock-then-load.litmus"} {
		src, err := fs.ReadFile(files, file)
		if err != nil {
			t.Fatal(err)
		}
		for _, lock := range []string{"pv-cmpxchg", "pv-cmpxchg-release", "pv-cmpxchg-relaxed"} {
			alg, err := AlgorithmByName(lock)
			if err != nil {
				t.Fatal(err)
			}
			name := file + "/" + lock
			run := func(adjust func(*litmus.Test)) *litmus.Result {
				r, err := runC(context.Background(), path.Join(base, file), string(src), alg, col, explore.Options{}, adjust)
				if err != nil || r.Result == nil {
					t.Fatalf("%s: %v %v", name, err, r.Err)
				}
				return r.Result
			}
			full, merged := run(nil), run(MergeDeadCASForms)
			summary := func(r *litmus.Result) []any {
				return []any{r.Verdict(), r.Positive > 0, r.Negative > 0, r.Hangs > 0, r.States}
			}
			if diff := cmp.Diff(summary(full), summary(merged)); diff != "" {
				t.Errorf("%s: merged forms change the result (-full +merged):\n%s", name, diff)
			}
			// cmpxchg's CASAL reads as an acquire, whose forms ARMv8's
			// explorer runs merged already (AcquireCASFormsAlike); the
			// release and relaxed CASs keep theirs for the proof table.
			if acquire := lock == "pv-cmpxchg"; acquire != (merged.Candidates == full.Candidates) {
				t.Errorf("%s: %d candidates merged, %d in full", name, merged.Candidates, full.Candidates)
			}
		}
	}
}

// TestMergeDeadCASFormsOnlyDeadResults: in the three-CPU lost-update on
// ARMv8 LSE, the lock's CAS, whose result the branch reads, keeps herd's
// five forms, and the unlock's, whose result nothing reads, keeps three.
func TestMergeDeadCASFormsOnlyDeadResults(t *testing.T) {
	col, _ := ColumnByName("armv8-lse")
	alg, err := AlgorithmByName("pv-cmpxchg")
	if err != nil {
		t.Fatal(err)
	}
	files, base := ScenarioFS("")
	src, err := fs.ReadFile(files, "lost-update3.litmus")
	if err != nil {
		t.Fatal(err)
	}
	c, err := ParseC(path.Join(base, "lost-update3.litmus"), string(src), alg)
	if err != nil {
		t.Fatal(err)
	}
	comp, err := Compile(c, col.Target)
	if err != nil {
		t.Fatal(err)
	}
	MergeDeadCASForms(comp.Test)
	for _, th := range comp.Test.Threads {
		var got []int
		for _, in := range th.Code {
			if in.Op == litmus.OpCAS {
				got = append(got, len(in.CASForms))
			}
		}
		if diff := cmp.Diff([]int{5, 3}, got); diff != "" {
			t.Errorf("P%d: forms per CAS (-want +got):\n%s", th.ID, diff)
		}
	}
}
