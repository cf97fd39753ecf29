// Package proof runs C litmus tests as proofs inside go test, in the
// spirit of porcupine's one-call checker: one call runs a test under the
// LKMM and, compiled to assembly, under POWER, ARMv8, x86-TSO and
// RISC-V, and the assertions on its result report through testing.TB,
// with the execution that breaks the property in the message.
//
//	func TestTicketLock(t *testing.T) {
//		r := proof.Check(t, src, proof.Lock("qspinlock"), proof.Fragments(myC), proof.Models(proof.All))
//		r.Never()
//		r.NoHangs()
//		r.Differs("TSO", "power")
//	}
//
// Check itself fails the test when a column has no verdict we can stand
// behind: a parse error, a column that is unsupported (a gap of ours),
// that failed or timed out, an unroll bound that cut executions, a
// Never whose condition reads a register or location no code uses (a
// misspelt name, which herd7 reads as its initial value), and, by
// default, a vacuous result (no execution survives, so a Never proves
// nothing; AllowVacuous when that is what the test expects) and hanging
// executions once the explorer detects them (see NoHangs; AllowHangs).
// A column that cannot apply by design, such as RCU on hardware, is n/a
// and asserted on only when named.
//
// # Assertions
//
// Each assertion speaks of the proposition of the test's condition, as
// herd's verdict does, in the columns it names or in every column with a
// verdict:
//
//   - Never: no allowed execution reaches the condition (the property
//     holds; the failure shows an execution that reaches it);
//   - Sometimes: some allowed execution reaches it (the bug is found; the
//     failure shows the candidate the model forbids). Whether other
//     executions miss it does not matter, so an Always passes too: for
//     herd's own Sometimes, some executions reaching it and some not,
//     compare Verdict with "Sometimes";
//   - Always: every allowed execution reaches it, and some execution
//     survives (the failure shows one that does not reach it). A result
//     that proves nothing fails Always as it fails Never: vacuous (even
//     with AllowVacuous), incomplete, a condition that reads a name no
//     code uses, a data race, an unroll cut, and executions that hang
//     unless AllowHangs, with which Always speaks of the executions that
//     end;
//   - NoHangs: no execution hangs; Differs: two columns differ.
//
// A column is named by its --model name ("lkmm", "power", "power-isync",
// "armv8", "armv8-lse", "tso", "riscv") or by the title the CLI prints
// ("LKMM", "POWER isync", "ARMv8 LSE", "TSO", "RISC-V"...), in any case,
// in Models and in the assertions alike; an unknown name fails the test
// with the list of known ones.
//
// A failure names the litmus test, by the name in its header and its
// file, and the column, as in
//
//	proof: test handoff (TestHandoff.litmus), column POWER: Sometimes, expected Never: ...
//
// where the file is CheckFile's path, Name's, or for Check the Go test's
// name with ".litmus".
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
