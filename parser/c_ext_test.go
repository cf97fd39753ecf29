package parser

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/parser/cparse"
)

const testDefs = `
// A lock taken by its final, successful attempt.
void take(spinlock_t *l)
{
	int v = 0;

	__assume(atomic_try_cmpxchg_acquire(l, &v, 1));
}

int peek(spinlock_t *l)
{
	return READ_ONCE(*l) != 0;
}

// Redefines a primitive and calls it.
void smp_mb(void)
{
	barrier();
}

int twice(int n)
{
	n = n + n;
	return n;
}
`

func TestCExtensions(t *testing.T) {
	defs, err := cparse.ParseCDefs("defs.c", testDefs)
	if err != nil {
		t.Fatal(err)
	}
	R, C, Bin := litmus.R, litmus.C, litmus.Bin
	tags := func(t ...string) []string { return t }
	tests := []struct {
		body string
		want []litmus.Instr
	}{
		// try_cmpxchg: the CAS into a hidden register, the result, then
		// the old value written back.
		{"int r0 = 0; int r1 = try_cmpxchg_release(x, &r0, 2);", []litmus.Instr{
			{Op: litmus.OpMove, Text: "int r0 = 0;", Dst: "r0", Src: C(0)},
			{Op: litmus.OpCAS, Text: "try_cmpxchg_release(x, &r0, 2)", Dst: "#1", Addr: ax, Expect: R("r0"), Src: C(2), RTags: tags("RELEASE"), WTags: tags("RELEASE")},
			{Op: litmus.OpMove, Text: "try_cmpxchg_release(x, &r0, 2)", Dst: "r1", Src: Bin(litmus.OpEq, R("#1"), R("r0"))},
			{Op: litmus.OpMove, Text: "try_cmpxchg_release(x, &r0, 2)", Dst: "r0", Src: R("#1")},
		}},
		// smp_cond_load_*: the load, then VAL's condition assumed, with the
		// loop exit's control dependency; the load is the spin's final
		// attempt (Spin 1).
		{"int r1; r0 = smp_cond_load_acquire(x, VAL == 1 || VAL > r1);", []litmus.Instr{
			{Op: litmus.OpLoad, Text: "smp_cond_load_acquire(x, VAL == 1 || VAL > r1)", Dst: "r0", Addr: ax, RTags: tags("ACQUIRE")},
			{Op: litmus.OpAssume, Text: "smp_cond_load_acquire(x, VAL == 1 || VAL > r1)",
				Cond: Bin(litmus.OpLOr, Bin(litmus.OpEq, R("r0"), C(1)), Bin(litmus.OpGt, R("r0"), R("r1"))), CtrlDep: true, Spin: 1},
		}},
		{"atomic_cond_read_relaxed(v, VAL);", []litmus.Instr{
			{Op: litmus.OpLoad, Text: "atomic_cond_read_relaxed(v, VAL)", Dst: "#1", Addr: av, RTags: tags("ONCE")},
			{Op: litmus.OpAssume, Text: "atomic_cond_read_relaxed(v, VAL)", Cond: R("#1"), CtrlDep: true, Spin: 1},
		}},
		// Inlined definitions: locals are hidden registers, pointer
		// parameters their arguments, the result goes to the caller's
		// register; a definition may call the primitive it redefines.
		{"take(l); r0 = peek(l); smp_mb();", []litmus.Instr{
			{Op: litmus.OpMove, Text: "int v = 0;", Dst: "#1", Src: C(0)},
			{Op: litmus.OpCAS, Text: "atomic_try_cmpxchg_acquire(l, &v, 1)", Dst: "#2", Addr: al, Expect: R("#1"), Src: C(1), RTags: tags("ACQUIRE"), WTags: tags("ACQUIRE")},
			{Op: litmus.OpMove, Text: "atomic_try_cmpxchg_acquire(l, &v, 1)", Dst: "#3", Src: Bin(litmus.OpEq, R("#2"), R("#1"))},
			{Op: litmus.OpMove, Text: "atomic_try_cmpxchg_acquire(l, &v, 1)", Dst: "#1", Src: R("#2")},
			{Op: litmus.OpAssume, Text: "__assume(atomic_try_cmpxchg_acquire(l, &v, 1))", Cond: R("#3"), CtrlDep: true, Spin: 3},
			{Op: litmus.OpLoad, Text: "READ_ONCE(*l)", Dst: "#4", Addr: al, RTags: tags("ONCE")},
			{Op: litmus.OpMove, Text: "return READ_ONCE(*l) != 0;", Dst: "r0", Src: Bin(litmus.OpNe, R("#4"), C(0))},
			{Op: litmus.OpFence, Text: "barrier()", FTags: tags("Barrier")},
		}},
		// A value parameter is a local copy.
		{"r0 = twice(3);", []litmus.Instr{
			{Op: litmus.OpMove, Text: "n = 3", Dst: "#1", Src: C(3)},
			{Op: litmus.OpMove, Text: "n = n + n;", Dst: "#1", Src: Bin(litmus.OpAdd, R("#1"), R("#1"))},
			{Op: litmus.OpMove, Text: "return n;", Dst: "r0", Src: R("#1")},
		}},
	}
	for _, tt := range tests {
		test, err := ParseWith("t.litmus", cTest(tt.body), Options{CDefs: defs})
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

func TestCExtensionErrors(t *testing.T) {
	defs, err := cparse.ParseCDefs("defs.c", testDefs)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ body, want string }{
		{"take(l, l);", `t.litmus:4:1: take expects 1 argument, found 2`},
		{"r0 = take(l);", `t.litmus:4:6: take returns no value`},
		{"r0 = try_cmpxchg(x, r1, 2);", `t.litmus:4:21: try_cmpxchg expects "&r", the address of a local variable, as its second argument`},
		{"try_cmpxchg(x, &x, 2);", `t.litmus:4:16: unsupported: assignment to parameter "x"`},
		{"r0 = __assume(r1);", `t.litmus:4:6: __assume returns no value`},
		{"smp_cond_load_relaxed(x);", `t.litmus:4:1: smp_cond_load_relaxed expects 2 arguments, found 1`},
		{"return 1;", `t.litmus:4:1: unsupported: return in a thread`},
	}
	for _, tt := range tests {
		_, err := ParseWith("t.litmus", cTest(tt.body), Options{CDefs: defs})
		got := "<nil>"
		if err != nil {
			got = err.Error()
		}
		if got != tt.want {
			t.Errorf("%s:\n got %s\nwant %s", tt.body, got, tt.want)
		}
	}
	defErrors := []struct{ src, want string }{
		{"#pragma once\nvoid f(void) { return; smp_mb(); }\n", `d.c:1:1: unsupported: #pragma: the preprocessor's #define, #undef and conditionals only`},
		{"void f(int *x) { } void f(int *y) { }", `d.c:1:20: function "f" defined twice`},
		{"int f(int *x) { r = 1; return r; }", `d.c:1:17: unknown location "r" (expected a parameter or a local of f)`},
		{"void f(int *x) { f(x); }", ``},
	}
	for _, tt := range defErrors {
		d, err := cparse.ParseCDefs("d.c", tt.src)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if tt.want == "" && err == nil {
			// Errors that show when a call is inlined.
			_, err = ParseWith("t.litmus", cTest("f(x);"), Options{CDefs: d})
			if err == nil {
				t.Errorf("%s: a self-call inlined", tt.src)
			}
			continue
		}
		if err == nil {
			_, err = ParseWith("t.litmus", cTest("r0 = f(x);"), Options{CDefs: d})
			if err != nil {
				got = err.Error()
			}
		}
		if got != tt.want {
			t.Errorf("%s:\n got %s\nwant %s", tt.src, got, tt.want)
		}
	}
}
