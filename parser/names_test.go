package parser

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/litmuscheck/litmuscheck/parser/cparse"
)

// fragDefs are fragment functions for the tests of unknown names.
const fragDefs = `void ppc_spin_lock(int *l) { int v = READ_ONCE(*l); WRITE_ONCE(*l, v + 1); }
int bad_read(int *l) { return READ_ONCE(*ll); }
void bad_write(int *l) { w = 1; }
`

// TestUnknownNames covers each name a C thread or fragment may use, and
// each mistake, with its message.
func TestUnknownNames(t *testing.T) {
	defs, err := cparse.ParseCDefs("frag.c", fragDefs)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, init, body, want string
	}{
		{"parameter", "", "WRITE_ONCE(*y, 1);", ""},
		{"declared local", "", "int r1; r0 = r1;", ""},
		{"assigned before", "", "r1 = READ_ONCE(*x); r0 = r1 + 1;", ""},
		{"initialised register", "0:r1=y;", "r0 = READ_ONCE(*r1);", ""},
		{"fragment function", "", "ppc_spin_lock(x);", ""},
		{"misspelt location", "", "r0 = READ_ONCE(*yy);",
			`t.litmus:4:17: unknown location "yy" (expected a parameter of P0, a local assigned before this use, or a register the init block sets)`},
		{"register read before any assignment", "", "r0 = r1;",
			`t.litmus:4:6: unknown location "r1" (expected a parameter of P0, a local assigned before this use, or a register the init block sets)`},
		{"register read in its own first assignment", "", "r1 = r1 + 1;",
			`t.litmus:4:6: unknown location "r1" (expected a parameter of P0, a local assigned before this use, or a register the init block sets)`},
		{"another thread's register", "1:r1=1;", "r0 = r1;",
			`t.litmus:4:6: unknown location "r1" (expected a parameter of P0, a local assigned before this use, or a register the init block sets)`},
		{"unknown argument of a fragment", "", "ppc_spin_lock(bb);",
			`t.litmus:4:15: unknown location "bb" (expected a parameter of P0, a local assigned before this use, or a register the init block sets)`},
		{"unknown in a spin condition", "", "r0 = smp_cond_load_acquire(x, VAL == zz);",
			`t.litmus:4:38: unknown location "zz" (expected a parameter of P0, a local assigned before this use, or a register the init block sets)`},
		{"try_cmpxchg of an unknown old", "", "r0 = try_cmpxchg(x, &old, 1);",
			`t.litmus:4:22: unknown location "old" (expected a parameter of P0, a local assigned before this use, or a register the init block sets)`},
		{"unknown read in a fragment", "", "r0 = bad_read(x);",
			`frag.c:2:42: unknown location "ll" (expected a parameter or a local of bad_read)`},
		{"unknown write in a fragment", "", "bad_write(x);",
			`frag.c:3:26: unknown location "w" (expected a parameter or a local of bad_write)`},
		{"unknown function", "", "ppc_spin_lok(x);",
			`t.litmus:4:1: unknown function "ppc_spin_lok" (not a kernel primitive, an extension or a fragment function)`},
	}
	for _, tc := range tests {
		src := "C t\n{" + tc.init + "}\nP0(int *x, int *y) {\n" + tc.body + "\n}\nP1(int *x) { WRITE_ONCE(*x, 2); }\nexists (x=0)\n"
		_, err := ParseWith("t.litmus", src, Options{CDefs: defs})
		got := ""
		if err != nil {
			got = err.Error()
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tc.name, diff)
		}
	}
}

// TestBadProcess: a register of a thread the test lacks is an error in
// every dialect and in every part that names registers.
func TestBadProcess(t *testing.T) {
	const x86 = "X86 t\n{ %s }\n P0 | P1 ;\n MOV EAX,[x] | MOV EBX,[y] ;\n%s\n"
	const c = "C t\n{ %s }\nP0(int *x) { int r0 = READ_ONCE(*x); }\nP1(int *x) { WRITE_ONCE(*x, 1); }\n%s\n"
	const ppc = "PPC t\n{ %s 0:r2=x; 1:r2=x; }\n P0 | P1 ;\n lwz r1,0(r2) | stw r1,0(r2) ;\n%s\n"
	const arm = "AArch64 t\n{ %s 0:X1=x; 1:X1=x; }\n P0 | P1 ;\n LDR W0,[X1] | STR W0,[X1] ;\n%s\n"
	const x64 = "X86_64 t\n{ %s }\n P0 | P1 ;\n movl (x),%%eax | movl $1,(x) ;\n%s\n"
	tests := []struct {
		name, layout, init, final, want string
	}{
		{"x86 exists", x86, "", "exists (0:EAX=0 /\\ 2:EBX=0)", `t.litmus:5:20: bad process P2 in "2:EBX" (expected a thread from P0 to P1)`},
		{"x86 filter", x86, "", "filter (2:EBX=0)\nexists (0:EAX=0)", `t.litmus:5:9: bad process P2 in "2:EBX" (expected a thread from P0 to P1)`},
		{"x86 locations", x86, "", "locations [x; 3:EAX;]\nexists (0:EAX=0)", `t.litmus:5:15: bad process P3 in "3:EAX" (expected a thread from P0 to P1)`},
		{"x86 init", x86, "2:EAX=1;", "exists (0:EAX=0)", `t.litmus:2:3: bad process P2 in "2:EAX" (expected a thread from P0 to P1)`},
		{"x86 compared registers", x86, "", "exists (0:EAX=2:EAX)", `t.litmus:5:9: bad process P2 in "2:EAX" (expected a thread from P0 to P1)`},
		{"C exists", c, "", "exists (2:r0=0)", `t.litmus:5:9: bad process P2 in "2:r0" (expected a thread from P0 to P1)`},
		{"PPC exists", ppc, "", "exists (5:r1=0)", `t.litmus:5:9: bad process P5 in "5:r1" (expected a thread from P0 to P1)`},
		{"AArch64 exists", arm, "", "exists (2:X0=0)", `t.litmus:5:9: bad process P2 in "2:X0" (expected a thread from P0 to P1)`},
		{"X86_64 exists", x64, "", "exists (2:rax=0)", `t.litmus:5:9: bad process P2 in "2:rax" (expected a thread from P0 to P1)`},
		{"x86 ok", x86, "1:EAX=1;", "exists (0:EAX=0 /\\ 1:EBX=0)", ""},
	}
	for _, tc := range tests {
		src := fmt.Sprintf(tc.layout, tc.init, tc.final)
		_, err := Parse("t.litmus", src)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tc.name, diff)
		}
	}
}

// TestMismatchedRows: every row has one cell per thread of the header, as
// herd7 requires.
func TestMismatchedRows(t *testing.T) {
	tests := []struct{ name, prog, want string }{
		{"header names more threads", " P0 | P1 | P2 ;\n MOV [x],$1 | MOV EAX,[x] ;\n",
			`t.litmus:4:15: mismatch in instruction lines: row has 2 columns but the header names 3 threads`},
		{"one short row", " P0 | P1 ;\n MOV [x],$1 | MOV EAX,[x] ;\n MFENCE ;\n",
			`t.litmus:5:2: mismatch in instruction lines: row has 1 columns but the header names 2 threads`},
		{"row with more columns", " P0 | P1 ;\n MOV [x],$1 | MOV EAX,[x] | MFENCE ;\n",
			`t.litmus:4:29: mismatch in instruction lines: row has 3 columns but the header names 2 threads`},
		{"no rows under the header", " P0 | P1 ;\n",
			`t.litmus:3:2: mismatch in instruction lines: the header row has no instruction rows under it`},
		{"empty cells", " P0 | P1 ;\n MOV [x],$1 | ;\n | MOV EAX,[x] ;\n", ""},
	}
	for _, tc := range tests {
		_, err := Parse("t.litmus", "X86 t\n{}\n"+tc.prog+"exists (x=1)\n")
		got := ""
		if err != nil {
			got = err.Error()
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tc.name, diff)
		}
	}
}

// TestUnusedNameWarnings: a register the condition names but its thread
// never uses, or a location no thread and no init item names, keeps
// herd7's reading (its initial value, 0) and gets a warning; those the
// verdict reads (filter and condition, not a locations line, which only
// prints) are the test's Unused names.
func TestUnusedNameWarnings(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string
		unused    []string
	}{
		{"C", "C t\n{}\nP0(int *x) { int r0 = READ_ONCE(*x); }\nlocations [0:r1]\nexists (0:r0=0 /\\ 0:r2=1 /\\ 0:r2=0)\n", []string{
			"t.litmus:4:12: register 0:r1 is never used by P0; it is read as its initial value (0)",
			"t.litmus:5:19: register 0:r2 is never used by P0; it is read as its initial value (0)",
		}, []string{"0:r2"}},
		{"C locations and condition", "C t\n{}\nP0(int *x) { int r0 = READ_ONCE(*x); }\nlocations [0:r1]\nexists (0:r0=0 /\\ 0:r1=0 /\\ 0:r2=1)\n", []string{
			"t.litmus:4:12: register 0:r1 is never used by P0; it is read as its initial value (0)",
			"t.litmus:5:29: register 0:r2 is never used by P0; it is read as its initial value (0)",
		}, []string{"0:r1", "0:r2"}},
		{"C locations only", "C t\n{}\nP0(int *x) { int r0 = READ_ONCE(*x); }\nlocations [0:r1]\nexists (0:r0=0)\n", []string{
			"t.litmus:4:12: register 0:r1 is never used by P0; it is read as its initial value (0)",
		}, nil},
		{"X86 initialised", "X86 t\n{ 0:EBX=3; }\n P0 ;\n MOV EAX,[x] ;\nexists (0:EAX=0 /\\ 0:EBX=3)\n", []string{
			"t.litmus:5:20: register 0:EBX is never used by P0; it is read as its initial value (3)",
		}, []string{"0:EBX"}},
		{"X86 filter", "X86 t\n{}\n P0 ;\n MOV EAX,[x] ;\nfilter (0:EBX=0)\nexists (0:EAX=0)\n", []string{
			"t.litmus:5:9: register 0:EBX is never used by P0; it is read as its initial value (0)",
		}, []string{"0:EBX"}},
		{"PPC", "PPC t\n{ 0:r2=x; }\n P0 ;\n lwz r1,0(r2) ;\nexists (0:r1=0 /\\ 0:r3=0)\n", []string{
			"t.litmus:5:19: register 0:r3 is never used by P0; it is read as its initial value (0)",
		}, []string{"0:r3"}},
		{"C location in no thread", "C t\n{}\nP0(int *x) { int r0 = READ_ONCE(*x); }\nexists (0:r0=0 /\\ yy=1 /\\ yy=2)\n", []string{
			"t.litmus:4:19: location yy is in no thread and not in the init block; it is read as 0",
		}, []string{"[yy]"}},
		{"AArch64 location in no thread", "AArch64 t\n{ 0:X1=x; }\n P0 ;\n LDR W0,[X1] ;\nexists (0:X0=0 /\\ z=1)\n", []string{
			"t.litmus:5:19: location z is in no thread and not in the init block; it is read as 0",
		}, []string{"[z]"}},
		{"all used", "X86 t\n{ y=1; }\n P0 ;\n MOV EAX,[x] ;\nlocations [y;]\nexists (0:EAX=0 /\\ x=0)\n", nil, nil},
		{"C lock starts held", "C t\n{ l = 1; }\nP0(spinlock_t *l, int *x) { spin_lock(l); WRITE_ONCE(*x, 1); spin_unlock(l); }\nexists (x=0)\n", []string{
			"t.litmus:2:3: lock l starts at 1, but lock.cat's spin_lock reads the initial write as a free lock, whatever its value (as herd7 does): take the lock in the test to start it held",
		}, nil},
		{"C lock starts free", "C t\n{ l = 0; }\nP0(spinlock_t *l, int *x) { spin_lock(l); WRITE_ONCE(*x, 1); spin_unlock(l); }\nexists (x=0)\n", nil, nil},
	}
	for _, tc := range tests {
		test, err := Parse("t.litmus", tc.src)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		var got []string
		for _, w := range test.Warnings {
			got = append(got, w.Error())
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s: warnings (-want +got):\n%s", tc.name, diff)
		}
		if diff := cmp.Diff(tc.unused, test.UnusedNames(), cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("%s: unused (-want +got):\n%s", tc.name, diff)
		}
	}
}

// TestUnknownAddressRegister: an assembly access through a register that
// nothing sets names no location.
func TestUnknownAddressRegister(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"AArch64", "AArch64 t\n{ 0:X1=x; }\n P0 ;\n LDR W2,[X5] ;\nexists (0:X2=1)\n",
			`t.litmus:4:2: unknown location: the address of "LDR W2,[X5]" is in X5, which nothing sets (expected a register the init block sets, such as "0:X5=x")`},
		{"PPC", "PPC t\n{ 0:r2=x; }\n P0 ;\n lwz r3,0(r4) ;\nexists (0:r3=1)\n",
			`t.litmus:4:2: unknown location: the address of "lwz r3,0(r4)" is in r4, which nothing sets (expected a register the init block sets, such as "0:r4=x")`},
		{"PPC indexed", "PPC t\n{ }\n P0 ;\n lwzx r3,r5,r4 ;\nexists (0:r3=1)\n",
			`t.litmus:4:2: unknown location: the address of "lwzx r3,r5,r4" is in r5 and r4, which nothing sets (expected a register the init block sets, such as "0:r5=x")`},
		{"X86", "X86 t\n{ }\n P0 ;\n MOV EAX,[EBX] ;\nexists (0:EAX=1)\n",
			`t.litmus:4:2: unknown location: the address of "MOV EAX,[EBX]" is in EBX, which nothing sets (expected a register the init block sets, such as "0:EBX=x")`},
		{"X86_64", "X86_64 t\n{ }\n P0 ;\n movl (%rbx),%eax ;\nexists (0:rax=1)\n",
			`t.litmus:4:2: unknown location: the address of "movl (%rbx),%eax" is in rbx, which nothing sets (expected a register the init block sets, such as "0:rbx=x")`},
		{"a named location with an index register", "X86_64 t\n{ }\n P0 ;\n movl (x,%rbx),%eax ;\nexists (0:rax=1)\n", ""},
		{"set by the init block", "AArch64 t\n{ 0:X5=x; }\n P0 ;\n LDR W2,[X5] ;\nexists (0:X2=1)\n", ""},
		{"set by the thread", "PPC t\n{ 0:r2=x; }\n P0 ;\n lwz r4,0(r2) ;\n lwz r3,0(r4) ;\nexists (0:r3=1)\n", ""},
		{"an offset register nothing sets", "PPC t\n{ 0:r2=x; }\n P0 ;\n lwzx r3,r5,r2 ;\nexists (0:r3=1)\n", ""},
	}
	for _, tc := range tests {
		_, err := Parse("t.litmus", tc.src)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tc.name, diff)
		}
	}
}
