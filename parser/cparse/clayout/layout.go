// This file implements the layout of the structs kernel C defines: each
// scalar or pointer member takes a slot of its own, an embedded struct
// or an array its members' or elements' slots, and an object's size is
// its slots rounded up to a power of two.

package clayout

import (
	"fmt"
	"math/bits"
	"strings"
)

// SlotBytes is the width of a slot: the word, in which the LKMM's
// locations and the compiled columns hold every scalar and pointer.
const SlotBytes = 4

// A Struct is a struct type laid out in slots.
type Struct struct {
	Name    string
	Members []*Member
	// Slots is the number of slots the members take, in order.
	Slots int
}

// A Member is one member of a struct.
type Member struct {
	Name string
	// Slot is the first slot the member takes.
	Slot int
	// Words is the member's type, its qualifiers left out: ["int"],
	// ["unsigned", "long"], or a struct's name for a struct type.
	Words []string
	// Stars is the pointer depth: 0 for a value, 1 for a pointer.
	Stars int
	// Struct is the struct an embedded member is (Stars 0) or that a
	// pointer member points to (Stars 1), nil for an integer type or for
	// a pointer to a struct not defined yet (Target resolves it).
	Struct *Struct
	// StructName names the struct type of the member, "" for an integer.
	StructName string
	// Len is the number of elements of an array member, 0 for none.
	Len int
	// Volatile marks a member declared volatile ("volatile unsigned int
	// slock"): the kernel reads and writes it as READ_ONCE and WRITE_ONCE
	// do, with one access each.
	Volatile bool
}

// Slots is the number of slots m takes.
func (m *Member) Slots() int {
	n := 1
	if m.Stars == 0 && m.Struct != nil {
		n = m.Struct.Slots
	}
	if m.Len > 0 {
		n *= m.Len
	}
	return n
}

// Offset is the byte offset of m in its struct.
func (m *Member) Offset() int64 { return int64(m.Slot) * SlotBytes }

// Bytes is the size of an object of type s: its slots, rounded up to a
// power of two so that an index into an array of them (the per-CPU
// copies) is a shift on every target.
func (s *Struct) Bytes() int64 {
	n := max(s.Slots, 1)
	if n&(n-1) != 0 {
		n = 1 << bits.Len(uint(n))
	}
	return int64(n) * SlotBytes
}

// Member returns the member of s named name, nil when s has none.
func (s *Struct) Member(name string) *Member {
	for _, m := range s.Members {
		if m.Name == name {
			return m
		}
	}
	return nil
}

// MemberNames lists s's members, for an error that says what was
// expected.
func (s *Struct) MemberNames() string {
	var names []string
	for _, m := range s.Members {
		names = append(names, m.Name)
	}
	return strings.Join(names, ", ")
}

// A Decl is a member as the grammar reads it, before it is laid out.
type Decl struct {
	Name     string
	Words    []string
	Stars    int
	Len      int
	Volatile bool
}

// Types are the structs a program defines, by name.
type Types struct {
	byName map[string]*Struct
	order  []string
}

// Lookup returns the struct named name, nil when none is defined.
func (ts *Types) Lookup(name string) *Struct {
	if ts == nil {
		return nil
	}
	return ts.byName[name]
}

// Names lists the structs defined, in the order of their definitions.
func (ts *Types) Names() []string {
	if ts == nil {
		return nil
	}
	return append([]string(nil), ts.order...)
}

// Define lays out the struct name of the members decls, among ts's
// structs and outer's (which may be nil). isInt reports whether a
// member's type words name an integer type; any other single word names
// a struct, which must be defined before when the member embeds it, as C
// requires, and may be defined later when the member points to it.
func (ts *Types) Define(name string, decls []Decl, isInt func([]string) bool, outer *Types) (*Struct, error) {
	if ts.byName == nil {
		ts.byName = map[string]*Struct{}
	}
	if ts.byName[name] != nil || outer.Lookup(name) != nil {
		return nil, fmt.Errorf("struct %s is defined twice", name)
	}
	s := &Struct{Name: name}
	for _, d := range decls {
		if s.Member(d.Name) != nil {
			return nil, fmt.Errorf("struct %s has two members named %s", name, d.Name)
		}
		m := &Member{Name: d.Name, Slot: s.Slots, Words: d.Words, Stars: d.Stars, Len: d.Len, Volatile: d.Volatile}
		switch {
		case d.Stars > 1:
			return nil, fmt.Errorf("unsupported: member %s of struct %s, a pointer to a pointer", d.Name, name)
		case isInt(d.Words):
		case len(d.Words) == 1:
			m.StructName = d.Words[0]
			m.Struct = ts.byName[d.Words[0]]
			if m.Struct == nil {
				m.Struct = outer.Lookup(d.Words[0])
			}
			if d.Words[0] == name && d.Stars == 1 {
				m.Struct = s
			}
			if m.Struct == nil && d.Stars == 0 {
				return nil, fmt.Errorf("member %s of struct %s embeds struct %s, which is not defined before it", d.Name, name, d.Words[0])
			}
		default:
			return nil, fmt.Errorf("unsupported: member %s of struct %s, of type %q", d.Name, name, strings.Join(d.Words, " "))
		}
		s.Members = append(s.Members, m)
		s.Slots += m.Slots()
	}
	ts.byName[name] = s
	ts.order = append(ts.order, name)
	return s, nil
}

// Target is the struct the pointer or embedded member m is of, resolved
// by name when it was defined after m's struct.
func (ts *Types) Target(m *Member) *Struct {
	if m.Struct == nil && m.StructName != "" {
		m.Struct = ts.Lookup(m.StructName)
	}
	return m.Struct
}

// Merge returns the structs of ts and then of other; a name both define
// is an error unless it is the same definition.
func (ts *Types) Merge(other *Types) (*Types, error) {
	out := &Types{byName: map[string]*Struct{}}
	for _, src := range []*Types{ts, other} {
		if src == nil {
			continue
		}
		for _, n := range src.order {
			if prev, dup := out.byName[n]; dup {
				if prev != src.byName[n] {
					return nil, fmt.Errorf("struct %s is defined twice", n)
				}
				continue
			}
			out.byName[n] = src.byName[n]
			out.order = append(out.order, n)
		}
	}
	return out, nil
}
