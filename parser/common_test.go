package parser

import (
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/litmuscheck/litmuscheck/litmus"
)

const sbBody = `
 P0          | P1          ;
 MOV [x],$1  | MOV [y],$1  ;
 MOV EAX,[y] | MOV EAX,[x] ;
`

func TestCommonParts(t *testing.T) {
	src := "X86 SB\n\"doc string\"\nCycle=Fre PodWR\n(* Result: Never *)\n{ x=0; y=1; 0:EAX=2; }\n" + sbBody +
		"locations [x;]\nfilter (0:EAX=0)\n~exists (0:EAX=0 /\\ (1:EAX=0 \\/ not (y=1)))\n"
	test, err := Parse("sb.litmus", src)
	if err != nil {
		t.Fatal(err)
	}
	got := []any{
		test.Arch, test.Name, test.Comments, test.Info,
		len(test.Init), test.Init[1].Value, test.Init[2].Loc,
		test.Locations, litmus.FormatProp(test.Filter),
		test.Cond.Quant.String(), litmus.FormatProp(test.Cond.Prop),
	}
	want := []any{
		litmus.ArchX86, "SB", []string{"doc string", " Result: Never "}, []litmus.KeyValue{{Key: "Cycle", Value: "Fre PodWR"}},
		3, litmus.Int(1), litmus.LocRef{Thread: 0, Name: "EAX"},
		[]litmus.LocRef{{Thread: -1, Name: "x"}}, "0:EAX=0",
		"~exists", `0:EAX=0 /\ (1:EAX=0 \/ not ([y]=1))`,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestNoConditionIsForallTrue(t *testing.T) {
	test, err := Parse("t.litmus", "X86 T\n{ }\n P0 ;\n MOV [x],$1 ;\n")
	if err != nil {
		t.Fatal(err)
	}
	if got := test.Cond.Quant.String() + " " + litmus.FormatProp(test.Cond.Prop); got != "forall true" {
		t.Errorf("condition %q, want forall true", got)
	}
}

func TestCommonErrors(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"no arch", "", "e.litmus:1:1: expected an architecture name (C, PPC, AArch64, X86, X86_64)"},
		{"unknown arch", "MIPS t\n{}\n", `e.litmus:1:1: unsupported: architecture "MIPS" (expected C, PPC, AArch64, X86, X86_64 or RISCV)`},
		{"no name", "X86\n{}\n", `e.litmus:1:4: expected a test name after "X86"`},
		{"no init", "X86 t\n P0 ;\n", "e.litmus:3:1: expected '{' to open the init block"},
		{"unclosed init", "X86 t\n{ x=1;\n", "e.litmus:2:1: unclosed init block: expected '}'"},
		{"bad init", "X86 t\n{ x=; }\n" + sbBody + "exists (0:EAX=0)\n", `e.litmus:2:5: unexpected token ";" (expected <ident>)`},
		{"bad thread", "X86 t\n{ Q1:EAX=1; }\n" + sbBody + "exists (0:EAX=0)\n", `e.litmus:2:3: expected a thread number before ':', found "Q1"`},
		{"bad header row", "X86 t\n{}\n P1 | P0 ;\n MOV [x],$1 | MOV [y],$1 ;\nexists (x=1)\n", `e.litmus:3:2: expected thread name "P0" in the header row, found "P1"`},
		{"bad condition", "X86 t\n{}\n" + sbBody + "exists (0:EAX=)\n", `e.litmus:7:15: unexpected token ")" (expected <ident>)`},
	}
	for _, tc := range tests {
		_, err := Parse("e.litmus", tc.src)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tc.name, diff)
		}
	}
}

// corpusSample is the corpus files a test parses: all of them, or under
// -short every twentieth, a spread sample (conform parses every file).
func corpusSample(files []string) []string {
	if !testing.Short() {
		return files
	}
	var out []string
	for i := 0; i < len(files); i += 20 {
		out = append(out, files[i])
	}
	return out
}

// missingShared ends a test whose input under ../shared is missing: a
// skip on a fresh clone, a failure when CI is set (CI must run it).
func missingShared(t *testing.T, what string) {
	t.Helper()
	if os.Getenv("CI") != "" {
		t.Fatalf("no %s", what)
	}
	t.Skipf("no %s", what)
}
