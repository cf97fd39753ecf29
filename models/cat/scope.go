// This file implements scopes: the top-level table of every name's
// successive bindings and the views that see it by version, local scopes,
// and the scopes of function calls.

package cat

import "github.com/litmuscheck/litmuscheck/models/cat/internal/resolve"

// A sym numbers a name of the program (resolve.Symbols); 0 is no name.
type sym = resolve.Sym

// A slot is one binding of a scope.
type slot struct {
	s sym
	b binding
}

// vars are the bindings of a scope, few: searched in order.
type vars []slot

func (vs vars) get(s sym) (binding, bool) {
	for i := range vs {
		if vs[i].s == s {
			return vs[i].b, true
		}
	}
	return binding{}, false
}

// set binds s, in place of its binding if it has one.
func (vs *vars) set(s sym, b binding) {
	for i := range *vs {
		if (*vs)[i].s == s {
			(*vs)[i].b = b
			return
		}
	}
	*vs = append(*vs, slot{s, b})
}

// A scope binds names; dyn marks values that depend on rf or co. The
// top level of a program, where a long chain of lets shadow one another,
// is one table of every name's successive bindings: a scope with top set
// sees the bindings made up to version ver.
type scope struct {
	vars   vars
	parent *scope
	top    *topEnv
	ver    int
}

// A localScope is a scope with room for its first bindings, most local
// scopes' all, in the same allocation.
type localScope struct {
	scope
	inline [2]slot
}

// A topEnv has, per symbol, the successive bindings of the name.
type topEnv struct {
	hist [][]versioned
	ver  int
	// bound are the symbols with a binding, for reset.
	bound []sym
	// views are the scopes that see the table, by version.
	views []*scope
	// log lists the symbol of each binding in the order made, for
	// truncate.
	log []sym
	// room gives each symbol's first bindings, and each view, its
	// memory (boxes.go).
	room      blocks[versioned]
	viewsRoom blocks[scope]
}

// topView is env's table when define would bind in it: env sees the
// whole table.
func (env *scope) topView() *topEnv {
	if env == nil || env.top == nil || env.ver != env.top.ver {
		return nil
	}
	return env.top
}

// truncate drops the bindings made after version ver, for the next
// choice of a with: the scopes of the last choice are not used again.
func (t *topEnv) truncate(ver int) {
	for len(t.log) > 0 {
		s := t.log[len(t.log)-1]
		h := t.hist[s]
		if h[len(h)-1].ver <= ver {
			break
		}
		h[len(h)-1] = versioned{}
		t.hist[s] = h[:len(h)-1]
		t.log = t.log[:len(t.log)-1]
	}
	t.ver = ver
}

// reset empties the table for the next candidate, keeping its slices.
func (t *topEnv) reset() {
	t.ver = 0
	for _, s := range t.bound {
		clear(t.hist[s])
		t.hist[s] = t.hist[s][:0]
	}
	t.bound = t.bound[:0]
	t.log = t.log[:0]
}

type versioned struct {
	ver int
	b   binding
}

// define binds vs after env: in the top table when env is a top-level
// scope, else in a new scope.
func define(env *scope, vs vars) *scope {
	t := env.topView()
	if t == nil {
		return &scope{vars: vs, parent: env}
	}
	t.ver++
	for _, v := range vs {
		t.bind(v.s, v.b)
	}
	return t.view()
}

// bind adds a binding of s to the table, at its current version.
func (t *topEnv) bind(s sym, b binding) {
	if len(t.hist[s]) == 0 {
		t.bound = append(t.bound, s)
		if cap(t.hist[s]) == 0 {
			t.hist[s] = t.room.take(2)[:0]
		}
	}
	t.hist[s] = append(t.hist[s], versioned{t.ver, b})
	t.log = append(t.log, s)
}

// view is the scope that sees t up to its current version. A view is
// the same whichever bindings the table holds: it is kept by version and
// given out again, to later candidates too.
func (t *topEnv) view() *scope {
	for len(t.views) <= t.ver {
		t.views = append(t.views, nil)
	}
	v := t.views[t.ver]
	if v == nil {
		v = &t.viewsRoom.take(1)[0]
		*v = scope{top: t, ver: t.ver}
		t.views[t.ver] = v
	}
	return v
}

// define1 binds one name after env, as define without a slice of
// bindings to allocate: an enum, a procedure or a with's choice is
// bound once per candidate.
func define1(env *scope, s sym, b binding) *scope {
	if t := env.topView(); t != nil {
		t.ver++
		t.bind(s, b)
		return t.view()
	}
	out := newScope(env)
	out.vars = append(out.vars, slot{s, b})
	return out
}

type binding struct {
	v   Value
	dyn bool
	// lazy, when set, computes v on first use (lazy.go).
	lazy *thunk
}

// callScope is the scope of a call of f: from the memo's slab of the
// candidate when f's body makes no function, since nothing else keeps a
// scope once the call returns (values hold none), else on the heap.
func (in *interp) callScope(f *closure) *scope {
	if in.memo == nil || !f.fn.NoFun {
		return newScope(f.env)
	}
	s := in.memo.scopes.next()
	*s = localScope{scope: scope{parent: f.env}}
	s.vars = s.inline[:0]
	return &s.scope
}

func newScope(parent *scope) *scope {
	s := &localScope{scope: scope{parent: parent}}
	s.vars = s.inline[:0]
	return &s.scope
}

func (s *scope) lookup(name sym) (binding, bool) {
	for ; s != nil; s = s.parent {
		if s.top != nil {
			h := s.top.hist[name]
			for i := len(h) - 1; i >= 0; i-- {
				if h[i].ver <= s.ver {
					return h[i].b, true
				}
			}
			return binding{}, false
		}
		if b, ok := s.vars.get(name); ok {
			return b, true
		}
	}
	return binding{}, false
}
