// Package parser reads litmus files of every supported dialect (C for the
// Linux-kernel memory model, PPC, AArch64, X86, X86_64 and RISC-V) into a
// litmus.Test.
//
// ParseWith (parse.go) is the one function every parse of a test goes
// through: Parse, ParseFile, ParseFileWith and ParseContext call it. It
// splits the file into its sections (package litfile, which also runs the
// linear pre-scan that refuses input nested deeper than MaxNesting before
// any grammar sees it), reads the init block, hands the program section
// to the dialect of the test's architecture (dialects.go) and reads the
// final part. The grammar of the parts every dialect shares is common.go's
// and their lowering init.go's and final.go's; names.go checks the threads
// and registers that the init block and the condition mention.
//
// The dialects live in packages of their own, which import litfile and
// never parser:
//
//   - cparse, the C front end: the C dialect's grammar and its lowering,
//     litmuscheck's extensions, and the inlining of the lock fragments and
//     the user's own functions (cparse.CDefs, Options.CDefs). Its
//     subpackage cprim describes the primitives a call lowers to, the
//     kernel's table and those of a .def macro file.
//   - internal/asm, the assembly dialects (PPC, AArch64, X86 and X86_64,
//     RISC-V): a program is a table of thread columns, each cell parsed by
//     its dialect's grammar and lowered with herd7's semantics of the
//     instruction.
//
// Grammars are participle structs that keep each node's position, so every
// error reads "file:line:col: msg" and says what was expected; syntax
// litmuscheck does not model is refused as unsupported, naming the
// construct.
package parser
