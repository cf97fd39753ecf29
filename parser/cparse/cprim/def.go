// This file implements the C primitives a user's .def macro file defines
// (herd's -macros, litmuscheck --macros): each macro body, a sequence of
// herd's event builders (__load{ONCE}(X), __store{RELEASE}(*X,V),
// __fence{MB}, __xchg{MB}(X,V), __atomic_op{NORETURN}(X,+,V), ...) or a
// call of another primitive, is lowered to the table entry the C lowering
// uses for the kernel's own primitives.

package cprim

import (
	"fmt"
	"os"
	"regexp"
	"strings"
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/litmuscheck/litmuscheck/litmus"
)

// A MacroDef is one macro of a .def file, as ParseDef splits it.
type MacroDef struct {
	Pos    litmus.Pos // the macro's name
	Name   string
	Params []string
	// Body is the text after the parameters; BodyPos is where it starts.
	Body    string
	BodyPos litmus.Pos
}

// Prims are the primitives of a .def file. A macro that cannot be lowered
// keeps its error: a test that calls it is refused, never run with the
// kernel's own primitive of that name.
type Prims struct {
	prims map[string]Prim
	errs  map[string]error
}

// Lookup finds a primitive the .def file defines; a macro that cannot be
// lowered is found with its error.
func (ps *Prims) Lookup(name string) (Prim, bool, error) {
	if ps == nil {
		return Prim{}, false, nil
	}
	if err, ok := ps.errs[name]; ok {
		return Prim{}, true, err
	}
	p, ok := ps.prims[name]
	return p, ok, nil
}

// Names lists the primitives the file defines and the parser can lower.
func (ps *Prims) Names() []string {
	var out []string
	for n := range ps.prims {
		out = append(out, n)
	}
	return out
}

// Err is the error of the macro name, if it cannot be lowered.
func (ps *Prims) Err(name string) error { return ps.errs[name] }

var macroHead = regexp.MustCompile(`^([A-Za-z_][A-Za-z0-9_]*)\s*\(([^)]*)\)\s*(.*)$`)

// ParseDefFile reads a .def file.
func ParseDefFile(path string) ([]MacroDef, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return ParseDef(path, string(src))
}

// ParseDef splits the text of a .def file into macros: one per line (a
// block may go on over following lines until its braces close), comments
// starting with //. Bodies are read when NewPrims lowers them.
func ParseDef(path, src string) ([]MacroDef, error) {
	var out []MacroDef
	lines := strings.Split(src, "\n")
	for i := 0; i < len(lines); i++ {
		raw := stripDefComment(lines[i])
		line := strings.TrimSpace(raw)
		if line == "" {
			continue
		}
		p := litmus.Pos{File: path, Line: i + 1, Col: strings.Index(raw, line) + 1}
		m := macroHead.FindStringSubmatchIndex(line)
		if m == nil {
			return nil, litmus.Errorf(p, "expected a macro NAME(PARAMS) BODY, found %q", line)
		}
		name, body := line[m[2]:m[3]], line[m[6]:m[7]]
		bodyPos := litmus.Pos{File: path, Line: p.Line, Col: p.Col + m[6]}
		for strings.Count(body, "{") > strings.Count(body, "}") && i+1 < len(lines) {
			i++
			body += "\n" + stripDefComment(lines[i])
		}
		if strings.Count(body, "{") != strings.Count(body, "}") {
			return nil, litmus.Errorf(p, "unbalanced braces in macro %s", name)
		}
		if strings.TrimSpace(body) == "" {
			return nil, litmus.Errorf(p, "macro %s has no body", name)
		}
		var params []string
		for _, s := range strings.Split(line[m[4]:m[5]], ",") {
			if s = strings.TrimSpace(s); s != "" {
				params = append(params, s)
			}
		}
		out = append(out, MacroDef{Pos: p, Name: name, Params: params, Body: strings.TrimSpace(body), BodyPos: bodyPos})
	}
	return out, nil
}

func stripDefComment(s string) string {
	if i := strings.Index(s, "//"); i >= 0 {
		return s[:i]
	}
	return s
}

// The grammar of a macro body.
type defBody struct {
	Pos   lexer.Position
	Block []*defCall `parser:"( \"{\" ( @@ \";\" )* \"}\""`
	Expr  *defCall   `parser:"| @@"`
	Cmp   string     `parser:"  ( @( \"==\" | \"!=\" | \"<=\" | \">=\" | \"<\" | \">\" )"`
	Than  string     `parser:"    @Int )? )"`
}

type defCall struct {
	Pos   lexer.Position
	Name  string    `parser:"@Ident"`
	Annot []string  `parser:"( \"{\" @Ident ( @\"-\" @Ident )* \"}\" )?"`
	Args  []*defArg `parser:"( \"(\" ( @@ ( \",\" @@ )* )? \")\" )?"`
}

type defArg struct {
	Pos   lexer.Position
	Deref bool   `parser:"( @\"*\"?"`
	Name  string `parser:"  @Ident"`
	Int   string `parser:"| @Int"`
	Op    string `parser:"| @( \"&~\" | \"+\" | \"-\" | \"&\" | \"|\" | \"^\" ) )"`
}

var defLexer = lexer.MustSimple([]lexer.SimpleRule{
	{Name: "Whitespace", Pattern: `[ \t\r\n]+`},
	{Name: "Int", Pattern: `[0-9]+`},
	{Name: "Ident", Pattern: `[A-Za-z_][A-Za-z0-9_]*`},
	{Name: "Op", Pattern: `&~|==|!=|<=|>=|[-+*&|^<>{}(),;]`},
})

var defParser = sync.OnceValue(func() *participle.Parser[defBody] {
	return participle.MustBuild[defBody](participle.Lexer(defLexer), participle.Elide("Whitespace"))
})

// NewPrims lowers the macros of a .def file. Only a file that cannot be
// read as macros is an error; each macro's own error waits for a call.
func NewPrims(macros []MacroDef) *Prims {
	ps := &Prims{prims: map[string]Prim{}, errs: map[string]error{}}
	byName := map[string]MacroDef{}
	for _, m := range macros {
		byName[m.Name] = m
	}
	lw := &defLowerer{macros: byName, ps: ps, busy: map[string]bool{}}
	for _, m := range macros {
		lw.prim(m.Name)
	}
	return ps
}

type defLowerer struct {
	macros map[string]MacroDef
	ps     *Prims
	busy   map[string]bool // the macros being lowered, to refuse a cycle
}

// prim lowers the macro name once, and finds a primitive it calls: a
// macro of the file, else a kernel primitive.
func (lw *defLowerer) prim(name string) (Prim, error) {
	if p, ok := lw.ps.prims[name]; ok {
		return p, nil
	}
	if err, ok := lw.ps.errs[name]; ok {
		return Prim{}, err
	}
	m, ok := lw.macros[name]
	if !ok {
		if p, ok := kernel[name]; ok {
			return p, nil
		}
		return Prim{}, fmt.Errorf("unknown primitive %q", name)
	}
	if lw.busy[name] {
		return Prim{}, litmus.Errorf(m.Pos, "macro %s calls itself", name)
	}
	lw.busy[name] = true
	p, err := lw.lower(m)
	delete(lw.busy, name)
	if err != nil {
		lw.ps.errs[name] = err
		return Prim{}, err
	}
	lw.ps.prims[name] = p
	return p, nil
}

// bodyPos is the place in the .def file of a position in a macro body.
func bodyPos(m MacroDef, p lexer.Position) litmus.Pos {
	if p.Line <= 1 {
		return litmus.Pos{File: m.BodyPos.File, Line: m.BodyPos.Line, Col: m.BodyPos.Col + p.Column - 1}
	}
	return litmus.Pos{File: m.BodyPos.File, Line: m.BodyPos.Line + p.Line - 1, Col: p.Column}
}

func (lw *defLowerer) lower(m MacroDef) (Prim, error) {
	body, err := defParser().ParseString("", m.Body)
	if err != nil {
		p := m.BodyPos
		var pe participle.Error
		if e, ok := err.(participle.Error); ok {
			pe = e
			p = bodyPos(m, pe.Position())
			return Prim{}, litmus.Unsupported(p, fmt.Sprintf("macro body %q of %s (expected herd's event builders such as __load{ONCE}(X) or { __store{ONCE}(X,V); }): %s", m.Body, m.Name, pe.Message()))
		}
		return Prim{}, litmus.Unsupported(p, fmt.Sprintf("macro body %q of %s: %v", m.Body, m.Name, err))
	}
	params := map[string]int{}
	for i, n := range m.Params {
		if _, dup := params[n]; dup {
			return Prim{}, litmus.Errorf(m.Pos, "macro %s has two parameters %s", m.Name, n)
		}
		params[n] = i
	}
	used := map[string]bool{}
	var steps []Prim
	calls := body.Block
	if body.Expr != nil {
		calls = []*defCall{body.Expr}
	}
	for _, c := range calls {
		p, err := lw.call(m, c, params, used)
		if err != nil {
			return Prim{}, err
		}
		if body.Block != nil && p.Returns() {
			return Prim{}, litmus.Unsupported(bodyPos(m, c.Pos), fmt.Sprintf("%s, which has a value, as a statement of macro %s", c.Name, m.Name))
		}
		steps = append(steps, p)
	}
	for _, n := range m.Params {
		if !used[n] {
			return Prim{}, litmus.Unsupported(m.Pos, fmt.Sprintf("parameter %s that the body of macro %s does not use", n, m.Name))
		}
	}
	var p Prim
	switch len(steps) {
	case 0:
		return Prim{}, litmus.Unsupported(m.BodyPos, fmt.Sprintf("macro %s with an empty body", m.Name))
	case 1:
		p = steps[0]
	default:
		p = Prim{Kind: Seq, Steps: steps, NParams: len(m.Params)}
	}
	if body.Cmp != "" {
		if body.Than != "0" || p.Kind != AtomicRet || p.Test != nil {
			return Prim{}, litmus.Unsupported(bodyPos(m, body.Pos), fmt.Sprintf("comparison %s %s in macro %s (only an __atomic_op_return or __atomic_fetch_op compared with 0)", body.Cmp, body.Than, m.Name))
		}
		p.Test = binOp(defCmps[body.Cmp])
	}
	return p, nil
}

var defCmps = map[string]litmus.BinOp{
	"==": litmus.OpEq, "!=": litmus.OpNe, "<": litmus.OpLt, "<=": litmus.OpLe, ">": litmus.OpGt, ">=": litmus.OpGe,
}

var defOps = map[string]litmus.BinOp{
	"+": litmus.OpAdd, "-": litmus.OpSub, "&": litmus.OpAnd, "|": litmus.OpOr, "^": litmus.OpXor, "&~": litmus.OpAndNot,
}

// A builder is one of herd's event builders: its primitive kind, whether
// it takes an annotation, and whether its location is an lvalue (the
// loads and stores: __load{ONCE}(X) reads the X a caller writes "*x").
type builder struct {
	kind   Kind
	annot  bool
	lvalue bool
}

var builders = map[string]builder{
	"__load":              {Load, true, true},
	"__store":             {Store, true, true},
	"__fence":             {Fence, true, false},
	"__srcu":              {SyncSrcu, true, false},
	"__xchg":              {Xchg, true, false},
	"__cmpxchg":           {Cmpxchg, true, false},
	"__atomic_op":         {AtomicOp, true, false},
	"__atomic_op_return":  {AtomicRet, true, false},
	"__atomic_fetch_op":   {AtomicRet, true, false},
	"__atomic_add_unless": {AddUnless, true, false},
	"__lock":              {Lock, false, false},
	"__unlock":            {Unlock, false, false},
	"__trylock":           {Trylock, false, false},
	"__islocked":          {IsLocked, false, false},
}

// call lowers one builder or primitive call of macro m's body to a
// primitive whose arguments are m's parameters.
func (lw *defLowerer) call(m MacroDef, c *defCall, params map[string]int, used map[string]bool) (Prim, error) {
	pos := bodyPos(m, c.Pos)
	var p Prim
	var args []*defArg
	b, isBuilder := builders[c.Name]
	switch {
	case isBuilder:
		if b.annot != (len(c.Annot) > 0) {
			if b.annot {
				return Prim{}, litmus.Unsupported(pos, fmt.Sprintf("%s without an annotation such as {ONCE}", c.Name))
			}
			return Prim{}, litmus.Unsupported(pos, fmt.Sprintf("%s with an annotation", c.Name))
		}
		p = Prim{Kind: b.kind, Lvalue: b.lvalue}
		if b.annot {
			p.Tag = tagSetName(strings.Join(c.Annot, ""))
		}
		args = c.Args
		if b.kind == AtomicOp || b.kind == AtomicRet {
			// (X, op, V): the primitive's own order is (V, X), or (X)
			// for the operand 1.
			if len(args) != 3 || args[1].Op == "" {
				return Prim{}, litmus.Unsupported(pos, fmt.Sprintf("%s without the three arguments (X, op, V)", c.Name))
			}
			p.Op = defOps[args[1].Op]
			p.New = c.Name == "__atomic_op_return"
			switch {
			case args[2].Int == "1":
				p.One, args = true, args[:1]
			case args[2].Int != "":
				return Prim{}, litmus.Unsupported(bodyPos(m, args[2].Pos), fmt.Sprintf("constant operand %s (only 1)", args[2].Int))
			default:
				args = []*defArg{args[2], args[0]}
			}
		}
	case len(c.Annot) > 0:
		return Prim{}, litmus.Unsupported(pos, fmt.Sprintf("annotation on %s, which is not one of herd's event builders", c.Name))
	default:
		callee, err := lw.prim(c.Name)
		if err != nil {
			if _, ok := err.(*litmus.Error); ok {
				return Prim{}, err
			}
			return Prim{}, litmus.Unsupported(pos, fmt.Sprintf("call of %s in macro %s: %v", c.Name, m.Name, err))
		}
		if callee.Kind == Seq {
			return Prim{}, litmus.Unsupported(pos, fmt.Sprintf("call of %s, a macro of several events, in macro %s", c.Name, m.Name))
		}
		p, args = callee, c.Args
		if callee.Args != nil {
			// Put the call's arguments in the callee's own order.
			args = make([]*defArg, len(callee.Args))
			for k, i := range callee.Args {
				if i >= len(c.Args) {
					return Prim{}, litmus.Errorf(pos, "%s expects %d arguments, found %d", c.Name, len(callee.Args), len(c.Args))
				}
				args[k] = c.Args[i]
			}
		}
	}
	if n := p.NArgs(); len(args) != n {
		return Prim{}, litmus.Errorf(pos, "%s expects %d argument%s, found %d", c.Name, n, plural(n), len(args))
	}
	// Each argument is a parameter; the first, the location, may be
	// dereferenced: *X passes a pointer where the builder wants an
	// lvalue.
	p.Args = make([]int, len(args))
	for k, a := range args {
		if a.Name == "" {
			return Prim{}, litmus.Unsupported(bodyPos(m, a.Pos), fmt.Sprintf("argument %q of %s (an argument must be one of the macro's parameters)", a.Int+a.Op, c.Name))
		}
		i, ok := params[a.Name]
		if !ok {
			return Prim{}, litmus.Errorf(bodyPos(m, a.Pos), "unknown parameter %s of macro %s", a.Name, m.Name)
		}
		if used[a.Name] {
			// A call's argument is lowered once per use: the events of
			// an argument such as READ_ONCE(*y) would repeat.
			return Prim{}, litmus.Unsupported(bodyPos(m, a.Pos), fmt.Sprintf("parameter %s used twice in macro %s", a.Name, m.Name))
		}
		used[a.Name] = true
		p.Args[k] = i
		if a.Deref {
			if k != 0 || !p.Lvalue {
				return Prim{}, litmus.Unsupported(bodyPos(m, a.Pos), fmt.Sprintf("*%s as argument %d of %s (only an lvalue location)", a.Name, k+1, c.Name))
			}
			p.Lvalue = false
		}
	}
	if identity(p.Args) && len(p.Args) == len(params) {
		p.Args = nil
	}
	return p, nil
}

func identity(args []int) bool {
	for k, i := range args {
		if k != i {
			return false
		}
	}
	return true
}

// tagSetName is the event tag of an annotation: herd names the set of
// events annotated a after a with a capital initial (rmb: Rmb, MB: MB).
func tagSetName(a string) string {
	if a == "" || a[0] < 'a' || a[0] > 'z' {
		return a
	}
	return string(a[0]-'a'+'A') + a[1:]
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
