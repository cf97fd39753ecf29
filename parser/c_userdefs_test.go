package parser

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/parser/cparse"
)

// ownFuncsTest defines two functions before its threads; the second calls
// the first and a function of the caller's definitions.
const ownFuncsTest = `C own-functions

{}

static void my_unlock(spinlock_t *l)
{
	smp_store_release(l, 0);
}

inline int release_and_peek(spinlock_t *l, int *x)
{
	my_unlock(l);
	return peek(l) + READ_ONCE(*x);
}

P0(int *x, spinlock_t *l)
{
	int r0;

	r0 = release_and_peek(l, x);
}

exists (0:r0=1)
`

func TestCTestOwnFunctions(t *testing.T) {
	defs, err := cparse.ParseCDefs("defs.c", testDefs)
	if err != nil {
		t.Fatal(err)
	}
	test, err := ParseWith("own.litmus", ownFuncsTest, Options{CDefs: defs})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, in := range test.Threads[0].Code {
		got = append(got, fmt.Sprintf("%v %s %q -> %s", in.Pos, in.Op, in.Text, in.Dst))
	}
	// Each event names the file and line of the code it comes from: the
	// test's own functions, or the file of the caller's definitions.
	want := []string{
		`own.litmus:7:2 store "smp_store_release(l, 0)" -> `,
		`defs.c:12:9 load "READ_ONCE(*l)" -> #2`,
		`defs.c:12:2 move "return READ_ONCE(*l) != 0;" -> #1`,
		`own.litmus:13:19 load "READ_ONCE(*x)" -> #3`,
		`own.litmus:13:2 move "return peek(l) + READ_ONCE(*x);" -> r0`,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got)\n%s", diff)
	}
}

// The functions are the test's own: the same test without the caller's
// definitions still has them, and without them it calls nothing unknown.
func TestCTestOwnFunctionsAlone(t *testing.T) {
	src := "C t\n{}\nvoid set(int *p) { WRITE_ONCE(*p, 1); }\nP0(int *x) { set(x); }\nexists (x=1)\n"
	test, err := Parse("t.litmus", src)
	if err != nil {
		t.Fatal(err)
	}
	want := []litmus.Instr{{Pos: litmus.Pos{File: "t.litmus", Line: 3, Col: 20}, Op: litmus.OpStore, Text: "WRITE_ONCE(*p, 1)",
		Addr: ax, Src: litmus.C(1), WTags: []string{"ONCE"}}}
	if diff := cmp.Diff(want, test.Threads[0].Code); diff != "" {
		t.Errorf("(-want +got)\n%s", diff)
	}
}

func TestCTestOwnFunctionErrors(t *testing.T) {
	defs, err := cparse.ParseCDefs("defs.c", testDefs)
	if err != nil {
		t.Fatal(err)
	}
	test := func(funcs, body string) string {
		return "C t\n{}\n" + funcs + "\nP0(int *x, spinlock_t *l) {\n" + body + "\n}\nexists (x=0)\n"
	}
	tests := []struct{ src, want string }{
		{test("void peek(int *x) { }", "peek(x);"),
			`t.litmus:3:1: function "peek" is already defined at defs.c:10 (the lock fragments or another file of functions); give this one another name`},
		{test("void spin_lock(spinlock_t *l) { }", "spin_lock(l);"),
			`t.litmus:3:1: function "spin_lock" would redefine a kernel primitive; give it another name`},
		{test("int try_cmpxchg(int *x) { return 0; }", ""),
			`t.litmus:3:1: function "try_cmpxchg" would redefine an extension of litmuscheck; give it another name`},
		{test("void f(int *x) { }\nvoid f(int *y) { }", "f(x);"), `t.litmus:4:1: function "f" defined twice`},
		{test("void f(int *x) { WRITE_ONCE(*y, 1); }", "f(x);"), `t.litmus:3:30: unknown location "y" (expected a parameter or a local of f)`},
		{test("void f(int *x) { }", "f(x, x);"), `t.litmus:5:1: f expects 1 argument, found 2`},
		// A function after the first thread is not one of the test's own.
		{"C t\n{}\nP0(int *x) { }\nvoid f(int *x) { }\nexists (x=0)\n", `t.litmus:4:1: unexpected token "void"`},
	}
	for _, tt := range tests {
		_, err := ParseWith("t.litmus", tt.src, Options{CDefs: defs})
		got := "<nil>"
		if err != nil {
			got = err.Error()
		}
		if got != tt.want {
			t.Errorf("%s:\n got %s\nwant %s", tt.src, got, tt.want)
		}
	}
}

// Extend adds a file of a user's functions to the fragments under the same
// rules as a test's own functions.
func TestCDefsExtend(t *testing.T) {
	defs, err := cparse.ParseCDefs("defs.c", testDefs)
	if err != nil {
		t.Fatal(err)
	}
	user, err := cparse.ParseCDefs("mine.frag", "void set(int *p) { WRITE_ONCE(*p, 1); }\nint twice(int n) { return n; }\n")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := defs.Extend(user); err == nil || err.Error() != `mine.frag:2:1: function "twice" is already defined at defs.c:21 (the lock fragments or another file of functions); give this one another name` {
		t.Errorf("Extend with a duplicate: %v", err)
	}
	user, err = cparse.ParseCDefs("mine.frag", "void set(int *p) { WRITE_ONCE(*p, 1); }\n")
	if err != nil {
		t.Fatal(err)
	}
	all, err := defs.Extend(user)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(append(defs.Names(), "set"), all.Names()); diff != "" {
		t.Errorf("names (-want +got)\n%s", diff)
	}
	var none *cparse.CDefs
	if alone, err := none.Extend(user); err != nil || !alone.Has("set") {
		t.Errorf("nil.Extend: %v", err)
	}
}
