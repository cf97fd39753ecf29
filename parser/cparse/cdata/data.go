// This file implements the data a program or a file of functions defines
// before its code: struct definitions ("struct optimistic_spin_node {
// struct optimistic_spin_node *next, *prev; int locked; };") and per-CPU
// variables ("static DEFINE_PER_CPU_SHARED_ALIGNED(struct
// optimistic_spin_node, osq_node);"), laid out by package clayout.

package cdata

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/parser/cparse/clayout"
	"github.com/litmuscheck/litmuscheck/parser/cparse/csyntax"
	"github.com/litmuscheck/litmuscheck/parser/cparse/ctypes"
	"github.com/litmuscheck/litmuscheck/parser/internal/litfile"
)

// Data are the structs and per-CPU variables of a set of definitions.
type Data struct {
	Types   *clayout.Types
	Objects map[string]*Object
	// Order lists the per-CPU variables and the variables at file scope
	// in the order of their definitions.
	Order []string
}

// An Object is a per-CPU variable or a variable at file scope, and
// where it is defined.
type Object struct {
	clayout.Object
	Pos litmus.Pos
	// Pointer marks a variable at file scope of a pointer type.
	Pointer bool
}

// Type is the C type of the value of a variable at file scope that is
// no struct.
func (o *Object) Type() ctypes.Int {
	if o.Pointer {
		return ctypes.Ptr
	}
	return ctypes.Names[strings.Join(o.Words, " ")]
}

// IsIntType reports whether words, unqualified, name an integer type
// (or a lock, which holds a word).
func IsIntType(words []string) bool {
	n := strings.Join(words, " ")
	_, ok := ctypes.Names[n]
	return ok || n == "spinlock_t" || n == "raw_spinlock_t"
}

// Collect lays out the structs and per-CPU variables of tops, read
// from f, after those of base (which may be nil: no data).
func Collect(f *litfile.File, tops []*csyntax.Top, base Data) (Data, error) {
	out := Data{Types: base.Types, Objects: map[string]*Object{}, Order: append([]string(nil), base.Order...)}
	for n, o := range base.Objects {
		out.Objects[n] = o
	}
	own := &clayout.Types{}
	for _, t := range tops {
		switch {
		case t.Struct != nil:
			if err := defineStruct(f, own, out.Types, t.Struct); err != nil {
				return Data{}, err
			}
		case t.PerCPU != nil || t.Func != nil && t.Func.Var:
			merged, err := out.Types.Merge(own)
			if err != nil {
				return Data{}, err
			}
			var o *Object
			if t.PerCPU != nil {
				o, err = perCPUObject(f, merged, t.PerCPU)
			} else {
				o, err = sharedObject(f, merged, t.Func)
			}
			if err != nil {
				return Data{}, err
			}
			if prev, dup := out.Objects[o.Name]; dup {
				return Data{}, litmus.Errorf(o.Pos, "variable %q is already defined at %s", o.Name, prev.Pos)
			}
			out.Objects[o.Name] = o
			out.Order = append(out.Order, o.Name)
		}
	}
	types, err := out.Types.Merge(own)
	if err != nil {
		return Data{}, litmus.Errorf(litfile.Position(f, tops[0].Pos), "%v", err)
	}
	out.Types = types
	return out, nil
}

// defineStruct lays out the struct s defines into own, with the structs
// of outer visible to it.
func defineStruct(f *litfile.File, own, outer *clayout.Types, s *csyntax.StructDef) error {
	pos := litfile.Position(f, s.Pos)
	s.Name = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(strings.TrimPrefix(s.Head, "struct")), "{"))
	if outer.Lookup(s.Name) != nil {
		return litmus.Errorf(pos, "struct %s is already defined (by the lock fragments or another file of functions)", s.Name)
	}
	if _, builtin := Builtin[s.Name]; builtin {
		return checkBuiltinDef(f, s)
	}
	var decls []clayout.Decl
	for _, md := range flatMembers(s.Members) {
		if md.Union != nil && md.Union.Kind == "union" {
			return litmus.Unsupported(litfile.Position(f, md.Union.Pos), fmt.Sprintf("a union in struct %s (two views of one word)", s.Name))
		}
		if md.Union != nil {
			return litmus.Unsupported(litfile.Position(f, md.Union.Pos), fmt.Sprintf("struct member %s of struct %s defined in place (define its struct before)", md.Union.Name, s.Name))
		}
		for _, v := range md.Vars {
			// In "volatile struct node *next" the qualifier is the
			// pointee's; only a member that is not a pointer is volatile.
			d := clayout.Decl{Name: v.Name, Words: csyntax.Unqualified(md.Type), Stars: len(v.Stars),
				Volatile: len(v.Stars) == 0 && slices.Contains(md.Type.Words, "volatile")}
			if v.Len != "" {
				n, err := strconv.Atoi(strings.TrimRight(v.Len, "uUlL"))
				if err != nil || n <= 0 {
					return litmus.Errorf(litfile.Position(f, v.Pos), "expected a positive array length for member %s, found %s", v.Name, v.Len)
				}
				d.Len = n
			}
			decls = append(decls, d)
		}
	}
	if _, err := own.Define(s.Name, decls, IsIntType, outer); err != nil {
		if strings.HasPrefix(err.Error(), "unsupported: ") {
			return litmus.Unsupported(pos, strings.TrimPrefix(err.Error(), "unsupported: "))
		}
		return litmus.Errorf(pos, "%v", err)
	}
	return nil
}

// flatMembers are members with each anonymous struct member's own
// members in its place, as C11 reads them.
func flatMembers(members []*csyntax.MemberDecl) []*csyntax.MemberDecl {
	var out []*csyntax.MemberDecl
	for _, md := range members {
		if md.Union != nil && md.Union.Kind == "struct" && md.Union.Name == "" {
			out = append(out, flatMembers(md.Union.Members)...)
			continue
		}
		out = append(out, md)
	}
	return out
}

// perCPUObject is the per-CPU variable p defines, its type a struct of
// types or an integer type.
func perCPUObject(f *litfile.File, types *clayout.Types, p *csyntax.PerCPU) (*Object, error) {
	pos := litfile.Position(f, p.Pos)
	words := csyntax.Unqualified(p.Type)
	o := &Object{Object: clayout.Object{Name: p.Name, Words: words}, Pos: pos}
	switch {
	case len(p.Stars) > 0:
		return nil, litmus.Unsupported(pos, fmt.Sprintf("per-CPU variable %s of a pointer type", p.Name))
	case p.Len != "" && (len(words) != 1 || types.Lookup(words[0]) == nil):
		return nil, litmus.Unsupported(pos, fmt.Sprintf("per-CPU array %s[%s] of %s, not of a struct", p.Name, p.Len, strings.Join(words, " ")))
	case p.Len != "":
		n, err := strconv.Atoi(strings.TrimRight(p.Len, "uUlL"))
		if err != nil || n <= 0 {
			return nil, litmus.Errorf(pos, "expected a positive array length for per-CPU array %s, found %s", p.Name, p.Len)
		}
		o.Struct, o.Len = types.Lookup(words[0]), n
	case IsIntType(words):
	case len(words) == 1 && types.Lookup(words[0]) != nil:
		o.Struct = types.Lookup(words[0])
	default:
		return nil, litmus.Errorf(pos, "per-CPU variable %s has type %q, which is neither an integer type nor a struct defined before it", p.Name, strings.Join(words, " "))
	}
	return o, nil
}

// sharedObject is the variable at file scope v declares: an integer, a
// pointer or a struct of types, which starts at zero as static storage
// does.
func sharedObject(f *litfile.File, types *clayout.Types, v *csyntax.Func) (*Object, error) {
	pos := litfile.Position(f, v.Pos)
	words := csyntax.Unqualified(v.Ret)
	o := &Object{Object: clayout.Object{Name: v.Name, Words: words, Shared: true}, Pos: pos, Pointer: len(v.Stars) > 0}
	switch init := strings.Join(v.Init, " "); {
	case v.Len != "":
		return nil, litmus.Unsupported(pos, fmt.Sprintf("an array at file scope, %s[%s]", v.Name, v.Len))
	case init != "" && init != "0" && init != "NULL" && init != "{ }" && init != "{ 0 }":
		return nil, litmus.Unsupported(pos, fmt.Sprintf("the initializer of %s, a variable at file scope: only a zero one (static storage starts at zero)", v.Name))
	case len(v.Stars) > 0 || IsIntType(words):
	case len(words) == 1 && types.Lookup(words[0]) != nil:
		o.Struct = types.Lookup(words[0])
	default:
		return nil, litmus.Errorf(pos, "variable %s has type %q, which is neither an integer type, a pointer nor a struct defined before it", v.Name, strings.Join(words, " "))
	}
	return o, nil
}

// Merge returns the data of d and then of e.
func (d Data) Merge(e Data) (Data, error) {
	types, err := d.Types.Merge(e.Types)
	if err != nil {
		return Data{}, err
	}
	out := Data{Types: types, Objects: map[string]*Object{}}
	for _, src := range []Data{d, e} {
		for _, n := range src.Order {
			if prev, dup := out.Objects[n]; dup && prev != src.Objects[n] {
				return Data{}, fmt.Errorf("per-CPU variable %q defined twice", n)
			} else if dup {
				continue
			}
			out.Objects[n] = src.Objects[n]
			out.Order = append(out.Order, n)
		}
	}
	return out, nil
}
