// This file implements the grammar of the parts every dialect shares: the
// init block, the locations list, the filter and the final condition.
package parser

import (
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
	Items []*initItem `( @@ | ";" )*`
}

// initItem is one binding: "0:r2=x", "int x=1", "int *p=&a", "[x]=0",
// "atomic_t v = ATOMIC_INIT(1)", "int 0:r1", "x1=y1".
type initItem struct {
	Pos   lexer.Position
	Typed *typedItem `  @@`
	Plain *plainItem `| @@`
}

type typedItem struct {
	Pos   lexer.Position
	Type  string     `@Ident`
	Stars []string   `@"*"*`
	Loc   *locName   `@@`
	Value *initValue `( "=" @@ )?`
}

type plainItem struct {
	Pos   lexer.Position
	Loc   *locName   `@@`
	Value *initValue `"=" @@`
}

// locName is a register of a thread ("0:r2", "P1:X3") or a location ("x",
// "[x]", "x[1]").
type locName struct {
	Pos     lexer.Position
	Proc    *string `( ( @Int | @Ident ) ":" )?`
	Name    string  `(   @Ident`
	Index   *string `    ( "[" @Int "]" )?`
	Bracket string  `| "[" @Ident "]" )`
}

type initValue struct {
	Pos    lexer.Position
	Atomic *intLit  `  "ATOMIC_INIT" "(" @@ ")"`
	Num    *intLit  `| @@`
	Cast   *string  `| "(" Ident "*"* ")" "&"? @Ident`
	Addr   *string  `| "&"? @Ident`
}

type intLit struct {
	Pos lexer.Position
	Neg bool   `@"-"?`
	Dec string `( @Int`
	Hex string `| @Hex )`
}

var initParser = participle.MustBuild[initBlock](
	participle.Lexer(commonLexer),
	participle.Elide("Comment", "Whitespace"),
	participle.UseLookahead(6),
)

// finalPart is everything after the program.
type finalPart struct {
	Pos       lexer.Position
	Locations *locationsList `@@?`
	Filter    *propExpr      `( "filter" @@ )?`
	Quant     string         `( ( @"exists" | @("~" "exists") | @"forall" )`
	Prop      *propExpr      `  @@ )?`
}

type locationsList struct {
	Pos  lexer.Position
	Locs []*locName `"locations" "[" ( @@ "*"? | ";" )* "]"`
}

// propExpr is an implication, the loosest-binding form.
type propExpr struct {
	Pos   lexer.Position
	Left  *propOr   `@@`
	Right *propExpr `( "=>" @@ )?`
}

type propOr struct {
	Pos   lexer.Position
	Terms []*propAnd `@@ ( "\\/" @@ )*`
}

type propAnd struct {
	Pos     lexer.Position
	Factors []*propUnary `@@ ( "/\\" @@ )*`
}

type propUnary struct {
	Pos   lexer.Position
	Not   *propUnary `  ( "~" | "not" ) @@`
	Paren *propExpr  `| "(" @@ ")"`
	True  bool       `| @"true"`
	False bool       `| @"false"`
	Atom  *propAtom  `| @@`
}

type propAtom struct {
	Pos   lexer.Position
	Loc   *locName  `@@`
	Neq   bool      `( "=" | "==" | @"!=" )`
	Other *regName  `( @@`
	Num   *intLit   `| @@`
	Sym   *string   `| "&"? @Ident )`
}

// regName is a register on the right of an atom, "1:r2": unlike a location
// it needs its thread, so that "0:r1=x" reads as an address.
type regName struct {
	Pos  lexer.Position
	Proc string `( @Int | @Ident ) ":"`
	Name string `@Ident`
}

var finalParser = participle.MustBuild[finalPart](
	participle.Lexer(commonLexer),
	participle.Elide("Comment", "Whitespace"),
	participle.UseLookahead(6),
)
