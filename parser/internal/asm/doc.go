// Package asm holds the assembly dialects of the parser: PPC, AArch64,
// X86 and X86_64, and RISC-V. An assembly program is a table of thread
// columns (columns.go); each cell is parsed by its dialect's grammar and
// lowered to the instruction IR with herd7's semantics of the instruction
// (ppc*.go, aarch64_*.go, x86_*.go, riscv*.go), PPC and RISC-V through
// the builder they share (builder.go).
package asm
