package main

import (
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestMixedSizeRefused: in C the LKMM column refuses an access narrower
// than the word or inside a location (the LKMM has no mixed-size
// semantics), exit 2, in every format, naming the first such access; and
// an assembly access past its location is refused, as herd7 -variant
// mixed refuses it.
func TestMixedSizeRefused(t *testing.T) {
	lkmm := ": unsupported: mixed-size access in the LKMM column: "
	tail := " of its 4-byte location, and the LKMM has no mixed-size semantics (the hardware columns run the test at its widths)"
	tests := []struct{ name, src, stderr string }{
		{"C u8 cast", "C t\n{}\nP0(int *x) {\n  WRITE_ONCE(*(u8 *)x, 1);\n}\nP1(int *x) {\n  int r0 = READ_ONCE(*x);\n}\nexists (1:r0=1)\n",
			`:4:3` + lkmm + `"WRITE_ONCE(*(u8 *)x, 1)" accesses 1 byte at offset 0` + tail},
		{"C u16 cast", "C t\n{}\nP0(int *x) {\n  smp_store_release((u16 *)x, 1);\n  int r0 = smp_load_acquire(x);\n}\nexists (0:r0=1)\n",
			`:4:3` + lkmm + `"smp_store_release((u16 *)x, 1)" accesses 2 bytes at offset 0` + tail},
		{"C byte parameter", "C t\n{}\nP0(u8 *x) {\n  *x = 1;\n}\nP1(int *x) {\n  int r0 = *x;\n}\nexists (1:r0=1)\n",
			`:4:3` + lkmm + `"*x = 1;" accesses 1 byte at offset 0` + tail},
		{"C qspinlock member", "C t\n{}\nP0(struct qspinlock *l) {\n  WRITE_ONCE(l->tail, 1);\n}\nexists (l=65536)\n",
			`:4:3` + lkmm + `"WRITE_ONCE(l->tail, 1)" accesses 2 bytes at offset 2` + tail},
		{"PPC ld past a word", "PPC t\n{ 0:r2=x; 1:r2=x; }\n P0           | P1           ;\n li r1,1      | ld r3,0(r2)  ;\n stw r1,0(r2) |              ;\nexists (1:r3=1)\n",
			`:4:17: unsupported: unaligned or out-of-bound access: x, 8 bytes`},
	}
	for _, tc := range tests {
		path := writeTest(t, "t.litmus", tc.src)
		want := path + strings.ReplaceAll(tc.stderr, "FILE", path) + "\n"
		args := []string{}
		if strings.HasPrefix(tc.name, "C ") {
			args = []string{"--model", "lkmm"}
			want = path + ": LKMM: unsupported: " + want
		}
		for _, format := range []string{"text", "herd", "json"} {
			code, _, errs := runCLI(append(args, "--format", format, path)...)
			if code != 2 {
				t.Errorf("%s, --format %s: exit %d, want 2", tc.name, format, code)
			}
			if diff := cmp.Diff(want, errs); diff != "" {
				t.Errorf("%s, --format %s: stderr (-want +got):\n%s", tc.name, format, diff)
			}
		}
	}
}

// TestMixedSizeRuns: an assembly test that accesses a location at several
// widths runs under mixed-size semantics (herd7's -variant mixed): a word
// load sees a byte or halfword store as part of the word, big-endian on
// PPC.
func TestMixedSizeRuns(t *testing.T) {
	tests := []struct{ name, src, observation string }{
		{"AArch64 STRB", "AArch64 t\n{ 0:X1=x; 1:X1=x; }\n P0           | P1          ;\n MOV W0,#1    | LDR W2,[X1] ;\n STRB W0,[X1] |             ;\nexists (1:X2=1)\n", "Sometimes 1 1"},
		{"AArch64 LDRH", "AArch64 t\n{ 0:X1=x; 1:X1=x; }\n P0          | P1           ;\n MOV W0,#1   | LDRH W2,[X1] ;\n STR W0,[X1] |              ;\nexists (1:X2=1)\n", "Sometimes 1 1"},
		{"AArch64 X and W registers", "AArch64 t\n{ uint64_t x; 0:X1=x; 1:X1=x; }\n P0          | P1          ;\n MOV X0,#1   | LDR W2,[X1] ;\n STR X0,[X1] |             ;\nexists (1:X2=1)\n", "Sometimes 1 1"},
		{"AArch64 SWPB", "AArch64 t\n{ 0:X1=x; 1:X1=x; }\n P0              | P1          ;\n MOV W0,#1       | LDR W2,[X1] ;\n SWPB W0,W3,[X1] |             ;\nexists (1:X2=1)\n", "Sometimes 1 1"},
		{"X86_64 movb", "X86_64 t\n{ }\n P0          | P1             ;\n movb $1,(x) | movl (x),%eax ;\nexists (1:rax=1)\n", "Sometimes 1 1"},
		{"X86_64 movw", "X86_64 t\n{ }\n P0          | P1             ;\n movw $1,(x) | movl (x),%eax ;\nexists (1:rax=1)\n", "Sometimes 1 1"},
		{"X86_64 byte of a word", "X86_64 t\n{ 0:r8=x; 1:r8=x; }\n P0             | P1              ;\n movb $1,1(%r8) | movl (%r8),%eax ;\nexists (1:rax=256)\n", "Sometimes 1 1"},
		{"PPC stb, big-endian", "PPC t\n{ 0:r2=x; 1:r2=x; }\n P0           | P1           ;\n li r1,1      | lwz r3,0(r2) ;\n stb r1,0(r2) |              ;\nexists (1:r3=16777216)\n", "Sometimes 1 1"},
		{"PPC sth at 2", "PPC t\n{ 0:r2=x; 1:r2=x; }\n P0           | P1           ;\n li r1,1      | lwz r3,0(r2) ;\n sth r1,2(r2) |              ;\nexists (1:r3=1)\n", "Sometimes 1 1"},
	}
	for _, tc := range tests {
		path := writeTest(t, "t.litmus", tc.src)
		code, out, errs := runCLI("--format", "herd", path)
		if code != 0 {
			t.Errorf("%s: exit %d, want 0 (stderr %q)", tc.name, code, errs)
		}
		if !strings.Contains(out, "Observation t "+tc.observation+"\n") {
			t.Errorf("%s: output lacks Observation t %s:\n%s", tc.name, tc.observation, out)
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

// TestHexaVariantMixed: --variant mixed --hexa print what herd7 -variant
// mixed -hexa true prints: the states and the condition in hexadecimal,
// and a test with one size also split into cells (here two byte stores
// and a halfword load, whose combined value the load may see).
func TestHexaVariantMixed(t *testing.T) {
	src := "X86_64 t\n{ uint32_t x=0; 0:r8=x; 1:r8=x; 2:r8=x; }\n P0            | P1             | P2              ;\n movb $1,(%r8) | movb $2,1(%r8) | movw (%r8),%ax ;\nexists (2:rax=0x201)\n"
	path := writeTest(t, "t.litmus", src)
	code, out, errs := runCLI("--format", "herd", "--variant", "mixed", "--hexa", path)
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	want := "States 4\n2:rax=0x0;\n2:rax=0x1;\n2:rax=0x200;\n2:rax=0x201;\nOk\nWitnesses\nPositive: 1 Negative: 3\nCondition exists (2:rax=0x201)\n"
	if !strings.Contains(out, want) {
		t.Errorf("output lacks\n%s\ngot:\n%s", want, out)
	}
}
