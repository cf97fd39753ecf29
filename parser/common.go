// This file implements the grammar of the parts every dialect shares: the
// init block, the locations list, the filter and the final condition.

package parser

import (
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

var commonLexer = lexer.MustSimple([]lexer.SimpleRule{
	{Name: "Comment", Pattern: `\(\*([^*]|\*+[^*)])*\*+\)|//[^\n]*|/\*([^*]|\*+[^*/])*\*+/`},
	{Name: "Whitespace", Pattern: `[ \t\r\n]+`},
	{Name: "Hex", Pattern: `0x[0-9a-fA-F]+`},
	{Name: "Int", Pattern: `[0-9]+`},
	{Name: "Ident", Pattern: `[%$]?[A-Za-z_][A-Za-z0-9_.]*`},
	{Name: "Op", Pattern: `/\\|\\/|=>|!=|==|[-~:;=\[\]{}()*&,+.|!]`},
})

// initBlock is the text between the braces after the header.
type initBlock struct {
	Pos   lexer.Position
	Items []*initItem `parser:"( @@ | \";\" )*"`
}

// initItem is one binding: "0:r2=x", "int x=1", "int *p=&a", "[x]=0",
// "atomic_t v = ATOMIC_INIT(1)", "int 0:r1", "x1=y1".
type initItem struct {
	Pos   lexer.Position
	Typed *typedItem `parser:"  @@"`
	Plain *plainItem `parser:"| @@"`
}

type typedItem struct {
	Pos   lexer.Position
	Type  string     `parser:"@Ident"`
	Stars []string   `parser:"@\"*\"*"`
	Loc   *locName   `parser:"@@"`
	Value *initValue `parser:"( \"=\" @@ )?"`
}

type plainItem struct {
	Pos   lexer.Position
	Loc   *locName   `parser:"@@"`
	Value *initValue `parser:"\"=\" @@"`
}

// locName is a register of a thread ("0:r2", "P1:X3") or a location ("x",
// "[x]", "x[1]").
type locName struct {
	Pos     lexer.Position
	Proc    *string `parser:"( ( @Int | @Ident ) \":\" )?"`
	Name    string  `parser:"(   @Ident"`
	Index   *string `parser:"    ( \"[\" @Int \"]\" )?"`
	Bracket string  `parser:"| \"[\" @Ident \"]\" )"`
}

type initValue struct {
	Pos    lexer.Position
	Atomic *intLit `parser:"  \"ATOMIC_INIT\" \"(\" @@ \")\""`
	Num    *intLit `parser:"| @@"`
	Cast   *string `parser:"| \"(\" Ident \"*\"* \")\" \"&\"? @Ident"`
	Addr   *string `parser:"| \"&\"? @Ident"`
}

type intLit struct {
	Pos lexer.Position
	Neg bool   `parser:"@\"-\"?"`
	Dec string `parser:"( @Int"`
	Hex string `parser:"| @Hex )"`
}

var initParser = sync.OnceValue(func() *participle.Parser[initBlock] {
	return participle.MustBuild[initBlock](
		participle.Lexer(commonLexer),
		participle.Elide("Comment", "Whitespace"),
		participle.UseLookahead(6),
	)
})

// finalPart is everything after the program.
type finalPart struct {
	Pos       lexer.Position
	Locations *locationsList `parser:"@@?"`
	Filter    *propExpr      `parser:"( \"filter\" @@ )?"`
	Quant     string         `parser:"( ( @\"exists\" | @(\"~\" \"exists\") | @\"forall\" )"`
	Prop      *propExpr      `parser:"  @@ )?"`
}

type locationsList struct {
	Pos  lexer.Position
	Locs []*locName `parser:"\"locations\" \"[\" ( @@ \"*\"? | \";\" )* \"]\""`
}

// propExpr is an implication, the loosest-binding form.
type propExpr struct {
	Pos   lexer.Position
	Left  *propOr   `parser:"@@"`
	Right *propExpr `parser:"( \"=>\" @@ )?"`
}

type propOr struct {
	Pos   lexer.Position
	Terms []*propAnd `parser:"@@ ( \"\\\\/\" @@ )*"`
}

type propAnd struct {
	Pos     lexer.Position
	Factors []*propUnary `parser:"@@ ( \"/\\\\\" @@ )*"`
}

type propUnary struct {
	Pos   lexer.Position
	Not   *propUnary `parser:"  ( \"~\" | \"not\" ) @@"`
	Paren *propExpr  `parser:"| \"(\" @@ \")\""`
	True  bool       `parser:"| @\"true\""`
	False bool       `parser:"| @\"false\""`
	Atom  *propAtom  `parser:"| @@"`
}

type propAtom struct {
	Pos   lexer.Position
	Loc   *locName `parser:"@@"`
	Neq   bool     `parser:"( \"=\" | \"==\" | @\"!=\" )"`
	Other *regName `parser:"( @@"`
	Num   *intLit  `parser:"| @@"`
	Sym   *string  `parser:"| \"&\"? @Ident )"`
}

// regName is a register on the right of an atom, "1:r2": unlike a location
// it needs its thread, so that "0:r1=x" reads as an address.
type regName struct {
	Pos  lexer.Position
	Proc string `parser:"( @Int | @Ident ) \":\""`
	Name string `parser:"@Ident"`
}

var finalParser = sync.OnceValue(func() *participle.Parser[finalPart] {
	return participle.MustBuild[finalPart](
		participle.Lexer(commonLexer),
		participle.Elide("Comment", "Whitespace"),
		participle.UseLookahead(6),
	)
})
