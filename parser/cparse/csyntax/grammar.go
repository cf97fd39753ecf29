// This file implements the grammar of the C dialect that herd7 runs with
// the Linux-kernel memory model: threads "P0(int *x, spinlock_t *l) {...}"
// made of declarations, assignments, kernel primitive calls, if statements
// and loops, after the test's own functions, structs and per-CPU
// variables; and the grammar of a file of functions.

package csyntax

import (
	"regexp"
	"strings"
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

// IsKeyword reports whether name is a type name or a keyword of the
// dialect, which no register may be named.
func IsKeyword(name string) bool { return cKeyword.MatchString(name) }

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
	{Name: "String", Pattern: `"(\\.|[^"\\\n])*"`},
	{Name: "Op", Pattern: `->|<<=|>>=|\+=|-=|\|=|&=|\^=|\+\+|--|==|!=|<=|>=|&&|\|\||<<|>>|[-+*/%&|^~!<>=(){},;?:.\[\]]`},
})

// Program is the whole program section: the test's own functions,
// structs and per-CPU variables (an extension of herd's dialect),
// then the threads in order.
type Program struct {
	Pos     lexer.Position
	Tops    []*Top    `parser:"@@*"`
	Threads []*Thread `parser:"@@*"`
}

// Thread is "P0(int *x, spinlock_t *l) { ... }".
type Thread struct {
	Pos    lexer.Position
	Name   string   `parser:"@Ident"`
	Params []*Param `parser:"\"(\" ( @@ ( \",\" @@ )* )? \")\""`
	Body   []*Stmt  `parser:"\"{\" @@* \"}\""`
	EndPos lexer.Position
}

// Param is one parameter, "volatile int *x" or "struct srcu_struct *s";
// a lone "void" stands for no parameters.
type Param struct {
	Pos   lexer.Position
	Type  *Type    `parser:"@@"`
	Stars []string `parser:"@\"*\"*"`
	Name  string   `parser:"@Ident?"`
}

// Type is a type as written in declarations and casts.
type Type struct {
	Pos   lexer.Position
	Words []string `parser:"( @Type | \"struct\" @Ident )+"`
}

// Stmt is one statement.
type Stmt struct {
	Pos    lexer.Position
	Block  []*Stmt   `parser:"(  \"{\" @@* \"}\""`
	If     *If       `parser:" | @@"`
	While  *While    `parser:" | @@"`
	Do     *DoWhile  `parser:" | @@"`
	For    *For      `parser:" | @@"`
	Return *Return   `parser:" | @@"`
	Break  bool      `parser:" | @\"break\" \";\""`
	Cont   bool      `parser:" | @\"continue\" \";\""`
	Goto   string    `parser:" | \"goto\" @Ident \";\""`
	Label  string    `parser:" | @Ident \":\""`
	Decl   *Decl     `parser:" | @@"`
	Expr   *ExprStmt `parser:" | @@"`
	Empty  bool      `parser:" | @\";\" )"`
	EndPos lexer.Position
}

// If is "if (cond) stmt [else stmt]".
type If struct {
	Pos  lexer.Position
	Cond *Expr `parser:"\"if\" \"(\" @@ \")\""`
	Then *Stmt `parser:"@@"`
	Else *Stmt `parser:"( \"else\" @@ )?"`
}

// While is "while (cond) stmt"; the body may be empty, "while (c);" or
// "while (c) {}", which herd7's grammar refuses.
type While struct {
	Pos  lexer.Position
	Cond *Expr `parser:"\"while\" \"(\" @@ \")\""`
	Body *Stmt `parser:"@@"`
}

// DoWhile is "do stmt while (cond);", which herd7 does not have.
type DoWhile struct {
	Pos  lexer.Position
	Body *Stmt `parser:"\"do\" @@"`
	Cond *Expr `parser:"\"while\" \"(\" @@ \")\" \";\""`
}

// Decl declares local registers: "int r0;", "int r1 = 0, r2;",
// "intptr_t r3 = READ_ONCE(*x);".
type Decl struct {
	Pos    lexer.Position
	Type   *Type         `parser:"@@"`
	Vars   []*Declarator `parser:"@@ ( \",\" @@ )* \";\""`
	EndPos lexer.Position
}

type Declarator struct {
	Pos   lexer.Position
	Stars []string `parser:"@\"*\"*"`
	Name  string   `parser:"@Ident"`
	Init  *Expr    `parser:"( \"=\" @@ )?"`
}

// ExprStmt is an expression statement, an assignment when Value is set:
// "r0 = READ_ONCE(*x);", "*x = 1;", "spin_lock(l);", "n += 2;", "i++;".
type ExprStmt struct {
	Pos lexer.Position
	Assign
	End    string `parser:"\";\""`
	EndPos lexer.Position
}

// Assign is an expression, or an assignment when Value or Incr is set:
// AssignOp is "=" or a compound assignment ("+=", "<<=" ...), Incr a
// postfix "++" or "--".
type Assign struct {
	X        *Expr  `parser:"@@"`
	AssignOp string `parser:"( @( \"=\" | \"+=\" | \"-=\" | \"|=\" | \"&=\" | \"^=\" | \"<<=\" | \">>=\" )"`
	Value    *Expr  `parser:"  @@"`
	Incr     string `parser:"| @( \"++\" | \"--\" ) )?"`
}

// For is "for (init; cond; step) stmt": init a declaration, an
// expression statement or nothing; with no cond, the loop runs until it
// is left.
type For struct {
	Pos      lexer.Position
	InitDecl *Decl     `parser:"\"for\" \"(\" ( @@"`
	InitExpr *ExprStmt `parser:"  | @@ | \";\" )"`
	Cond     *Expr     `parser:"@@? \";\""`
	Step     *ForStep  `parser:"@@? \")\""`
	Body     *Stmt     `parser:"@@"`
}

// ForStep is the step of a for loop, an expression statement without
// its ';'.
type ForStep struct {
	Pos lexer.Position
	Assign
	EndPos lexer.Position
}

// Expr is a binary expression, flat: precedence is applied when it is
// lowered (precedence climbing). With Then and Else it is the condition
// of "c ? a : b", which binds loosest and groups to the right.
type Expr struct {
	Pos    lexer.Position
	Left   *Unary   `parser:"@@"`
	Rest   []*OpArg `parser:"@@*"`
	Then   *Expr    `parser:"( \"?\" @@"`
	Else   *Expr    `parser:"  \":\" @@ )?"`
	EndPos lexer.Position
}

// Compound reports whether e is more than one unary expression.
func (e *Expr) Compound() bool { return len(e.Rest) > 0 || e.Then != nil }

type OpArg struct {
	Pos   lexer.Position
	Op    string `parser:"@( \"||\" | \"&&\" | \"|\" | \"^\" | \"&\" | \"==\" | \"!=\" | \"<=\" | \">=\" | \"<\" | \">\" | \"<<\" | \">>\" | \"+\" | \"-\" | \"*\" | \"/\" | \"%\" )"`
	Right *Unary `parser:"@@"`
}

// Unary is a prefix operator, a cast, a member of a struct the dialect
// lays out or a program defines, or a primary expression.
type Unary struct {
	Pos     lexer.Position
	Op      string   `parser:"(  @( \"-\" | \"!\" | \"~\" | \"*\" | \"&\" | \"++\" | \"--\" )"`
	X       *Unary   `parser:"   @@"`
	Cast    *Cast    `parser:" | @@"`
	Member  *Member  `parser:" | @@"`
	Primary *Primary `parser:" | @@ )"`
	// Sels are members selected from a parenthesized expression or a
	// call, "((struct qnode *)base + idx)->mcs"; members normalizes them
	// into a Member whose Of the rest of the Unary is.
	Sels []*Sel `parser:"@@*"`
	// Post is a postfix "++" or "--" ("idx = node->count++"): the
	// operand's value, then its update.
	Post   string `parser:"@( \"++\" | \"--\" )?"`
	EndPos lexer.Position
}

// IsIncrement reports whether u is a "++" or a "--", prefix or postfix.
func (u *Unary) IsIncrement() bool { return u.Post != "" || u.Op == "++" || u.Op == "--" }

// Increment is the "++" or "--" of u, prefix or postfix, and the operand
// it updates; op is "" when u is no increment.
func (u *Unary) Increment() (op string, operand *Unary, prefix bool) {
	switch {
	case u.Post != "":
		v := *u
		v.Post = ""
		return u.Post, &v, false
	case u.Op == "++" || u.Op == "--":
		return u.Op, u.X, true
	}
	return "", nil, false
}

// Cast is "(intptr_t *)e"; casts change no value.
type Cast struct {
	Pos   lexer.Position
	Type  *Type    `parser:"\"(\" @@"`
	Stars []string `parser:"@\"*\"* \")\""`
	X     *Unary   `parser:"@@"`
}

type Primary struct {
	Pos   lexer.Position
	Call  *Call  `parser:"  @@"`
	Hex   string `parser:"| @Hex"`
	Int   string `parser:"| @Int"`
	Ident string `parser:"| @Ident"`
	// Str is a string literal, its adjacent pieces joined: a format that
	// only the reports of WARN and printk may take.
	Str []string `parser:"| @String+"`
	// Assigned comes before Paren: "(r0 = e)" and "(r0 == e)" share
	// their first two tokens.
	Assigned *ParenAssign `parser:"| @@"`
	Paren    *Expr        `parser:"| \"(\" @@ \")\""`
}

// ParenAssign is an assignment to a variable used as a value, in
// parentheses as the kernel writes it: "while (!(next =
// READ_ONCE(node->next)))".
type ParenAssign struct {
	Pos    lexer.Position
	Name   string `parser:"\"(\" @Ident \"=\""`
	Value  *Expr  `parser:"@@ \")\""`
	EndPos lexer.Position
}

// Call is a call of a kernel primitive, "cmpxchg(x, 0, 1)".
type Call struct {
	Pos    lexer.Position
	Name   string  `parser:"@Ident \"(\""`
	Args   []*Expr `parser:"( @@ ( \",\" @@ )* )? \")\""`
	EndPos lexer.Position
}

var cParser = sync.OnceValue(func() *participle.Parser[Program] {
	return participle.MustBuild[Program](
		participle.Lexer(cLexer),
		participle.Elide("Comment", "Whitespace"),
		participle.UseLookahead(2),
	)
})

// Top is one definition before the threads.
type Top struct {
	Pos    lexer.Position
	Struct *StructDef `parser:"(  @@"`
	PerCPU *PerCPU    `parser:" | @@"`
	Func   *Func      `parser:" | @@"`
	// Empty is a ";" alone, as an empty macro (EXPORT_SYMBOL(f);) or a
	// "{};" after a function leaves one: C's empty declaration.
	Empty bool `parser:" | @\";\" )"`
}

// StructDef is "struct name { members };"; Head is "struct name {".
type StructDef struct {
	Pos     lexer.Position
	Head    string        `parser:"@StructHead"`
	Members []*MemberDecl `parser:"@@* \"}\" \";\""`
	Name    string
}

// MemberDecl declares members of one type: "int locked;", "struct
// optimistic_spin_node *next, *prev;", "long reserved[2];".
type MemberDecl struct {
	Pos   lexer.Position
	Union *Union       `parser:"(  @@"`
	Type  *Type        `parser:" | @@"`
	Vars  []*MemberVar `parser:"    @@ ( \",\" @@ )* \";\" )"`
}

// Union is a union member, "union { ... } name;", or a struct member
// defined in place, "struct { u8 locked; u8 pending; };" (Kind
// "struct"), either without a name (C11's anonymous members).
type Union struct {
	Pos     lexer.Position
	Kind    string        `parser:"@( \"union\" | \"struct\" ) \"{\""`
	Members []*MemberDecl `parser:"@@* \"}\""`
	Name    string        `parser:"@Ident? \";\""`
}

type MemberVar struct {
	Pos   lexer.Position
	Stars []string `parser:"@\"*\"*"`
	Name  string   `parser:"@Ident"`
	Len   string   `parser:"( \"[\" @Int \"]\" )?"`
}

// PerCPU is "static DEFINE_PER_CPU(type, name);" and its aligned forms,
// whose alignment changes no value.
type PerCPU struct {
	Pos    lexer.Position
	Static bool     `parser:"@\"static\"?"`
	Macro  string   `parser:"@( \"DEFINE_PER_CPU\" | \"DEFINE_PER_CPU_ALIGNED\" | \"DEFINE_PER_CPU_SHARED_ALIGNED\" | \"DEFINE_PER_CPU_READ_MOSTLY\" )"`
	Type   *Type    `parser:"\"(\" @@"`
	Stars  []string `parser:"@\"*\"*"`
	Name   string   `parser:"\",\" @Ident"`
	Len    string   `parser:"( \"[\" @Int \"]\" )? \")\" \";\""`
}

// DefsFile is a file of function definitions.
type DefsFile struct {
	Pos  lexer.Position
	Tops []*Top `parser:"@@*"`
}

// Func is "int spin_trylock(spinlock_t *l) { ... return r; }".
type Func struct {
	Pos    lexer.Position
	EndPos lexer.Position
	// Spec are the storage class, inline hints and the kernel's function
	// attributes (linkage, tracing, section), which change nothing once
	// the function is inlined.
	Spec   []string `parser:"@( \"static\" | \"extern\" | \"inline\" | \"__inline__\" | \"__always_inline\" | \"noinline\" | \"__visible\" | \"__lockfunc\" | \"notrace\" | \"__maybe_unused\" | \"__pure\" | \"__sched\" | \"__must_check\" )*"`
	Ret    *Type    `parser:"@@"`
	Stars  []string `parser:"@\"*\"*"`
	Name   string   `parser:"@Ident"`
	Params []*Param `parser:"( \"(\" ( @@ ( \",\" @@ )* )? \")\""`
	// Proto marks a declaration without a body, "extern void
	// queued_spin_lock_slowpath(struct qspinlock *lock, u32 val);",
	// which says nothing a call could inline.
	Proto bool    `parser:"( @\";\""`
	Body  []*Stmt `parser:"| \"{\" @@* \"}\" )"`
	// Var marks a variable at file scope, "static struct pv_hash_entry
	// *pv_lock_hash;", Len the length of an array one, and Init holds
	// the tokens of its initializer; its placement attributes
	// (__read_mostly) change no value.
	Len  string   `parser:"| ( \"[\" @Int \"]\" )? ( \"__read_mostly\" | \"__cacheline_aligned\" | \"__cacheline_aligned_in_smp\" )*"`
	Init []string `parser:"( \"=\" @~\";\"+ )?"`
	Var  bool     `parser:"@\";\" )"`
}

// Return is "return e;" or "return;". Only the last statement of a
// function body may return.
type Return struct {
	Pos   lexer.Position
	Value *Expr `parser:"\"return\" @@? \";\""`
}

// Member is "p->field", a chain "prev->next->locked", or the member of
// an embedded struct "node->mcs.locked".
type Member struct {
	Pos lexer.Position
	Ptr string `parser:"@Ident"`
	// Index is the element of a per-CPU array named, "qnodes[idx].mcs".
	Index  *Expr  `parser:"( \"[\" @@ \"]\" )?"`
	Sels   []*Sel `parser:"@@+"`
	EndPos lexer.Position
	// Of, set in place of Ptr, is the expression the selectors apply to
	// (Unary.Sels).
	Of *Unary
}

// Sel is one "->field" or ".field".
type Sel struct {
	Pos   lexer.Position
	Op    string `parser:"@( \"->\" | \".\" )"`
	Field string `parser:"@Ident"`
}

// Field is the member m names last.
func (m *Member) Field() string { return m.Sels[len(m.Sels)-1].Field }

// Path is m as written, "prev->next".
func (m *Member) Path() string {
	var b strings.Builder
	switch {
	case m.Of != nil:
		b.WriteString("(...)")
	case m.Index != nil:
		b.WriteString(m.Ptr + "[...]")
	default:
		b.WriteString(m.Ptr)
	}
	for _, s := range m.Sels {
		b.WriteString(s.Op + s.Field)
	}
	return b.String()
}

var cDefsParser = sync.OnceValue(func() *participle.Parser[DefsFile] {
	return participle.MustBuild[DefsFile](
		participle.Lexer(cLexer),
		participle.Elide("Comment", "Whitespace"),
		participle.UseLookahead(2),
	)
})
