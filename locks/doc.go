// Package locks compiles C litmus tests of kernel code to the assembly of
// the architectures the kernel runs on (POWER, ARMv8 with and without LSE,
// x86-64, RISC-V), with the kernel's mapping of each primitive as data,
// holds lock algorithms as C fragments, and runs a C test in one column
// (the LKMM, or a target under its hardware model). The proof table of
// lock scenarios is package locks/table; package pipeline runs a test in
// every column.
//
// The pipeline of a C test under a hardware model is
//
//	C text --parser (with the fragments inlined)--> litmus.Test (IR)
//	       --Compile (one Table per Target)--> assembly test text
//	       --parser--> litmus.Test --explore under the target's model
//
// so that the assembly printed by --show-asm is exactly what is checked.
//
// Three encodings keep compiled tests finite and faithful:
//
//   - A spin loop is its final, successful iteration: a load-reserve /
//     store-conditional pair whose store-conditional fails, and an
//     __assume or smp_cond_load_* condition that does not hold, branch to
//     the thread's abort label, which sets a flag register; the compiled
//     test's filter keeps only executions where no thread aborted. This is
//     the assembly form of the C IR's OpAssume.
//   - A boolean that a C test computes (the result of try_cmpxchg,
//     spin_is_locked, ==) is kept symbolic while possible and turned into
//     compare-and-branch where it is used; one the condition observes is
//     materialised at the end of the thread, after its last memory access,
//     so that the branches add no control dependency the C code lacks.
//   - Every C register gets a machine register of its own; locations are
//     addressed through registers set in the init block (POWER, ARMv8) or
//     by name (x86).
//
// The compiler is compile*.go, syntax.go, rvsyntax.go and print.go, with
// the tables of package locks/mapping; the runner of a column, which uses it, is
// run.go, lkmm.go and weaken.go.
package locks
