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
	"github.com/litmuscheck/litmuscheck/parser/cparse/csyntax"
)

// A structField is a member's place in its location: the byte offset of
// its least significant byte counted from the least significant byte of
// the word (the little-endian layout), and its width (0: the whole word).
// The offsets of a C test are those of the little-endian layout; a
// big-endian target lays each member out at its own address (locks'
// compiler mirrors the offset), so that a member always names the same
// bits of the word, as qspinlock_types.h's two layouts do.
type structField struct {
	off  int64
	size uint8
}

// cStructs are the structs the dialect lays out, by the name after
// "struct".
var cStructs = map[string]map[string]structField{
	"qspinlock": {
		"val":            {0, 0},
		"locked":         {0, 1},
		"pending":        {1, 1},
		"locked_pending": {0, 2},
		"tail":           {2, 2},
	},
	// The qrwlock's cnts word and its writer byte; wait_lock, the
	// arch_spinlock_t after it, is a location of its own in a test.
	"qrwlock": {
		"cnts":    {0, 0},
		"wlocked": {0, 1},
	},
}

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
		if _, ok := cStructs[t.Words[0]]; ok {
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
	f, ok := cStructs[st][m.Field()]
	if !ok {
		var names []string
		for n := range cStructs[st] {
			names = append(names, n)
		}
		sort.Strings(names)
		return nil, 0, litmus.Errorf(pos, "struct %s has no member %q (expected one of %s)", st, m.Field(), strings.Join(names, ", "))
	}
	base, err := l.ident(m.Ptr, pos)
	if err != nil {
		return nil, 0, err
	}
	if f.off != 0 {
		base = litmus.Bin(litmus.OpAdd, base, litmus.C(f.off))
	}
	return base, f.size, nil
}

// ident resolves the identifier name in the current scope.
func (l *cLowerer) ident(name string, pos litmus.Pos) (litmus.Expr, error) {
	if l.frame != nil {
		return l.frameIdent(name, pos)
	}
	return l.threadIdent(name, pos)
}

// memberOf returns the member u names, through parentheses, or nil.
func memberOf(u *csyntax.Unary) *csyntax.Member {
	for u != nil {
		switch {
		case u.Member != nil:
			return u.Member
		case u.Primary != nil && u.Primary.Paren != nil && !u.Primary.Paren.Compound():
			u = u.Primary.Paren.Left
		default:
			return nil
		}
	}
	return nil
}
