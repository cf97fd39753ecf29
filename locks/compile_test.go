package locks

import (
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/litmuscheck/litmuscheck/explore"
	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/locks/mapping"
	"github.com/litmuscheck/litmuscheck/models"
	"github.com/litmuscheck/litmuscheck/parser"
)

// TestTablesComplete: every table maps every primitive, and every
// template's placeholders are ones the compiler fills.
func TestTablesComplete(t *testing.T) {
	known := map[string]bool{"d": true, "a": true, "s": true, "e": true, "t": true, "f": true,
		"skip": true, "abort": true, "acq": true, "op": true, "t2": true}
	for _, tg := range Targets {
		for _, p := range mapping.Prims {
			tmpl, ok := tg.Table.Prims[p]
			if !ok {
				t.Errorf("%s: no template for %s", tg.Name, p)
			}
			for _, line := range tmpl {
				for _, f := range strings.Split(line, "{")[1:] {
					name, _, _ := strings.Cut(f, "}")
					if !known[name] {
						t.Errorf("%s: %s: unknown placeholder {%s}", tg.Name, p, name)
					}
				}
			}
		}
		if len(tg.Table.Prims) != len(mapping.Prims) {
			t.Errorf("%s: %d templates for %d primitives", tg.Name, len(tg.Table.Prims), len(mapping.Prims))
		}
	}
}

func compileThread(t *testing.T, body, target string) string {
	t.Helper()
	src := "C t\n{}\nP0(int *x, int *y, spinlock_t *l)\n{\n" + body + "\n}\nexists (x=0)\n"
	test, err := ParseC("t.litmus", src, nil)
	if err != nil {
		t.Fatal(err)
	}
	c, err := Compile(test, TargetByName(target))
	if err != nil {
		t.Fatal(err)
	}
	// The thread's column, without padding.
	var code []string
	for _, l := range strings.Split(c.Text, "\n") {
		if strings.HasSuffix(l, ";") && !strings.Contains(l, "=") {
			code = append(code, strings.TrimSpace(strings.TrimSuffix(l, ";")))
		}
	}
	return strings.Join(code[1:], "\n")
}

// TestCompile pins the code of one thread per target: a fully ordered
// cmpxchg (trailing barrier skipped on failure), a store-release, an
// acquire fetch-and-add and smp_mb.
func TestCompile(t *testing.T) {
	body := "int r0; int r1;\nr0 = cmpxchg(x, 0, 1);\nsmp_store_release(y, r0);\nr1 = atomic_fetch_add_acquire(2, y);\nsmp_mb();"
	want := map[string]string{
		"power": `li r2,1
li r3,0
li r7,2
sync
lwarx r4,r0,r1
cmpw r4,r3
bne L0_1
stwcx. r2,r0,r1
bne Abort0
sync
L0_1:
lwsync
stw r4,0(r5)
lwarx r8,r0,r5
add r6,r8,r7
stwcx. r6,r0,r5
bne Abort0
lwsync
sync
b L0_2
Abort0:
li r9,1
L0_2:`,
		"power-isync": `li r2,1
li r3,0
li r7,2
sync
lwarx r4,r0,r1
cmpw r4,r3
bne L0_1
stwcx. r2,r0,r1
bne Abort0
sync
L0_1:
lwsync
stw r4,0(r5)
lwarx r8,r0,r5
add r6,r8,r7
stwcx. r6,r0,r5
bne Abort0
isync
sync
b L0_2
Abort0:
li r9,1
L0_2:`,
		"armv8": `MOV X1,#1
MOV X2,#0
MOV X7,#2
LDXR X3,[X0]
EOR X4,X3,X2
CBNZ X4,L0_1
STLXR W5,X1,[X0]
CBNZ W5,Abort0
DMB ISH
L0_1:
STLR X3,[X6]
LDAXR X8,[X6]
ADD X5,X8,X7
STXR W4,X5,[X6]
CBNZ W4,Abort0
DMB ISH
B L0_2
Abort0:
MOV X9,#1
L0_2:`,
		"armv8-lse": `MOV X1,#1
MOV X2,#0
MOV X6,#2
MOV X3,X2
CASAL X3,X1,[X0]
STLR X3,[X4]
LDADDA X6,X7,[X4]
DMB ISH`,
		"tso": `movq $1,%rbx
movq $0,%rcx
movq %rcx,%rax
lock cmpxchgq (x),%rbx
movq %rax,%rdx
movq %rdx,(y)
movq $2,%rcx
movq (y),%rax
movq %rax,%rbx
addq %rcx,%rbx
lock cmpxchgq (y),%rbx
jne Abort0
movq %rax,%rsi
mfence
jmp L0_1
Abort0:
movq $1,%rdi
L0_1:`,
		"riscv": `li x6,1
li x7,0
li x11,2
lr.w x8,0(x5)
bne x8,x7,L0_1
sc.w.rl x9,x6,0(x5)
bne x9,x0,Abort0
fence rw,rw
L0_1:
fence rw,w
sw x8,0(x10)
amoadd.w x12,x11,(x10)
fence r,rw
fence rw,rw
j L0_2
Abort0:
li x13,1
L0_2:`,
	}
	for _, tg := range Targets {
		got := compileThread(t, body, tg.Name)
		if diff := cmp.Diff(want[tg.Name], got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tg.Name, diff)
		}
	}
}

// TestCompileBooleans: a boolean the condition reads is materialised
// after the thread's last memory access; one only tested becomes a branch.
func TestCompileBooleans(t *testing.T) {
	body := "int r0;\nr0 = READ_ONCE(*x) == 1;\nWRITE_ONCE(*y, 2);"
	src := "C t\n{}\nP0(int *x, int *y)\n{\n" + body + "\n}\nexists (0:r0=1)\n"
	test, err := ParseC("t.litmus", src, nil)
	if err != nil {
		t.Fatal(err)
	}
	c, err := Compile(test, TargetByName("power"))
	if err != nil {
		t.Fatal(err)
	}
	store := strings.Index(c.Text, "stw ")
	cmp := strings.Index(c.Text, "cmpwi")
	if store < 0 || cmp < store {
		t.Errorf("the comparison should follow the store:\n%s", c.Text)
	}
	if !strings.Contains(c.Text, "exists (0:r6=1)") || c.CRegs[litmus.LocRef{Thread: 0, Name: "r6"}].Name != "r0" {
		t.Errorf("r0 should be machine register r6:\n%s", c.Text)
	}
}

func TestCompileErrors(t *testing.T) {
	tests := []struct {
		body, target, msg string
	}{
		{"int r0; r0 = READ_ONCE(*x); WRITE_ONCE(*y, r0 * 3);", "tso",
			`t: P0: "WRITE_ONCE(*y, r0 * 3)": no x86 instruction for operator "*" in herd's X86_64`},
		{"synchronize_rcu();", "armv8", `t: P0: "synchronize_rcu()": no instruction-level mapping by design: RCU and SRCU are defined by the LKMM alone (tags Sync-rcu)`},
	}
	for _, tc := range tests {
		src := "C t\n{}\nP0(int *x, int *y)\n{\n" + tc.body + "\n}\nexists (x=0)\n"
		test, err := parser.Parse("t.litmus", src)
		if err != nil {
			t.Fatal(err)
		}
		_, err = Compile(test, TargetByName(tc.target))
		if err == nil || err.Error() != tc.msg {
			t.Errorf("%s on %s: error %v, want %q", tc.body, tc.target, err, tc.msg)
		}
	}
}

// TestNativeLocksNeedAnAlgorithm: lock.cat's lock events have no
// instructions; RunC gives hardware targets the default algorithm.
func TestNativeLocksNeedAnAlgorithm(t *testing.T) {
	src := "C t\n{}\nP0(spinlock_t *l)\n{\nspin_lock(l);\nspin_unlock(l);\n}\nexists (l=0)\n"
	test, err := parser.Parse("t.litmus", src)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Compile(test, TargetByName("power")); err == nil {
		t.Error("a native spin_lock compiled")
	}
	run, err := RunC(context.Background(), "t.litmus", src, nil, Columns[1], explore.Options{})
	if err != nil || run.Err != nil || run.Algorithm.Name != DefaultAlgorithm {
		t.Errorf("RunC: %v, %v, %v", err, run.Err, run.Algorithm)
	}
}

// TestFragmentsParse: every algorithm's operations exist in the library.
func TestFragmentsParse(t *testing.T) {
	lib, err := Library()
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range Algorithms {
		for op, fn := range a.Ops {
			if !lib.Has(fn) {
				t.Errorf("%s: %s is %s, which no fragment defines", a.Name, op, fn)
			}
		}
		if _, err := Defs(a); err != nil {
			t.Errorf("%s: %v", a.Name, err)
		}
	}
}

// TestEveryPrimitive compiles and runs, for every target, a test that uses
// each primitive of the tables.
func TestEveryPrimitive(t *testing.T) {
	src := `C every
{}
P0(int *x, int *y)
{
	int r0; int r1;

	r0 = READ_ONCE(*x);
	WRITE_ONCE(*y, r0);
	smp_mb(); smp_rmb(); smp_wmb(); barrier();
	smp_store_release(y, 2);
	r1 = smp_load_acquire(x);
	smp_mb__before_atomic(); smp_mb__after_atomic(); smp_mb__after_spinlock();
}
P1(int *x)
{
	int r2;

	r2 = xchg_relaxed(x, 1);
	r2 = xchg_acquire(x, 2);
	r2 = xchg_release(x, 3);
	r2 = xchg(x, 4);
}
P2(int *x)
{
	int r3; int r4; int r5;

	r3 = cmpxchg_relaxed(x, 4, 5);
	r3 = cmpxchg_acquire(x, 5, 6);
	r3 = cmpxchg_release(x, 6, 7);
	r3 = cmpxchg(x, 7, 8);
	r4 = 8;
	r5 = try_cmpxchg_acquire(x, &r4, 9);
}
P3(atomic_t *v)
{
	int r6; int r7;

	r6 = atomic_read(v);
	atomic_set(v, 1);
	r7 = atomic_fetch_add(1, v);
	r7 = atomic_fetch_or_acquire(2, v);
	r7 = atomic_fetch_xor_release(4, v);
	r7 = atomic_add_return_relaxed(1, v);
	atomic_inc(v);
}
P4(int *y)
{
	int r8;

	r8 = smp_cond_load_acquire(y, VAL != 0);
	r8 = smp_cond_load_relaxed(y, VAL == 2);
}
exists (0:r0=0 /\ 1:r2=0 /\ 2:r5=1 /\ 3:r7=0 /\ 4:r8=2)
`
	test, err := ParseC("every.litmus", src, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tg := range Targets {
		c, err := Compile(test, tg)
		if err != nil {
			t.Errorf("%s: %v", tg.Name, err)
			continue
		}
		if len(c.Test.Threads) != 5 {
			t.Errorf("%s: %d threads", tg.Name, len(c.Test.Threads))
		}
	}
}

// TestCompileShiftLeft: a left shift by a constant, which the ticket lock
// compares its halves with, compiles for every target and computes the
// shifted value through a dependency on the load (the store's value).
func TestCompileShiftLeft(t *testing.T) {
	src := "C t\n{ x = 3; }\nP0(int *x, int *y)\n{\nint r0;\nr0 = READ_ONCE(*x);\nWRITE_ONCE(*y, (r0 & 0xffff) << 16);\n}\nexists (y=196608)\n"
	for _, name := range []string{"power", "armv8", "armv8-lse", "tso"} {
		if got, text := compileUnderSC(t, src, name); got != "Always" {
			t.Errorf("%s: y=3<<16 is %s, want Always:\n%s", name, got, text)
		}
	}
}

// compileUnderSC compiles the C test src for target and runs the compiled
// test under SC: its verdict (or why there is none) and the compiled text.
func compileUnderSC(t *testing.T, src, target string) (verdict, text string) {
	t.Helper()
	test, err := parser.Parse("t.litmus", src)
	if err != nil {
		t.Fatal(err)
	}
	c, err := Compile(test, TargetByName(target))
	if err != nil {
		return err.Error(), ""
	}
	asm, err := parser.Parse("t.litmus", c.Text)
	if err != nil {
		return "the compiled test does not parse: " + err.Error(), c.Text
	}
	res, err := explore.Explore(context.Background(), asm, models.SC, explore.Options{})
	if err != nil {
		return err.Error(), c.Text
	}
	return res.Verdict(), c.Text
}

// TestCompileRegisterNamedLocation: herd's X86_64 lexer reads a bare
// register name as the register, so "(sp)" would address through rsp (the
// corpus's Lock-outside-across, spinlock_t *sp, did not parse). Such a
// location is addressed through a register the init block sets; any
// other stays a direct operand. Each compiled test parses and runs.
func TestCompileRegisterNamedLocation(t *testing.T) {
	got := map[string]string{}
	for _, loc := range []string{"x", "sp", "ax", "r8", "rbx", "lock"} {
		src := "C t\n{}\nP0(int *" + loc + ")\n{\nint r0;\nWRITE_ONCE(*" + loc + ", 1);\nr0 = xchg(" + loc + ", 2);\n}\nexists (" + loc + "=2 /\\ 0:r0=1)\n"
		v, text := compileUnderSC(t, src, "tso")
		if v != "Always" {
			t.Errorf("%s: %s, want Always:\n%s", loc, v, text)
		}
		got[loc] = "through a register"
		if strings.Contains(text, "("+loc+")") {
			got[loc] = "direct"
		}
	}
	want := map[string]string{"x": "direct", "sp": "through a register", "ax": "through a register",
		"r8": "through a register", "rbx": "through a register", "lock": "direct"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("x86 memory operands (-want +got):\n%s", diff)
	}
}

// TestCompilePointerCmpxchg: an ARMv8 LL/SC cmpxchg whose expected value
// is a register holding an address (the OSQ's node) compares by CMP, on
// which herd computes the equality of two addresses, not by EOR, which it
// cannot compute on two different addresses (the cmpxchg that fails).
func TestCompilePointerCmpxchg(t *testing.T) {
	src := "C t\n{ p = a; q = b; }\nP0(int **p, int **q, int *a, int *b)\n{\nint *r0;\nint *r1;\nr0 = READ_ONCE(*q);\nr1 = cmpxchg(p, r0, a);\n}\nexists (p=a)\n"
	if got, text := compileUnderSC(t, src, "armv8"); got != "Always" {
		t.Errorf("the failing cmpxchg of p (a, expected b) is %s, want Always:\n%s", got, text)
	}
}
