package proof_test

import (
	"fmt"
	"testing"

	"github.com/litmuscheck/litmuscheck/proof"
)

// printTB stands in for the *testing.T of a test function, so that the
// examples can show what a proof reports: each failure is printed.
type printTB struct{ testing.TB }

func (printTB) Helper()      {}
func (printTB) Name() string { return "TestExample" }
func (printTB) Errorf(format string, args ...any) {
	fmt.Printf("FAIL "+format+"\n", args...)
}
func (printTB) Fatalf(format string, args ...any) {
	panic(fmt.Sprintf(format, args...))
}

// t is the *testing.T of a test function in the examples.
var t = printTB{}

// A proof that a lock hand-off passes a message, with the queued spinlock
// as spin_lock and spin_unlock, in every model.
func ExampleCheck() {
	const src = `C handoff
{ l = 1; }
P0(int *x, spinlock_t *l) { WRITE_ONCE(*x, 1); spin_unlock(l); }
P1(int *x, spinlock_t *l) { int r0; spin_lock(l); r0 = READ_ONCE(*x); }
exists (1:r0=0)
`
	r := proof.Check(t, src, proof.Lock("qspinlock"), proof.Models(proof.All))
	r.Never()
	fmt.Println(r.Verdict("lkmm"), r.Verdict("power"), r.Verdict("tso"))
	// Output:
	// Never Never Never
}

// A user's own unlock, given as C source: with WRITE_ONCE instead of a
// store-release it breaks the hand-off on POWER but not on x86-TSO, and
// the failure shows the execution that breaks it.
func ExampleFragments() {
	const myC = `
void my_unlock(spinlock_t *l)
{
	WRITE_ONCE(*l, 0);
}
`
	const src = `C handoff
{ l = 1; }
P0(int *x, spinlock_t *l) { WRITE_ONCE(*x, 1); my_unlock(l); }
P1(int *x, spinlock_t *l) { int r0; spin_lock(l); r0 = READ_ONCE(*x); }
exists (1:r0=0)
`
	r := proof.Check(t, src, proof.Fragments(myC), proof.Models("power", "tso"))
	r.Differs("tso", "power")
	r.Never("power")
	// Output:
	// FAIL proof: test handoff (TestExample.litmus), column POWER: Sometimes, expected Never: 1 of 2 executions reach 1:r0=0 (1:r0=0;); the breaking execution, in the compiled code:
	//     P0:
	//       P0:W[x]=1                                stw r2,0(r1)
	//       P0:W[l]=0                                stw r5,0(r4)
	//     P1:
	//       P1:R[l]=0{X}  reads from P0:W[l]=0       lwarx r4,r0,r2
	//       P1:W[l]=1{X}                             stwcx. r3,r0,r2
	//       P1:F{LWSYNC}                             lwsync
	//       P1:R[x]=0  reads from init[x]=0          lwz r7,0(r6)
	//     co[l]: init[l]=1 -> P0:W[l]=0 -> P1:W[l]=1{X}
	//     co[x]: init[x]=0 -> P0:W[x]=1
}

// Always: with a store-release as the unlock, every execution reads the
// message, in each column named, by --model name or by the title the CLI
// prints; Sometimes passes on such a result too, as some execution
// reaches the condition.
func ExampleResult_Always() {
	const src = `C handoff-reads-message
{ l = 1; }
P0(int *x, spinlock_t *l) { WRITE_ONCE(*x, 1); spin_unlock(l); }
P1(int *x, spinlock_t *l) { int r0; spin_lock(l); r0 = READ_ONCE(*x); }
exists (1:r0=1)
`
	r := proof.Check(t, src, proof.Lock("qspinlock"), proof.Models("LKMM", "POWER isync", "risc-v"))
	r.Always()
	r.Sometimes("lkmm")
	fmt.Println(r.Verdict("LKMM"), r.Verdict("power-isync"), r.Verdict("RISC-V"))
	// Output:
	// Always Always Always
}

// A file of the user's C functions, named .frag so that cgo leaves it
// alone, and a test that calls them.
func ExampleFragmentFile() {
	r := proof.CheckFile(t, "testdata/handoff.litmus", proof.FragmentFile("testdata/my-lock.frag"), proof.Models("lkmm", "armv8"))
	r.Never()
	fmt.Println(r.Verdict("lkmm"), r.Verdict("armv8"))
	// Output:
	// Never Never
}

// Liveness: once the explorer detects hangs, Check fails a test with
// executions that hang and NoHangs asserts there are none; until then
// NoHangs refuses, since an unchecked liveness claim is no proof.
func ExampleResult_NoHangs() {
	const src = `C handoff
{ l = 1; }
P0(int *x, spinlock_t *l) { WRITE_ONCE(*x, 1); spin_unlock(l); }
P1(int *x, spinlock_t *l) { int r0; spin_lock(l); r0 = READ_ONCE(*x); }
exists (1:r0=0)
`
	r := proof.Check(t, src, proof.Models("lkmm"))
	r.NoHangs()
}
