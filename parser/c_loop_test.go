package parser

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/parser/cparse"
)

// TestCLoopLowering checks that C while and do-while loops lower to one
// backward branch, whose control dependency ends with the loop.
func TestCLoopLowering(t *testing.T) {
	R, C, Bin := litmus.R, litmus.C, litmus.Bin
	tags := func(t ...string) []string { return t }
	once := tags("ONCE")
	tests := []struct {
		body string
		want []litmus.Instr
	}{
		// An empty body: the test alone, branching back to itself.
		{"while (READ_ONCE(*x) == 0);", []litmus.Instr{
			{Op: litmus.OpLoad, Text: "READ_ONCE(*x)", Dst: "#1", Addr: ax, RTags: once},
			{Op: litmus.OpBranch, Text: "while (READ_ONCE(*x) == 0)", Cond: Bin(litmus.OpEq, R("#1"), C(0)), Target: 0, CtrlEnd: 2},
		}},
		{"while (READ_ONCE(*x)) {}", []litmus.Instr{
			{Op: litmus.OpLoad, Text: "READ_ONCE(*x)", Dst: "#1", Addr: ax, RTags: once},
			{Op: litmus.OpBranch, Text: "while (READ_ONCE(*x))", Cond: Bin(litmus.OpNe, R("#1"), C(0)), Target: 0, CtrlEnd: 2},
		}},
		// A body: a jump to the test at the bottom, then the body; "!e"
		// tests e == 0.
		{"while (!smp_load_acquire(x)) cpu_relax();", []litmus.Instr{
			{Op: litmus.OpBranch, Text: "while (!smp_load_acquire(x))", Target: 2},
			{Op: litmus.OpFence, Text: "cpu_relax()", FTags: tags("Barrier")},
			{Op: litmus.OpLoad, Text: "smp_load_acquire(x)", Dst: "#1", Addr: ax, RTags: tags("ACQUIRE")},
			{Op: litmus.OpBranch, Text: "while (!smp_load_acquire(x))", Cond: Bin(litmus.OpEq, R("#1"), C(0)), Target: 1, CtrlEnd: 4},
		}},
		{"int r1 = 0; while (r1 == 0) { r1 = READ_ONCE(*x); WRITE_ONCE(*y, r1); }", []litmus.Instr{
			{Op: litmus.OpMove, Text: "int r1 = 0;", Dst: "r1", Src: C(0)},
			{Op: litmus.OpBranch, Text: "while (r1 == 0)", Target: 4},
			{Op: litmus.OpLoad, Text: "READ_ONCE(*x)", Dst: "r1", Addr: ax, RTags: once},
			{Op: litmus.OpStore, Text: "WRITE_ONCE(*y, r1)", Addr: ay, Src: R("r1"), WTags: once},
			{Op: litmus.OpBranch, Text: "while (r1 == 0)", Cond: Bin(litmus.OpEq, R("r1"), C(0)), Target: 2, CtrlEnd: 5},
		}},
		// do-while: the body first, the test after it.
		{"int r1; do { r1 = READ_ONCE(*x); } while (r1 != 1); WRITE_ONCE(*y, 1);", []litmus.Instr{
			{Op: litmus.OpLoad, Text: "READ_ONCE(*x)", Dst: "r1", Addr: ax, RTags: once},
			{Op: litmus.OpBranch, Text: "do ... while (r1 != 1)", Cond: Bin(litmus.OpNe, R("r1"), C(1)), Target: 0, CtrlEnd: 2},
			{Op: litmus.OpStore, Text: "WRITE_ONCE(*y, 1)", Addr: ay, Src: C(1), WTags: once},
		}},
		// Nested: the inner loop's branches stay inside the outer body.
		{"while (READ_ONCE(*x) == 0) while (READ_ONCE(*y) == 0);", []litmus.Instr{
			{Op: litmus.OpBranch, Text: "while (READ_ONCE(*x) == 0)", Target: 3},
			{Op: litmus.OpLoad, Text: "READ_ONCE(*y)", Dst: "#1", Addr: ay, RTags: once},
			{Op: litmus.OpBranch, Text: "while (READ_ONCE(*y) == 0)", Cond: Bin(litmus.OpEq, R("#1"), C(0)), Target: 1, CtrlEnd: 3},
			{Op: litmus.OpLoad, Text: "READ_ONCE(*x)", Dst: "#2", Addr: ax, RTags: once},
			{Op: litmus.OpBranch, Text: "while (READ_ONCE(*x) == 0)", Cond: Bin(litmus.OpEq, R("#2"), C(0)), Target: 1, CtrlEnd: 5},
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

// TestCLoopInFunction checks that a loop in a function definition is
// inlined with the function, its branch targets moved to the call site.
func TestCLoopInFunction(t *testing.T) {
	defs, err := cparse.ParseCDefs("defs.c", "void wait(int *f)\n{\n\twhile (READ_ONCE(*f) == 0)\n\t\tcpu_relax();\n}\n")
	if err != nil {
		t.Fatal(err)
	}
	test, err := ParseWith("t.litmus", cTest("WRITE_ONCE(*y, 1); wait(x);"), Options{CDefs: defs})
	if err != nil {
		t.Fatal(err)
	}
	got := test.Threads[0].Code
	want := []litmus.Instr{
		{Pos: litmus.Pos{File: "t.litmus", Line: 4, Col: 1}, Op: litmus.OpStore, Text: "WRITE_ONCE(*y, 1)", Addr: ay, Src: litmus.C(1), WTags: []string{"ONCE"}},
		{Pos: litmus.Pos{File: "defs.c", Line: 3, Col: 2}, Op: litmus.OpBranch, Text: "while (READ_ONCE(*f) == 0)", Target: 3},
		{Pos: litmus.Pos{File: "defs.c", Line: 4, Col: 3}, Op: litmus.OpFence, Text: "cpu_relax()", FTags: []string{"Barrier"}},
		{Pos: litmus.Pos{File: "defs.c", Line: 3, Col: 9}, Op: litmus.OpLoad, Text: "READ_ONCE(*f)", Dst: "#1", Addr: ax, RTags: []string{"ONCE"}},
		{Pos: litmus.Pos{File: "defs.c", Line: 3, Col: 2}, Op: litmus.OpBranch, Text: "while (READ_ONCE(*f) == 0)",
			Cond: litmus.Bin(litmus.OpEq, litmus.R("#1"), litmus.C(0)), Target: 2, CtrlEnd: 5},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got)\n%s", diff)
	}
}

func TestCLoopErrors(t *testing.T) {
	defs, err := cparse.ParseCDefs("defs.c", "int f(int *p)\n{\n\twhile (READ_ONCE(*p))\n\t\treturn 1;\n\treturn 0;\n}\n"+
		"int g(int *p)\n{\n\tif (READ_ONCE(*p)) {\n\t\treturn 1;\n\t}\n\treturn 0;\n}\n")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ body, want string }{
		{"int r0 = f(x);", "<nil>"},
		{"int r0 = g(x);", "<nil>"},
		{"do WRITE_ONCE(*x, 1); while (1)", "t.litmus:5:1: unexpected token \"}\" (expected \";\")"},
		{"while READ_ONCE(*x);", "t.litmus:4:1: unexpected token \"while\" (expected \"}\")"},
	}
	for _, tt := range tests {
		_, err := ParseWith("t.litmus", cTest(tt.body), Options{CDefs: defs})
		got := "<nil>"
		if err != nil {
			got = err.Error()
		}
		if got != tt.want {
			t.Errorf("%s: got %s, want %s", tt.body, got, tt.want)
		}
	}
}

// TestCEarlyReturnCode: a return inside an if jumps to the function's
// end, and the if's control dependency runs to that end, over the code
// the return skips.
func TestCEarlyReturnCode(t *testing.T) {
	defs, err := cparse.ParseCDefs("defs.c", "int g(int *p)\n{\n\tif (READ_ONCE(*p))\n\t\treturn 1;\n\tWRITE_ONCE(*p, 2);\n\treturn 0;\n}\n")
	if err != nil {
		t.Fatal(err)
	}
	test, err := ParseWith("t.litmus", cTest("int r0 = g(x);"), Options{CDefs: defs})
	if err != nil {
		t.Fatal(err)
	}
	code := test.Threads[0].Code
	end := len(code)
	var ifs, exits []int
	for i, in := range code {
		switch {
		case in.Op == litmus.OpBranch && in.Cond != nil:
			ifs = append(ifs, i)
		case in.Op == litmus.OpBranch:
			exits = append(exits, i)
		}
	}
	if len(ifs) != 1 || len(exits) != 1 {
		t.Fatalf("want one if and one return jump, got %d and %d:\n%v", len(ifs), len(exits), code)
	}
	if got := code[exits[0]].Target; got != end {
		t.Errorf("the return jumps to %d, want the end, %d", got, end)
	}
	if got := code[ifs[0]].CtrlEnd; got != end {
		t.Errorf("the if's control dependency ends at %d, want the function's end, %d", got, end)
	}
}
