// Package cparse is the C front end of the parser: it reads the program
// section of a C litmus test, in the dialect herd7 runs with the
// Linux-kernel memory model, and lowers its threads to the instruction IR
// of package litmus after herd7's C semantics and the kernel's
// linux-kernel.def.
//
// A test reaches it only through package parser, which splits the file
// and hands a C test's program to Dialect. The C functions that calls
// inline (the lock fragments, a user's --fragments files, a test's own
// functions) are CDefs, read by ParseCDefs.
//
// The front end is laid out by stage, so that a construct of kernel C
// adds a production to the grammar and a case to the lowering:
//
//   - package csyntax: the lexer and the productions of a program and of
//     a file of functions, run after package cmacro (#define and
//     conditionals) and package ctypedef (typedef).
//   - struct.go, the members of the structs the dialect lays out; data.go,
//     the structs and per-CPU variables a program defines, laid out by
//     package clayout, members.go their members and percpu.go the per-CPU
//     accessors; values.go, struct values one word wide.
//   - dialect.go: a test's threads, parsed and lowered one by one.
//   - lower.go (statements), lower_expr.go (expressions), package ctypes (C's
//     integer types and conversions; types.go, the type a declaration names),
//     sizes.go (access widths).
//   - call.go: calls, dispatched to the inlined functions (defs.go,
//     inline.go, userdefs.go), litmuscheck's extensions (ext.go, long.go)
//     or the primitives that package cprim describes.
package cparse
