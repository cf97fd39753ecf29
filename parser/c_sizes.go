// This file implements the widths of C memory accesses (litmus.Instr.Size):
// a cast of the address to a pointer to a byte or halfword type, or a
// parameter that points to one, makes a narrower access than the natural
// word; the explorer refuses a location accessed with two widths.

package parser

import "strings"

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
		case u.Primary != nil && u.Primary.Paren != nil && len(u.Primary.Paren.Rest) == 0:
			u = u.Primary.Paren.Left
		case u.Primary != nil && u.Primary.Ident != "" && l.frame == nil && l.params[u.Primary.Ident]:
			return l.paramSizes[u.Primary.Ident]
		default:
			return 0
		}
	}
	return 0
}

// primSize is the width of the access of a primitive called with args:
// the location is "*p" for READ_ONCE and friends, the second argument of
// atomic_add(v, p) and its kin, else the first.
func (l *cLowerer) primSize(p cPrim, args []*cExpr) uint8 {
	i := 0
	if (p.kind == primAtomicOp || p.kind == primAtomicRet) && !p.one {
		i = 1
	}
	if p.nargs() == 0 || i >= len(args) || len(args[i].Rest) > 0 {
		return 0
	}
	u := args[i].Left
	if p.lvalue {
		if m := memberOf(u); m != nil {
			return l.memberSize(m)
		}
		if u.Op != "*" {
			return 0
		}
		u = u.X
	}
	return l.accessSize(u)
}

// exprSize is the width of an access through the address expression e
// (accessSize).
func (l *cLowerer) exprSize(e *cExpr) uint8 {
	if len(e.Rest) > 0 {
		return 0
	}
	return l.accessSize(e.Left)
}

// memberSize is the width of an access of the member m, 0 for the word
// (or a member the lowering will refuse).
func (l *cLowerer) memberSize(m *cMember) uint8 {
	return cStructs[l.paramStruct(m.Ptr)][m.Field].size
}
