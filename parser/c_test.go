package parser

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/litmuscheck/litmuscheck/litmus"
)

// cTest wraps the body of thread P0 in a C test.
func cTest(body string) string {
	return "C t\n{}\nP0(int *x, int *y, spinlock_t *l, atomic_t *v) {\n" + body + "\n}\nexists (x=0)\n"
}

var (
	ax = &litmus.Const{V: litmus.Addr("x")}
	ay = &litmus.Const{V: litmus.Addr("y")}
	al = &litmus.Const{V: litmus.Addr("l")}
	av = &litmus.Const{V: litmus.Addr("v")}
)

func TestCLowering(t *testing.T) {
	R, C, Bin := litmus.R, litmus.C, litmus.Bin
	tags := func(t ...string) []string { return t }
	tests := []struct {
		body string
		want []litmus.Instr
	}{
		{"int r0 = READ_ONCE(*x);", []litmus.Instr{
			{Op: litmus.OpLoad, Text: "READ_ONCE(*x)", Dst: "r0", Addr: ax, RTags: tags("ONCE")},
		}},
		{"WRITE_ONCE(*x, 1); smp_store_release(y, 2);", []litmus.Instr{
			{Op: litmus.OpStore, Text: "WRITE_ONCE(*x, 1)", Addr: ax, Src: C(1), WTags: tags("ONCE")},
			{Op: litmus.OpStore, Text: "smp_store_release(y, 2)", Addr: ay, Src: C(2), WTags: tags("RELEASE")},
		}},
		{"int r0; r0 = smp_load_acquire(x); r1 = rcu_dereference(*(int **)y);", []litmus.Instr{
			{Op: litmus.OpLoad, Text: "smp_load_acquire(x)", Dst: "r0", Addr: ax, RTags: tags("ACQUIRE")},
			{Op: litmus.OpLoad, Text: "rcu_dereference(*(int **)y)", Dst: "r1", Addr: ay, RTags: tags("ONCE")},
		}},
		// Plain accesses carry no tag; "*p = *q" reads into a hidden register.
		{"*x = *y; r1 = *x;", []litmus.Instr{
			{Op: litmus.OpLoad, Text: "*y", Dst: "#1", Addr: ay},
			{Op: litmus.OpStore, Text: "*x = *y;", Addr: ax, Src: R("#1")},
			{Op: litmus.OpLoad, Text: "r1 = *x;", Dst: "r1", Addr: ax},
		}},
		// Address dependency through a register; r1 + 1 is C's pointer
		// arithmetic, one int (four bytes) on.
		{"int *r1 = READ_ONCE(*y); WRITE_ONCE(*r1, r1 + 1);", []litmus.Instr{
			{Op: litmus.OpLoad, Text: "READ_ONCE(*y)", Dst: "r1", Addr: ay, RTags: tags("ONCE")},
			{Op: litmus.OpStore, Text: "WRITE_ONCE(*r1, r1 + 1)", Addr: R("r1"), Src: Bin(litmus.OpAdd, R("r1"), C(4)), WTags: tags("ONCE")},
		}},
		{"smp_mb(); smp_rmb(); smp_wmb(); smp_mb__after_spinlock(); rcu_read_lock(); synchronize_rcu();", []litmus.Instr{
			{Op: litmus.OpFence, Text: "smp_mb()", FTags: tags("MB")},
			{Op: litmus.OpFence, Text: "smp_rmb()", FTags: tags("Rmb")},
			{Op: litmus.OpFence, Text: "smp_wmb()", FTags: tags("Wmb")},
			{Op: litmus.OpFence, Text: "smp_mb__after_spinlock()", FTags: tags("After-spinlock")},
			{Op: litmus.OpFence, Text: "rcu_read_lock()", FTags: tags("Rcu-lock")},
			{Op: litmus.OpFence, Text: "synchronize_rcu()", FTags: tags("Sync-rcu")},
		}},
		{"smp_store_mb(*x, 1);", []litmus.Instr{
			{Op: litmus.OpStore, Text: "smp_store_mb(*x, 1)", Addr: ax, Src: C(1), WTags: tags("ONCE")},
			{Op: litmus.OpFence, Text: "smp_store_mb(*x, 1)", FTags: tags("MB")},
		}},
		{"r0 = xchg_acquire(x, 1); xchg(y, r0);", []litmus.Instr{
			{Op: litmus.OpRMW, Text: "xchg_acquire(x, 1)", Dst: "r0", Addr: ax, Src: C(1), RMWOp: litmus.OpXchg, RTags: tags("ACQUIRE"), WTags: tags("ACQUIRE")},
			{Op: litmus.OpRMW, Text: "xchg(y, r0)", Addr: ay, Src: R("r0"), RMWOp: litmus.OpXchg, RTags: tags("MB"), WTags: tags("MB")},
		}},
		{"r0 = cmpxchg_release(x, 0, 2);", []litmus.Instr{
			{Op: litmus.OpCAS, Text: "cmpxchg_release(x, 0, 2)", Dst: "r0", Addr: ax, Expect: C(0), Src: C(2), RTags: tags("RELEASE"), WTags: tags("RELEASE")},
		}},
		{"atomic_inc(v); atomic_sub(3, v);", []litmus.Instr{
			{Op: litmus.OpRMW, Text: "atomic_inc(v)", Addr: av, Src: C(1), RMWOp: litmus.OpAdd, RTags: tags("NORETURN"), WTags: tags("NORETURN"), Wrap: litmus.OpSext32},
			{Op: litmus.OpRMW, Text: "atomic_sub(3, v)", Addr: av, Src: C(3), RMWOp: litmus.OpSub, RTags: tags("NORETURN"), WTags: tags("NORETURN"), Wrap: litmus.OpSext32},
		}},
		{"r0 = atomic_add_return_relaxed(2, v); r1 = atomic_fetch_andnot(4, v);", []litmus.Instr{
			{Op: litmus.OpRMW, Text: "atomic_add_return_relaxed(2, v)", Dst: "r0", Addr: av, Src: C(2), RMWOp: litmus.OpAdd, ReturnNew: true, RTags: tags("ONCE"), WTags: tags("ONCE"), Wrap: litmus.OpSext32},
			{Op: litmus.OpRMW, Text: "atomic_fetch_andnot(4, v)", Dst: "r1", Addr: av, Src: C(4), RMWOp: litmus.OpAndNot, RTags: tags("MB"), WTags: tags("MB"), Wrap: litmus.OpSext32},
		}},
		{"r0 = atomic_dec_and_test(v);", []litmus.Instr{
			{Op: litmus.OpRMW, Text: "atomic_dec_and_test(v)", Dst: "#1", Addr: av, Src: C(1), RMWOp: litmus.OpSub, ReturnNew: true, RTags: tags("MB"), WTags: tags("MB"), Wrap: litmus.OpSext32},
			{Op: litmus.OpMove, Text: "r0 = atomic_dec_and_test(v);", Dst: "r0", Src: Bin(litmus.OpEq, R("#1"), C(0))},
		}},
		{"r0 = atomic_add_unless(v, 1, 5);", []litmus.Instr{
			{Op: litmus.OpCAS, Text: "atomic_add_unless(v, 1, 5)", Dst: "#1", Addr: av, Src: C(1), Expect: C(5), AddUnless: true, RTags: tags("MB"), WTags: tags("MB"), Wrap: litmus.OpSext32},
			{Op: litmus.OpMove, Text: "r0 = atomic_add_unless(v, 1, 5);", Dst: "r0", Src: Bin(litmus.OpNe, R("#1"), C(5))},
		}},
		{"spin_lock(l); spin_unlock(l);", []litmus.Instr{
			{Op: litmus.OpRMW, Text: "spin_lock(l)", Dst: "#1", Addr: al, Src: C(1), RMWOp: litmus.OpXchg, RTags: tags("LKR"), WTags: tags("LKW"), SpinTags: tags("RL")},
			{Op: litmus.OpAssume, Text: "spin_lock(l)", Cond: Bin(litmus.OpEq, R("#1"), C(0)), Spin: 1},
			{Op: litmus.OpStore, Text: "spin_unlock(l)", Addr: al, Src: C(0), WTags: tags("UL")},
		}},
		{"r0 = spin_trylock(l); r1 = spin_is_locked(l);", []litmus.Instr{
			{Op: litmus.OpCAS, Text: "spin_trylock(l)", Dst: "#1", Addr: al, Expect: C(0), Src: C(1), RTags: tags("LKR"), WTags: tags("LKW"), FailTags: tags("LF")},
			{Op: litmus.OpMove, Text: "r0 = spin_trylock(l);", Dst: "r0", Src: Bin(litmus.OpEq, R("#1"), C(0))},
			{Op: litmus.OpLoad, Text: "spin_is_locked(l)", Dst: "r1", Addr: al, RTags: tags("RL"), ZeroTags: tags("RU")},
		}},
		{"r0 = srcu_read_lock(l); srcu_read_unlock(l, r0); synchronize_srcu(l);", []litmus.Instr{
			{Op: litmus.OpLoad, Text: "srcu_read_lock(l)", Dst: "r0", Addr: al, RTags: tags("Srcu-lock")},
			{Op: litmus.OpStore, Text: "srcu_read_unlock(l, r0)", Addr: al, Src: R("r0"), WTags: tags("Srcu-unlock")},
			{Op: litmus.OpFence, Text: "synchronize_srcu(l)", Addr: al, FTags: tags("Sync-srcu")},
		}},
		// The control dependency of an if ends with the statement.
		{"int r0 = READ_ONCE(*x); if (r0) { WRITE_ONCE(*y, 1); } else WRITE_ONCE(*y, 2); WRITE_ONCE(*x, 3);", []litmus.Instr{
			{Op: litmus.OpLoad, Text: "READ_ONCE(*x)", Dst: "r0", Addr: ax, RTags: tags("ONCE")},
			{Op: litmus.OpBranch, Text: "if (r0)", Cond: Bin(litmus.OpEq, R("r0"), C(0)), Target: 4, CtrlEnd: 5},
			{Op: litmus.OpStore, Text: "WRITE_ONCE(*y, 1)", Addr: ay, Src: C(1), WTags: tags("ONCE")},
			{Op: litmus.OpBranch, Text: "else", Target: 5},
			{Op: litmus.OpStore, Text: "WRITE_ONCE(*y, 2)", Addr: ay, Src: C(2), WTags: tags("ONCE")},
			{Op: litmus.OpStore, Text: "WRITE_ONCE(*x, 3)", Addr: ax, Src: C(3), WTags: tags("ONCE")},
		}},
		// Comparisons are inverted; calls in a condition are evaluated first.
		{"if (cmpxchg(x, 0, 1) >= 1) r2 = 1;", []litmus.Instr{
			{Op: litmus.OpCAS, Text: "cmpxchg(x, 0, 1)", Dst: "#1", Addr: ax, Expect: C(0), Src: C(1), RTags: tags("MB"), WTags: tags("MB")},
			{Op: litmus.OpBranch, Text: "if (cmpxchg(x, 0, 1) >= 1)", Cond: Bin(litmus.OpLt, R("#1"), C(1)), Target: 3, CtrlEnd: 3},
			{Op: litmus.OpMove, Text: "r2 = 1;", Dst: "r2", Src: C(1)},
		}},
		// Precedence, casts, unary operators, hex.
		{"int r1, r2; r0 = (int)x + -2 * r1 == 0x10 && !r2;", []litmus.Instr{
			{Op: litmus.OpMove, Text: "r0 = (int)x + -2 * r1 == 0x10 && !r2;", Dst: "r0", Src: Bin(litmus.OpLAnd,
				Bin(litmus.OpEq, Bin(litmus.OpAdd, ax, Bin(litmus.OpMul, C(-2), R("r1"))), C(16)),
				&litmus.Unary{Op: litmus.OpNot, X: R("r2")})},
		}},
		{"WRITE_ONCE(*x, READ_ONCE(*x) + 1); // comment\n/* comment */ (void)atomic_xchg(v, 1);", []litmus.Instr{
			{Op: litmus.OpLoad, Text: "READ_ONCE(*x)", Dst: "#1", Addr: ax, RTags: tags("ONCE")},
			{Op: litmus.OpStore, Text: "WRITE_ONCE(*x, READ_ONCE(*x) + 1)", Addr: ax, Src: Bin(litmus.OpAdd, R("#1"), C(1)), WTags: tags("ONCE")},
			{Op: litmus.OpRMW, Text: "atomic_xchg(v, 1)", Addr: av, Src: C(1), RMWOp: litmus.OpXchg, RTags: tags("MB"), WTags: tags("MB")},
		}},
	}
	for _, tt := range tests {
		test, err := Parse("t.litmus", cTest(tt.body))
		if err != nil {
			t.Errorf("%s: %v", tt.body, err)
			continue
		}
		got := test.Threads[0].Code
		for i := range got {
			got[i].Pos = litmus.Pos{}
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s: (-want +got)\n%s", tt.body, diff)
		}
	}
}

func TestCThread(t *testing.T) {
	src := "C t\n{}\nP0(void) { }\n\nP1(struct srcu_struct *s, int **p) {\n  int r0, r1 = 1;\n  r2 = READ_ONCE(*p);\n}\nexists (1:r2=0)\n"
	test, err := Parse("t.litmus", src)
	if err != nil {
		t.Fatal(err)
	}
	type summary struct {
		ID     int
		Pos    litmus.Pos
		Params []string
		Regs   []string
		Pos0   litmus.Pos
	}
	var got []summary
	for _, th := range test.Threads {
		s := summary{ID: th.ID, Pos: th.Pos, Params: th.Params, Regs: th.Regs}
		if len(th.Code) > 0 {
			s.Pos0 = th.Code[0].Pos
		}
		got = append(got, s)
	}
	want := []summary{
		{ID: 0, Pos: litmus.Pos{File: "t.litmus", Line: 3, Col: 1}},
		{ID: 1, Pos: litmus.Pos{File: "t.litmus", Line: 5, Col: 1}, Params: []string{"s", "p"},
			Regs: []string{"r0", "r1", "r2"}, Pos0: litmus.Pos{File: "t.litmus", Line: 6, Col: 11}},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got)\n%s", diff)
	}
}

func TestCErrors(t *testing.T) {
	tests := []struct{ body, want string }{
		{"r0 = READ_ONCE(x);", `t.litmus:4:16: READ_ONCE expects a "*p" location or a "p->member" as its first argument`},
		{"WRITE_ONCE(*x);", `t.litmus:4:1: WRITE_ONCE expects 2 arguments, found 1`},
		{"smp_memb();", `t.litmus:4:1: unknown function "smp_memb" (not a kernel primitive, an extension or a fragment function)`},
		{"r0 = smp_mb();", `t.litmus:4:6: smp_mb returns no value`},
		{"while (1) { smp_mb(); return; }", `t.litmus:4:23: unsupported: return in a thread`},
		{"x = 1;", `t.litmus:4:1: unsupported: assignment to parameter "x"`},
		{"1 = r0;", `t.litmus:4:1: expected a register, a "*p" location or a "p->member" on the left of '='`},
		{"r0 = &x;", `t.litmus:4:6: unsupported: operator "&"`},
		{"r0 = READ_ONCE(*x)", `t.litmus:5:1: unexpected token "}" (expected ";")`},
		{"r0 = (x + 1;", `t.litmus:4:12: unexpected token ";" (expected ")")`},
		{"if (r0 { }", `t.litmus:4:8: unexpected token "{" (expected ")" Stmt ("else" Stmt)?)`},
	}
	for _, tt := range tests {
		_, err := Parse("t.litmus", cTest(tt.body))
		got := "<nil>"
		if err != nil {
			got = err.Error()
		}
		if got != tt.want {
			t.Errorf("%s:\n got %s\nwant %s", tt.body, got, tt.want)
		}
	}
	// Thread names must run P0, P1...
	_, err := Parse("t.litmus", "C t\n{}\nP1(int *x) { }\nexists (x=0)\n")
	if want := `t.litmus:3:1: expected thread name "P0", found "P1"`; err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
}

// commonGrammarFailures are corpus files that the shared grammar (not the C
// dialect) does not read yet: a ';' after the condition, a missing
// condition.
var commonGrammarFailures = map[string]bool{
	"alpha-split-cache-example1.litmus": true,
	"self-deadlock.litmus":              true,
}

// TestCCorpus parses every C test of the corpus (a sample under -short:
// corpusSample).
func TestCCorpus(t *testing.T) {
	files, _ := filepath.Glob("../../shared/corpus/lkmm/*.litmus")
	if len(files) == 0 {
		missingShared(t, "../shared/corpus/lkmm")
	}
	files = corpusSample(files)
	bad := 0
	for _, f := range files {
		if _, err := corpusParsed(t, f); err != nil {
			if commonGrammarFailures[filepath.Base(f)] {
				continue
			}
			bad++
			if bad <= 20 || os.Getenv("CVERBOSE") != "" {
				t.Errorf("%v", err)
			}
		}
	}
	t.Logf("%d files, %d errors", len(files), bad)
	if bad > 0 {
		t.Errorf("%d files fail", bad)
	}
}
