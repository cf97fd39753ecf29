// This file implements the evaluation of cat expressions: the operators
// and application of functions (scopes are in scope.go, let rec in
// fixpoint.go, conditions and match in eval_cond.go).

package cat

import (
	"errors"
	"fmt"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/models/cat/internal/resolve"
	"github.com/litmuscheck/litmuscheck/models/cat/syntax"
	"github.com/litmuscheck/litmuscheck/rel"
)

// evalError is an error at a place of a cat file; try catches it.
type evalError struct{ err *litmus.Error }

func (e *evalError) Error() string { return e.err.Error() }
func (e *evalError) Unwrap() error { return e.err }

func errAt(p lexer.Position, format string, args ...any) error {
	return &evalError{litmus.Errorf(syntax.LitmusPos(p), format, args...)}
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

// eval evaluates e in env. The operator nodes the resolver numbered go
// through the statement's cache of subexpressions (static.go).
func (in *interp) eval(e resolve.Expr, env *scope) (Value, error) {
	switch e := e.(type) {
	case *resolve.Name:
		return in.lookupVar(e, env)
	case *resolve.Op:
		return cached(in, e.Sub, e, env, (*interp).op)
	case *resolve.App:
		return cached(in, e.Sub, e, env, (*interp).app)
	case *resolve.Postfix:
		return cached(in, e.Sub, e, env, (*interp).postfix)
	case *resolve.Bracket:
		return cached(in, e.Sub, e, env, (*interp).bracket)
	case *resolve.Cart:
		return cached(in, e.Sub, e, env, (*interp).cart)
	case *resolve.Complement:
		return cached(in, e.Sub, e, env, (*interp).complement)
	case *resolve.Add:
		return in.add(e, env)
	case *resolve.Tag:
		return tagVal(e.Name), nil
	case *resolve.Empty:
		return emptyVal{}, nil
	case *resolve.Universe:
		return universeVal{}, nil
	case *resolve.Unit:
		return tupleVal{}, nil
	case *resolve.SetLit:
		return in.setLit(e, env)
	case *resolve.Tuple:
		return in.tuple(e, env)
	case *resolve.LetIn:
		inner, err := in.bind(e.Rec, e.Bindings, env)
		if err != nil {
			return nil, err
		}
		return in.eval(e.Body, inner)
	case *resolve.Fun:
		return &closure{fn: e.Lambda, env: env}, nil
	case *resolve.Try:
		return in.try(e, env)
	case *resolve.If:
		return in.ifExpr(e, env)
	case *resolve.Match:
		return in.match(e, env)
	}
	panic(fmt.Sprintf("cat: no evaluation of %T", e))
}

func (in *interp) try(t *resolve.Try, env *scope) (Value, error) {
	dyn := in.expr.dyn
	v, err := in.eval(t.Body, env)
	var ee *evalError
	if err != nil && errors.As(err, &ee) {
		in.expr.dyn = dyn
		return in.eval(t.Fallback, env)
	}
	return v, err
}

func (in *interp) tuple(t *resolve.Tuple, env *scope) (Value, error) {
	out := make(tupleVal, len(t.Elems))
	for i, e := range t.Elems {
		v, err := in.eval(e, env)
		if err != nil {
			return nil, err
		}
		out[i] = v
	}
	return out, nil
}

// bindOne evaluates b in env and binds its names in out.
func (in *interp) bindOne(b *resolve.Binding, env, out *scope) error {
	if b.Fun != nil {
		out.vars.set(b.FunSym, binding{v: &closure{fn: b.Fun, env: env}})
		return nil
	}
	saved := in.expr.dyn
	in.expr.dyn = false
	v, err := in.eval(b.Value, env)
	d := in.expr.dyn
	in.expr.dyn = saved || d
	if err != nil {
		return err
	}
	return in.bindPattern(b.Pos, b.Names, b.Tuple, v, d, out)
}

func (in *interp) bindPattern(p lexer.Position, names []resolve.Sym, tuple bool, v Value, dyn bool, out *scope) error {
	under := in.prog.code.Underscore
	if !tuple {
		if names[0] != under {
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
		if n != under {
			out.vars.set(n, binding{v: t[i], dyn: dyn})
		}
	}
	return nil
}

// op evaluates a chain of |, ;, \ or &.
func (in *interp) op(o *resolve.Op, env *scope) (Value, error) {
	if v, ok := in.emptyOperand(o.TermSubs, o.Names, env); ok {
		return v, nil
	}
	return in.foldLeft(o.Op, o.Terms, o.Op != "|", env)
}

// foldLeft evaluates t0 op t1 op ... left to right. With absorb it stops at
// a value that every later operand leaves as it is (the empty relation of
// ;, \ and &), and the operands after it are never evaluated.
func (in *interp) foldLeft(op string, terms []resolve.Operand, absorb bool, env *scope) (Value, error) {
	v, err := in.eval(terms[0].Expr, env)
	for _, t := range terms[1:] {
		if err != nil {
			return nil, err
		}
		if absorb && in.absorbs(v) {
			return v, nil
		}
		var w Value
		if w, err = in.eval(t.Expr, env); err != nil {
			return nil, err
		}
		v, err = in.binary(op, v, w)
		err = at(t.Pos, err)
	}
	return v, err
}

// emptyOperand reports a value of the whole sequence or intersection when
// an operand is empty, known statically (subs) or by its name (names).
func (in *interp) emptyOperand(subs []resolve.SubID, names []resolve.NameTerm, env *scope) (Value, bool) {
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

func (in *interp) add(a *resolve.Add, env *scope) (Value, error) {
	// e1 ++ e2 ++ s adds e1 and e2 to s: right to left.
	vals := make([]Value, len(a.Terms))
	for i, t := range a.Terms {
		v, err := in.eval(t.Expr, env)
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

func (in *interp) cart(c *resolve.Cart, env *scope) (Value, error) {
	v, err := in.eval(c.Left, env)
	if err != nil {
		return v, err
	}
	if s, ok := v.(rel.Set); ok && in.shortCircuit() && setEmpty(s) {
		return in.cand.shape.emptyV, nil
	}
	w, err := in.eval(c.Right, env)
	if err != nil {
		return nil, err
	}
	v, err = in.binary("*", v, w)
	return v, at(c.Pos, err)
}

func (in *interp) complement(c *resolve.Complement, env *scope) (Value, error) {
	v, err := in.eval(c.Expr, env)
	if err != nil {
		return nil, err
	}
	v, err = in.unary("~", v)
	return v, at(c.Pos, err)
}

func (in *interp) postfix(p *resolve.Postfix, env *scope) (Value, error) {
	v, err := in.eval(p.Base, env)
	if err != nil {
		return nil, err
	}
	for _, op := range p.Ops {
		if v, err = in.unary(op, v); err != nil {
			return nil, at(p.Pos, err)
		}
	}
	return v, nil
}

func (in *interp) bracket(b *resolve.Bracket, env *scope) (Value, error) {
	v, err := in.eval(b.Expr, env)
	if err != nil {
		return nil, err
	}
	s, ok := in.asSet(v)
	if !ok {
		return nil, errAt(b.Pos, "type mismatch: [%s], want an event set", typeName(v))
	}
	return in.relValue(in.identity(s)), nil
}

func (in *interp) setLit(s *resolve.SetLit, env *scope) (Value, error) {
	var vals valSet
	events := true
	for _, e := range s.Elems {
		v, err := in.eval(e, env)
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
func (in *interp) lookupVar(n *resolve.Name, env *scope) (Value, error) {
	if b, ok := env.lookup(n.Sym); ok {
		b, err := in.force(n.Sym, b)
		if err != nil {
			return nil, err
		}
		in.expr.dyn = in.expr.dyn || b.dyn
		return b.v, nil
	}
	if v, dyn, ok := in.builtin(n.Name, n.Sym); ok {
		in.expr.dyn = in.expr.dyn || dyn
		return v, nil
	}
	// Built without fmt: aarch64fences.cat's try DMB.OSH with emptyset
	// makes and drops such errors in every shape.
	return nil, &evalError{&litmus.Error{Pos: syntax.LitmusPos(n.Pos), Msg: "unknown identifier " + n.Name}}
}

func (in *interp) app(a *resolve.App, env *scope) (Value, error) {
	f, err := in.lookupVar(a.Fun, env)
	if err != nil {
		return nil, err
	}
	for _, arg := range a.Args {
		v, err := in.eval(arg.Value, env)
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
		if in.expr.depth >= maxDepth {
			return nil, errAt(p, "calls nested deeper than %d in %s", maxDepth, f.fn.Name)
		}
		inner := in.callScope(f)
		if err := in.bindPattern(p, f.fn.Formals, f.fn.Tuple, arg, false, inner); err != nil {
			return nil, err
		}
		in.expr.depth++
		v, err := in.eval(f.fn.Body, inner)
		in.expr.depth--
		return v, err
	}
	return nil, errAt(p, "type mismatch: %s applied as a function", typeName(f))
}
