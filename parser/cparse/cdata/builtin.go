// This file implements the dialect's own lock words, the qspinlock's and
// the qrwlock's layouts, and the definitions of them that kernel headers
// make ("typedef struct qspinlock { union { atomic_t
// val; struct { u8 locked; u8 pending; }; ... }; } arch_spinlock_t;"): a
// definition is accepted when C lays out each member the dialect knows
// where the built-in layout has it, and the built-in layout is used; any
// other definition of such a struct is refused, naming the member that
// differs. Members the dialect does not know (a big-endian reserved
// array) stay out of reach: naming one is an error; the qrwlock's
// wait_lock is a location of its own (the lowering's waitLock).

package cdata

import (
	"fmt"
	"sort"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/parser/cparse/clayout"
	"github.com/litmuscheck/litmuscheck/parser/cparse/csyntax"
	"github.com/litmuscheck/litmuscheck/parser/internal/litfile"
)

// A Field is a member's place in its location: the byte offset of
// its least significant byte counted from the least significant byte of
// the word (the little-endian layout), and its width (0: the whole word).
// The offsets of a C test are those of the little-endian layout; a
// big-endian target lays each member out at its own address (locks'
// compiler mirrors the offset), so that a member always names the same
// bits of the word, as qspinlock_types.h's two layouts do.
type Field struct {
	Off  int64
	Size uint8
}

// Builtin are the structs the dialect lays out, by the name after
// "struct".
var Builtin = map[string]map[string]Field{
	"qspinlock": {
		"val":            {0, 0},
		"locked":         {0, 1},
		"pending":        {1, 1},
		"locked_pending": {0, 2},
		"tail":           {2, 2},
	},
	// The qrwlock's cnts word and its writer byte; wait_lock, the
	// arch_spinlock_t after it, is a location of its own in a test,
	// named after the qrwlock's.
	"qrwlock": {
		"cnts":    {0, 0},
		"wlocked": {0, 1},
	},
}

// checkBuiltinDef accepts s, a definition of the built-in struct s.Name,
// when its layout has the built-in members where the dialect has them.
func checkBuiltinDef(f *litfile.File, s *csyntax.StructDef) error {
	pos := litfile.Position(f, s.Pos)
	leaves := map[string]clayout.Field{}
	isWord := func(name string) bool { _, ok := Builtin[name]; return ok }
	if _, err := clayout.Natural(f, s.Members, false, 0, leaves, isWord); err != nil {
		return err
	}
	for _, name := range sortedFields(s.Name) {
		want := Builtin[s.Name][name]
		if want.Size == 0 {
			want.Size = 4
		}
		leaf, ok := leaves[name]
		got := Field{Off: leaf.Off, Size: leaf.Size}
		switch {
		case !ok:
			return litmus.Unsupported(pos, fmt.Sprintf("a definition of struct %s without member %s, which the dialect's layout has", s.Name, name))
		case got != want:
			return litmus.Unsupported(pos, fmt.Sprintf("a definition of struct %s whose member %s takes %d bytes at offset %d; the dialect's layout has %d at %d", s.Name, name, got.Size, got.Off, want.Size, want.Off))
		}
	}
	return nil
}

// sortedFields are the members of the built-in struct name, in order.
func sortedFields(name string) []string {
	var out []string
	for n := range Builtin[name] {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}
