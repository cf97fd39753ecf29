// Package proof runs C litmus tests as proofs inside go test, in the
// spirit of porcupine's one-call checker: one call runs a test under the
// LKMM and, compiled to assembly, under POWER, ARMv8 and x86-TSO, and the
// assertions on its result report through testing.TB, with the execution
// that breaks the property in the message.
//
//	func TestTicketLock(t *testing.T) {
//		r := proof.Check(t, src, proof.Lock("qspinlock"), proof.Fragments(myC), proof.Models(proof.All))
//		r.Never()
//		r.NoHangs()
//		r.Differs("tso", "power")
//	}
//
// Check itself fails the test when a column has no verdict we can stand
// behind: a parse error, a column that is unsupported (a gap of ours),
// that failed or timed out, an unroll bound that cut executions, a
// condition that reads a register or location no code uses (a misspelt
// name, which herd7 reads as its initial value), and, by
// default, a vacuous result (no execution survives, so a Never proves
// nothing; AllowVacuous when that is what the test expects) and hanging
// executions once the explorer detects them (see NoHangs; AllowHangs).
// A column that cannot apply by design, such as RCU on hardware, is n/a
// and asserted on only when named.
//
// # Lock code
//
// A test calls the lock fragments of package locks by name (qspin_lock,
// pv_unlock_cmpxchg_release, osq_lock...), or through spin_lock,
// spin_unlock, spin_trylock and spin_is_locked, which are the LKMM's lock
// events under the LKMM and an algorithm on hardware: Lock names it
// (Locks lists them; the default is locks.DefaultAlgorithm).
//
// A user's own C functions come from the test itself (functions defined
// before its threads), from a string (Fragments) or from a file
// (FragmentFile). They are inlined at each call like the fragments, in
// every column, and may not reuse the name of a fragment, a kernel
// primitive or an extension.
//
// Name a file of C functions kept in a Go package directory "NAME.frag"
// (or anything else cgo ignores), not "NAME.c": the go command hands every
// .c file of a package directory to cgo, and a package that does not
// import "C" then fails to build ("C source files not allowed when not
// using cgo or SWIG").
package proof
