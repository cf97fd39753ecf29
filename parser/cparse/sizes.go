// This file implements the widths of C memory accesses (litmus.Instr.Size):
// a cast of the address to a pointer to a byte or halfword type, or a
// parameter that points to one, makes a narrower access than the natural
// word; the explorer refuses a location accessed with two widths.

package cparse

import (
	"github.com/litmuscheck/litmuscheck/parser/cparse/ctypes"
	"strings"

	"github.com/litmuscheck/litmuscheck/parser/cparse/cprim"
)

// cTypeSizes are the C types narrower than the natural word, by width.
// Wider types count as the word: LKMM locations hold whole values (herd's
// C has no access sizes), and kernel tests reach int locations through
// (intptr_t *) casts.
var cTypeSizes = map[string]uint8{
	"char": 1, "signed char": 1, "unsigned char": 1, "u8": 1, "s8": 1, "int8_t": 1, "uint8_t": 1,
	"bool": 1, "_Bool": 1,
	"short": 2, "short int": 2, "unsigned short": 2, "signed short": 2,
	"u16": 2, "s16": 2, "int16_t": 2, "uint16_t": 2,
}

// locationBytes is the width of each location the threads' pointer
// parameters name (litmus.Test.LocBytes): that of the type pointed to
// when it is a byte, halfword or 64-bit integer type, else the word's,
// the widest across the threads.
func locationBytes(threads []*cThread) map[string]int {
	out := map[string]int{}
	for _, th := range threads {
		for _, p := range th.Params {
			if p.Name == "" || len(p.Stars) != 1 {
				continue
			}
			n := int(cTypeSizes[strings.Join(unqualified(p.Type), " ")])
			switch {
			case n != 0:
			case intType(p.Type, 0).Bits == 64:
				n = 8
			default:
				n = 4
			}
			out[p.Name] = max(out[p.Name], n)
		}
	}
	return out
}

// accessSize is the width of an access through the address expression u:
// that of the pointer type u is cast to, "*(u8 *)x", or of the type a
// parameter points to, "P0(u16 *x)"; 0 for the natural word.
func (l *cLowerer) accessSize(u *cUnary) uint8 {
	for u != nil {
		switch {
		case u.Op == "&" && memberOf(u.X) != nil:
			return l.memberSize(memberOf(u.X))
		case u.Cast != nil:
			if len(u.Cast.Stars) != 1 {
				return 0
			}
			return cTypeSizes[strings.Join(u.Cast.Type.Words, " ")]
		case u.Primary != nil && u.Primary.Paren != nil && !u.Primary.Paren.compound():
			u = u.Primary.Paren.Left
		case u.Primary != nil && u.Primary.Ident != "" && l.frame == nil && l.params[u.Primary.Ident]:
			return l.paramSizes[u.Primary.Ident]
		default:
			return 0
		}
	}
	return 0
}

// primLocation is the location a primitive called with args accesses:
// "*p" for READ_ONCE and friends, the second argument of atomic_add(v,
// p) and its kin, else the first. It is the member m, or the address
// expression u; both are nil when the argument is neither.
func primLocation(p cprim.Prim, args []*cExpr) (u *cUnary, m *cMember) {
	i := 0
	if (p.Kind == cprim.AtomicOp || p.Kind == cprim.AtomicRet) && !p.One {
		i = 1
	}
	if p.NArgs() == 0 || i >= len(args) || args[i].compound() {
		return nil, nil
	}
	u = args[i].Left
	if p.Lvalue {
		if m := memberOf(u); m != nil {
			return nil, m
		}
		if u.Op != "*" {
			return nil, nil
		}
		u = u.X
	}
	return u, nil
}

// primSize is the width of the access of a primitive called with args
// (primLocation).
func (l *cLowerer) primSize(p cprim.Prim, args []*cExpr) uint8 {
	u, m := primLocation(p, args)
	switch {
	case m != nil:
		return l.memberSize(m)
	case u != nil:
		return l.accessSize(u)
	}
	return 0
}

// exprSize is the width of an access through the address expression e
// (accessSize).
func (l *cLowerer) exprSize(e *cExpr) uint8 {
	if e.compound() {
		return 0
	}
	return l.accessSize(e.Left)
}

// memberSize is the width of an access of the member m, 0 for the word
// (or a member the lowering will refuse).
func (l *cLowerer) memberSize(m *cMember) uint8 {
	if st := l.paramStruct(m.Ptr); st != "" {
		return cStructs[st][m.field()].size
	}
	// A member of a program's struct is a word slot.
	return 0
}

// accessType is the C type of the object an access through the address
// expression u reaches: the pointer type u is cast to, the type a pointer
// parameter of the thread or of an inlined function points to, or a
// member's; untyped when the lowering does not know it.
func (l *cLowerer) accessType(u *cUnary) ctypes.Int {
	for u != nil {
		switch {
		case u.Op == "&" && memberOf(u.X) != nil:
			return l.memberType(memberOf(u.X))
		case u.Cast != nil:
			return intType(u.Cast.Type, len(u.Cast.Stars)-1)
		case u.Primary != nil && u.Primary.Paren != nil && !u.Primary.Paren.compound():
			u = u.Primary.Paren.Left
		case u.Primary != nil && u.Primary.Ident != "":
			return l.pointee(u.Primary.Ident)
		default:
			return ctypes.Untyped
		}
	}
	return ctypes.Untyped
}

// pointee is the type the pointer parameter name, of the innermost scope
// that has it, points to.
func (l *cLowerer) pointee(name string) ctypes.Int {
	for fr := l.frame; fr != nil; fr = fr.parent {
		if _, ok := fr.vars[name]; ok && fr.fn != nil {
			for _, p := range fr.fn.Params {
				if p.Name == name {
					return intType(p.Type, len(p.Stars)-1)
				}
			}
			return ctypes.Untyped
		}
		if _, ok := fr.regs[name]; ok || !fr.transparent {
			return ctypes.Untyped
		}
	}
	if l.params[name] {
		return l.paramTypes[name]
	}
	return ctypes.Untyped
}

// primType is the type of the location a primitive called with args
// accesses (primLocation).
func (l *cLowerer) primType(p cprim.Prim, args []*cExpr) ctypes.Int {
	u, m := primLocation(p, args)
	switch {
	case m != nil:
		return l.memberType(m)
	case u != nil:
		return l.accessType(u)
	}
	return ctypes.Untyped
}

// exprType is the type of the object an access through the address
// expression e reaches (accessType).
func (l *cLowerer) exprType(e *cExpr) ctypes.Int {
	if e.compound() {
		return ctypes.Untyped
	}
	return l.accessType(e.Left)
}

// memberType is the type of the member m: the qspinlock's and qrwlock's
// words are atomic_t, their bytes u8 and halfwords u16; a program's
// struct declares its own.
func (l *cLowerer) memberType(m *cMember) ctypes.Int {
	if l.paramStruct(m.Ptr) == "" {
		if _, mem, err := l.userMember(m, false); err == nil {
			return userMemberType(mem)
		}
		return ctypes.Untyped
	}
	f, ok := cStructs[l.paramStruct(m.Ptr)][m.field()]
	if !ok {
		return ctypes.Untyped
	}
	return map[uint8]ctypes.Int{0: ctypes.Int32, 1: {Bits: 8, Signed: false}, 2: {Bits: 16, Signed: false}}[f.size]
}

// unqualified are t's words without const and volatile.
func unqualified(t *cType) []string {
	var words []string
	for _, w := range t.Words {
		if w != "const" && w != "volatile" {
			words = append(words, w)
		}
	}
	return words
}
