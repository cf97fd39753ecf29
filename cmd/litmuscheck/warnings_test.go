package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// writeTest writes src to a file of a temporary directory and returns its
// path.
func writeTest(t *testing.T, name, src string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestUnknownNamesExit: each mistake in naming is refused with its message
// and exit status 2, never a Never.
func TestUnknownNamesExit(t *testing.T) {
	tests := []struct{ name, src, stderr string }{
		{"unknown location", "C t\n{}\nP0(int *x, int *y) {\n  int r0 = READ_ONCE(*yy);\n}\nexists (0:r0=1)\n",
			`:4:23: unknown location "yy" (expected a parameter of P0, a local assigned before this use, or a register the init block sets)`},
		{"unknown argument of a fragment", "C t\n{}\nP0(int *x) {\n  ppc_spin_lock(bb);\n}\nexists (x=1)\n",
			`:4:17: unknown location "bb" (expected a parameter of P0, a local assigned before this use, or a register the init block sets)`},
		{"unknown function", "C t\n{}\nP0(int *x) {\n  spin_lok(x);\n}\nexists (x=1)\n",
			`:4:3: unknown function "spin_lok" (not a kernel primitive, an extension or a fragment function)`},
		{"address register nothing sets", "AArch64 t\n{ 0:X1=x; 1:X1=x; }\n P0          | P1          ;\n MOV W0,#1   | LDR W2,[X5] ;\n STR W0,[X1] |             ;\nexists (1:X2=1)\n",
			`:4:16: unknown location: the address of "LDR W2,[X5]" is in X5, which nothing sets (expected a register the init block sets, such as "1:X5=x")`},
		{"bad process", "X86 t\n{}\n P0 | P1 ;\n MOV [x],$1 | MOV EAX,[x] ;\nexists (1:EAX=1 /\\ 2:EBX=0)\n",
			`:5:20: bad process P2 in "2:EBX" (expected a thread from P0 to P1)`},
		{"mismatch in instruction lines", "X86 t\n{}\n P0 | P1 | P2 ;\n MOV [x],$1 | MOV EAX,[x] ;\nexists (1:EAX=1)\n",
			`:4:15: mismatch in instruction lines: row has 2 columns but the header names 3 threads`},
	}
	for _, tc := range tests {
		path := writeTest(t, "t.litmus", tc.src)
		code, out, errs := runCLI(path)
		if code != 2 {
			t.Errorf("%s: exit %d, want 2 (stdout %q)", tc.name, code, out)
		}
		if diff := cmp.Diff(path+tc.stderr+"\n", errs); diff != "" {
			t.Errorf("%s: stderr (-want +got):\n%s", tc.name, diff)
		}
	}
}

// TestWarningsOnStderr: a condition register its thread never uses keeps
// herd7's answer (read as 0), exit 0, and is named on stderr.
func TestWarningsOnStderr(t *testing.T) {
	path := writeTest(t, "t.litmus", "X86 t\n{}\n P0 | P1 ;\n MOV [x],$1 | MOV EAX,[x] ;\nexists (1:EAX=1 /\\ 1:EBX=0)\n")
	code, out, errs := runCLI("--format", "herd", path)
	if code != 0 {
		t.Errorf("exit %d, want 0 (stderr %q)", code, errs)
	}
	want := path + ":5:20: warning: register 1:EBX is never used by P1; it is read as its initial value (0)\n"
	if diff := cmp.Diff(want, errs); diff != "" {
		t.Errorf("stderr (-want +got):\n%s", diff)
	}
	if !strings.Contains(out, "Observation t Sometimes 1 1") {
		t.Errorf("herd output lacks the verdict herd7 gives:\n%s", out)
	}
}
