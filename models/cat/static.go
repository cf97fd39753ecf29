// This file implements the cache of subexpressions: each operator node
// that reads no name bound inside its statement (a parameter, a let ... in,
// a let rec's own names) has one value per evaluation of the statement in
// the candidates of a shape when it depends on neither rf nor co, which is
// kept. The resolver numbers those nodes (resolve.SubID); the values live
// here, with what the shape keeps of each statement.

package cat

import "github.com/litmuscheck/litmuscheck/models/cat/internal/resolve"

// A subEntry is a node's value in one statement's evaluation for the
// whole shape, once known not to depend on rf or co (state static), or
// the mark that it does (state dyn).
type subEntry struct {
	v     Value
	state uint8
	// empty says that v is an empty relation or event set.
	empty bool
}

const (
	subUnknown uint8 = iota
	subStatic
	subDyn
)

// A subCache holds the values of the nodes of one statement, numbered
// from lo: a function defined elsewhere and called there, whose nodes
// are another statement's, is not cached.
type subCache struct {
	lo resolve.SubID
	e  []subEntry
}

// cached evaluates node (of cacheable id) with f, or takes its value from
// the cache of the statement being evaluated.
func cached[N any](in *interp, id resolve.SubID, node N, env *scope, f func(*interp, N, *scope) (Value, error)) (Value, error) {
	c := in.expr.sub
	i := int(id - c.lo)
	if id == 0 || i < 0 || i >= len(c.e) {
		return f(in, node, env)
	}
	switch e := &c.e[i]; e.state {
	case subStatic:
		return e.v, nil
	case subDyn:
		return f(in, node, env)
	}
	saved := in.expr.dyn
	in.expr.dyn = false
	v, err := f(in, node, env)
	d := in.expr.dyn
	in.expr.dyn = saved || d
	if err == nil {
		if d {
			c.e[i] = subEntry{state: subDyn}
		} else {
			c.e[i] = subEntry{v: v, state: subStatic, empty: isEmptyRelOrSet(v)}
		}
	}
	return v, err
}

// enterSub makes c, the cache of a statement whose nodes are r, current,
// and returns the one to restore. c is kept by what the shape keeps of
// the statement (a letMemo, a testMemo), made on first use.
func (in *interp) enterSub(c *subCache, r resolve.SubRange) subCache {
	saved := in.expr.sub
	if c.e == nil && r.Hi > r.Lo {
		*c = subCache{lo: r.Lo, e: make([]subEntry, r.Hi-r.Lo)}
	}
	in.expr.sub = *c
	return saved
}
