// This file implements the widths of C memory accesses (litmus.Instr.Size):
// a cast of the address to a pointer to a byte or halfword type, or a
// parameter that points to one, makes a narrower access than the natural
// word; the explorer refuses a location accessed with two widths.

package cparse

import (
	"strings"

	"github.com/litmuscheck/litmuscheck/parser/cparse/cdata"
	"github.com/litmuscheck/litmuscheck/parser/cparse/cprim"
	"github.com/litmuscheck/litmuscheck/parser/cparse/csyntax"
	"github.com/litmuscheck/litmuscheck/parser/cparse/ctypes"
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
func locationBytes(threads []*csyntax.Thread) map[string]int {
	out := map[string]int{}
	for _, th := range threads {
		for _, p := range th.Params {
			if p.Name == "" || len(p.Stars) != 1 {
				continue
			}
			n := int(cTypeSizes[strings.Join(csyntax.Unqualified(p.Type), " ")])
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
// that of the type it points to when that is a byte or halfword type
// (accessType), "*(u8 *)x", "P0(u16 *x)", "u16 *ptr", "(u16 *)lock + 1";
// a member's own (memberSize); 0 for the natural word.
func (l *cLowerer) accessSize(u *csyntax.Unary) uint8 {
	if m := csyntax.AddressedMember(u); m != nil {
		return l.memberSize(m)
	}
	return l.accessType(u).NarrowBytes()
}

// primLocation is the location a primitive called with args accesses:
// "*p" for READ_ONCE and friends, the second argument of atomic_add(v,
// p) and its kin, else the first. It is the member m, or the address
// expression n; both are nil when the argument is neither.
func primLocation(p cprim.Prim, args []*csyntax.Expr) (n *cNode, m *csyntax.Member) {
	i := 0
	if (p.Kind == cprim.AtomicOp || p.Kind == cprim.AtomicRet) && !p.One {
		i = 1
	}
	if p.NArgs() == 0 || i >= len(args) || args[i].Then != nil {
		return nil, nil
	}
	if args[i].Compound() {
		if p.Lvalue {
			return nil, nil
		}
		return climb(args[i]), nil
	}
	u := args[i].Left
	if p.Lvalue {
		if m := csyntax.MemberOf(u); m != nil {
			return nil, m
		}
		if u.Op != "*" {
			return nil, nil
		}
		u = u.X
	}
	return &cNode{leaf: u}, nil
}

// primSize is the width of the access of a primitive called with args
// (primLocation).
func (l *cLowerer) primSize(p cprim.Prim, args []*csyntax.Expr) uint8 {
	n, m := primLocation(p, args)
	switch {
	case m != nil:
		return l.memberSize(m)
	case n != nil && n.leaf != nil:
		return l.accessSize(n.leaf)
	case n != nil:
		return l.nodePointee(n).NarrowBytes()
	}
	return 0
}

// exprSize is the width of an access through the address expression e
// (accessSize).
func (l *cLowerer) exprSize(e *csyntax.Expr) uint8 {
	switch {
	case e.Then != nil:
		return 0
	case e.Compound():
		return l.nodePointee(climb(e)).NarrowBytes()
	}
	return l.accessSize(e.Left)
}

// memberSize is the width of an access of the member m, 0 for the word
// (or a member the lowering will refuse).
func (l *cLowerer) memberSize(m *csyntax.Member) uint8 {
	if st := l.paramStruct(m.Ptr); st != "" {
		return cdata.Builtin[st][m.Field()].Size
	}
	// A member of a program's struct is a word slot.
	return 0
}

// accessType is the C type of the object an access through the address
// expression u reaches: the pointer type u is cast to, the type a pointer
// parameter of the thread or of an inlined function or a pointer local
// points to, a member's, or that of a pointer expression in parentheses
// (nodePointee); untyped when the lowering does not know it.
func (l *cLowerer) accessType(u *csyntax.Unary) ctypes.Int {
	for u != nil {
		switch {
		case u.Op == "&" && csyntax.MemberOf(u.X) != nil:
			return l.memberType(csyntax.MemberOf(u.X))
		case u.Cast != nil:
			return pointeeType(u.Cast.Type, len(u.Cast.Stars))
		case u.Primary != nil && u.Primary.Paren != nil && u.Primary.Paren.Then != nil:
			return ctypes.Untyped
		case u.Primary != nil && u.Primary.Paren != nil && u.Primary.Paren.Compound():
			return l.nodePointee(climb(u.Primary.Paren))
		case u.Primary != nil && u.Primary.Paren != nil:
			u = u.Primary.Paren.Left
		case u.Primary != nil && u.Primary.Ident != "":
			return l.pointee(u.Primary.Ident)
		default:
			return ctypes.Untyped
		}
	}
	return ctypes.Untyped
}

// nodePointee is the type of the object the address expression n points
// to: a pointer plus or minus an integer points into the object its
// pointer does (C's pointer arithmetic, which the lowering scales by that
// type's size, pointerArith).
func (l *cLowerer) nodePointee(n *cNode) ctypes.Int {
	switch {
	case n.leaf != nil:
		return l.accessType(n.leaf)
	case n.op == "+":
		if t := l.nodePointee(n.x); t.Typed() {
			return t
		}
		return l.nodePointee(n.y)
	case n.op == "-":
		return l.nodePointee(n.x)
	}
	return ctypes.Untyped
}

// pointeeType is the integer type that a declaration of type t with
// stars stars points to; untyped for one that is not a pointer.
func pointeeType(t *csyntax.Type, stars int) ctypes.Int {
	if stars < 1 {
		return ctypes.Untyped
	}
	return intType(t, stars-1)
}

// pointee is the type the pointer name, of the innermost scope that has
// it, points to: a pointer parameter or a pointer local.
func (l *cLowerer) pointee(name string) ctypes.Int {
	for fr := l.frame; fr != nil; fr = fr.parent {
		if _, ok := fr.vars[name]; ok && fr.fn != nil {
			for _, p := range fr.fn.Params {
				if p.Name == name {
					return pointeeType(p.Type, len(p.Stars))
				}
			}
			return ctypes.Untyped
		}
		if r, ok := fr.regs[name]; ok {
			return l.pointees[r]
		}
		if !fr.transparent {
			return ctypes.Untyped
		}
	}
	switch {
	case l.params[name]:
		return l.paramTypes[name]
	case l.regs[name]:
		return l.pointees[name]
	}
	return ctypes.Untyped
}

// primType is the type of the location a primitive called with args
// accesses (primLocation).
func (l *cLowerer) primType(p cprim.Prim, args []*csyntax.Expr) ctypes.Int {
	n, m := primLocation(p, args)
	switch {
	case m != nil:
		return l.memberType(m)
	case n != nil:
		return l.nodePointee(n)
	}
	return ctypes.Untyped
}

// exprType is the type of the object an access through the address
// expression e reaches (accessType).
func (l *cLowerer) exprType(e *csyntax.Expr) ctypes.Int {
	switch {
	case e.Then != nil:
		return ctypes.Untyped
	case e.Compound():
		return l.nodePointee(climb(e))
	}
	return l.accessType(e.Left)
}

// memberType is the type of the member m: the qspinlock's and qrwlock's
// words are atomic_t, their bytes u8 and halfwords u16; a program's
// struct declares its own.
func (l *cLowerer) memberType(m *csyntax.Member) ctypes.Int {
	if l.paramStruct(m.Ptr) == "" {
		if _, mem, err := l.userMember(m, false); err == nil {
			return userMemberType(mem)
		}
		return ctypes.Untyped
	}
	f, ok := cdata.Builtin[l.paramStruct(m.Ptr)][m.Field()]
	if !ok {
		return ctypes.Untyped
	}
	return map[uint8]ctypes.Int{0: ctypes.Int32, 1: {Bits: 8, Signed: false}, 2: {Bits: 16, Signed: false}}[f.Size]
}
