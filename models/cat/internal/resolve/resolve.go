// This file implements resolving a model's files: the statements of each
// file, the files included (resolved once each, wherever included), and
// the numbering of each top-level statement's cached nodes.

package resolve

import (
	"github.com/litmuscheck/litmuscheck/models/cat/syntax"
)

// Input is what a model is resolved from: its files as parsed, and the
// variants of the run.
type Input struct {
	Main, Bell *syntax.File
	// Included are the files the others include, by the name used.
	Included map[string]*syntax.File
	Variants map[string]bool
}

// A resolver resolves the files of one program.
type resolver struct {
	in    Input
	prog  *Program
	files map[*syntax.File]*File
	final map[*syntax.LetStmt]string
	// next is the last SubID given.
	next SubID
	// subs are the numbers given to nodes of the syntax trees, for
	// termSubs, which looks at them through the levels of one operand.
	subs map[any]SubID
}

// Resolve resolves a model.
func Resolve(in Input) *Program {
	r := &resolver{in: in, prog: &Program{}, files: map[*syntax.File]*File{}, subs: map[any]SubID{}}
	t := &r.prog.Syms
	r.prog.Underscore = t.Intern("_")
	r.prog.RF, r.prog.CO = t.Intern("rf"), t.Intern("co")
	r.final = finalBinders(in.Main, in.Bell, in.Included)
	r.prog.Main = r.file(in.Main)
	if in.Bell != nil {
		r.prog.Bell = r.file(in.Bell)
	}
	return r.prog
}

// file resolves f once: an include of it anywhere runs the same
// statements, whose nodes are a top-level file's wherever the include is.
func (r *resolver) file(f *syntax.File) *File {
	if out, ok := r.files[f]; ok {
		return out
	}
	out := &File{CatDep: f.CatDep}
	// Made known before its statements, which may include the file.
	r.files[f] = out
	out.Stmts = r.stmts(f.Stmts, nil, true)
	return out
}

// open starts the numbers of a statement's nodes.
func (r *resolver) open() SubID { return r.next + 1 }

// close ends them.
func (r *resolver) close(lo SubID) SubRange { return SubRange{lo, r.next + 1} }

// setID numbers node, a syntax node that reads no local name, when cache
// is set: the nodes of procedure and forall bodies, which run with their
// own parameters, get none.
func (r *resolver) setID(id *SubID, node any, local, cache bool) {
	if !local && cache {
		r.next++
		*id = r.next
		r.subs[node] = r.next
	}
}

// stmts resolves a list of statements; locals are the names bound inside
// the enclosing top-level statement, cache says whether its nodes are
// numbered.
func (r *resolver) stmts(ss []*syntax.Stmt, locals []string, cache bool) []Stmt {
	var out []Stmt
	for _, s := range ss {
		if st := r.stmt(s, locals, cache); st != nil {
			out = append(out, st)
		}
	}
	return out
}

func (r *resolver) stmt(s *syntax.Stmt, locals []string, cache bool) Stmt {
	t := &r.prog.Syms
	switch {
	case s.Let != nil:
		return r.let(s.Let, locals, cache)
	case s.Test != nil:
		b := s.Test.Body
		lo := r.open()
		e, _ := r.expr(b.Expr, locals, cache)
		return &Test{Pos: b.Pos, Mode: s.Test.Kind, Not: b.Not, Kind: b.Test, Expr: e, ExprPos: b.Expr.Pos, Name: b.Name, Subs: r.close(lo)}
	case s.Include != nil:
		inc := &Include{Pos: s.Include.Pos, Path: s.Include.Path}
		if f, ok := r.in.Included[s.Include.Path]; ok {
			inc.File = r.file(f)
		}
		return inc
	case s.If != nil:
		body := s.If.Else
		if variantHolds(s.If.Cond, r.in.Variants) {
			body = s.If.Then
		}
		return &Branch{Stmts: r.stmts(body, locals, cache)}
	case s.Enum != nil:
		e := &Enum{Sym: t.Intern(s.Enum.Name), Index: len(r.prog.Enums)}
		r.prog.Enums = append(r.prog.Enums, e)
		for _, tag := range s.Enum.Tags {
			e.Tags = append(e.Tags, tag[1:])
			e.SetNames = append(e.SetNames, tagSetName(tag[1:]))
		}
		return e
	case s.Procedure != nil:
		p := s.Procedure
		formals, tuple := r.formals(p.Formals)
		return &Procedure{Name: p.Name, Sym: t.Intern(p.Name), Formals: formals, Tuple: tuple, Body: r.stmts(p.Body, locals, false), Rec: p.Rec}
	case s.Call != nil:
		arg, _ := r.primary(s.Call.Arg, locals, false)
		c := s.Call
		return &Call{Pos: c.Pos, Proc: &Name{Pos: c.Pos, Name: c.Name, Sym: t.Intern(c.Name)}, Arg: arg, As: c.As}
	case s.With != nil:
		set, _ := r.expr(s.With.Set, locals, cache)
		return &With{Pos: s.With.Pos, Sym: t.Intern(s.With.Name), Set: set}
	case s.Match != nil:
		return r.matchStmt(s.Match, locals, cache)
	case s.Forall != nil:
		set, _ := r.expr(s.Forall.Set, locals, cache)
		f := s.Forall
		return &Forall{Pos: f.Pos, Sym: t.Intern(f.Name), Set: set, Body: r.stmts(f.Body, locals, false)}
	}
	return nil
}

func (r *resolver) let(l *syntax.LetStmt, locals []string, cache bool) *Let {
	inner := locals
	if l.Rec {
		inner = append(append([]string(nil), locals...), bindingNames(l.Bindings)...)
	}
	out := &Let{Rec: l.Rec, Final: r.final[l]}
	lo := r.open()
	out.Bindings, _ = r.bindings(l.Rec, l.Bindings, inner, cache)
	out.Subs = r.close(lo)
	return out
}

func (r *resolver) matchStmt(m *syntax.MatchStmt, locals []string, cache bool) *MatchStmt {
	subject, _ := r.expr(m.Subject, locals, cache)
	out := &MatchStmt{Pos: m.Pos, Subject: subject}
	for _, c := range m.Clauses {
		out.Clauses = append(out.Clauses, StmtClause{Tag: untag(c.Tag), Stmts: r.stmts(c.Stmts, locals, cache)})
	}
	return out
}

// untag is a clause's tag without its quote, "" for _.
func untag(tag string) string {
	if tag == "" {
		return ""
	}
	return tag[1:]
}

// tagSetName is the event set herd defines for an annotation: its name
// with a capital initial.
func tagSetName(t string) string {
	if t == "" || t[0] < 'a' || t[0] > 'z' {
		return t
	}
	return string(t[0]-'a'+'A') + t[1:]
}

// variantHolds reports whether a condition on variants holds for the
// variants given.
func variantHolds(v *syntax.Variant, variants map[string]bool) bool {
	for _, and := range v.Or {
		all := true
		for _, a := range and.And {
			if !atomHolds(a, variants) {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	return false
}

func atomHolds(a *syntax.VariantAtom, variants map[string]bool) bool {
	switch {
	case a.Not != nil:
		return !atomHolds(a.Not, variants)
	case a.Name != nil:
		return variants[*a.Name]
	}
	return variantHolds(a.Group, variants)
}
