// This file implements the numbering of a program's names: every name of
// its files gets a symbol when the program is loaded, so that scopes, the
// top-level table and the cache of built-ins find a binding by number
// rather than by hashing a string on every look-up.

package cat

import "reflect"

// A sym numbers a name of a program; 0 is no name.
type sym int32

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

// symbols numbers the names of a program.
type symbols struct {
	ids   map[string]sym
	names []string // by sym; names[0] is ""
}

func (t *symbols) intern(name string) sym {
	if s, ok := t.ids[name]; ok {
		return s
	}
	if t.ids == nil {
		t.ids = map[string]sym{}
		t.names = []string{""}
	}
	s := sym(len(t.names))
	t.ids[name] = s
	t.names = append(t.names, name)
	return s
}

func (t *symbols) internAll(names []string) []sym {
	out := make([]sym, len(names))
	for i, n := range names {
		out[i] = t.intern(n)
	}
	return out
}

// numberNames gives every name of the program's files its symbol, and
// the names the interpreter binds or reads itself theirs.
func (p *Program) numberNames() {
	t := &p.syms
	p.symUnderscore = t.intern("_")
	p.symRF, p.symCO = t.intern("rf"), t.intern("co")
	for _, f := range p.allFiles() {
		eachNode(reflect.ValueOf(f), func(n any) {
			switch n := n.(type) {
			case *App:
				n.sym = t.intern(n.Name)
			case *Arg:
				if n.Name != "" {
					n.sym = t.intern(n.Name)
				}
			case *Formals:
				n.syms = t.internAll(n.Names)
			case *Binding:
				if n.Fun != "" {
					n.funSym = t.intern(n.Fun)
					if n.FunTuple == nil {
						n.paramSym = t.intern(n.FunParam)
					}
				}
			case *EnumStmt:
				n.sym = t.intern(n.Name)
				var vals valSet
				n.setNames = nil
				for _, tag := range n.Tags {
					vals = append(vals, tagVal(tag[1:]))
					n.setNames = append(n.setNames, tagSetName(tag[1:]))
				}
				// Boxed once: each candidate binds it.
				n.vals = vals
			case *ProcedureStmt:
				n.sym = t.intern(n.Name)
			case *CallStmt:
				n.sym = t.intern(n.Name)
			case *ForallStmt:
				n.sym = t.intern(n.Name)
			case *WithStmt:
				n.sym = t.intern(n.Name)
			case *EltClause:
				n.eltSym, n.restSym = t.intern(n.Elt), t.intern(n.Rest)
			}
		})
	}
	for _, f := range p.allFiles() {
		eachNode(reflect.ValueOf(f), func(n any) {
			switch n := n.(type) {
			case *FunExpr:
				n.Body.makesNoFun = makesNoFun(n.Body)
			case *Binding:
				n.Value.makesNoFun = makesNoFun(n.Value)
			}
		})
	}
	p.dynSyms = make([]bool, len(t.names))
	for i, n := range t.names {
		p.dynSyms[i] = dynNames[n]
	}
}

// makesNoFun reports whether e has no fun and no let of a function.
func makesNoFun(e *Expr) bool {
	none := true
	eachNode(reflect.ValueOf(e), func(n any) {
		switch n := n.(type) {
		case *FunExpr:
			none = false
		case *Binding:
			none = none && n.Fun == ""
		}
	})
	return none
}

// eachNode calls f on every node of the syntax tree under v.
func eachNode(v reflect.Value, f func(any)) {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() || v.Elem().Kind() != reflect.Struct {
			return
		}
		f(v.Interface())
		eachNode(v.Elem(), f)
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				eachNode(v.Field(i), f)
			}
		}
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			eachNode(v.Index(i), f)
		}
	}
}
