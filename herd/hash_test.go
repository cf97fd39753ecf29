package herd

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestNormalisedParts(t *testing.T) {
	tests := []struct {
		name, got, want string
	}{
		{"init sorted, registers first", initText("x=1; 1:r2=y; 0:r2=x; int z;"), "0:r2=x; 1:r2=y; x=1; int z=0"},
		{"init pointer and ATOMIC_INIT", initText("int *p = &a; atomic_t v = ATOMIC_INIT(2);"), "int *p=a; atomic_t v=2"},
		{"init symbolic register", initText("%x0=x; P1:r1=0"), "1:r1=0; x0=x"},
		{"observed: condition and locations", observedText("locations [0:r5*; y;]\nexists (1:r1=1 /\\ x=2 /\\ 0:r0=1:r2)"), "0:r0; 0:r5; 1:r1; 1:r2; x; y"},
		{"observed: filter excluded", observedText("filter (z=1)\nexists (0: X3 = 1)"), "0:X3"},
		{"PPC canonical", mustCanon(t, "PPC", "ld  r5, 0x10(r4)"), "lwz r5,16(r4)"},
		{"PPC displacement", mustCanon(t, "PPC", "stw r6,0,r4"), "stw r6,0(r4)"},
		{"X86_64 lock", mustCanon(t, "X86_64", "lock cmpxchgl (x), %ecx"), "lock; cmpxchgl (x),%ecx"},
		{"init thread prefix with blanks", initText("0: X0 = x;         1: X0 = y;"), "0:X0=x; 1:X0=y"},
		{"AArch64 post-index", mustCanon(t, "AArch64", "STR W2,[X3],#4"), "STR W2,[X3]#4"},
		{"AArch64 extended register", mustCanon(t, "AArch64", "STR W5, [X0, W4, SXTW]"), "STR W5,[X0,W4,SXTW]"},
		{"AArch64 pair post-index", mustCanon(t, "AArch64", "LDP X1,X2,[X0],#8"), "LDP X1,X2, [X0]#8"},
		{"C parameters", cParams("int **x, atomic_t *v"), "int** x, atomic_t* v"},
		{"columns", layout([][]string{{"li r1,1", "sync"}, {"L00:"}}), " li r1,1 | L00: ;\n sync    |      ;\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, tc.got); diff != "" {
				t.Errorf("(-want +got)\n%s", diff)
			}
		})
	}
}

func TestHashHeaderWins(t *testing.T) {
	got, err := Hash(Sections{Arch: "PPC", Preamble: "\nHash=abc123\n"})
	if err != nil || got != "abc123" {
		t.Errorf("Hash = %q, %v; want the header's abc123", got, err)
	}
}

// TestHashPairPostIndex is a hash herd7 printed for a test our parser
// refuses (LDP), so that the printer's pair form is checked all the same.
func TestHashPairPostIndex(t *testing.T) {
	got, err := Hash(Sections{Arch: "AArch64", Init: "\nint64_t x[4]; 0:X0=x;\n",
		Program: " P0           ;\n LDP X1,X2,[X0],#8  ;\n", Final: "exists (0:X1=1)\n"})
	if want := "06cba833054d59a97bbbcafdf193eb37"; err != nil || got != want {
		t.Errorf("Hash = %q, %v; want %s", got, err, want)
	}
}

func mustCanon(t *testing.T, arch, ins string) string {
	s, err := canonical(arch, ins, nil)
	if err != nil {
		t.Fatal(err)
	}
	return s
}
