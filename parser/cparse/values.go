// This file implements struct values: a local or a value parameter of a
// struct type one word wide ("struct qspinlock val = READ_ONCE(*lock);",
// "arch_spin_value_unlocked(arch_spinlock_t lock)"), which holds the
// word, and its members ("val.locked", "lock.slock"), the bits of the
// word they are. A wider struct has no single value a register can hold
// and is refused by name.

package cparse

import (
	"fmt"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/parser/cparse/cdata"
	"github.com/litmuscheck/litmuscheck/parser/cparse/clayout"
	"github.com/litmuscheck/litmuscheck/parser/cparse/csyntax"
	"github.com/litmuscheck/litmuscheck/parser/cparse/ctypes"
)

// A valueStruct is the type of a struct value: one of the dialect's lock
// words (builtin), or a struct the program defines with one member in
// one slot.
type valueStruct struct {
	builtin string
	user    *clayout.Struct
}

// structValueType is the struct a declaration of type t with stars
// stars holds by value; ok is false for another type, and err says why a
// struct cannot be held.
func (l *cLowerer) structValueType(t *csyntax.Type, stars int) (vs valueStruct, ok bool, err error) {
	words := csyntax.Unqualified(t)
	if stars != 0 || len(words) != 1 {
		return valueStruct{}, false, nil
	}
	if _, builtin := cdata.Builtin[words[0]]; builtin {
		return valueStruct{builtin: words[0]}, true, nil
	}
	st := l.structTypes().Lookup(words[0])
	if st == nil {
		return valueStruct{}, false, nil
	}
	if m := st.Members; len(m) != 1 || m[0].Slots() != 1 || m[0].Len > 0 || m[0].Stars == 0 && m[0].Struct != nil {
		return valueStruct{}, false, fmt.Errorf("a value of struct %s, which takes %d words (a struct value is held only when it is one word)", st.Name, st.Bytes()/clayout.SlotBytes)
	}
	return valueStruct{user: st}, true, nil
}

// holdStruct records that register r, declared with type t and stars
// stars, holds a struct value when t is a struct; it refuses a struct a
// register cannot hold.
func (l *cLowerer) holdStruct(r string, t *csyntax.Type, stars int, pos litmus.Pos) error {
	vs, ok, err := l.structValueType(t, stars)
	switch {
	case err != nil:
		return litmus.Unsupported(pos, err.Error())
	case ok:
		l.valStructs[r] = vs
	default:
		delete(l.valStructs, r)
	}
	return nil
}

// valueStructOf is the register and the struct of the struct value the
// name names in the current scope; ok is false for another name.
func (l *cLowerer) valueStructOf(name string) (string, valueStruct, bool) {
	for fr := l.frame; fr != nil; fr = fr.parent {
		if r, ok := fr.regs[name]; ok {
			vs, ok := l.valStructs[r]
			return r, vs, ok
		}
		if _, ok := fr.vars[name]; ok || !fr.transparent {
			return "", valueStruct{}, false
		}
	}
	if l.regs[name] {
		vs, ok := l.valStructs[name]
		return name, vs, ok
	}
	return "", valueStruct{}, false
}

// valueMember lowers m when it is a member of a struct value, the bits of
// the word the member is; done is false when m.Ptr is no struct value.
func (l *cLowerer) valueMember(m *csyntax.Member) (v litmus.Expr, t ctypes.Int, done bool, err error) {
	r, vs, ok := l.valueStructOf(m.Ptr)
	if !ok {
		return nil, ctypes.Untyped, false, nil
	}
	pos := l.pos(m.Pos)
	if m.Sels[0].Op != "." {
		return nil, ctypes.Untyped, true, litmus.Errorf(pos, "%s is a struct value: expected %s.%s", m.Ptr, m.Ptr, m.Sels[0].Field)
	}
	if vs.user != nil {
		mem := vs.user.Member(m.Sels[0].Field)
		switch {
		case mem == nil:
			return nil, ctypes.Untyped, true, litmus.Errorf(l.pos(m.Sels[0].Pos), "struct %s has no member %q (expected one of %s)", vs.user.Name, m.Sels[0].Field, vs.user.MemberNames())
		case len(m.Sels) > 1:
			return nil, ctypes.Untyped, true, litmus.Unsupported(l.pos(m.Sels[1].Pos), fmt.Sprintf("member access %s: member %s of struct %s has no members", m.Path(), mem.Name, vs.user.Name))
		}
		return litmus.R(r), userMemberType(mem), true, nil
	}
	f, ok := cdata.Builtin[vs.builtin][m.Sels[0].Field]
	if !ok {
		return nil, ctypes.Untyped, true, litmus.Errorf(l.pos(m.Sels[0].Pos), "struct %s has no member %q", vs.builtin, m.Sels[0].Field)
	}
	// The word's own member is an atomic_t, whose counter is the word.
	if len(m.Sels) > 2 || len(m.Sels) == 2 && (f.Size != 0 || m.Sels[1].Op != "." || m.Sels[1].Field != "counter") {
		return nil, ctypes.Untyped, true, litmus.Unsupported(l.pos(m.Sels[1].Pos), fmt.Sprintf("member access %s of struct %s", m.Path(), vs.builtin))
	}
	if f.Size == 0 {
		return litmus.R(r), ctypes.Int32, true, nil
	}
	// The word is a u32: its upper bytes come down by C's unsigned shift,
	// as (val >> 16) & 0xffff does.
	bits, t := litmus.Expr(litmus.R(r)), ctypes.Uint32
	if f.Off != 0 {
		bits, t = ctypes.Arith(litmus.OpShr, bits, t, litmus.C(8*f.Off), ctypes.Int32)
	}
	mask := int64(1)<<(8*int64(f.Size)) - 1
	bits, _ = ctypes.Arith(litmus.OpAnd, bits, t, litmus.C(mask), ctypes.Int32)
	return bits, ctypes.Int{Bits: 8 * f.Size}, true, nil
}
