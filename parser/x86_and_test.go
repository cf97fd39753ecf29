package parser

import (
	"strings"
	"testing"

	"github.com/litmuscheck/litmuscheck/litmus"
)

// TestX86_64And: herd's X86_64 has and, without a size suffix (the
// compiled atomic_and and atomic_andnot use it); andq does not parse, and
// the lock prefix is refused on and and or as herd refuses it.
func TestX86_64And(t *testing.T) {
	src := "X86_64 t\n{ x=7; }\n P0 ;\n movq $6,%rax ;\n and %rax,(x) ;\n and $12,%rax ;\nexists (x=6 /\\ 0:rax=4)\n"
	test, err := Parse("t.litmus", src)
	if err != nil {
		t.Fatal(err)
	}
	var ops []litmus.BinOp
	for _, in := range test.Threads[0].Code {
		if in.Op == litmus.OpRMW || in.Op == litmus.OpMove {
			if b, ok := in.Src.(*litmus.Binary); ok && b.Op == litmus.OpAnd {
				ops = append(ops, b.Op)
			}
			if in.Op == litmus.OpRMW && in.RMWOp == litmus.OpAnd {
				ops = append(ops, in.RMWOp)
			}
		}
	}
	if len(ops) != 2 {
		t.Errorf("want the two ands lowered to &, found %d:\n%+v", len(ops), test.Threads[0].Code)
	}
	for _, bad := range []struct{ instr, msg string }{
		{"andq %rax,(x)", `unknown X86_64 instruction "andq"`},
		{"lock and %rax,(x)", `illegal lock prefix on "and"`},
		{"lock orq %rax,(x)", `illegal lock prefix on "orq"`},
	} {
		_, err := Parse("t.litmus", "X86_64 t\n{ x=7; }\n P0 ;\n "+bad.instr+" ;\nexists (x=6)\n")
		if err == nil || !strings.Contains(err.Error(), bad.msg) {
			t.Errorf("%s: error %v, want one containing %q", bad.instr, err, bad.msg)
		}
	}
}
