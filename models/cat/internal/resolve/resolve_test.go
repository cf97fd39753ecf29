// This file tests the resolver: the levels of one operand gone, the
// numbering of cached nodes (none for a node that reads a local name or
// runs in a procedure), variants decided, let rec terms marked invariant,
// the last binders of rf and co, and includes resolved once.

package resolve

import (
	"testing"

	"github.com/litmuscheck/litmuscheck/models/cat/syntax"
)

func resolveText(t *testing.T, src string, variants ...string) *Program {
	t.Helper()
	f, err := syntax.Parse("t.cat", src)
	if err != nil {
		t.Fatal(err)
	}
	in := Input{Main: f, Variants: map[string]bool{}}
	for _, v := range variants {
		in.Variants[v] = true
	}
	return Resolve(in)
}

func TestLevelsCollapse(t *testing.T) {
	p := resolveText(t, "let x = ((po))\nlet y = po ; rf | co")
	x := p.Main.Stmts[0].(*Let).Bindings[0].Value
	if n, ok := x.(*Name); !ok || n.Name != "po" || p.Syms.Names[n.Sym] != "po" {
		t.Errorf("((po)) is %#v, want the name po", x)
	}
	y, ok := p.Main.Stmts[1].(*Let).Bindings[0].Value.(*Op)
	if !ok || y.Op != "|" || len(y.Terms) != 2 {
		t.Fatalf("po ; rf | co is %#v, want a union of two", y)
	}
	if seq, ok := y.Terms[0].Expr.(*Op); !ok || seq.Op != ";" {
		t.Errorf("first term %#v, want a ;", y.Terms[0].Expr)
	}
}

func TestNumbering(t *testing.T) {
	p := resolveText(t, "let a = po ; rf\nlet f(x) = x ; po\nprocedure p(x) = let b = po ; rf end\nacyclic po | rf")
	a := p.Main.Stmts[0].(*Let)
	if op := a.Bindings[0].Value.(*Op); op.Sub == 0 || a.Subs.Lo > op.Sub || op.Sub >= a.Subs.Hi {
		t.Errorf("po ; rf: sub %d, let's range %v", op.Sub, a.Subs)
	}
	if op := p.Main.Stmts[1].(*Let).Bindings[0].Fun.Body.(*Op); op.Sub != 0 {
		t.Errorf("x ; po reads a parameter: sub %d, want none", op.Sub)
	}
	proc := p.Main.Stmts[2].(*Procedure)
	if op := proc.Body[0].(*Let).Bindings[0].Value.(*Op); op.Sub != 0 {
		t.Errorf("a procedure's po ; rf: sub %d, want none", op.Sub)
	}
	test := p.Main.Stmts[3].(*Test)
	if op := test.Expr.(*Op); op.Sub == 0 || op.Sub < test.Subs.Lo || op.Sub >= test.Subs.Hi {
		t.Errorf("acyclic po | rf: sub %d, range %v", op.Sub, test.Subs)
	}
}

func TestTermSubsAndNames(t *testing.T) {
	p := resolveText(t, "let a = (po & loc) ; [W] ; rf ; (co)")
	op := p.Main.Stmts[0].(*Let).Bindings[0].Value.(*Op)
	inter := op.Terms[0].Expr.(*Op)
	if len(op.TermSubs) != 4 || op.TermSubs[0] != inter.Sub || op.TermSubs[1] == 0 || op.TermSubs[2] != 0 {
		t.Errorf("TermSubs %v, want the & (%d), the bracket, then none", op.TermSubs, inter.Sub)
	}
	var names []string
	for _, n := range op.Names {
		s := p.Syms.Names[n.Sym]
		if n.Bracket {
			s = "[" + s + "]"
		}
		names = append(names, s)
	}
	// A name in parentheses is not a name operand.
	if len(names) != 2 || names[0] != "[W]" || names[1] != "rf" {
		t.Errorf("Names %v, want [W] rf", names)
	}
}

func TestVariants(t *testing.T) {
	src := "if \"v\" let a = po else let a = rf end\nlet b = if \"v\" || \"w\" then co else loc"
	for _, c := range []struct {
		variants []string
		a, b     string
	}{{nil, "rf", "loc"}, {[]string{"v"}, "po", "co"}, {[]string{"w"}, "rf", "co"}} {
		p := resolveText(t, src, c.variants...)
		a := p.Main.Stmts[0].(*Branch).Stmts[0].(*Let).Bindings[0].Value.(*Name)
		b := p.Main.Stmts[1].(*Let).Bindings[0].Value.(*Name)
		if a.Name != c.a || b.Name != c.b {
			t.Errorf("variants %v: a = %s, b = %s, want %s and %s", c.variants, a.Name, b.Name, c.a, c.b)
		}
	}
}

func TestInvariant(t *testing.T) {
	p := resolveText(t, "let rec r = po | r ; rf | [W] and s = r | s")
	bs := p.Main.Stmts[0].(*Let).Bindings
	if got := bs[0].Invariant; len(got) != 3 || !got[0] || got[1] || !got[2] {
		t.Errorf("r's invariant terms %v, want [true false true]", got)
	}
	if bs[1].Invariant != nil {
		t.Errorf("s's invariant terms %v, want none: every term reads the let rec", bs[1].Invariant)
	}
}

func TestFinalAndIncludes(t *testing.T) {
	lib, err := syntax.Parse("lib.cat", "let co = co\nlet x = po")
	if err != nil {
		t.Fatal(err)
	}
	main, err := syntax.Parse("t.cat", "include \"lib.cat\"\nlet rf = rf\ninclude \"lib.cat\"\nlet co = co | 0")
	if err != nil {
		t.Fatal(err)
	}
	p := Resolve(Input{Main: main, Included: map[string]*syntax.File{"lib.cat": lib}})
	ss := p.Main.Stmts
	if ss[0].(*Include).File == nil || ss[0].(*Include).File != ss[2].(*Include).File {
		t.Error("lib.cat resolved twice, or not at all")
	}
	if f := ss[1].(*Let).Final; f != "rf" {
		t.Errorf("let rf: final %q, want rf", f)
	}
	if f := ss[3].(*Let).Final; f != "co" {
		t.Errorf("the last let co: final %q, want co", f)
	}
	if f := ss[0].(*Include).File.Stmts[0].(*Let).Final; f != "" {
		t.Errorf("lib.cat's let co: final %q, want none", f)
	}
}
