// Package parser reads litmus files of every supported dialect (C for the
// Linux-kernel memory model, PPC, AArch64, X86 and X86_64) into a
// litmus.Test.
//
// Parse (parse.go) splits a file into its sections (sections.go): the
// header, the init block, the program and the final condition, whose
// grammar the dialects share (common.go). The program is a table of thread
// columns (columns.go) for the assembly dialects, each cell parsed by its
// dialect's grammar and lowered to the instruction IR with herd7's
// semantics of the instruction (ppc.go, aarch64_*.go, x86_*.go); a C program is
// functions (c.go, with litmuscheck's extensions in c_ext.go) lowered by
// c_lower.go and c_lower_expr.go after the primitive table of c_prims.go,
// inlining the lock fragments and the user's own functions
// (c_userdefs.go, Options.CDefs).
//
// Grammars are participle structs that keep each node's position, so every
// error reads "file:line:col: msg" and says what was expected; syntax
// litmuscheck does not model is refused as unsupported, naming the
// construct. Before any grammar runs, a linear pre-scan refuses input
// nested deeper than MaxNesting (nesting.go), and names.go checks the
// threads and registers the init block and the condition mention.
package parser
