// This file implements the few operations on event sets that litmus.Set
// has no method for; they are the only lines here that know a Set's
// representation, so that a change of it touches this file alone.

package cat

import "github.com/litmuscheck/litmuscheck/rel"

func setUnion(a, b rel.Set) rel.Set { return a.Union(b) }
func setInter(a, b rel.Set) rel.Set { return a.Inter(b) }
func setDiff(a, b rel.Set) rel.Set  { return a.Diff(b) }
func setEmpty(a rel.Set) bool       { return a.Empty() }
func setEqual(a, b rel.Set) bool    { return a.Equal(b) }
