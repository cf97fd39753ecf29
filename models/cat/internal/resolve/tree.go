// This file implements the statements of the resolved tree: a model's
// files as the evaluator runs them, one File per file read.

package resolve

import "github.com/alecthomas/participle/v2/lexer"

// A Program is a model resolved: its files, with the names they use.
type Program struct {
	// Main is the model's file, Bell its bell file, nil without one.
	Main, Bell *File
	Syms       Symbols
	// Underscore, RF and CO are the names the evaluator binds or reads
	// itself.
	Underscore, RF, CO Sym
	// Enums are the Enum statements, by Index.
	Enums []*Enum
}

// A File is the statements of one file.
type File struct {
	Stmts []Stmt
	// CatDep is set when the file says catdep: it computes the
	// dependencies from register events.
	CatDep bool
}

// A Stmt is one of the statement types below. Those that do nothing
// when run (show, unshow, debug, a bell file's instructions) have none.
type Stmt interface{ stmtNode() }

// A Let is let or let rec, with its bindings.
type Let struct {
	Rec      bool
	Bindings []*Binding
	// Subs are the numbers of the bindings' cached nodes.
	Subs SubRange
	// Final is "rf" or "co" when the let binds it for the last time
	// (finalBinders).
	Final string
}

// A Test is a check: required (Mode ""), undefined_unless, flag or assert.
type Test struct {
	Pos  lexer.Position
	Mode string
	Not  bool
	// Kind is acyclic, irreflexive or empty.
	Kind    string
	Expr    Expr
	ExprPos lexer.Position
	Name    string
	Subs    SubRange
}

// An Include runs another file in place; File is nil when the loader
// did not read it.
type Include struct {
	Pos  lexer.Position
	Path string
	File *File
}

// A Branch is an if on variants: the branch the run's variants choose.
type Branch struct{ Stmts []Stmt }

// An Enum declares a set of tags.
type Enum struct {
	Sym Sym
	// Index is the enum's in Program.Enums.
	Index int
	// Tags are the tags without their quote, SetNames the event sets
	// they name.
	Tags, SetNames []string
}

// A Procedure defines a procedure of statements.
type Procedure struct {
	Name    string
	Sym     Sym
	Formals []Sym
	Tuple   bool
	Body    []Stmt
	Rec     bool
}

// A Call runs the procedure Proc names (at the call's place).
type Call struct {
	Pos  lexer.Position
	Proc *Name
	Arg  Expr
	As   string
}

// A With binds a name to each element of a set in turn.
type With struct {
	Pos lexer.Position
	Sym Sym
	Set Expr
}

// A MatchStmt chooses statements by tag.
type MatchStmt struct {
	Pos     lexer.Position
	Subject Expr
	Clauses []StmtClause
}

// A StmtClause is one arm of a MatchStmt; Tag is "" for _.
type StmtClause struct {
	Tag   string
	Stmts []Stmt
}

// A Forall runs statements for each element of a set.
type Forall struct {
	Pos  lexer.Position
	Sym  Sym
	Set  Expr
	Body []Stmt
}

// A Binding binds a pattern to a value, or defines a function.
type Binding struct {
	Pos lexer.Position
	// Fun is the function f x = e defines, named FunSym; nil for a
	// pattern.
	Fun    *Lambda
	FunSym Sym
	// Names are the pattern's, Tuple says whether it is a tuple.
	Names []Sym
	Tuple bool
	Value Expr
	// NoFun says that Value makes no function (Lambda.NoFun).
	NoFun bool
	// Invariant marks, in a let rec whose Value is an Op of |, the
	// terms that read none of the let rec's names: the fixpoint
	// computes those once. Nil when none or all do.
	Invariant []bool
}

// A Lambda is a function: a fun, or a binding f x = e.
type Lambda struct {
	Name    string
	Formals []Sym
	Tuple   bool
	Body    Expr
	// NoFun says that Body has no fun and no let of a function: a call
	// keeps no reference to its scope, nor does its value.
	NoFun bool
}

func (*Let) stmtNode()       {}
func (*Test) stmtNode()      {}
func (*Include) stmtNode()   {}
func (*Branch) stmtNode()    {}
func (*Enum) stmtNode()      {}
func (*Procedure) stmtNode() {}
func (*Call) stmtNode()      {}
func (*With) stmtNode()      {}
func (*MatchStmt) stmtNode() {}
func (*Forall) stmtNode()    {}
