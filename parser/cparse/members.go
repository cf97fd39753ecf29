// This file implements the members of the structs a program defines
// (data.go, package clayout): "node->locked", "prev->next->locked",
// "node->mcs.locked". A member is a slot at its offset from the address
// the pointer holds; a pointer member on the way ("prev->next" in
// "prev->next->locked") is a plain read of its slot, as C evaluates it.

package cparse

import (
	"fmt"
	"math/bits"
	"sort"
	"strings"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/parser/cparse/cdata"
	"github.com/litmuscheck/litmuscheck/parser/cparse/clayout"
	"github.com/litmuscheck/litmuscheck/parser/cparse/csyntax"
	"github.com/litmuscheck/litmuscheck/parser/cparse/ctypes"
)

// types are the structs the program and its files of functions define.
func (l *cLowerer) structTypes() *clayout.Types {
	if l.defs == nil {
		return nil
	}
	return l.defs.data.Types
}

// structOf is the struct a pointer of type t with stars stars points to,
// nil when it points to none the program defines.
func (l *cLowerer) structOf(t *csyntax.Type, stars int) *clayout.Struct {
	if t == nil || stars != 1 {
		return nil
	}
	words := csyntax.Unqualified(t)
	if len(words) != 1 {
		return nil
	}
	return l.structTypes().Lookup(words[0])
}

// pointerStruct is the struct the pointer variable name points to, in the
// innermost scope that has it: a local or a parameter of an inlined
// function, or of the thread.
func (l *cLowerer) pointerStruct(name string) *clayout.Struct {
	for fr := l.frame; fr != nil; fr = fr.parent {
		if r, ok := fr.regs[name]; ok {
			return l.ptrStructs[r]
		}
		if _, ok := fr.vars[name]; ok {
			if fr.fn == nil {
				return nil
			}
			for _, p := range fr.fn.Params {
				if p.Name == name {
					return l.structOf(p.Type, len(p.Stars))
				}
			}
			return nil
		}
		if !fr.transparent {
			return nil
		}
	}
	if l.params[name] {
		return l.paramStructs[name]
	}
	return l.ptrStructs[name]
}

// userMember resolves m, a member of a struct the program defines: its
// address and the member. With emit, the pointer members on the way are
// read; without, only the member is found (its address is nil), for the
// width and the type of an access.
func (l *cLowerer) userMember(m *csyntax.Member, emit bool) (litmus.Expr, *clayout.Member, error) {
	pos := l.pos(m.Pos)
	base, st, first, err := l.memberBase(m, emit)
	if err != nil {
		return nil, nil, err
	}
	if m.Sels[0].Op != first {
		what := m.Ptr + " is a pointer"
		if first == "." {
			what = m.Ptr + " is a per-CPU variable, a struct"
		}
		return nil, nil, litmus.Errorf(pos, "%s: expected %s%s", what, first, m.Sels[0].Field)
	}
	for i, sel := range m.Sels {
		mem := st.Member(sel.Field)
		if mem == nil {
			return nil, nil, litmus.Errorf(l.pos(sel.Pos), "struct %s has no member %q (expected one of %s)", st.Name, sel.Field, st.MemberNames())
		}
		var addr litmus.Expr
		if emit {
			addr = offsetBy(base, mem.Offset())
		}
		if i == len(m.Sels)-1 {
			if mem.Len > 0 {
				return nil, nil, litmus.Unsupported(l.pos(sel.Pos), fmt.Sprintf("array member %s of struct %s", mem.Name, st.Name))
			}
			return addr, mem, nil
		}
		next, target := m.Sels[i+1], l.structTypes().Target(mem)
		switch {
		case target == nil || mem.Len > 0:
			return nil, nil, litmus.Errorf(l.pos(next.Pos), "member %s of struct %s is not a struct or a pointer to one: %s%s is not a member", mem.Name, st.Name, next.Op, next.Field)
		case next.Op == "->" && mem.Stars != 1:
			return nil, nil, litmus.Errorf(l.pos(next.Pos), "member %s of struct %s is a struct, not a pointer: expected .%s", mem.Name, st.Name, next.Field)
		case next.Op == "." && mem.Stars != 0:
			return nil, nil, litmus.Errorf(l.pos(next.Pos), "member %s of struct %s is a pointer: expected ->%s", mem.Name, st.Name, next.Field)
		}
		if emit && next.Op == "->" {
			tmp := l.temp()
			l.types[tmp] = ctypes.Ptr
			l.emit(litmus.Instr{Pos: l.pos(sel.Pos), Text: l.text(m.Pos, next.Pos), Op: litmus.OpLoad, Dst: tmp, Addr: addr})
			addr = litmus.R(tmp)
		}
		base, st = addr, target
	}
	panic("unreachable")
}

// memberBase is where m's selectors start: the address (with emit), the
// struct there and the selector that must come first. The base is a
// pointer ("prev->next"), an expression that is one ("(e)->mcs"), or
// inside a per-CPU accessor a per-CPU variable or an element of a
// per-CPU array, CPU 0's copy ("&qnodes[idx].mcs").
func (l *cLowerer) memberBase(m *csyntax.Member, emit bool) (base litmus.Expr, st *clayout.Struct, first string, err error) {
	pos := l.pos(m.Pos)
	if m.Of != nil {
		if st = l.exprStruct(m.Of); st == nil {
			return nil, nil, "", litmus.Unsupported(pos, fmt.Sprintf("member access %s of an expression that is not a pointer to a struct the program defines", l.text(m.Pos, m.EndPos)))
		}
		if emit {
			base, _, err = l.typedUnary(m.Of)
		}
		return base, st, "->", err
	}
	if o := l.objectNamed(m.Ptr); o != nil && (l.inAccessor > 0 || o.Shared) {
		return l.elementBase(m, o, emit)
	}
	if st = l.pointerStruct(m.Ptr); st == nil {
		return nil, nil, "", l.noStruct(m, pos)
	}
	if m.Index != nil {
		return nil, nil, "", litmus.Unsupported(pos, fmt.Sprintf("indexing %s, which is no per-CPU array", m.Ptr))
	}
	if emit {
		base, err = l.ident(m.Ptr, pos)
	}
	return base, st, "->", err
}

// elementBase is memberBase for the per-CPU variable o: CPU 0's copy, or
// element m.Index of it when o is an array.
func (l *cLowerer) elementBase(m *csyntax.Member, o *cdata.Object, emit bool) (litmus.Expr, *clayout.Struct, string, error) {
	pos := l.pos(m.Pos)
	switch {
	case o.Struct == nil:
		return nil, nil, "", litmus.Errorf(pos, "per-CPU variable %s is no struct: %s has no members", o.Name, m.Path())
	case (m.Index != nil) != (o.Len > 0):
		return nil, nil, "", litmus.Errorf(pos, "per-CPU variable %s %s", o.Name, map[bool]string{true: "is an array: expected " + o.Name + "[i]", false: "is no array"}[o.Len > 0])
	}
	if !emit {
		return nil, o.Struct, ".", nil
	}
	base := l.objectAddress(o)
	if m.Index == nil {
		return base, o.Struct, ".", nil
	}
	idx, t, err := l.typedExpr(m.Index)
	if err != nil {
		return nil, nil, "", err
	}
	if k, ok := idx.(*litmus.Const); ok && !k.V.IsAddr() {
		return offsetBy(base, k.V.Off*o.Struct.Bytes()), o.Struct, ".", nil
	}
	if t.Ptr {
		return nil, nil, "", litmus.Errorf(l.pos(m.Index.Pos), "the index of %s is a pointer", o.Name)
	}
	return litmus.Bin(litmus.OpAdd, base, litmus.Bin(litmus.OpShl, idx, litmus.C(int64(bits.TrailingZeros64(uint64(o.Struct.Bytes())))))), o.Struct, ".", nil
}

// plainMemberTags are the tags of a plain access to the member m: none,
// or ONCE for a volatile member, which the kernel accesses once as
// READ_ONCE and WRITE_ONCE do (they are volatile accesses themselves).
func (l *cLowerer) plainMemberTags(m *csyntax.Member) []string {
	if l.paramStruct(m.Ptr) != "" {
		return nil
	}
	if _, mem, err := l.userMember(m, false); err == nil && mem.Volatile {
		return []string{litmus.TagOnce}
	}
	return nil
}

// plainDerefTags are the tags of a plain access "*p": ONCE when p points
// to a struct the program defines whose members are all volatile (a
// struct value of powerpc's arch_spinlock_t), none otherwise. A pointer
// to a volatile integer stays plain, as herd7's C dialect reads it.
func (l *cLowerer) plainDerefTags(p *csyntax.Unary) []string {
	if p.Primary == nil || p.Primary.Ident == "" || p.Op != "" {
		return nil
	}
	st := l.pointerStruct(p.Primary.Ident)
	if st == nil || len(st.Members) == 0 {
		return nil
	}
	for _, m := range st.Members {
		if !m.Volatile {
			return nil
		}
	}
	return []string{litmus.TagOnce}
}

// offsetBy is the address a plus off bytes.
func offsetBy(a litmus.Expr, off int64) litmus.Expr {
	if off == 0 {
		return a
	}
	if c, ok := a.(*litmus.Const); ok && c.V.IsAddr() {
		v := c.V
		v.Off += off
		return &litmus.Const{V: v}
	}
	return litmus.Bin(litmus.OpAdd, a, litmus.C(off))
}

// noStruct is the error for a member of a name that is not a pointer to
// a struct the dialect knows.
func (l *cLowerer) noStruct(m *csyntax.Member, pos litmus.Pos) error {
	if l.objectNamed(m.Ptr) != nil {
		return litmus.Unsupported(pos, fmt.Sprintf("member access %s on per-CPU variable %s itself: reach a CPU's copy with this_cpu_ptr(&%s) or per_cpu_ptr(&%s, cpu)", m.Path(), m.Ptr, m.Ptr, m.Ptr))
	}
	names := l.structTypes().Names()
	for n := range cdata.Builtin {
		names = append(names, n)
	}
	sort.Strings(names)
	for i, n := range names {
		names[i] = "struct " + n + " *"
	}
	return litmus.Unsupported(pos, fmt.Sprintf("member access %s: %s is not a pointer to a struct the program defines or the dialect lays out (%s)",
		m.Path(), m.Ptr, strings.Join(names, ", ")))
}

// userMemberType is the C type of the member mem: its integer type, a
// pointer, or untyped for a struct.
func userMemberType(mem *clayout.Member) ctypes.Int {
	switch {
	case mem.Stars > 0:
		return ctypes.Ptr
	case mem.StructName != "":
		return ctypes.Untyped
	}
	return ctypes.Names[strings.Join(mem.Words, " ")]
}

// dataRace lowers data_race(e), the kernel's mark of a read whose race
// is intended, of a member or a "*p": a READ_ONCE of it. The compiler
// sees a plain read, but the LKMM would flag its race and void every
// verdict of the code the kernel marks, so the mark is taken at its
// word; done is false for another call.
func (l *cLowerer) dataRace(c *csyntax.Call, dst string) (litmus.Expr, bool, error) {
	if c.Name != "data_race" || l.defined(c.Name) {
		return nil, false, nil
	}
	pos := l.pos(c.Pos)
	if len(c.Args) != 1 {
		return nil, true, litmus.Errorf(pos, "data_race expects 1 argument, found %d", len(c.Args))
	}
	u := csyntax.Single(c.Args[0])
	var addr litmus.Expr
	var size uint8
	var t ctypes.Int
	var err error
	switch {
	case csyntax.MemberOf(u) != nil:
		addr, size, err = l.member(csyntax.MemberOf(u))
		t = l.memberType(csyntax.MemberOf(u))
	case u != nil && u.Op == "*":
		addr, err = l.unary(u.X)
		size, t = l.accessSize(u.X), l.accessType(u.X)
	default:
		return nil, true, litmus.Unsupported(pos, fmt.Sprintf("data_race(%s): only a member or a *p location", l.text(c.Args[0].Pos, c.Args[0].EndPos)))
	}
	if err != nil {
		return nil, true, err
	}
	if dst == "" {
		dst = l.temp()
	}
	l.types[dst] = t
	l.emit(litmus.Instr{Pos: pos, Text: l.text(c.Pos, c.EndPos), Op: litmus.OpLoad, Dst: dst, Addr: addr, Size: size, RTags: []string{litmus.TagOnce}})
	return litmus.R(dst), true, nil
}
