package parser

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestAccessSizes checks the width each dialect records on its memory
// accesses (litmus.Instr.Size, 0 for the natural word).
func TestAccessSizes(t *testing.T) {
	tests := []struct {
		name, src string
		want      []uint8 // the Size of each instruction with an address
	}{
		{"C", cTest(`WRITE_ONCE(*x, 1); WRITE_ONCE(*(u8 *)x, 1); r0 = READ_ONCE(*(u16 *)y);
			smp_store_release((unsigned char *)x, 1); r1 = smp_load_acquire((intptr_t *)y);
			*(s16 *)x = 2; r2 = *(char *)x; r3 = *(int **)y; atomic_add(1, (u8 *)v); r4 = xchg((u16 *)v, 1);`),
			[]uint8{0, 1, 2, 1, 0, 2, 1, 0, 1, 2}},
		{"C parameters", "C t\n{}\nP0(u8 *a, short *b, int *c, u8 **d) {\n*a = 1; WRITE_ONCE(*b, 1); *c = 1; r0 = READ_ONCE(*d);\n}\nexists (a=0)\n",
			[]uint8{1, 2, 0, 0}},
		{"AArch64", a64Test("STRB W0,[X1]", "LDRH W2,[X1]", "STR W0,[X1]", "LDR X2,[X1]", "LDAR W3,[X1]",
			"STLRB W0,[X1]", "SWPH W0,W2,[X1]", "CASB W0,W2,[X1]", "LDADD X0,X2,[X1]", "STXR W4,X0,[X1]"),
			[]uint8{1, 2, 4, 8, 4, 1, 2, 1, 8, 8}},
		{"PPC", ppcTest(" stb r1,0(r2) ;\n lbz r1,0(r2) ;\n sth r1,0(r2) ;\n lhzx r1,r0,r2 ;\n lwz r1,0(r2) ;\n std r1,0(r2) ;\n ldx r1,r0,r2 ;\n"),
			[]uint8{1, 1, 2, 2, 0, 8, 8}},
		{"X86", "X86 t\n{}\n P0 ;\n MOV [x],$1 ;\n MOV EAX,[x] ;\n XCHG [x],EAX ;\nexists (x=0)\n",
			[]uint8{0, 0, 0}},
		{"X86_64", "X86_64 t\n{}\n P0 ;\n movb $1,(x) ;\n movw $1,(x) ;\n movl $1,(x) ;\n movq $1,(x) ;\n mov %al,(x) ;\n mov (x),%ax ;\n mov %rax,(x) ;\n mov $1,(x) ;\n lock incl (x) ;\nexists (x=0)\n",
			[]uint8{1, 2, 4, 8, 1, 2, 8, 4, 4}},
	}
	for _, tc := range tests {
		test, err := Parse("t.litmus", tc.src)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		var got []uint8
		for _, in := range test.Threads[0].Code {
			if in.Addr != nil {
				got = append(got, in.Size)
			}
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tc.name, diff)
		}
	}
}
