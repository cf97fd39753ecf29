// This file implements the layout of mixed-size accesses, as herd7's
// -variant mixed models them: each location is a row of cells of one
// granule, an access of n bytes is n/granule cell events of one instance
// (herd's si), rf and co relate cells, and a read or a final value is
// assembled from the cells it covers.

package explore

import (
	"github.com/litmuscheck/litmuscheck/explore/paths"
	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/rel"
)

// mixedGroups are the instances of a combination's accesses: each memory
// event's group (herd's si classes: the cells of one read or one write of
// one instruction, or a location's initial cells) and each group's size.
type mixedGroups struct {
	of   []int
	size []int
}

// decorate sets si on the combination's execution and records its groups.
func decorate(m *paths.MixedLayout, c *combo) {
	x := c.x
	g := &mixedGroups{of: make([]int, x.N)}
	key := map[[3]int]int{}
	initKey := map[string]int{}
	for i := range x.Events {
		e := &x.Events[i]
		g.of[i] = -1
		if !x.M.Has(i) {
			continue
		}
		var id int
		var ok bool
		if e.IsInit() {
			b := m.Base[e.Loc]
			if id, ok = initKey[b]; !ok {
				id = len(g.size)
				initKey[b] = id
				g.size = append(g.size, 0)
			}
		} else {
			k := [3]int{e.Thread, c.steps[i], int(e.Kind)}
			if id, ok = key[k]; !ok {
				id = len(g.size)
				key[k] = id
				g.size = append(g.size, 0)
			}
		}
		g.of[i] = id
		g.size[id]++
	}
	members := make([]rel.Set, len(g.size))
	for i, id := range g.of {
		if id >= 0 {
			members[id] = members[id].Add(i)
		}
	}
	x.SI = rel.NewRel(x.N)
	for i, id := range g.of {
		if id >= 0 {
			x.SI.SetRow(i, members[id])
		}
	}
	c.groups = g
}

// matches reports whether the writes src[i] giving the cells cells[i] of
// one read (or of a final value) form one of herd's matchings: taken in
// increasing size, each write chosen gives every cell it covers that no
// smaller write gave.
func matches(m *paths.MixedLayout, c *combo, cells []string, src []int) bool {
	g := c.groups
	for i, w := range src {
		for j, v := range src {
			if i == j || g.of[v] == g.of[w] {
				continue
			}
			// v gives cell j; if w also covers cell j, v must be smaller.
			if c.covers(w, cells[j]) && g.size[g.of[v]] >= g.size[g.of[w]] {
				return false
			}
		}
	}
	return true
}

// covers reports whether the instance of write w writes cell l.
func (c *combo) covers(w int, l string) bool {
	for _, o := range c.writes[l] {
		if c.groups.of[o] == c.groups.of[w] {
			return true
		}
	}
	return false
}

// readInstances lists, at the index in c.reads of each read instance's
// last cell, the indices of its cells (rfSearch.complete).
func (c *combo) readInstances() [][]int {
	last := map[int]int{}
	for i, r := range c.reads {
		last[c.groups.of[r]] = i
	}
	out := make([][]int, len(c.reads))
	for i, r := range c.reads {
		g := last[c.groups.of[r]]
		out[g] = append(out[g], i)
	}
	return out
}

// matches reports whether the read instance whose last cell is read i,
// if any, reads its cells as herd's matching allows, with the choices made.
func (r *rfSearch) matches(i int) bool {
	group := r.complete[i]
	if len(group) < 2 {
		return true
	}
	cells := make([]string, len(group))
	src := make([]int, len(group))
	for k, j := range group {
		cells[k], src[k] = r.c.x.Events[r.c.reads[j]].Loc, r.choice[j]
	}
	return matches(r.s.mixed, r.c, cells, src)
}

// rfMatches reports whether every read instance reads its cells as herd's
// matching allows.
func rfMatches(m *paths.MixedLayout, c *combo, rfOf []int) bool {
	byGroup := map[int][]int{}
	for _, r := range c.reads {
		byGroup[c.groups.of[r]] = append(byGroup[c.groups.of[r]], r)
	}
	for _, rs := range byGroup {
		if len(rs) < 2 {
			continue
		}
		cells := make([]string, len(rs))
		src := make([]int, len(rs))
		for i, r := range rs {
			cells[i], src[i] = c.x.Events[r].Loc, rfOf[r]
		}
		if !matches(m, c, cells, src) {
			return false
		}
	}
	return true
}

// lastWrite is the co-last write of cell l in the current candidate.
func (c *combo) lastWrite(l string) int {
	last := c.initOf[l]
	for _, w := range c.writes[l] {
		if !hasCoSucc(c.x, w, l, c.x.W) {
			last = w
		}
	}
	return last
}

// finalsMatch reports whether the final writes of every observed location
// form one of herd's matchings: herd chooses them so, and builds no other
// coherence order.
func finalsMatch(m *paths.MixedLayout, s *setup, c *combo) bool {
	for _, l := range s.observed {
		if l.IsReg() {
			continue
		}
		cells := m.Cells[l.Name]
		src := make([]int, len(cells))
		for i, cl := range cells {
			src[i] = c.lastWrite(cl)
		}
		if !matches(m, c, cells, src) {
			return false
		}
	}
	return true
}

// finalValue is the final value of location l, assembled from its cells.
func finalValue(m *paths.MixedLayout, s *setup, c *combo, l string) litmus.Value {
	cells, ok := m.Cells[l]
	if !ok {
		return s.initMem[l]
	}
	vals := make([]int64, len(cells))
	for i, cl := range cells {
		vals[i] = c.x.Events[c.lastWrite(cl)].Value.Off
	}
	return litmus.Int(m.Assemble(vals))
}

// mixedIfNeeded returns s, or s prepared again under mixed-size semantics
// when its test accesses a location at two widths, or inside a location
// at an offset, and its dialect has them; a dialect without them refuses
// two widths (checkSizes).
func (s *setup) mixedIfNeeded(model Model, opt Options) (*setup, error) {
	err := s.widths.err
	if !paths.MixedSupported(s.test.Arch) {
		return s, err
	}
	if err == nil && !s.widths.offset && !s.widths.narrow {
		return s, nil
	}
	opt.Mixed = true
	return prepare(s.test, model, opt, s.lim)
}

// widthsSeen is what the paths' accesses say of the test's sizes: the
// first access whose width differs from an earlier one's (checkSizes),
// and whether some access reaches into a location at an offset.
type widthsSeen struct {
	err    error
	offset bool
	// narrow: an access's width is not that of the type its location
	// is declared with ("int x=0;" stored to by a halfword store).
	narrow bool
}
