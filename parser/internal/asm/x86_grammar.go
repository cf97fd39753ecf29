// This file implements the grammar of the X86 and X86_64 dialects: the
// Intel syntax of herd's X86 tests (MOV [x],$1, XCHG [x],EAX, LOCK INC [x],
// MFENCE) and the AT&T-like syntax of its X86_64 tests (movl $1,(x), lock
// cmpxchgl (x),%ecx, jne L), one program cell at a time, and the dialects'
// registration.

package asm

import (
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// X86 reads X86 (Intel syntax) or, when Is64, X86_64 (AT&T-like
// syntax) programs.
type X86 struct{ Is64 bool }

var x86Lexer = lexer.MustSimple([]lexer.SimpleRule{
	{Name: "Comment", Pattern: `\(\*([^*]|\*+[^*)])*\*+\)`},
	{Name: "Whitespace", Pattern: `[ \t\r\n]+`},
	{Name: "Imm", Pattern: `\$-?[0-9]+`},
	{Name: "Int", Pattern: `-?[0-9]+`},
	{Name: "Reg", Pattern: `%[A-Za-z][A-Za-z0-9_]*`},
	{Name: "Ident", Pattern: `[A-Za-z_][A-Za-z0-9_.]*`},
	{Name: "Punct", Pattern: `[,:()\[\]]`},
})

type x86Cell = asmCell[x86Instr]

// x86Instr is an instruction with an optional lock prefix; the operands
// are checked against the mnemonic when lowering.
type x86Instr struct {
	Pos  lexer.Position
	Lock bool      `parser:"@( \"lock\" | \"LOCK\" )?"`
	Op   string    `parser:"@Ident"`
	Args []*x86Arg `parser:"( @@ ( \",\" @@ )* )?"`
}

// x86Arg is an operand: "$1", "[x]", "(%rax)", "8(%rax)", "1", "EAX",
// "%eax", or a label.
type x86Arg struct {
	Pos  lexer.Position
	Imm  *string `parser:"  @Imm"`
	Mem  *x86Mem `parser:"| @@"`
	Num  *string `parser:"| @Int"`
	Name *string `parser:"| @( Reg | Ident )"`
}

// x86Mem is a memory operand, with an optional byte offset in front.
type x86Mem struct {
	Pos   lexer.Position
	Off   *string  `parser:"@Int?"`
	Paren *x86Addr `parser:"( \"(\" @@ \")\""`
	Brack *x86Addr `parser:"| \"[\" @@ \"]\" )"`
}

// x86Addr is what a memory operand encloses: a location, a base register,
// and an optional index register and scale.
type x86Addr struct {
	Pos   lexer.Position
	Base  string  `parser:"@( Reg | Ident | Int )"`
	Index *string `parser:"( \",\" @( Reg | Ident )"`
	Scale *string `parser:"  ( \",\" @Int )? )?"`
}

var x86Parser = sync.OnceValue(func() *participle.Parser[x86Cell] {
	return participle.MustBuild[x86Cell](
		participle.Lexer(x86Lexer),
		participle.Elide("Comment", "Whitespace"),
		participle.UseLookahead(3),
	)
})
