// This file implements C's natural layout of a struct's members in bytes,
// each at its natural alignment and a union's members at one offset, by
// which a kernel header's definition of a lock word is checked against
// the dialect's own layout.

package clayout

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/parser/cparse/csyntax"
	"github.com/litmuscheck/litmuscheck/parser/cparse/ctypes"
	"github.com/litmuscheck/litmuscheck/parser/internal/litfile"
)

// A Field is a scalar member's place: its byte offset and its width.
type Field struct {
	Off  int64
	Size uint8
}

// Natural lays out members as C does from byte offset at (a union's all
// at at), each at its natural alignment, recording the named scalars in
// leaves; it returns the bytes they take.
func Natural(f *litfile.File, members []*csyntax.MemberDecl, union bool, at int64, leaves map[string]Field, isWord func(string) bool) (int64, error) {
	off, size := at, int64(0)
	for _, md := range members {
		if md.Union != nil {
			if md.Union.Name != "" {
				return 0, litmus.Unsupported(litfile.Position(f, md.Union.Pos), fmt.Sprintf("a %s member %s defined in place in a lock word", md.Union.Kind, md.Union.Name))
			}
			n, err := Natural(f, md.Union.Members, md.Union.Kind == "union", off, leaves, isWord)
			if err != nil {
				return 0, err
			}
			off, size = advance(union, at, off, n, size)
			continue
		}
		for _, v := range md.Vars {
			elem, err := scalarBytes(f, md.Type, v, isWord)
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
			leaves[v.Name] = Field{Off: off, Size: uint8(n)}
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
func scalarBytes(f *litfile.File, t *csyntax.Type, v *csyntax.MemberVar, isWord func(string) bool) (int64, error) {
	words := csyntax.Unqualified(t)
	if len(v.Stars) > 0 {
		return 8, nil
	}
	if len(words) == 1 && isWord(words[0]) {
		return 4, nil
	}
	it, ok := ctypes.Names[strings.Join(words, " ")]
	if !ok {
		return 0, litmus.Unsupported(litfile.Position(f, v.Pos), fmt.Sprintf("member %s of type %s in a lock word", v.Name, strings.Join(words, " ")))
	}
	return int64(max(it.Bits, 8) / 8), nil
}
