// This file implements the atomic_long_* operations of the C dialect
// (include/linux/atomic/atomic-long.h): each one is the atomic_* primitive
// or extension of the same name after the prefix, with its LKMM tags, on
// the natural word. herd7's linux-kernel.def has none of them; lock code
// (the mutex's owner field) uses them.

package cparse

import (
	"strings"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/parser/cparse/cext"
	"github.com/litmuscheck/litmuscheck/parser/cparse/cprim"
	"github.com/litmuscheck/litmuscheck/parser/cparse/csyntax"
)

// longPrefix starts the name of an atomic_long_* operation.
const longPrefix = "atomic_long_"

// longAlias returns the atomic_* primitive or extension that the
// atomic_long_* operation name stands for. The kernel maps each one to
// atomic64_* or atomic_* by the width of long; a C test's locations hold
// whole values at the natural word whatever their declared type (a wider
// type counts as the word, sizes.go), so both are the atomic_* one, and
// its lowering, tags and compilation are shared.
func longAlias(name string) (string, bool) {
	rest, ok := strings.CutPrefix(name, longPrefix)
	if !ok {
		return "", false
	}
	short := "atomic_" + rest
	if _, ok := cprim.Kernel(short); ok {
		return short, true
	}
	if _, ok := cext.All[short]; ok {
		return short, true
	}
	return "", false
}

// longCall lowers a call of an atomic_long_* operation as the call of the
// atomic_* one it stands for, so that a .def file's redefinition of that
// primitive applies to both; done is false when c names none.
func (l *cLowerer) longCall(c *csyntax.Call, dst string, want bool) (litmus.Expr, bool, error) {
	short, ok := longAlias(c.Name)
	if !ok {
		return nil, false, nil
	}
	alias := *c
	alias.Name = short
	x, err := l.call(&alias, dst, want)
	return x, true, err
}
