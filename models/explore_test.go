package models

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/litmuscheck/litmuscheck/explore"
	"github.com/litmuscheck/litmuscheck/litmus"
)

// sbTest builds store buffering by hand: x=1; r0=y || y=1; r0=x.
func sbTest(fence bool) *litmus.Test {
	thread := func(id int, st, ld string) *litmus.Thread {
		code := []litmus.Instr{
			{Op: litmus.OpStore, Addr: &litmus.Const{V: litmus.Addr(st)}, Src: litmus.C(1)},
		}
		if fence {
			code = append(code, litmus.Instr{Op: litmus.OpFence, FTags: []string{"MFENCE"}})
		}
		code = append(code, litmus.Instr{Op: litmus.OpLoad, Dst: "r0", Addr: &litmus.Const{V: litmus.Addr(ld)}})
		return &litmus.Thread{ID: id, Code: code}
	}
	return &litmus.Test{
		Arch:    litmus.ArchX86,
		Name:    "SB",
		Threads: []*litmus.Thread{thread(0, "x", "y"), thread(1, "y", "x")},
		Cond: litmus.Condition{Quant: litmus.Exists, Prop: &litmus.PropBin{Op: litmus.PropAnd,
			A: &litmus.PropAtom{Loc: litmus.LocRef{Thread: 0, Name: "r0"}, Value: litmus.Int(0)},
			B: &litmus.PropAtom{Loc: litmus.LocRef{Thread: 1, Name: "r0"}, Value: litmus.Int(0)},
		}},
	}
}

func TestStoreBuffering(t *testing.T) {
	tests := []struct {
		model          *Model
		fence          bool
		verdict        string
		states, pos, n int
	}{
		{SC, false, "Never", 3, 0, 3},
		{TSO, false, "Sometimes", 4, 1, 4},
		{TSO, true, "Never", 3, 0, 3},
		{TSOMixed, false, "Sometimes", 4, 1, 4},
		{TSOMixed, true, "Never", 3, 0, 3},
	}
	for _, tc := range tests {
		for _, workers := range []int{1, 3} {
			res, err := explore.Explore(context.Background(), sbTest(tc.fence), tc.model, explore.Options{Workers: workers})
			if err != nil {
				t.Fatal(err)
			}
			got := []any{res.Verdict(), len(res.States), res.Positive, res.Positive + res.Negative}
			want := []any{tc.verdict, tc.states, tc.pos, tc.n}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("%s fence=%v workers=%d (-want +got):\n%s", tc.model.Name(), tc.fence, workers, diff)
			}
		}
	}
}

func TestTooLongPathIsAnError(t *testing.T) {
	var code []litmus.Instr
	for i := 0; i < 70; i++ {
		code = append(code, litmus.Instr{Op: litmus.OpStore, Addr: &litmus.Const{V: litmus.Addr("x")}, Src: litmus.C(int64(i)),
			Pos: litmus.Pos{File: "big.litmus", Line: i + 1, Col: 2}})
	}
	test := &litmus.Test{
		Arch:    litmus.ArchX86,
		Name:    "big",
		Threads: []*litmus.Thread{{ID: 0, Code: code}},
		Cond:    litmus.Condition{Quant: litmus.Exists, Prop: litmus.PropTrue{}},
	}
	_, err := explore.Explore(context.Background(), test, SC, explore.Options{})
	// A candidate has no bound of its own, a thread's path has: the 65th
	// store is past it.
	want := "big.litmus:65:2: unsupported: every path of thread P0 has more than 64 events (litmuscheck follows at most 64 per thread)"
	if err == nil || err.Error() != want {
		t.Errorf("error %v, want one containing %q", err, want)
	}
}
