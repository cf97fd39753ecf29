// This file implements the members of the structs the C dialect lays
// out, the qspinlock's word (include/asm-generic/qspinlock_types.h) and
// the qrwlock's (include/asm-generic/qrwlock_types.h): "&lock->locked",
// "WRITE_ONCE(lock->locked_pending, 1)", "lock->val", "&lock->wlocked".
// A member is an access of its own width at its own offset inside the
// 32-bit location the parameter points to.

package cparse

import (
	"fmt"
	"sort"
	"strings"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/parser/cparse/cdata"
	"github.com/litmuscheck/litmuscheck/parser/cparse/clayout"
	"github.com/litmuscheck/litmuscheck/parser/cparse/csyntax"
)

// paramStruct is the struct a pointer parameter or local named name
// points to, "" when it points to no struct the dialect lays out.
func (l *cLowerer) paramStruct(name string) string {
	for fr := l.frame; fr != nil; fr = fr.parent {
		if _, ok := fr.vars[name]; ok {
			for _, p := range fr.fn.Params {
				if p.Name == name && len(p.Stars) == 1 {
					return structName(p.Type)
				}
			}
			return ""
		}
		if r, ok := fr.regs[name]; ok {
			return l.ptypes[r]
		}
		if !fr.transparent {
			return ""
		}
	}
	return l.ptypes[name]
}

// structName is the name of the struct type t, "" for another type.
func structName(t *csyntax.Type) string {
	if len(t.Words) == 1 {
		if _, ok := cdata.Builtin[t.Words[0]]; ok {
			return t.Words[0]
		}
	}
	return ""
}

// member is the address and the width of the access m names: a member
// of the qspinlock's or qrwlock's word, or of a struct the program
// defines (members.go).
func (l *cLowerer) member(m *csyntax.Member) (litmus.Expr, uint8, error) {
	st := l.paramStruct(m.Ptr)
	if st == "" {
		addr, _, err := l.userMember(m, true)
		return addr, 0, err
	}
	pos := l.pos(m.Pos)
	if len(m.Sels) > 1 || m.Sels[0].Op != "->" {
		return nil, 0, litmus.Unsupported(pos, fmt.Sprintf("member access %s: struct %s has no struct members", m.Path(), st))
	}
	if st == "qrwlock" && m.Field() == "wait_lock" {
		return l.waitLock(m, pos)
	}
	f, ok := cdata.Builtin[st][m.Field()]
	if !ok {
		var names []string
		for n := range cdata.Builtin[st] {
			names = append(names, n)
		}
		sort.Strings(names)
		return nil, 0, litmus.Errorf(pos, "struct %s has no member %q (expected one of %s)", st, m.Field(), strings.Join(names, ", "))
	}
	base, err := l.ident(m.Ptr, pos)
	if err != nil {
		return nil, 0, err
	}
	if f.Off != 0 {
		base = litmus.Bin(litmus.OpAdd, base, litmus.C(f.Off))
	}
	return base, f.Size, nil
}

// waitLock is the address of the wait_lock of the qrwlock m.Ptr points
// to, the arch_spinlock_t after its word: a location of its own, named
// after the qrwlock's ("lock_wait_lock"), which the qrwlock's address
// must therefore name.
func (l *cLowerer) waitLock(m *csyntax.Member, pos litmus.Pos) (litmus.Expr, uint8, error) {
	base, err := l.ident(m.Ptr, pos)
	if err != nil {
		return nil, 0, err
	}
	if c, ok := base.(*litmus.Const); ok && c.V.IsAddr() && c.V.Off == 0 {
		return &litmus.Const{V: litmus.Addr(c.V.Sym + "_wait_lock")}, 0, nil
	}
	return nil, 0, litmus.Unsupported(pos, fmt.Sprintf("%s of a qrwlock whose address is computed: its wait_lock is a location of its own, named after the qrwlock's", m.Path()))
}

// ident resolves the identifier name in the current scope.
func (l *cLowerer) ident(name string, pos litmus.Pos) (litmus.Expr, error) {
	if l.frame != nil {
		return l.frameIdent(name, pos)
	}
	return l.threadIdent(name, pos)
}

// exprStruct is the struct the pointer expression u points to, as its
// type says: a pointer variable's, a cast's ("(struct qnode *)base"), a
// pointer member's, a member's address, a call of a function returning
// one, the pointer of a sum in parentheses; nil for another expression.
func (l *cLowerer) exprStruct(u *csyntax.Unary) *clayout.Struct {
	switch {
	case u == nil:
		return nil
	case u.IsIncrement():
		_, x, _ := u.Increment()
		return l.exprStruct(x)
	case u.Cast != nil:
		if len(u.Cast.Stars) != 1 {
			return nil
		}
		return l.namedStruct(u.Cast.Type)
	case u.Member != nil:
		if _, mem, err := l.userMember(u.Member, false); err == nil && mem.Stars == 1 {
			return l.structTypes().Target(mem)
		}
	case u.Op == "&" && u.X.Member != nil:
		if _, mem, err := l.userMember(u.X.Member, false); err == nil && mem.Stars == 0 {
			return l.structTypes().Target(mem)
		}
	case u.Op != "" || u.Primary == nil:
	case u.Primary.Ident != "":
		return l.pointerStruct(u.Primary.Ident)
	case u.Primary.Paren != nil:
		if e := u.Primary.Paren; e.Then == nil {
			return l.nodeStruct(climb(e))
		}
	case u.Primary.Call != nil:
		if l.defs == nil {
			return nil
		}
		if fn := l.defs.funcs[u.Primary.Call.Name]; fn != nil && len(fn.Stars) == 1 {
			return l.namedStruct(fn.Ret)
		}
	}
	return nil
}

// namedStruct is the struct the program defines that type t names, nil
// for another type.
func (l *cLowerer) namedStruct(t *csyntax.Type) *clayout.Struct {
	if words := csyntax.Unqualified(t); len(words) == 1 {
		return l.structTypes().Lookup(words[0])
	}
	return nil
}
