// This file implements the definitions of the dialect's own lock words
// that kernel headers make ("typedef struct qspinlock { union { atomic_t
// val; struct { u8 locked; u8 pending; }; ... }; } arch_spinlock_t;"): a
// definition is accepted when C lays out each member the dialect knows
// where the built-in layout has it, and the built-in layout is used; any
// other definition of such a struct is refused, naming the member that
// differs. Members the dialect does not know (a big-endian reserved
// array, the qrwlock's wait_lock) stay out of reach: naming one is an
// error.

package cparse

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/parser/cparse/csyntax"
	"github.com/litmuscheck/litmuscheck/parser/cparse/ctypes"
	"github.com/litmuscheck/litmuscheck/parser/internal/litfile"
)

// checkBuiltinDef accepts s, a definition of the built-in struct s.Name,
// when its layout has the built-in members where the dialect has them.
func checkBuiltinDef(f *litfile.File, s *csyntax.StructDef) error {
	pos := litfile.Position(f, s.Pos)
	leaves := map[string]structField{}
	if _, err := cLayout(f, s.Members, false, 0, leaves); err != nil {
		return err
	}
	for _, name := range sortedFields(s.Name) {
		want := cStructs[s.Name][name]
		if want.size == 0 {
			want.size = 4
		}
		got, ok := leaves[name]
		switch {
		case !ok:
			return litmus.Unsupported(pos, fmt.Sprintf("a definition of struct %s without member %s, which the dialect's layout has", s.Name, name))
		case got != want:
			return litmus.Unsupported(pos, fmt.Sprintf("a definition of struct %s whose member %s takes %d bytes at offset %d; the dialect's layout has %d at %d", s.Name, name, got.size, got.off, want.size, want.off))
		}
	}
	return nil
}

// sortedFields are the members of the built-in struct name, in order.
func sortedFields(name string) []string {
	var out []string
	for n := range cStructs[name] {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// cLayout lays out members as C does from byte offset at (a union's all
// at at), each at its natural alignment, recording the named scalars in
// leaves; it returns the bytes they take.
func cLayout(f *litfile.File, members []*csyntax.MemberDecl, union bool, at int64, leaves map[string]structField) (int64, error) {
	off, size := at, int64(0)
	for _, md := range members {
		if md.Union != nil {
			if md.Union.Name != "" {
				return 0, litmus.Unsupported(litfile.Position(f, md.Union.Pos), fmt.Sprintf("a %s member %s defined in place in a lock word", md.Union.Kind, md.Union.Name))
			}
			n, err := cLayout(f, md.Union.Members, md.Union.Kind == "union", off, leaves)
			if err != nil {
				return 0, err
			}
			off, size = advance(union, at, off, n, size)
			continue
		}
		for _, v := range md.Vars {
			elem, err := scalarBytes(f, md.Type, v)
			if err != nil {
				return 0, err
			}
			n := elem
			if v.Len != "" {
				k, err := strconv.Atoi(strings.TrimRight(v.Len, "uUlL"))
				if err != nil || k <= 0 {
					return 0, litmus.Errorf(litfile.Position(f, v.Pos), "expected a positive array length for member %s, found %s", v.Name, v.Len)
				}
				n = elem * int64(k)
			}
			if !union && off%elem != 0 {
				off += elem - off%elem
			}
			leaves[v.Name] = structField{off: off, size: uint8(n)}
			off, size = advance(union, at, off, n, size)
		}
	}
	if union {
		return size, nil
	}
	return off - at, nil
}

// advance moves past a member of n bytes at off: a struct's next member
// follows it, a union's starts at at again and the union is as wide as
// its widest member.
func advance(union bool, at, off, n, size int64) (int64, int64) {
	if union {
		return at, max(size, n)
	}
	return off + n, size
}

// scalarBytes is the size of one element of member v of type t: an
// integer type's, or a lock word's.
func scalarBytes(f *litfile.File, t *csyntax.Type, v *csyntax.MemberVar) (int64, error) {
	words := unqualified(t)
	if len(v.Stars) > 0 {
		return 8, nil
	}
	if len(words) == 1 {
		if _, ok := cStructs[words[0]]; ok {
			return 4, nil
		}
	}
	it, ok := ctypes.Names[strings.Join(words, " ")]
	if !ok {
		return 0, litmus.Unsupported(litfile.Position(f, v.Pos), fmt.Sprintf("member %s of type %s in a lock word", v.Name, strings.Join(words, " ")))
	}
	return int64(max(it.Bits, 8) / 8), nil
}
