// This file implements the grammar of the C dialect that herd7 runs with
// the Linux-kernel memory model: threads "P0(int *x, spinlock_t *l) {...}"
// made of declarations, assignments, kernel primitive calls, if statements
// and loops, after the test's own functions (userdefs.go). lower.go lowers
// the parsed threads to the instruction IR.

package cparse

import (
	"regexp"
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// Type names and keywords are tokens of their own so that they never read
// as identifiers.
const (
	cTypeNames = `const|volatile|unsigned|signed|long|short|int|char|void|bool|_Bool|` +
		`intptr_t|uintptr_t|size_t|atomic_t|atomic_long_t|spinlock_t|raw_spinlock_t|` +
		`u8|u16|u32|u64|s8|s16|s32|s64|int8_t|int16_t|int32_t|int64_t|` +
		`uint8_t|uint16_t|uint32_t|uint64_t`
	cKeywords = `parser:"if|else|while|for|do|return|break|continue|struct|goto|switch"`
)

var cKeyword = regexp.MustCompile(`^(?:` + cTypeNames + `|` + cKeywords + `)$`)

var cLexer = lexer.MustSimple([]lexer.SimpleRule{
	// No (* *) comments here: "(*(int *)x)" is C.
	{Name: "Comment", Pattern: `//[^\n]*|/\*([^*]|\*+[^*/])*\*+/`},
	{Name: "Whitespace", Pattern: `[ \t\r\n]+`},
	// A struct definition's head is one token, so that two tokens of
	// lookahead tell it from a function returning a struct pointer.
	{Name: "StructHead", Pattern: `struct\s+[A-Za-z_][A-Za-z0-9_]*\s*\{`},
	{Name: "Type", Pattern: `(?:` + cTypeNames + `)\b`},
	{Name: "Keyword", Pattern: `(?:` + cKeywords + `)\b`},
	{Name: "Hex", Pattern: `0[xX][0-9a-fA-F]+[uUlL]*`},
	{Name: "Int", Pattern: `[0-9]+[uUlL]*`},
	{Name: "Ident", Pattern: `[A-Za-z_][A-Za-z0-9_]*`},
	{Name: "Op", Pattern: `->|<<=|>>=|\+=|-=|\|=|&=|\^=|\+\+|--|==|!=|<=|>=|&&|\|\||<<|>>|[-+*/%&|^~!<>=(){},;?:.\[\]]`},
})

// cProgram is the whole program section: the test's own functions,
// structs and per-CPU variables (an extension, userdefs.go, data.go),
// then the threads in order.
type cProgram struct {
	Pos     lexer.Position
	Tops    []*cTop    `parser:"@@*"`
	Threads []*cThread `parser:"@@*"`
}

// cThread is "P0(int *x, spinlock_t *l) { ... }".
type cThread struct {
	Pos    lexer.Position
	Name   string    `parser:"@Ident"`
	Params []*cParam `parser:"\"(\" ( @@ ( \",\" @@ )* )? \")\""`
	Body   []*cStmt  `parser:"\"{\" @@* \"}\""`
	EndPos lexer.Position
}

// cParam is one parameter, "volatile int *x" or "struct srcu_struct *s";
// a lone "void" stands for no parameters.
type cParam struct {
	Pos   lexer.Position
	Type  *cType   `parser:"@@"`
	Stars []string `parser:"@\"*\"*"`
	Name  string   `parser:"@Ident?"`
}

// cType is a type as written in declarations and casts.
type cType struct {
	Pos   lexer.Position
	Words []string `parser:"( @Type | \"struct\" @Ident )+"`
}

// cStmt is one statement.
type cStmt struct {
	Pos    lexer.Position
	Block  []*cStmt   `parser:"(  \"{\" @@* \"}\""`
	If     *cIf       `parser:" | @@"`
	While  *cWhile    `parser:" | @@"`
	Do     *cDoWhile  `parser:" | @@"`
	For    *cFor      `parser:" | @@"`
	Return *cReturn   `parser:" | @@"`
	Break  bool       `parser:" | @\"break\" \";\""`
	Cont   bool       `parser:" | @\"continue\" \";\""`
	Decl   *cDecl     `parser:" | @@"`
	Expr   *cExprStmt `parser:" | @@"`
	Empty  bool       `parser:" | @\";\" )"`
	EndPos lexer.Position
}

// cIf is "if (cond) stmt [else stmt]".
type cIf struct {
	Pos  lexer.Position
	Cond *cExpr `parser:"\"if\" \"(\" @@ \")\""`
	Then *cStmt `parser:"@@"`
	Else *cStmt `parser:"( \"else\" @@ )?"`
}

// cWhile is "while (cond) stmt"; the body may be empty, "while (c);" or
// "while (c) {}", which herd7's grammar refuses.
type cWhile struct {
	Pos  lexer.Position
	Cond *cExpr `parser:"\"while\" \"(\" @@ \")\""`
	Body *cStmt `parser:"@@"`
}

// cDoWhile is "do stmt while (cond);", which herd7 does not have.
type cDoWhile struct {
	Pos  lexer.Position
	Body *cStmt `parser:"\"do\" @@"`
	Cond *cExpr `parser:"\"while\" \"(\" @@ \")\" \";\""`
}

// cDecl declares local registers: "int r0;", "int r1 = 0, r2;",
// "intptr_t r3 = READ_ONCE(*x);".
type cDecl struct {
	Pos    lexer.Position
	Type   *cType         `parser:"@@"`
	Vars   []*cDeclarator `parser:"@@ ( \",\" @@ )* \";\""`
	EndPos lexer.Position
}

type cDeclarator struct {
	Pos   lexer.Position
	Stars []string `parser:"@\"*\"*"`
	Name  string   `parser:"@Ident"`
	Init  *cExpr   `parser:"( \"=\" @@ )?"`
}

// cExprStmt is an expression statement, an assignment when Value is set:
// "r0 = READ_ONCE(*x);", "*x = 1;", "spin_lock(l);", "n += 2;", "i++;".
type cExprStmt struct {
	Pos lexer.Position
	cAssign
	End    string `parser:"\";\""`
	EndPos lexer.Position
}

// cAssign is an expression, or an assignment when Value or Incr is set:
// AssignOp is "=" or a compound assignment ("+=", "<<=" ...), Incr a
// postfix "++" or "--".
type cAssign struct {
	X        *cExpr `parser:"@@"`
	AssignOp string `parser:"( @( \"=\" | \"+=\" | \"-=\" | \"|=\" | \"&=\" | \"^=\" | \"<<=\" | \">>=\" )"`
	Value    *cExpr `parser:"  @@"`
	Incr     string `parser:"| @( \"++\" | \"--\" ) )?"`
}

// cFor is "for (init; cond; step) stmt": init a declaration, an
// expression statement or nothing; with no cond, the loop runs until it
// is left.
type cFor struct {
	Pos      lexer.Position
	InitDecl *cDecl     `parser:"\"for\" \"(\" ( @@"`
	InitExpr *cExprStmt `parser:"  | @@ | \";\" )"`
	Cond     *cExpr     `parser:"@@? \";\""`
	Step     *cForStep  `parser:"@@? \")\""`
	Body     *cStmt     `parser:"@@"`
}

// cForStep is the step of a for loop, an expression statement without
// its ';'.
type cForStep struct {
	Pos lexer.Position
	cAssign
	EndPos lexer.Position
}

// cExpr is a binary expression, flat: precedence is applied when it is
// lowered (precedence climbing). With Then and Else it is the condition
// of "c ? a : b", which binds loosest and groups to the right.
type cExpr struct {
	Pos    lexer.Position
	Left   *cUnary   `parser:"@@"`
	Rest   []*cOpArg `parser:"@@*"`
	Then   *cExpr    `parser:"( \"?\" @@"`
	Else   *cExpr    `parser:"  \":\" @@ )?"`
	EndPos lexer.Position
}

// compound reports whether e is more than one unary expression.
func (e *cExpr) compound() bool { return len(e.Rest) > 0 || e.Then != nil }

type cOpArg struct {
	Pos   lexer.Position
	Op    string  `parser:"@( \"||\" | \"&&\" | \"|\" | \"^\" | \"&\" | \"==\" | \"!=\" | \"<=\" | \">=\" | \"<\" | \">\" | \"<<\" | \">>\" | \"+\" | \"-\" | \"*\" | \"/\" | \"%\" )"`
	Right *cUnary `parser:"@@"`
}

// cUnary is a prefix operator, a cast, a member of a struct the dialect
// lays out (struct.go) or a primary expression.
type cUnary struct {
	Pos     lexer.Position
	Op      string    `parser:"(  @( \"-\" | \"!\" | \"~\" | \"*\" | \"&\" )"`
	X       *cUnary   `parser:"   @@"`
	Cast    *cCast    `parser:" | @@"`
	Member  *cMember  `parser:" | @@"`
	Primary *cPrimary `parser:" | @@ )"`
	EndPos  lexer.Position
}

// cCast is "(intptr_t *)e"; casts change no value.
type cCast struct {
	Pos   lexer.Position
	Type  *cType   `parser:"\"(\" @@"`
	Stars []string `parser:"@\"*\"* \")\""`
	X     *cUnary  `parser:"@@"`
}

type cPrimary struct {
	Pos   lexer.Position
	Call  *cCall `parser:"  @@"`
	Hex   string `parser:"| @Hex"`
	Int   string `parser:"| @Int"`
	Ident string `parser:"| @Ident"`
	Paren *cExpr `parser:"| \"(\" @@ \")\""`
}

// cCall is a call of a kernel primitive, "cmpxchg(x, 0, 1)".
type cCall struct {
	Pos    lexer.Position
	Name   string   `parser:"@Ident \"(\""`
	Args   []*cExpr `parser:"( @@ ( \",\" @@ )* )? \")\""`
	EndPos lexer.Position
}

var cParser = sync.OnceValue(func() *participle.Parser[cProgram] {
	return participle.MustBuild[cProgram](
		participle.Lexer(cLexer),
		participle.Elide("Comment", "Whitespace"),
		participle.UseLookahead(2),
	)
})
