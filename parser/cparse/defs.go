// This file implements CDefs, the C function definitions that calls in a
// C test's threads inline ("void spin_lock(spinlock_t *l) { ... }"), an
// extension of litmuscheck's that herd7 does not have: their grammar,
// ParseCDefs, and the sets of them merged, aliased or given a .def file's
// primitives. Lock algorithms are written this way (package locks), so
// that one C test can run under each algorithm. A test may define its own
// functions before its threads ("static void my_unlock(spinlock_t *l) {
// ... }", userdefs.go); herd7 rejects such a test ("unexpected
// 'my_unlock' (in prog)").

package cparse

import (
	"fmt"
	"strings"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/parser/cparse/cdata"
	"github.com/litmuscheck/litmuscheck/parser/cparse/cmacro"
	"github.com/litmuscheck/litmuscheck/parser/cparse/cprim"
	"github.com/litmuscheck/litmuscheck/parser/cparse/csyntax"
	"github.com/litmuscheck/litmuscheck/parser/internal/litfile"
)

// CDefs are C function definitions that calls in C tests inline, and the
// primitives of a .def file (WithPrims) that calls lower to events.
type CDefs struct {
	funcs map[string]*csyntax.Func
	order []string
	prims *cprim.Prims
	// files holds the file each function was read from, by name: merged
	// definitions come from several files, and an inlined event names
	// its own.
	files map[string]*litfile.File
	// library names the functions of the lock library, which a user's
	// function of the same name replaces (Extend); replaced are those a
	// user's function replaced, for the note each test gets.
	library  map[string]bool
	replaced []replacement
	// data are the structs and per-CPU variables the files define
	// (data.go).
	data cdata.Data
	// macros are those defined at the end of the last file, which the
	// files read after it and the test see.
	macros *cmacro.Macros
}

// A replacement is a library function that a user's function replaced.
type replacement struct {
	name string
	pos  litmus.Pos // the user's definition
	was  string     // the library's, file:line
}

// AsLibrary is d with every function marked as the lock library's, which
// a user's function of the same name replaces.
func (d *CDefs) AsLibrary() *CDefs {
	out := *d
	out.library = map[string]bool{}
	for _, n := range d.order {
		out.library[n] = true
	}
	return &out
}

// without is d less the functions names lists.
func (d *CDefs) without(names map[string]bool) *CDefs {
	out := *d
	out.funcs, out.files, out.order = map[string]*csyntax.Func{}, map[string]*litfile.File{}, nil
	for _, n := range d.order {
		if !names[n] {
			out.funcs[n], out.files[n] = d.funcs[n], d.files[n]
			out.order = append(out.order, n)
		}
	}
	return &out
}

// Notes are the warnings a test that uses d gets: a user's function that
// replaces the lock library's of the same name.
func (d *CDefs) Notes() []*litmus.Error {
	if d == nil {
		return nil
	}
	var out []*litmus.Error
	for _, r := range d.replaced {
		out = append(out, litmus.Errorf(r.pos, "%s replaces the lock library's function of that name (%s), in every caller", r.name, r.was))
	}
	return out
}

// Names lists the functions defined, in source order.
func (d *CDefs) Names() []string { return append([]string(nil), d.order...) }

// Has reports whether d defines name.
func (d *CDefs) Has(name string) bool {
	if d == nil {
		return false
	}
	_, ok := d.funcs[name]
	return ok
}

// ParseCDefs parses C function definitions from src, read from file name.
// Each function may call the kernel primitives, the extensions of this
// file and the functions defined before it.
func ParseCDefs(name, src string) (*CDefs, error) {
	return parseCDefsAfter(name, src, nil)
}

// parseCDefsAfter is ParseCDefs with the macros of earlier files defined.
func parseCDefsAfter(name, src string, before *cmacro.Macros) (*CDefs, error) {
	p, f, after, err := csyntax.ParseDefs(name, src, before)
	if err != nil {
		return nil, litfile.AsList(err)
	}
	d, err := collectDefs(f, p.Tops, cdata.Data{})
	if d != nil {
		d.macros = after
	}
	return d, err
}

// macrosOf are the macros d's files define at their end, nil for none.
func macrosOf(d *CDefs) *cmacro.Macros {
	if d == nil {
		return nil
	}
	return d.macros
}

// collectDefs checks the definitions parsed from f and indexes them; the
// structs of base are visible to them.
func collectDefs(f *litfile.File, tops []*csyntax.Top, base cdata.Data) (*CDefs, error) {
	d := &CDefs{funcs: map[string]*csyntax.Func{}, files: map[string]*litfile.File{}}
	data, err := cdata.Collect(f, tops, base)
	if err != nil {
		return nil, litfile.AsList(err)
	}
	d.data = data
	for _, t := range tops {
		fn := t.Func
		if fn == nil || fn.Proto || fn.Var {
			continue
		}
		pos := litfile.Position(f, fn.Pos)
		if _, dup := d.funcs[fn.Name]; dup {
			return nil, litfile.AsList(litmus.Errorf(pos, "function %q defined twice", fn.Name))
		}
		if len(fn.Params) == 1 && fn.Params[0].Name == "" && len(fn.Params[0].Stars) == 0 &&
			strings.Join(fn.Params[0].Type.Words, " ") == "void" {
			fn.Params = nil
		}
		for _, pr := range fn.Params {
			if pr.Name == "" {
				return nil, litfile.AsList(litmus.Errorf(litfile.Position(f, pr.Pos), "expected a parameter name"))
			}
		}
		d.funcs[fn.Name] = fn
		d.files[fn.Name] = f
		d.order = append(d.order, fn.Name)
	}
	return d, nil
}

// Merge returns the definitions of d and then of e; a name both define is
// an error.
func (d *CDefs) Merge(e *CDefs) (*CDefs, error) {
	data, err := d.data.Merge(e.data)
	if err != nil {
		return nil, err
	}
	out := &CDefs{funcs: map[string]*csyntax.Func{}, files: map[string]*litfile.File{}, prims: d.prims, library: map[string]bool{},
		replaced: append(append([]replacement(nil), d.replaced...), e.replaced...), data: data, macros: d.macros}
	if e.macros != nil {
		out.macros = e.macros // e's files were read after d's
	}
	for _, src := range []*CDefs{d, e} {
		for n := range src.library {
			out.library[n] = true
		}
	}
	if e.prims != nil {
		if d.prims != nil && d.prims != e.prims {
			return nil, fmt.Errorf("primitives of two .def files")
		}
		out.prims = e.prims
	}
	for _, src := range []*CDefs{d, e} {
		for _, n := range src.order {
			if _, dup := out.funcs[n]; dup {
				return nil, fmt.Errorf("function %q defined twice", n)
			}
			out.funcs[n] = src.funcs[n]
			out.files[n] = src.files[n]
			out.order = append(out.order, n)
		}
	}
	return out, nil
}

// Lines returns the file and the first and last lines of the definition
// of function name, as its events' positions give them; ok is false when
// d does not define name.
func (d *CDefs) Lines(name string) (file string, first, last int, ok bool) {
	if d == nil {
		return "", 0, 0, false
	}
	fn, found := d.funcs[name]
	if !found {
		return "", 0, 0, false
	}
	return d.files[name].Name, fn.Pos.Line, fn.EndPos.Line, true
}

// WithPrims returns d (which may be nil) with the primitives of a .def
// file: calls of them lower to their events, before the kernel's own
// primitives of the same names and after d's functions.
func (d *CDefs) WithPrims(p *cprim.Prims) *CDefs {
	out := &CDefs{funcs: map[string]*csyntax.Func{}, files: map[string]*litfile.File{}, prims: p}
	if d != nil {
		out.funcs, out.order, out.files = d.funcs, d.order, d.files
		out.library, out.replaced, out.data = d.library, d.replaced, d.data
	}
	return out
}

// Alias returns d with name defined as a copy of the function target.
func (d *CDefs) Alias(name, target string) (*CDefs, error) {
	fn, ok := d.funcs[target]
	if !ok {
		return nil, fmt.Errorf("no function %q to alias as %q", target, name)
	}
	out := &CDefs{funcs: map[string]*csyntax.Func{}, files: map[string]*litfile.File{}, prims: d.prims, library: d.library, replaced: d.replaced, data: d.data}
	for _, n := range d.order {
		out.funcs[n] = d.funcs[n]
		out.files[n] = d.files[n]
		out.order = append(out.order, n)
	}
	if _, ok := out.funcs[name]; !ok {
		out.order = append(out.order, name)
	}
	out.funcs[name] = fn
	out.files[name] = d.files[target]
	return out, nil
}

// dataOrNone is d's data, none for a nil d.
func (d *CDefs) dataOrNone() cdata.Data {
	if d == nil {
		return cdata.Data{}
	}
	return d.data
}
