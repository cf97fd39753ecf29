package parser

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// deepCTest is a one-thread C test with body and condition cond.
func deepCTest(body, cond string) string {
	return "C deep\n{}\nP0(int *x)\n{\n\tint r0;\n" + body + "\n}\nexists (" + cond + ")\n"
}

// TestNestingLimit feeds each form of deep nesting, a hundred thousand
// levels deep where the grammar would recurse that often, and checks the
// error names the place where the nesting passes MaxNesting; one level less
// than the limit still parses.
func TestNestingLimit(t *testing.T) {
	const deep = 100000
	rep := strings.Repeat
	read := "r0 = READ_ONCE(*x);"
	tooDeep := fmt.Sprintf("unsupported: nesting deeper than %d levels", MaxNesting)
	tests := []struct {
		name, src string
		at        string // line:col of the error, "" when the input parses
	}{
		{"parentheses in exists", deepCTest(read, rep("(", deep)+"0:r0=0"+rep(")", deep)), "8:208"},
		{"tildes in exists", deepCTest(read, rep("~", deep)+"0:r0=0"), "8:208"},
		{"not in exists", deepCTest(read, rep("not ", deep)+"0:r0=0"), "8:805"},
		{"implication chain", deepCTest(read, rep("0:r0=0 => ", deep)+"0:r0=0"), "8:2006"},
		{"nested braces", deepCTest(rep("{", deep)+read+rep("}", deep), "0:r0=0"), "6:200"},
		{"parentheses in C", deepCTest("r0 = "+rep("(", deep)+"READ_ONCE(*x)"+rep(")", deep)+";", "0:r0=0"), "6:205"},
		{"prefix operators in C", deepCTest("r0 = "+rep("!", deep)+"READ_ONCE(*x);", "0:r0=0"), "6:205"},
		{"else if chain", deepCTest(read+rep(" if (r0) r0 = 1; else", deep)+" r0 = 2;", "0:r0=0"), "6:4203"},
		{"brackets in the init block", "X86 deep\n{ " + rep("[", deep) + "x" + rep("]", deep) + "=0; }\n P0 ;\n MOV EAX,[x] ;\nexists (0:EAX=0)\n", "2:203"},
		// The thread's braces, READ_ONCE's parenthesis and the * make three.
		{"just under the limit", deepCTest(rep("{", MaxNesting-3)+read+rep("}", MaxNesting-3),
			rep("(", MaxNesting-2)+"0:r0=0"+rep(")", MaxNesting-2)), ""},
		{"comments do not nest", deepCTest("// "+rep("(", deep)+"\n/* "+rep("{", deep)+" */\n"+read, "0:r0=0) (* "+rep("(", deep)+" *) /\\ (0:r0=0"), ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse("deep.litmus", tc.src)
			got := ""
			if err != nil {
				got = err.Error()
			}
			want := ""
			if tc.at != "" {
				want = "deep.litmus:" + tc.at + ": " + tooDeep
			}
			if !strings.HasPrefix(got, want) || (want == "" && got != "") {
				t.Errorf("error %.300q,\nwant one starting %q", got, want)
			}
		})
	}
}

// TestNestingCountsWrappingOperators checks that prefix operators wrapping
// a parenthesis count towards the depth inside it.
func TestNestingCountsWrappingOperators(t *testing.T) {
	half := MaxNesting/2 + 1
	src := deepCTest("r0 = READ_ONCE(*x);", strings.Repeat("~(", half)+"0:r0=0"+strings.Repeat(")", half))
	_, err := Parse("deep.litmus", src)
	want := fmt.Sprintf("deep.litmus:8:%d: unsupported: nesting deeper than %d levels", len("exists (")+2*MaxNesting/2, MaxNesting)
	got := fmt.Sprint(err)
	if diff := cmp.Diff(want, got[:min(len(got), len(want))]); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}
