// This file implements the expressions of the resolved tree. A level of
// the grammar with one operand is that operand, and parentheses are gone:
// what is left are the operators themselves.

package resolve

import "github.com/alecthomas/participle/v2/lexer"

// An Expr is one of the expression types below.
type Expr interface{ exprNode() }

// A Name is a name alone.
type Name struct {
	Pos  lexer.Position
	Name string
	Sym  Sym
}

// An App applies the function Fun names to arguments, one at a time.
type App struct {
	Fun  *Name
	Args []Arg
	Sub  SubID
}

// An Arg is an argument of an App, and where it is.
type Arg struct {
	Pos   lexer.Position
	Value Expr
}

// Constants: 0 and {}, _, () and a 'tag (Name without its quote).
type (
	Empty    struct{}
	Universe struct{}
	Unit     struct{}
	Tag      struct{ Name string }
)

// A SetLit is {e, e, ...}, with one element at least.
type SetLit struct{ Elems []Expr }

// A Bracket is [e].
type Bracket struct {
	Pos  lexer.Position
	Expr Expr
	Sub  SubID
}

// An Op is e op e op ..., for op one of | ; \ &, left to right.
type Op struct {
	Op    string
	Terms []Operand
	Sub   SubID
	// TermSubs are the numbers of the operands of a ; or & chain, nil
	// when none has one; Names are the operands that are a name or
	// [name]. Either may show the chain empty before it is computed.
	TermSubs []SubID
	Names    []NameTerm
}

// An Operand is an operand of an Op or Add, and where it is.
type Operand struct {
	Pos  lexer.Position
	Expr Expr
}

// A NameTerm is an operand of a ; or & chain that is a name, or [name]
// when Bracket is set.
type NameTerm struct {
	Sym     Sym
	Bracket bool
}

// An Add is e ++ e ++ ... s: adding elements to a set.
type Add struct{ Terms []Operand }

// A Cart is the cartesian product Left * Right.
type Cart struct {
	Pos         lexer.Position
	Left, Right Expr
	Sub         SubID
}

// A Complement is ~e.
type Complement struct {
	Pos  lexer.Position
	Expr Expr
	Sub  SubID
}

// A Postfix is e followed by ^-1 (Ops has "^"), +, * or ?.
type Postfix struct {
	Pos  lexer.Position
	Base Expr
	Ops  []string
	Sub  SubID
}

// A LetIn is let [rec] bindings in e.
type LetIn struct {
	Rec      bool
	Bindings []*Binding
	Body     Expr
}

// A Fun is an anonymous function.
type Fun struct{ Lambda *Lambda }

// A Try is Body, or Fallback when Body fails.
type Try struct{ Body, Fallback Expr }

// An If compares two values (Op is =, subset or in) to choose a value; an
// if on variants is the branch they choose.
type If struct {
	Pos         lexer.Position
	Op          string
	Left, Right Expr
	Then, Else  Expr
}

// A Match matches a tag (Clauses) or decomposes a set (Sets).
type Match struct {
	Pos     lexer.Position
	Subject Expr
	Sets    *SetMatch
	Clauses []Clause
}

// A Clause is one arm of a Match on a tag; Tag is "" for _.
type Clause struct {
	Tag  string
	Body Expr
}

// A SetMatch is the two arms of a Match on a set.
type SetMatch struct {
	Empty Expr
	Elt   EltClause
}

// An EltClause is x ++ rest -> e, or pre | x ++ post -> e (Pre set).
type EltClause struct {
	Pos       lexer.Position
	Pre       bool
	Elt, Rest Sym
	Body      Expr
}

// A Tuple is e, e, ... with two elements at least.
type Tuple struct{ Elems []Expr }

func (*Name) exprNode()       {}
func (*App) exprNode()        {}
func (*Empty) exprNode()      {}
func (*Universe) exprNode()   {}
func (*Unit) exprNode()       {}
func (*Tag) exprNode()        {}
func (*SetLit) exprNode()     {}
func (*Bracket) exprNode()    {}
func (*Op) exprNode()         {}
func (*Add) exprNode()        {}
func (*Cart) exprNode()       {}
func (*Complement) exprNode() {}
func (*Postfix) exprNode()    {}
func (*LetIn) exprNode()      {}
func (*Fun) exprNode()        {}
func (*Try) exprNode()        {}
func (*If) exprNode()         {}
func (*Match) exprNode()      {}
func (*Tuple) exprNode()      {}
