// This file implements the grammar of cat, bell and the cat part of .def
// files as participle structs, following the precedence of herd's parser:
// | below ++ below ; below \ below & below the cartesian product and ~,
// with the postfix operators and application binding tightest.

package syntax

import "github.com/alecthomas/participle/v2/lexer"

// A File is one cat or bell file: an optional title, catdep, statements.
type File struct {
	Pos    lexer.Position
	Title  []string `parser:"( @(Ident | String) @(Ident | String)? )?"`
	CatDep bool     `parser:"@\"catdep\"?"`
	Stmts  []*Stmt  `parser:"@@*"`
}

// A Stmt is one top-level instruction.
type Stmt struct {
	Pos       lexer.Position
	Let       *LetStmt       `parser:"  @@"`
	Enum      *EnumStmt      `parser:"| @@"`
	Match     *MatchStmt     `parser:"| @@"`
	Test      *TestStmt      `parser:"| @@"`
	Show      *ShowStmt      `parser:"| @@"`
	Unshow    *UnshowStmt    `parser:"| @@"`
	Include   *IncludeStmt   `parser:"| @@"`
	Procedure *ProcedureStmt `parser:"| @@"`
	Call      *CallStmt      `parser:"| @@"`
	Debug     *DebugStmt     `parser:"| @@"`
	Forall    *ForallStmt    `parser:"| @@"`
	With      *WithStmt      `parser:"| @@"`
	If        *IfStmt        `parser:"| @@"`
	Events    *EventsStmt    `parser:"| @@"`
}

// A LetStmt is let or let rec, with its bindings.
type LetStmt struct {
	Pos      lexer.Position
	Rec      bool       `parser:"\"let\" @\"rec\"?"`
	Bindings []*Binding `parser:"@@ ( \"and\" @@ )*"`
	When     *TestBody  `parser:"( \"when\" @@ )? \"in\"?"`
}

// A Binding binds a pattern, or defines a function.
type Binding struct {
	Pos lexer.Position
	// Fun names a function defined by f(x, y) = e or f x = e.
	Fun      string   `parser:"(  @Ident"`
	FunTuple *Formals `parser:"   ( \"(\" @@? \")\""`
	FunParam string   `parser:"   | @(Ident | \"_\") ) \"=\""`
	Pattern  *Formals `parser:"| ( \"(\" @@? \")\" | @@ ) \"=\" )"`
	Value    *Expr    `parser:"@@"`
}

// Formals is a list of names, _ for one that is not bound.
type Formals struct {
	Pos   lexer.Position
	Names []string `parser:"@(Ident | \"_\") ( \",\" @(Ident | \"_\") )*"`
}

// An EnumStmt declares a set of tags.
type EnumStmt struct {
	Pos  lexer.Position
	Name string   `parser:"\"enum\" @Ident \"=\" \"||\"?"`
	Tags []string `parser:"@Tag ( \"||\" @Tag )*"`
}

// A MatchStmt chooses instructions by tag.
type MatchStmt struct {
	Pos     lexer.Position
	Subject *Expr         `parser:"\"match\" @@ \"with\" \"||\"?"`
	Clauses []*StmtClause `parser:"@@ ( \"||\" @@ )* \"end\""`
}

// A StmtClause is one arm of a MatchStmt.
type StmtClause struct {
	Pos   lexer.Position
	Tag   string  `parser:"( @Tag | \"_\" )"`
	Stmts []*Stmt `parser:"\"->\" @@*"`
}

// A TestStmt is a check: required, undefined_unless, flag or assert.
type TestStmt struct {
	Pos  lexer.Position
	Kind string    `parser:"@(\"undefined_unless\" | \"flag\" | \"assert\")?"`
	Body *TestBody `parser:"@@"`
}

// A TestBody is [~]acyclic|irreflexive|empty e [as name].
type TestBody struct {
	Pos  lexer.Position
	Not  bool   `parser:"@\"~\"?"`
	Test string `parser:"@(\"acyclic\" | \"irreflexive\" | \"empty\")"`
	Expr *Expr  `parser:"@@"`
	Name string `parser:"( \"as\" @Ident )?"`
}

// A ShowStmt shows relations in graphs; the interpreter ignores it.
type ShowStmt struct {
	Pos  lexer.Position
	Expr *Expr  `parser:"\"show\" @@"`
	Name string `parser:"( \"as\" @Ident )?"`
}

// An UnshowStmt hides relations from graphs.
type UnshowStmt struct {
	Pos   lexer.Position
	Names []string `parser:"\"unshow\" @Ident ( \",\" @Ident )*"`
}

// An IncludeStmt reads another cat file in place.
type IncludeStmt struct {
	Pos  lexer.Position
	Path string `parser:"\"include\" @String"`
}

// A ProcedureStmt defines a procedure of instructions.
type ProcedureStmt struct {
	Pos     lexer.Position
	Rec     bool     `parser:"\"procedure\" @\"rec\"?"`
	Name    string   `parser:"@Ident"`
	Formals *Formals `parser:"( \"(\" @@? \")\" | @@ ) \"=\""`
	Body    []*Stmt  `parser:"@@* \"end\""`
}

// A CallStmt runs a procedure.
type CallStmt struct {
	Pos  lexer.Position
	Name string   `parser:"\"call\" @Ident"`
	Arg  *Primary `parser:"@@"`
	As   string   `parser:"( \"as\" @Ident )?"`
}

// A DebugStmt prints a value in herd; the interpreter ignores it.
type DebugStmt struct {
	Pos  lexer.Position
	Expr *Expr `parser:"\"debug\" @@"`
}

// A ForallStmt runs instructions for each element of a set.
type ForallStmt struct {
	Pos  lexer.Position
	Name string  `parser:"\"forall\" @Ident \"in\""`
	Set  *Expr   `parser:"@@ \"do\""`
	Body []*Stmt `parser:"@@* \"end\""`
}

// A WithStmt binds a name to each element of a set in turn.
type WithStmt struct {
	Pos  lexer.Position
	Name string `parser:"\"with\" @Ident \"from\""`
	Set  *Expr  `parser:"@@"`
}

// An IfStmt runs instructions according to the variants.
type IfStmt struct {
	Pos  lexer.Position
	Cond *Variant `parser:"\"if\" @@"`
	Then []*Stmt  `parser:"@@*"`
	Else []*Stmt  `parser:"( \"else\" @@* )? \"end\""`
}

// An EventsStmt is a bell file's instructions or default declaration.
type EventsStmt struct {
	Pos     lexer.Position
	Default bool     `parser:"( \"instructions\" | @\"default\" )"`
	Name    string   `parser:"@Ident \"[\""`
	Args    []*Union `parser:"( @@ ( \",\" @@ )* )? \"]\""`
}

// A Variant is a condition on the variants given with --variant.
type Variant struct {
	Pos lexer.Position
	Or  []*VariantAnd `parser:"@@ ( \"||\" @@ )*"`
}

// A VariantAnd is a conjunction of variant conditions.
type VariantAnd struct {
	Pos lexer.Position
	And []*VariantAtom `parser:"@@ ( \"&&\" @@ )*"`
}

// A VariantAtom is one variant name, a negation or a group.
type VariantAtom struct {
	Pos   lexer.Position
	Not   *VariantAtom `parser:"  \"not\" @@"`
	Name  *string      `parser:"| \"variant\"? @String"`
	Group *Variant     `parser:"| \"(\" @@ \")\""`
}

// An Expr is an expression: a binding form, or a base or tuple.
type Expr struct {
	Pos   lexer.Position
	Let   *LetExpr   `parser:"  @@"`
	Fun   *FunExpr   `parser:"| @@"`
	Try   *TryExpr   `parser:"| @@"`
	If    *IfExpr    `parser:"| @@"`
	Match *MatchExpr `parser:"| @@"`
	Tuple []*Union   `parser:"| @@ ( \",\" @@ )*"`
}

// A LetExpr is let [rec] bindings in e.
type LetExpr struct {
	Pos      lexer.Position
	Rec      bool       `parser:"\"let\" @\"rec\"?"`
	Bindings []*Binding `parser:"@@ ( \"and\" @@ )* \"in\""`
	Body     *Expr      `parser:"@@"`
}

// A FunExpr is an anonymous function.
type FunExpr struct {
	Pos     lexer.Position
	Formals *Formals `parser:"\"fun\" ( \"(\" @@? \")\" | @@ ) \"->\""`
	Body    *Expr    `parser:"@@"`
}

// A TryExpr evaluates to its fallback when its body fails.
type TryExpr struct {
	Pos      lexer.Position
	Body     *Expr `parser:"\"try\" @@ \"with\""`
	Fallback *Expr `parser:"@@"`
}

// An IfExpr chooses a value by condition.
type IfExpr struct {
	Pos  lexer.Position
	Cond *Cond `parser:"\"if\" @@ \"then\""`
	Then *Expr `parser:"@@ \"else\""`
	Else *Expr `parser:"@@"`
}

// A Cond is a variant condition or a comparison of values.
type Cond struct {
	Pos     lexer.Position
	Left    *Union   `parser:"(  @@"`
	Op      string   `parser:"   @(\"=\" | \"subset\" | \"in\")"`
	Right   *Union   `parser:"   @@"`
	Variant *Variant `parser:"| @@ )"`
}

// A MatchExpr matches a tag or decomposes a set.
type MatchExpr struct {
	Pos     lexer.Position
	Subject *Expr         `parser:"\"match\" @@ \"with\" \"||\"?"`
	Sets    *SetClauses   `parser:"( @@"`
	Clauses []*ExprClause `parser:"| @@ ( \"||\" @@ )* ) \"end\""`
}

// SetClauses are the two arms of a match on a set: empty or an element
// and the rest.
type SetClauses struct {
	Pos      lexer.Position
	EmptyFst *Expr      `parser:"(  \"{\" \"}\" \"->\" @@ \"||\" "`
	EltSnd   *EltClause `parser:"   @@"`
	EltFst   *EltClause `parser:"| @@ \"||\" \"{\" \"}\" \"->\""`
	EmptySnd *Expr      `parser:"   @@ )"`
}

// An EltClause is x ++ rest -> e, or pre | x ++ post -> e.
type EltClause struct {
	Pos  lexer.Position
	Pre  string `parser:"( @(Ident | \"_\") \"|\" )?"`
	Elt  string `parser:"@(Ident | \"_\") \"++\""`
	Rest string `parser:"@(Ident | \"_\") \"->\""`
	Body *Expr  `parser:"@@"`
}

// An ExprClause is one arm of a match on a tag.
type ExprClause struct {
	Pos  lexer.Position
	Tag  string `parser:"( @Tag | \"_\" ) \"->\""`
	Body *Expr  `parser:"@@"`
}

// A Union is e | e | ...
type Union struct {
	Pos   lexer.Position
	Terms []*Add `parser:"@@ ( \"|\" @@ )*"`
}

// An Add is e ++ e: adding an element to a set.
type Add struct {
	Pos   lexer.Position
	Terms []*Seq `parser:"@@ ( \"++\" @@ )*"`
}

// A Seq is the sequence e ; e ; ...
type Seq struct {
	Pos   lexer.Position
	Terms []*Diff `parser:"@@ ( \";\" @@ )*"`
}

// A Diff is e \ e \ ..., left to right.
type Diff struct {
	Pos   lexer.Position
	Terms []*Inter `parser:"@@ ( \"\\\\\" @@ )*"`
}

// An Inter is e & e & ...
type Inter struct {
	Pos   lexer.Position
	Terms []*Cart `parser:"@@ ( \"&\" @@ )*"`
}

// A Cart is a cartesian product S * T, or one operand.
type Cart struct {
	Pos   lexer.Position
	Left  *Unary `parser:"@@"`
	Right *Unary `parser:"( \"*\" @@ )?"`
}

// A Unary is a complement ~e or a postfix expression.
type Unary struct {
	Pos     lexer.Position
	Comp    *Unary   `parser:"  \"~\" @@"`
	Postfix *Postfix `parser:"| @@"`
}

// A Postfix is a primary with ^-1, +, * or ? after it.
type Postfix struct {
	Pos  lexer.Position
	Base *Primary `parser:"@@"`
	Ops  []string `parser:"( @( \"^\" Inv | \"+\" | \"?\" ) | @\"*\" (?! Ident | Tag | \"(\" | \"[\" | \"{\" | \"0\" | \"_\" | \"~\" | \"begin\") )*"`
}

// A Primary is a constant, a group, a set or an application.
type Primary struct {
	Pos      lexer.Position
	Empty    bool    `parser:"  @\"0\""`
	Tag      string  `parser:"| @Tag"`
	Set      *SetLit `parser:"| @@"`
	Universe bool    `parser:"| @\"_\""`
	Unit     bool    `parser:"| @( \"(\" \")\" )"`
	Group    *Expr   `parser:"| \"(\" @@ \")\""`
	Block    *Expr   `parser:"| \"begin\" @@ \"end\""`
	Bracket  *Expr   `parser:"| \"[\" @@ \"]\""`
	App      *App    `parser:"| @@"`
}

// A SetLit is {e, e, ...}.
type SetLit struct {
	Pos   lexer.Position
	Elems []*Union `parser:"\"{\" ( @@ ( \",\" @@ )* )? \"}\""`
}

// An App is a name applied to arguments, or a name alone.
type App struct {
	Pos  lexer.Position
	Name string `parser:"@Ident"`
	Args []*Arg `parser:"@@*"`
}

// An Arg is an argument of an application: a name or a simple
// expression, never itself an application.
type Arg struct {
	Pos    lexer.Position
	Name   string   `parser:"  @Ident"`
	Simple *Primary `parser:"| @@"`
}
