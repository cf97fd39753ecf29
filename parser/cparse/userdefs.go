// This file implements users' own C functions: the functions a C test
// defines before its threads and the files of them a user loads
// (litmuscheck --fragments, proof.Fragments), both added to the lock
// fragments by Extend.

package cparse

import (
	"fmt"
	"os"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/parser/cparse/cext"
	"github.com/litmuscheck/litmuscheck/parser/cparse/cprim"
	"github.com/litmuscheck/litmuscheck/parser/internal/litfile"
)

// Extend returns d with the functions of user added after its own; d may
// be nil. A user's function of the name of a lock library function
// replaces it, in every caller, the library's fragments included, and
// each test says so (Notes): pasted kernel code often defines a function
// the library models. It may not take the name of another function d
// defines, of a kernel primitive, or of an extension other than a kernel
// helper (cpu_relax, likely...), which it replaces: calls are inlined by
// name, so a second definition would silently change what code calls,
// and under --lock spin_lock is the algorithm's.
func (d *CDefs) Extend(user *CDefs) (*CDefs, error) {
	replaced := map[string]bool{}
	var notes []replacement
	for _, n := range user.order {
		pos := litfile.Position(user.files[n], user.funcs[n].Pos)
		if file, line, _, ok := d.Lines(n); ok && d.library[n] {
			replaced[n] = true
			notes = append(notes, replacement{name: n, pos: pos, was: fmt.Sprintf("%s:%d", file, line)})
			continue
		} else if ok {
			return nil, litmus.Errorf(pos, "function %q is already defined at %s:%d (the lock fragments or another file of functions); give this one another name", n, file, line)
		}
		if _, prim := cprim.Kernel(n); prim {
			return nil, litmus.Errorf(pos, "function %q would redefine a kernel primitive; give it another name", n)
		}
		if _, long := longAlias(n); long {
			return nil, litmus.Errorf(pos, "function %q would redefine a kernel primitive (the atomic_long_ form of one); give it another name", n)
		}
		if x, ext := cext.All[n]; ext && !x.Helper {
			return nil, litmus.Errorf(pos, "function %q would redefine an extension of litmuscheck; give it another name", n)
		}
	}
	if d == nil {
		return user, nil
	}
	out, err := d.without(replaced).Merge(user)
	if out != nil {
		out.replaced = append(out.replaced, notes...)
		for n := range replaced {
			delete(out.library, n)
		}
	}
	return out, err
}

// ParseCDefsFile reads and parses the C function definitions of the file
// at path.
func ParseCDefsFile(path string) (*CDefs, error) {
	return (*CDefs)(nil).ExtendFile(path)
}

// ExtendFile is d extended with the C function definitions of the file at
// path, read with the macros d's files define (d may be nil).
func (d *CDefs) ExtendFile(path string) (*CDefs, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	user, err := parseCDefsAfter(path, string(src), macrosOf(d))
	if err != nil || d == nil {
		return user, err
	}
	return d.Extend(user)
}
