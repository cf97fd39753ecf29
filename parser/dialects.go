// This file implements the dispatch on a test's architecture: the table
// of the dialects, each of which reads the program section of its
// architecture, and what callers may ask of it.

package parser

import (
	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/parser/cparse"
	"github.com/litmuscheck/litmuscheck/parser/internal/asm"
	"github.com/litmuscheck/litmuscheck/parser/internal/litfile"
)

// A dialect reads the program section of one architecture.
type dialect interface {
	// Program parses the code between the init block and the final part
	// and lowers it to threads.
	Program(t *litmus.Test, prog litfile.Section) ([]*litmus.Thread, error)
	// Register returns the canonical name of a register as written in the
	// init block or the condition, and whether it is one.
	Register(name string) (string, bool)
}

// A valueWrapper is a dialect whose values herd computes at a fixed
// width: WrapValues converts the constants of the init block and of the
// final part to it (the code converts what it computes itself).
type valueWrapper interface {
	WrapValues(t *litmus.Test)
}

// dialects maps the first word of a test to its dialect.
var dialects = map[litmus.Arch]dialect{
	litmus.ArchC:       cparse.Dialect{},
	litmus.ArchPPC:     asm.PPC{},
	litmus.ArchAArch64: asm.AArch64{},
	litmus.ArchX86:     asm.X86{},
	litmus.ArchX86_64:  asm.X86{Is64: true},
	litmus.ArchRISCV:   asm.RISCV{},
}

// dialectOf is the dialect that reads a test of arch with opt; false for
// an architecture the parser does not read.
func dialectOf(arch litmus.Arch, opt Options) (dialect, bool) {
	d, ok := dialects[arch]
	if ok && arch == litmus.ArchC && (opt.CDefs != nil || opt.AwaitLoops) {
		d = cparse.Dialect{Defs: opt.CDefs, AwaitLoops: opt.AwaitLoops}
	}
	return d, ok
}

// MaxNesting is how deep parentheses, brackets, braces, prefix operators
// and chains of "=>" or "else if" may nest in a test; deeper input is
// refused as unsupported before any grammar reads it.
const MaxNesting = litfile.MaxNesting

// IsRegister reports whether name reads as a register in the dialect of
// arch: herd's X86_64 lexer takes a bare "sp" or "ax" for one, so a
// location of that name cannot be a memory operand's symbol there.
func IsRegister(arch litmus.Arch, name string) bool {
	d, ok := dialects[arch]
	if !ok {
		return false
	}
	_, is := d.Register(name)
	return is
}

// Dialects lists the architectures Parse accepts.
func Dialects() []string {
	var out []string
	for a := range dialects {
		out = append(out, string(a))
	}
	return out
}
