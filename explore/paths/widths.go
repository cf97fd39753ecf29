// This file implements what the paths tell of access widths: two widths
// at one location, a width other than the declared type's, an access at
// an offset inside a location that is not an array; and the element
// widths of a test's arrays.

package paths

import (
	"fmt"
	"strings"

	"github.com/litmuscheck/litmuscheck/litmus"
)

// CheckSizes reports the first access, in thread and path order (the
// paths that hang after those that end), whose width differs from that
// of the first access to the same location. The
// locations are the events' concrete addresses, so an access through a
// register the init block or a load sets counts as well.
func CheckSizes(test *litmus.Test, ps, hangs [][]Path) error {
	type access struct {
		in     *litmus.Instr
		thread int
	}
	first := map[string]access{}
	var err error
	eachAccess(test, ps, hangs, func(t int, in *litmus.Instr, e *Event) bool {
		f, ok := first[e.Loc]
		if !ok {
			first[e.Loc] = access{in, t}
			return true
		}
		if a, b := AccessBytes(f.in), AccessBytes(in); a != b {
			err = litmus.Unsupported(in.Pos, fmt.Sprintf(
				"mixed-size access: P%d's %q accesses %s as %s, P%d's %q (%s) as %s",
				t, in.Text, e.Loc, Bytes(b), f.thread, f.in.Text, f.in.Pos, Bytes(a)))
		}
		return err == nil
	})
	return err
}

// eachAccess calls f on every memory event of the paths, with its thread
// and instruction, in thread and path order (each thread's paths that
// hang after those that end), until f returns false.
func eachAccess(test *litmus.Test, ps, hangs [][]Path, f func(t int, in *litmus.Instr, e *Event) bool) {
	for t, paths := range ps {
		code := test.Threads[t].Code
		if t < len(hangs) {
			paths = append(paths[:len(paths):len(paths)], hangs[t]...)
		}
		for _, p := range paths {
			for i := range p.Events {
				e := &p.Events[i]
				if e.Kind == litmus.KindF || e.Instr < 0 || e.Instr >= len(code) {
					continue
				}
				if !f(t, &code[e.Instr], e) {
					return
				}
			}
		}
	}
}

// NarrowAccess reports whether an access to a location the init block
// declares with a type reads or writes another width than the type's.
func NarrowAccess(test *litmus.Test, ps, hangs [][]Path) bool {
	declared := map[string]int{}
	for _, it := range test.Init {
		if it.Loc.Thread == -1 && it.Type != "" && it.Size == 0 {
			declared[it.Loc.Name] = LocBytes(it.Type)
		}
	}
	if len(declared) == 0 {
		return false
	}
	narrow := false
	eachAccess(test, ps, hangs, func(_ int, in *litmus.Instr, e *Event) bool {
		if n, ok := declared[e.Loc]; ok && AccessBytes(in) != n {
			narrow = true
		}
		return !narrow
	})
	return narrow
}

// OffsetAccess reports whether an access reaches into a location that is
// not an array at an offset: a byte of a word, say.
func OffsetAccess(test *litmus.Test, ps, hangs [][]Path) bool {
	arrays := map[string]bool{}
	for _, it := range test.Init {
		if it.Loc.Thread == -1 && it.Size > 0 {
			arrays[it.Loc.Name] = true
		}
	}
	for _, paths := range append(ps[:len(ps):len(ps)], hangs...) {
		for _, p := range paths {
			for _, e := range p.Events {
				if i := strings.IndexByte(e.Loc, '['); i > 0 && e.Kind != litmus.KindF && !arrays[e.Loc[:i]] {
					return true
				}
			}
		}
	}
	return false
}

// ArrayElements are the element widths of the arrays the assembly test t
// declares; for a C test, whose other addresses count elements, the word
// slots of the locations its front end lays out (Test.Objects).
func ArrayElements(t *litmus.Test) map[string]int {
	if t.Arch == litmus.ArchC {
		var elems map[string]int
		for name := range t.Objects {
			if elems == nil {
				elems = map[string]int{}
			}
			elems[name] = slotBytes
		}
		return elems
	}
	var elems map[string]int
	for _, it := range t.Init {
		if it.Loc.Thread == -1 && it.Size > 0 {
			if elems == nil {
				elems = map[string]int{}
			}
			elems[it.Loc.Name] = LocBytes(it.Type)
		}
	}
	return elems
}

// slotBytes is the width of a slot of a location a C front end lays out
// (parser/cparse/clayout).
const slotBytes = 4
