package main

import (
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestMixedSizeRefused: every access narrower or wider than the other
// accesses of its location is refused, exit 2, in every dialect and every
// format; conform, which emulates herd7, runs such a test with herd7's
// defaults instead.
func TestMixedSizeRefused(t *testing.T) {
	tests := []struct{ name, src, stderr string }{
		{"C u8 cast", "C t\n{}\nP0(int *x) {\n  WRITE_ONCE(*(u8 *)x, 1);\n}\nP1(int *x) {\n  int r0 = READ_ONCE(*x);\n}\nexists (1:r0=1)\n",
			`:7:12: unsupported: mixed-size access: P1's "READ_ONCE(*x)" accesses x as 4 bytes, P0's "WRITE_ONCE(*(u8 *)x, 1)" (FILE:4:3) as 1 byte`},
		{"C u16 cast", "C t\n{}\nP0(int *x) {\n  smp_store_release((u16 *)x, 1);\n  int r0 = smp_load_acquire(x);\n}\nexists (0:r0=1)\n",
			`:5:12: unsupported: mixed-size access: P0's "smp_load_acquire(x)" accesses x as 4 bytes, P0's "smp_store_release((u16 *)x, 1)" (FILE:4:3) as 2 bytes`},
		{"C byte parameter", "C t\n{}\nP0(u8 *x) {\n  *x = 1;\n}\nP1(int *x) {\n  int r0 = *x;\n}\nexists (1:r0=1)\n",
			`:7:7: unsupported: mixed-size access: P1's "int r0 = *x;" accesses x as 4 bytes, P0's "*x = 1;" (FILE:4:3) as 1 byte`},
		{"AArch64 STRB", "AArch64 t\n{ 0:X1=x; 1:X1=x; }\n P0           | P1          ;\n MOV W0,#1    | LDR W2,[X1] ;\n STRB W0,[X1] |             ;\nexists (1:X2=1)\n",
			`:4:17: unsupported: mixed-size access: P1's "LDR W2,[X1]" accesses x as 4 bytes, P0's "STRB W0,[X1]" (FILE:5:2) as 1 byte`},
		{"AArch64 LDRH", "AArch64 t\n{ 0:X1=x; 1:X1=x; }\n P0          | P1           ;\n MOV W0,#1   | LDRH W2,[X1] ;\n STR W0,[X1] |              ;\nexists (1:X2=1)\n",
			`:4:16: unsupported: mixed-size access: P1's "LDRH W2,[X1]" accesses x as 2 bytes, P0's "STR W0,[X1]" (FILE:5:2) as 4 bytes`},
		{"AArch64 X and W registers", "AArch64 t\n{ 0:X1=x; 1:X1=x; }\n P0          | P1          ;\n MOV X0,#1   | LDR W2,[X1] ;\n STR X0,[X1] |             ;\nexists (1:X2=1)\n",
			`:4:16: unsupported: mixed-size access: P1's "LDR W2,[X1]" accesses x as 4 bytes, P0's "STR X0,[X1]" (FILE:5:2) as 8 bytes`},
		{"AArch64 SWPB", "AArch64 t\n{ 0:X1=x; 1:X1=x; }\n P0              | P1          ;\n MOV W0,#1       | LDR W2,[X1] ;\n SWPB W0,W3,[X1] |             ;\nexists (1:X2=1)\n",
			`:4:20: unsupported: mixed-size access: P1's "LDR W2,[X1]" accesses x as 4 bytes, P0's "SWPB W0,W3,[X1]" (FILE:5:2) as 1 byte`},
		{"X86_64 movb", "X86_64 t\n{ }\n P0          | P1             ;\n movb $1,(x) | movl (x),%eax ;\nexists (1:rax=1)\n",
			`:4:16: unsupported: mixed-size access: P1's "movl (x),%eax" accesses x as 4 bytes, P0's "movb $1,(x)" (FILE:4:2) as 1 byte`},
		{"X86_64 movw", "X86_64 t\n{ }\n P0          | P1             ;\n movw $1,(x) | movl (x),%eax ;\nexists (1:rax=1)\n",
			`:4:16: unsupported: mixed-size access: P1's "movl (x),%eax" accesses x as 4 bytes, P0's "movw $1,(x)" (FILE:4:2) as 2 bytes`},
		{"X86_64 movq", "X86_64 t\n{ }\n P0          | P1             ;\n movq $1,(x) | movl (x),%eax ;\nexists (1:rax=1)\n",
			`:4:16: unsupported: mixed-size access: P1's "movl (x),%eax" accesses x as 4 bytes, P0's "movq $1,(x)" (FILE:4:2) as 8 bytes`},
		{"X86_64 byte register", "X86_64 t\n{ }\n P0            | P1             ;\n mov %al,(x)   | movl (x),%eax ;\nexists (1:rax=1)\n",
			`:4:18: unsupported: mixed-size access: P1's "movl (x),%eax" accesses x as 4 bytes, P0's "mov %al,(x)" (FILE:4:2) as 1 byte`},
		{"PPC stb", "PPC t\n{ 0:r2=x; 1:r2=x; }\n P0           | P1           ;\n li r1,1      | lwz r3,0(r2) ;\n stb r1,0(r2) |              ;\nexists (1:r3=1)\n",
			`:4:17: unsupported: mixed-size access: P1's "lwz r3,0(r2)" accesses x as 4 bytes, P0's "stb r1,0(r2)" (FILE:5:2) as 1 byte`},
		{"PPC sth", "PPC t\n{ 0:r2=x; 1:r2=x; }\n P0           | P1           ;\n li r1,1      | lwz r3,0(r2) ;\n sth r1,0(r2) |              ;\nexists (1:r3=1)\n",
			`:4:17: unsupported: mixed-size access: P1's "lwz r3,0(r2)" accesses x as 4 bytes, P0's "sth r1,0(r2)" (FILE:5:2) as 2 bytes`},
		{"PPC ld", "PPC t\n{ 0:r2=x; 1:r2=x; }\n P0           | P1           ;\n li r1,1      | ld r3,0(r2)  ;\n stw r1,0(r2) |              ;\nexists (1:r3=1)\n",
			`:4:17: unsupported: mixed-size access: P1's "ld r3,0(r2)" accesses x as 8 bytes, P0's "stw r1,0(r2)" (FILE:5:2) as 4 bytes`},
	}
	for _, tc := range tests {
		path := writeTest(t, "t.litmus", tc.src)
		want := path + strings.ReplaceAll(tc.stderr, "FILE", path) + "\n"
		for _, format := range []string{"text", "herd", "json"} {
			code, _, errs := runCLI("--format", format, path)
			if code != 2 {
				t.Errorf("%s, --format %s: exit %d, want 2", tc.name, format, code)
			}
			if diff := cmp.Diff(want, errs); diff != "" {
				t.Errorf("%s, --format %s: stderr (-want +got):\n%s", tc.name, format, diff)
			}
		}
	}
}

// TestOneSizeRuns: byte and halfword accesses run when they are all a
// location sees.
func TestOneSizeRuns(t *testing.T) {
	tests := []struct{ name, src, verdict string }{
		{"AArch64 bytes", "AArch64 t\n{ 0:X1=x; 1:X1=x; }\n P0           | P1           ;\n MOV W0,#1    | LDRB W2,[X1] ;\n STRB W0,[X1] |              ;\nexists (1:X2=1)\n", "Sometimes"},
		{"PPC halfwords", "PPC t\n{ 0:r2=x; 1:r2=x; }\n P0           | P1           ;\n li r1,1      | lhz r3,0(r2) ;\n sth r1,0(r2) |              ;\nexists (1:r3=1)\n", "Sometimes"},
		{"X86_64 bytes", "X86_64 t\n{ }\n P0          | P1            ;\n movb $1,(x) | movb (x),%al ;\nexists (1:rax=1)\n", "Sometimes"},
		{"C bytes", "C t\n{}\nP0(u8 *x) {\n  WRITE_ONCE(*x, 1);\n}\nP1(int *x) {\n  int r0 = READ_ONCE(*(u8 *)x);\n}\nexists (1:r0=1)\n", "Sometimes"},
	}
	for _, tc := range tests {
		path := writeTest(t, "t.litmus", tc.src)
		code, out, errs := runCLI("--format", "herd", path)
		if code != 0 {
			t.Errorf("%s: exit %d, want 0 (stderr %q)", tc.name, code, errs)
		}
		if !strings.Contains(out, "Observation t "+tc.verdict) {
			t.Errorf("%s: output lacks %s:\n%s", tc.name, tc.verdict, out)
		}
	}
}

// TestConformRunsMixedSize: conform emulates herd7, which runs mixed-size
// accesses without -variant mixed; it does not refuse them.
func TestConformRunsMixedSize(t *testing.T) {
	path := writeTest(t, "t.litmus", "AArch64 t\n{ 0:X1=x; 1:X1=x; }\n P0           | P1          ;\n MOV W0,#1    | LDR W2,[X1] ;\n STRB W0,[X1] |             ;\nexists (1:X2=1)\n")
	if err := os.WriteFile(path+".expected", []byte("Test t Allowed\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := conformOne(path, options{jobs: 1})
	if out.err != nil {
		t.Errorf("conform refused the test: %v", out.err)
	}
}
