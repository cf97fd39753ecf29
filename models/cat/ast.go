// This file implements the grammar of cat, bell and the cat part of .def
// files as participle structs, following the precedence of herd's parser:
// | below ++ below ; below \ below & below the cartesian product and ~,
// with the postfix operators and application binding tightest.
package cat

import "github.com/alecthomas/participle/v2/lexer"

// A File is one cat or bell file: an optional title, catdep, statements.
type File struct {
	Pos    lexer.Position
	Title  []string `( @(Ident | String) @(Ident | String)? )?`
	CatDep bool     `@"catdep"?`
	Stmts  []*Stmt  `@@*`
}

// A Stmt is one top-level instruction.
type Stmt struct {
	Pos       lexer.Position
	Let       *LetStmt       `  @@`
	Enum      *EnumStmt      `| @@`
	Match     *MatchStmt     `| @@`
	Test      *TestStmt      `| @@`
	Show      *ShowStmt      `| @@`
	Unshow    *UnshowStmt    `| @@`
	Include   *IncludeStmt   `| @@`
	Procedure *ProcedureStmt `| @@`
	Call      *CallStmt      `| @@`
	Debug     *DebugStmt     `| @@`
	Forall    *ForallStmt    `| @@`
	With      *WithStmt      `| @@`
	If        *IfStmt        `| @@`
	Events    *EventsStmt    `| @@`
}

// A LetStmt is let or let rec, with its bindings.
type LetStmt struct {
	Pos      lexer.Position
	Rec      bool       `"let" @"rec"?`
	Bindings []*Binding `@@ ( "and" @@ )*`
	When     *TestBody  `( "when" @@ )? "in"?`
}

// A Binding binds a pattern, or defines a function.
type Binding struct {
	Pos lexer.Position
	// Fun names a function defined by f(x, y) = e or f x = e.
	Fun      string   `(  @Ident`
	FunTuple *Formals `   ( "(" @@ ")"`
	FunParam string   `   | @(Ident | "_") ) "="`
	Pattern  *Formals `| ( "(" @@ ")" | @@ ) "=" )`
	Value   *Expr    `@@`
}

// Formals is a list of names, _ for one that is not bound.
type Formals struct {
	Pos   lexer.Position
	Names []string `( @(Ident | "_") ( "," @(Ident | "_") )* )?`
}

// An EnumStmt declares a set of tags.
type EnumStmt struct {
	Pos  lexer.Position
	Name string   `"enum" @Ident "=" "||"?`
	Tags []string `@Tag ( "||" @Tag )*`
}

// A MatchStmt chooses instructions by tag.
type MatchStmt struct {
	Pos     lexer.Position
	Subject *Expr         `"match" @@ "with" "||"?`
	Clauses []*StmtClause `@@ ( "||" @@ )* "end"`
}

// A StmtClause is one arm of a MatchStmt.
type StmtClause struct {
	Pos   lexer.Position
	Tag   string  `( @Tag | "_" )`
	Stmts []*Stmt `"->" @@*`
}

// A TestStmt is a check: required, undefined_unless, flag or assert.
type TestStmt struct {
	Pos  lexer.Position
	Kind string    `@("undefined_unless" | "flag" | "assert")?`
	Body *TestBody `@@`
}

// A TestBody is [~]acyclic|irreflexive|empty e [as name].
type TestBody struct {
	Pos  lexer.Position
	Not  bool   `@"~"?`
	Test string `@("acyclic" | "irreflexive" | "empty")`
	Expr *Expr  `@@`
	Name string `( "as" @Ident )?`
}

// A ShowStmt shows relations in graphs; the interpreter ignores it.
type ShowStmt struct {
	Pos  lexer.Position
	Expr *Expr  `"show" @@`
	Name string `( "as" @Ident )?`
}

// An UnshowStmt hides relations from graphs.
type UnshowStmt struct {
	Pos   lexer.Position
	Names []string `"unshow" @Ident ( "," @Ident )*`
}

// An IncludeStmt reads another cat file in place.
type IncludeStmt struct {
	Pos  lexer.Position
	Path string `"include" @String`
}

// A ProcedureStmt defines a procedure of instructions.
type ProcedureStmt struct {
	Pos     lexer.Position
	Rec     bool     `"procedure" @"rec"?`
	Name    string   `@Ident`
	Formals *Formals `( "(" @@ ")" | @@ ) "="`
	Body    []*Stmt  `@@* "end"`
}

// A CallStmt runs a procedure.
type CallStmt struct {
	Pos  lexer.Position
	Name string `"call" @Ident`
	Arg  *Primary `@@`
	As   string `( "as" @Ident )?`
}

// A DebugStmt prints a value in herd; the interpreter ignores it.
type DebugStmt struct {
	Pos  lexer.Position
	Expr *Expr `"debug" @@`
}

// A ForallStmt runs instructions for each element of a set.
type ForallStmt struct {
	Pos  lexer.Position
	Name string  `"forall" @Ident "in"`
	Set  *Expr   `@@ "do"`
	Body []*Stmt `@@* "end"`
}

// A WithStmt binds a name to each element of a set in turn.
type WithStmt struct {
	Pos  lexer.Position
	Name string `"with" @Ident "from"`
	Set  *Expr  `@@`
}

// An IfStmt runs instructions according to the variants.
type IfStmt struct {
	Pos  lexer.Position
	Cond *Variant `"if" @@`
	Then []*Stmt  `@@*`
	Else []*Stmt  `( "else" @@* )? "end"`
}

// An EventsStmt is a bell file's instructions or default declaration.
type EventsStmt struct {
	Pos     lexer.Position
	Default bool    `( "instructions" | @"default" )`
	Name    string  `@Ident "["`
	Args    []*Union `( @@ ( "," @@ )* )? "]"`
}

// A Variant is a condition on the variants given with --variant.
type Variant struct {
	Pos lexer.Position
	Or  []*VariantAnd `@@ ( "||" @@ )*`
}

// A VariantAnd is a conjunction of variant conditions.
type VariantAnd struct {
	Pos lexer.Position
	And []*VariantAtom `@@ ( "&&" @@ )*`
}

// A VariantAtom is one variant name, a negation or a group.
type VariantAtom struct {
	Pos   lexer.Position
	Not   *VariantAtom `  "not" @@`
	Name  *string      `| "variant"? @String`
	Group *Variant     `| "(" @@ ")"`
}

// An Expr is an expression: a binding form, or a base or tuple.
type Expr struct {
	Pos    lexer.Position
	Let    *LetExpr   `  @@`
	Fun    *FunExpr   `| @@`
	Try    *TryExpr   `| @@`
	If     *IfExpr    `| @@`
	Match  *MatchExpr `| @@`
	Tuple  []*Union   `| @@ ( "," @@ )*`
}

// A LetExpr is let [rec] bindings in e.
type LetExpr struct {
	Pos      lexer.Position
	Rec      bool       `"let" @"rec"?`
	Bindings []*Binding `@@ ( "and" @@ )* "in"`
	Body     *Expr      `@@`
}

// A FunExpr is an anonymous function.
type FunExpr struct {
	Pos     lexer.Position
	Formals *Formals `"fun" ( "(" @@ ")" | @@ ) "->"`
	Body    *Expr    `@@`
}

// A TryExpr evaluates to its fallback when its body fails.
type TryExpr struct {
	Pos      lexer.Position
	Body     *Expr `"try" @@ "with"`
	Fallback *Expr `@@`
}

// An IfExpr chooses a value by condition.
type IfExpr struct {
	Pos  lexer.Position
	Cond *Cond `"if" @@ "then"`
	Then *Expr `@@ "else"`
	Else *Expr `@@`
}

// A Cond is a variant condition or a comparison of values.
type Cond struct {
	Pos     lexer.Position
	Left    *Union   `(  @@`
	Op      string   `   @("=" | "subset" | "in")`
	Right   *Union   `   @@`
	Variant *Variant `| @@ )`
}

// A MatchExpr matches a tag or decomposes a set.
type MatchExpr struct {
	Pos     lexer.Position
	Subject *Expr         `"match" @@ "with" "||"?`
	Sets    *SetClauses   `( @@`
	Clauses []*ExprClause `| @@ ( "||" @@ )* ) "end"`
}

// SetClauses are the two arms of a match on a set: empty or an element
// and the rest.
type SetClauses struct {
	Pos      lexer.Position
	EmptyFst *Expr        `(  "{" "}" "->" @@ "||" `
	EltSnd   *EltClause   `   @@`
	EltFst   *EltClause   `| @@ "||" "{" "}" "->"`
	EmptySnd *Expr        `   @@ )`
}

// An EltClause is x ++ rest -> e, or pre | x ++ post -> e.
type EltClause struct {
	Pos  lexer.Position
	Pre  string `( @(Ident | "_") "|" )?`
	Elt  string `@(Ident | "_") "++"`
	Rest string `@(Ident | "_") "->"`
	Body *Expr  `@@`
}

// An ExprClause is one arm of a match on a tag.
type ExprClause struct {
	Pos  lexer.Position
	Tag  string `( @Tag | "_" ) "->"`
	Body *Expr  `@@`
}

// A Union is e | e | ...
type Union struct {
	Pos   lexer.Position
	Terms []*Add `@@ ( "|" @@ )*`
}

// An Add is e ++ e: adding an element to a set.
type Add struct {
	Pos   lexer.Position
	Terms []*Seq `@@ ( "++" @@ )*`
}

// A Seq is the sequence e ; e ; ...
type Seq struct {
	Pos   lexer.Position
	Terms []*Diff `@@ ( ";" @@ )*`
}

// A Diff is e \ e \ ..., left to right.
type Diff struct {
	Pos   lexer.Position
	Terms []*Inter `@@ ( "\\" @@ )*`
}

// An Inter is e & e & ...
type Inter struct {
	Pos   lexer.Position
	Terms []*Cart `@@ ( "&" @@ )*`
}

// A Cart is a cartesian product S * T, or one operand.
type Cart struct {
	Pos   lexer.Position
	Left  *Unary `@@`
	Right *Unary `( "*" @@ )?`
}

// A Unary is a complement ~e or a postfix expression.
type Unary struct {
	Pos     lexer.Position
	Comp    *Unary   `  "~" @@`
	Postfix *Postfix `| @@`
}

// A Postfix is a primary with ^-1, +, * or ? after it.
type Postfix struct {
	Pos  lexer.Position
	Base *Primary `@@`
	Ops  []string `( @( "^" Inv | "+" | "?" ) | @"*" (?! Ident | Tag | "(" | "[" | "{" | "0" | "_" | "~" | "begin") )*`
}

// A Primary is a constant, a group, a set or an application.
type Primary struct {
	Pos      lexer.Position
	Empty    bool     `  @"0"`
	Tag      string   `| @Tag`
	Set      *SetLit  `| @@`
	Universe bool     `| @"_"`
	Unit     bool     `| @( "(" ")" )`
	Group    *Expr    `| "(" @@ ")"`
	Block    *Expr    `| "begin" @@ "end"`
	Bracket  *Expr    `| "[" @@ "]"`
	App      *App     `| @@`
}

// A SetLit is {e, e, ...}.
type SetLit struct {
	Pos   lexer.Position
	Elems []*Union `"{" ( @@ ( "," @@ )* )? "}"`
}

// An App is a name applied to arguments, or a name alone.
type App struct {
	Pos  lexer.Position
	Name string `@Ident`
	Args []*Arg `@@*`
}

// An Arg is an argument of an application: a name or a simple
// expression, never itself an application.
type Arg struct {
	Pos     lexer.Position
	Name    string   `  @Ident`
	Simple  *Primary `| @@`
}
