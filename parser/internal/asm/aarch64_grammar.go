// This file implements the AArch64 dialect's grammar: the lexer and the
// participle productions of one program cell (labels, then at most one
// instruction and its operands), and the dialect's registration.

package asm

import (
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// AArch64 reads AArch64 programs.
type AArch64 struct{}

// Register returns the canonical name "Xn" of a register written Xn or
// Wn; the zero registers are none.
func (AArch64) Register(name string) (string, bool) {
	r, ok := a64ParseReg(name)
	if !ok || r.zero {
		return "", false
	}
	return r.name, true
}

// The grammar of one cell: labels, then at most one instruction.

var a64Lexer = lexer.MustSimple([]lexer.SimpleRule{
	{Name: "Whitespace", Pattern: `[ \t\r\n]+`},
	{Name: "Hex", Pattern: `0[xX][0-9a-fA-F]+`},
	{Name: "Int", Pattern: `[0-9]+`},
	{Name: "Ident", Pattern: `[A-Za-z_][A-Za-z0-9_.]*`},
	{Name: "Punct", Pattern: `[\[\],#!:+-]`},
})

type (
	a64Cell  = asmCell[a64Instr]
	a64Instr = asmInstr[a64Arg]
)

// a64Arg is one operand: a memory operand, an immediate, or a word (a
// register, a label, a condition, a barrier option, or a shift or extend
// with its optional amount: "LSL #2", "SXTW").
type a64Arg struct {
	Pos  lexer.Position
	Mem  *a64Mem  `parser:"  @@"`
	Imm  *a64Imm  `parser:"| @@"`
	Word *a64Word `parser:"| @@"`
}

type a64Mem struct {
	Pos       lexer.Position
	Args      []*a64Arg `parser:"\"[\" @@ ( \",\" @@ )* \"]\""`
	Writeback bool      `parser:"@\"!\"?"`
}

type a64Imm struct {
	Pos   lexer.Position
	Neg   bool   `parser:"\"#\"? ( @\"-\" | \"+\" )?"`
	Value string `parser:"( @Int | @Hex )"`
}

type a64Word struct {
	Pos    lexer.Position
	Name   string  `parser:"@Ident"`
	Amount *a64Imm `parser:"@@?"`
}

var a64Parser = sync.OnceValue(func() *participle.Parser[a64Cell] {
	return participle.MustBuild[a64Cell](
		participle.Lexer(a64Lexer),
		participle.Elide("Whitespace"),
		participle.UseLookahead(2),
	)
})
