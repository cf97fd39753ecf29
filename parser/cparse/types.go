// This file implements the C integer type a declaration names (package
// ctypes holds the types and C's arithmetic on them).

package cparse

import (
	"strings"

	"github.com/litmuscheck/litmuscheck/parser/cparse/csyntax"
	"github.com/litmuscheck/litmuscheck/parser/cparse/ctypes"
)

// intType is the integer type t names, untyped for a pointer (stars > 0),
// a struct, a lock or void.
func intType(t *csyntax.Type, stars int) ctypes.Int {
	if t == nil {
		return ctypes.Untyped
	}
	if stars > 0 {
		return ctypes.Ptr
	}
	return ctypes.Names[strings.Join(csyntax.Unqualified(t), " ")]
}
