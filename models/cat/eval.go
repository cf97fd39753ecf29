// This file implements the evaluation of cat expressions: the operators by
// precedence level and application of functions (scopes are in scope.go,
// let rec in fixpoint.go, conditions and match in eval_cond.go).

package cat

import (
	"errors"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/rel"
)

// evalError is an error at a place of a cat file; try catches it.
type evalError struct{ err *litmus.Error }

func (e *evalError) Error() string { return e.err.Error() }
func (e *evalError) Unwrap() error { return e.err }

func errAt(p lexer.Position, format string, args ...any) error {
	return &evalError{litmus.Errorf(pos(p), format, args...)}
}

// at places an error without a position at p.
func at(p lexer.Position, err error) error {
	if err == nil {
		return nil
	}
	var ee *evalError
	if errors.As(err, &ee) {
		return err
	}
	return errAt(p, "%v", err)
}

// maxDepth bounds the nesting of function calls, so that an unbounded
// recursion in a cat file is an error rather than a crash.
const maxDepth = 2000

func (in *interp) eval(e *Expr, env *scope) (Value, error) {
	switch {
	case e.Let != nil:
		inner, err := in.bind(e.Let.Rec, e.Let.Bindings, env)
		if err != nil {
			return nil, err
		}
		return in.eval(e.Let.Body, inner)
	case e.Fun != nil:
		c := &closure{name: "fun", body: e.Fun.Body, env: env}
		c.formals, c.tuple = formals(e.Fun.Formals)
		return c, nil
	case e.Try != nil:
		dyn := in.dyn
		v, err := in.eval(e.Try.Body, env)
		var ee *evalError
		if err != nil && errors.As(err, &ee) {
			in.dyn = dyn
			return in.eval(e.Try.Fallback, env)
		}
		return v, err
	case e.If != nil:
		ok, err := in.cond(e.If.Cond, env)
		if err != nil {
			return nil, err
		}
		if ok {
			return in.eval(e.If.Then, env)
		}
		return in.eval(e.If.Else, env)
	case e.Match != nil:
		return in.match(e.Match, env)
	}
	if len(e.Tuple) == 1 {
		return in.union(e.Tuple[0], env)
	}
	t := make(tupleVal, len(e.Tuple))
	for i, u := range e.Tuple {
		v, err := in.union(u, env)
		if err != nil {
			return nil, err
		}
		t[i] = v
	}
	return t, nil
}

func formals(f *Formals) ([]sym, bool) {
	if f == nil {
		return nil, true
	}
	return f.syms, len(f.syms) != 1
}

// bindOne evaluates b in env and binds its names in out.
func (in *interp) bindOne(b *Binding, env, out *scope) error {
	if b.Fun != "" {
		c := &closure{name: b.Fun, body: b.Value, env: env}
		if b.FunTuple != nil {
			c.formals, c.tuple = formals(b.FunTuple)
		} else {
			c.formals = []sym{b.paramSym}
		}
		out.vars.set(b.funSym, binding{v: c})
		return nil
	}
	saved := in.dyn
	in.dyn = false
	v, err := in.eval(b.Value, env)
	d := in.dyn
	in.dyn = saved || d
	if err != nil {
		return err
	}
	return in.bindPattern(b.Pos, b.Pattern.syms, len(b.Pattern.syms) != 1, v, d, out)
}

func (in *interp) bindPattern(p lexer.Position, names []sym, tuple bool, v Value, dyn bool, out *scope) error {
	if !tuple {
		if names[0] != in.prog.symUnderscore {
			out.vars.set(names[0], binding{v: v, dyn: dyn})
		}
		return nil
	}
	t, ok := v.(tupleVal)
	if !ok && len(names) == 0 {
		return nil
	}
	if !ok || len(t) != len(names) {
		return errAt(p, "type mismatch: %d names bound to %s", len(names), typeName(v))
	}
	for i, n := range names {
		if n != in.prog.symUnderscore {
			out.vars.set(n, binding{v: t[i], dyn: dyn})
		}
	}
	return nil
}

// The operators below go straight to their one operand when they have
// no other: most nodes of a cat file are such levels of the grammar
// around a name, and the cache has no number for them.

func (in *interp) union(u *Union, env *scope) (Value, error) {
	if len(u.Terms) == 1 {
		return in.add(u.Terms[0], env)
	}
	return cached(in, u.sid, u, env, (*interp).unionEval)
}

func (in *interp) unionEval(u *Union, env *scope) (Value, error) {
	return foldLeft(in, "|", u.Terms, false, func(t *Add) lexer.Position { return t.Pos },
		func(t *Add) (Value, error) { return in.add(t, env) })
}

// foldLeft evaluates t0 op t1 op ... left to right. With absorb it stops at
// a value that every later operand leaves as it is (the empty relation of
// ;, \ and &), and the operands after it are never evaluated.
func foldLeft[T any](in *interp, op string, terms []T, absorb bool, pos func(T) lexer.Position, eval func(T) (Value, error)) (Value, error) {
	v, err := eval(terms[0])
	for _, t := range terms[1:] {
		if err != nil {
			return nil, err
		}
		if absorb && in.absorbs(v) {
			return v, nil
		}
		var w Value
		if w, err = eval(t); err != nil {
			return nil, err
		}
		v, err = in.binary(op, v, w)
		err = at(pos(t), err)
	}
	return v, err
}

// emptyOperand reports a value of the whole sequence or intersection when
// an operand is empty, known statically (subs) or by its name (names).
func (in *interp) emptyOperand(subs []subID, names []nameTerm, env *scope) (Value, bool) {
	if subs != nil {
		if v, ok := in.staticEmpty(subs); ok {
			return v, true
		}
	}
	if names != nil {
		return in.emptyName(names, env)
	}
	return nil, false
}

func (in *interp) add(a *Add, env *scope) (Value, error) {
	if len(a.Terms) == 1 {
		return in.seq(a.Terms[0], env)
	}
	// e1 ++ e2 ++ s adds e1 and e2 to s: right to left.
	vals := make([]Value, len(a.Terms))
	for i, t := range a.Terms {
		v, err := in.seq(t, env)
		if err != nil {
			return nil, err
		}
		vals[i] = v
	}
	v := vals[len(vals)-1]
	for i := len(vals) - 2; i >= 0; i-- {
		var err error
		if v, err = in.addElem(vals[i], v); err != nil {
			return nil, at(a.Terms[i].Pos, err)
		}
	}
	return v, nil
}

func (in *interp) seq(s *Seq, env *scope) (Value, error) {
	if len(s.Terms) == 1 {
		return in.diff(s.Terms[0], env)
	}
	return cached(in, s.sid, s, env, (*interp).seqEval)
}

func (in *interp) seqEval(s *Seq, env *scope) (Value, error) {
	if v, ok := in.emptyOperand(s.termSubs, s.names, env); ok {
		return v, nil
	}
	return foldLeft(in, ";", s.Terms, true, func(t *Diff) lexer.Position { return t.Pos },
		func(t *Diff) (Value, error) { return in.diff(t, env) })
}

func (in *interp) diff(d *Diff, env *scope) (Value, error) {
	if len(d.Terms) == 1 {
		return in.inter(d.Terms[0], env)
	}
	return cached(in, d.sid, d, env, (*interp).diffEval)
}

func (in *interp) diffEval(d *Diff, env *scope) (Value, error) {
	return foldLeft(in, "\\", d.Terms, true, func(t *Inter) lexer.Position { return t.Pos },
		func(t *Inter) (Value, error) { return in.inter(t, env) })
}

func (in *interp) inter(x *Inter, env *scope) (Value, error) {
	if len(x.Terms) == 1 {
		return in.cart(x.Terms[0], env)
	}
	return cached(in, x.sid, x, env, (*interp).interEval)
}

func (in *interp) interEval(x *Inter, env *scope) (Value, error) {
	if v, ok := in.emptyOperand(x.termSubs, x.names, env); ok {
		return v, nil
	}
	return foldLeft(in, "&", x.Terms, true, func(t *Cart) lexer.Position { return t.Pos },
		func(t *Cart) (Value, error) { return in.cart(t, env) })
}

func (in *interp) cart(c *Cart, env *scope) (Value, error) {
	if c.Right == nil {
		return in.unaryExpr(c.Left, env)
	}
	return cached(in, c.sid, c, env, (*interp).cartEval)
}

func (in *interp) cartEval(c *Cart, env *scope) (Value, error) {
	v, err := in.unaryExpr(c.Left, env)
	if err != nil || c.Right == nil {
		return v, err
	}
	if s, ok := v.(rel.Set); ok && in.shortCircuit() && setEmpty(s) {
		return in.shape.emptyV, nil
	}
	w, err := in.unaryExpr(c.Right, env)
	if err != nil {
		return nil, err
	}
	v, err = in.binary("*", v, w)
	return v, at(c.Pos, err)
}

func (in *interp) unaryExpr(u *Unary, env *scope) (Value, error) {
	if u.Comp == nil && len(u.Postfix.Ops) == 0 {
		return in.primary(u.Postfix.Base, env)
	}
	return cached(in, u.sid, u, env, (*interp).unaryExprEval)
}

func (in *interp) unaryExprEval(u *Unary, env *scope) (Value, error) {
	if u.Comp != nil {
		v, err := in.unaryExpr(u.Comp, env)
		if err != nil {
			return nil, err
		}
		v, err = in.unary("~", v)
		return v, at(u.Pos, err)
	}
	v, err := in.primary(u.Postfix.Base, env)
	if err != nil {
		return nil, err
	}
	for _, op := range u.Postfix.Ops {
		if op == "-1" {
			continue
		}
		if v, err = in.unary(op, v); err != nil {
			return nil, at(u.Pos, err)
		}
	}
	return v, nil
}

func (in *interp) primary(p *Primary, env *scope) (Value, error) {
	if a := p.App; a != nil && len(a.Args) == 0 {
		return in.lookupVar(a.Pos, a.Name, a.sym, env)
	}
	return cached(in, p.sid, p, env, (*interp).primaryEval)
}

func (in *interp) primaryEval(p *Primary, env *scope) (Value, error) {
	switch {
	case p.Empty:
		return emptyVal{}, nil
	case p.Tag != "":
		return tagVal(p.Tag[1:]), nil
	case p.Set != nil:
		return in.setLit(p.Set, env)
	case p.Universe:
		return universeVal{}, nil
	case p.Unit:
		return tupleVal{}, nil
	case p.Group != nil:
		return in.eval(p.Group, env)
	case p.Block != nil:
		return in.eval(p.Block, env)
	case p.Bracket != nil:
		v, err := in.eval(p.Bracket, env)
		if err != nil {
			return nil, err
		}
		s, ok := in.asSet(v)
		if !ok {
			return nil, errAt(p.Pos, "type mismatch: [%s], want an event set", typeName(v))
		}
		return in.relValue(in.identity(s)), nil
	}
	return in.app(p.App, env)
}

func (in *interp) setLit(s *SetLit, env *scope) (Value, error) {
	if len(s.Elems) == 0 {
		return emptyVal{}, nil
	}
	var vals valSet
	events := true
	for _, e := range s.Elems {
		v, err := in.union(e, env)
		if err != nil {
			return nil, err
		}
		if _, ok := v.(eventVal); !ok {
			events = false
		}
		if !contains(vals, v) {
			vals = append(vals, v)
		}
	}
	if events {
		var set rel.Set
		for _, v := range vals {
			set = set.Add(int(v.(eventVal)))
		}
		return set, nil
	}
	return vals, nil
}

// lookupVar finds a name: bound, built in, or a tag's event set.
func (in *interp) lookupVar(p lexer.Position, name string, s sym, env *scope) (Value, error) {
	if b, ok := env.lookup(s); ok {
		b, err := in.force(s, b)
		if err != nil {
			return nil, err
		}
		in.dyn = in.dyn || b.dyn
		return b.v, nil
	}
	if v, dyn, ok := in.builtin(name, s); ok {
		in.dyn = in.dyn || dyn
		return v, nil
	}
	// Built without fmt: aarch64fences.cat's try DMB.OSH with emptyset
	// makes and drops such errors in every shape.
	return nil, &evalError{&litmus.Error{Pos: pos(p), Msg: "unknown identifier " + name}}
}

func (in *interp) app(a *App, env *scope) (Value, error) {
	f, err := in.lookupVar(a.Pos, a.Name, a.sym, env)
	if err != nil {
		return nil, err
	}
	for _, arg := range a.Args {
		var v Value
		if arg.Name != "" {
			v, err = in.lookupVar(arg.Pos, arg.Name, arg.sym, env)
		} else {
			v, err = in.primary(arg.Simple, env)
		}
		if err != nil {
			return nil, err
		}
		if f, err = in.apply(arg.Pos, f, v); err != nil {
			return nil, err
		}
	}
	return f, nil
}

func (in *interp) apply(p lexer.Position, f, arg Value) (Value, error) {
	switch f := f.(type) {
	case *builtin:
		v, err := f.fn(in, arg)
		return v, at(p, err)
	case *closure:
		if in.depth >= maxDepth {
			return nil, errAt(p, "calls nested deeper than %d in %s", maxDepth, f.name)
		}
		inner := in.callScope(f)
		if err := in.bindPattern(p, f.formals, f.tuple, arg, false, inner); err != nil {
			return nil, err
		}
		in.depth++
		v, err := in.eval(f.body, inner)
		in.depth--
		return v, err
	}
	return nil, errAt(p, "type mismatch: %s applied as a function", typeName(f))
}
