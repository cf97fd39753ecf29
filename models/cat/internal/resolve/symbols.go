// This file implements the numbering of a program's names: every name of
// its files gets a symbol when the program is resolved, so that the
// evaluator finds a binding by number rather than by hashing a string on
// every look-up.

package resolve

// A Sym numbers a name of a program; 0 is no name.
type Sym int32

// Symbols numbers the names of a program.
type Symbols struct {
	ids map[string]Sym
	// Names are the names by Sym; Names[0] is "".
	Names []string
}

// Intern is name's symbol, made on first use.
func (t *Symbols) Intern(name string) Sym {
	if s, ok := t.ids[name]; ok {
		return s
	}
	if t.ids == nil {
		t.ids = map[string]Sym{}
		t.Names = []string{""}
	}
	s := Sym(len(t.Names))
	t.ids[name] = s
	t.Names = append(t.Names, name)
	return s
}

func (t *Symbols) internAll(names []string) []Sym {
	out := make([]Sym, len(names))
	for i, n := range names {
		out[i] = t.Intern(n)
	}
	return out
}
