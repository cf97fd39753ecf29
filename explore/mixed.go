// This file implements the layout of mixed-size accesses, as herd7's
// -variant mixed models them: each location is a row of cells of one
// granule, an access of n bytes is n/granule cell events of one instance
// (herd's si), rf and co relate cells, and a read or a final value is
// assembled from the cells it covers.

package explore

import (
	"fmt"
	"sort"
	"strings"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/rel"
)

// mixedArches are the dialects whose mixed-size semantics follow herd7's
// -variant mixed: a test of another dialect that mixes sizes is refused.
var mixedArches = map[litmus.Arch]bool{litmus.ArchX86_64: true, litmus.ArchAArch64: true, litmus.ArchPPC: true}

// MixedSupported reports whether tests of arch that access a location at
// several widths run under mixed-size semantics.
func MixedSupported(arch litmus.Arch) bool { return mixedArches[arch] }

// mixedLayout is how a test's locations split into cells.
type mixedLayout struct {
	// granule is the width of a cell in bytes: herd's smallest access
	// size when the test has several, else the one below its only size.
	granule int
	// big: the first cell of a location holds its most significant bytes.
	big bool
	// size is each location's width in bytes.
	size map[string]int
	// cells are each location's cell names, by address.
	cells map[string][]string
	// base and index give the location and position of each cell.
	base  map[string]string
	index map[string]int
}

// locBytes is the width of a location of C type typ, herd's size of the
// type ("int" when none).
func locBytes(typ string) int {
	switch typ {
	case "uint64_t", "int64_t", "long", "unsigned long", "long long", "intptr_t", "uintptr_t":
		return 8
	case "uint16_t", "int16_t", "short", "unsigned short":
		return 2
	case "uint8_t", "int8_t", "char", "unsigned char":
		return 1
	}
	return 4
}

// newMixedLayout lays out the locations of s's test in cells.
func newMixedLayout(s *setup) (*mixedLayout, error) {
	t := s.test
	if !mixedArches[t.Arch] {
		return nil, litmus.Unsupported(litmus.Pos{File: t.File, Line: 1, Col: 1},
			fmt.Sprintf("mixed-size accesses in %s: litmuscheck models them for %s only", t.Arch, mixedArchList()))
	}
	m := &mixedLayout{big: t.Arch == litmus.ArchPPC, size: map[string]int{}, cells: map[string][]string{},
		base: map[string]string{}, index: map[string]int{}}
	sizes := map[int]bool{}
	for _, it := range t.Init {
		if it.Loc.Thread == -1 {
			if it.Value.Sym != "" || it.Size > 0 {
				return nil, litmus.Unsupported(it.Pos, "mixed-size accesses with a pointer or an array in memory")
			}
			m.size[it.Loc.Name] = locBytes(it.Type)
			sizes[m.size[it.Loc.Name]] = true
		}
	}
	for _, th := range t.Threads {
		for i := range th.Code {
			if in := &th.Code[i]; in.Addr != nil && in.Op != litmus.OpFence {
				sizes[accessBytes(in)] = true
			}
		}
	}
	all := make([]int, 0, len(sizes))
	for n := range sizes {
		all = append(all, n)
	}
	sort.Ints(all)
	switch {
	case len(all) == 0:
		m.granule = 1
	case len(all) == 1:
		m.granule = max(all[0]/2, 1)
	default:
		m.granule = all[0]
	}
	var locs []string
	for _, l := range s.locs {
		n, ok := m.size[l]
		if !ok {
			n = locBytes("")
			m.size[l] = n
		}
		init := s.initMem[l].Off
		for k := 0; k < n; k += m.granule {
			c := cellName(l, k)
			m.cells[l] = append(m.cells[l], c)
			m.base[c], m.index[c] = l, k/m.granule
			locs = append(locs, c)
			s.initMem[c] = litmus.Int(m.cellOf(init, len(m.cells[l])-1, n/m.granule))
		}
	}
	sort.Strings(locs)
	s.locs = locs
	return m, nil
}

func mixedArchList() string {
	var as []string
	for a := range mixedArches {
		as = append(as, string(a))
	}
	sort.Strings(as)
	return fmt.Sprint(as)
}

// cellName names the cell at byte offset k of l as herd does: x, x+2.
func cellName(l string, k int) string {
	if k == 0 {
		return l
	}
	return fmt.Sprintf("%s+%d", l, k)
}

// shift is the bit position, in a value of n cells, of the cell at
// position i from the lowest address.
func (m *mixedLayout) shift(i, n int) uint {
	if m.big {
		i = n - 1 - i
	}
	return uint(i * 8 * m.granule)
}

// cellOf is the value of cell i of an n-cell value v.
func (m *mixedLayout) cellOf(v int64, i, n int) int64 {
	c := uint64(v) >> m.shift(i, n)
	if w := uint(8 * m.granule); w < 64 {
		c &= 1<<w - 1
	}
	return int64(c)
}

// access lists the cells an access of in at address a covers, from the
// lowest address; an unaligned or out-of-bound access is an error, as in
// herd7.
func (m *mixedLayout) access(in *litmus.Instr, a litmus.Value) ([]string, error) {
	n := accessBytes(in)
	cs, ok := m.cells[a.Sym]
	if !ok || n%m.granule != 0 || a.Off%int64(n) != 0 || a.Off < 0 || int(a.Off)+n > m.size[a.Sym] {
		return nil, litmus.Unsupported(in.Pos, fmt.Sprintf("unaligned or out-of-bound access: %s, %s", a, bytes(n)))
	}
	first := int(a.Off) / m.granule
	return cs[first : first+n/m.granule], nil
}

// assemble is the value of the cells vals, from the lowest address.
func (m *mixedLayout) assemble(vals []int64) int64 {
	var v uint64
	for i, c := range vals {
		v |= uint64(c) << m.shift(i, len(vals))
	}
	return int64(v)
}

// mixedGroups are the instances of a combination's accesses: each memory
// event's group (herd's si classes: the cells of one read or one write of
// one instruction, or a location's initial cells) and each group's size.
type mixedGroups struct {
	of   []int
	size []int
}

// decorate sets si on the combination's execution and records its groups.
func (m *mixedLayout) decorate(c *combo) {
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
			b := m.base[e.Loc]
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
func (m *mixedLayout) matches(c *combo, cells []string, src []int) bool {
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

// rfMatches reports whether every read instance reads its cells as herd's
// matching allows.
func (m *mixedLayout) rfMatches(c *combo, rfOf []int) bool {
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
		if !m.matches(c, cells, src) {
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
func (m *mixedLayout) finalsMatch(s *setup, c *combo) bool {
	for _, l := range s.observed {
		if l.IsReg() {
			continue
		}
		cells := m.cells[l.Name]
		src := make([]int, len(cells))
		for i, cl := range cells {
			src[i] = c.lastWrite(cl)
		}
		if !m.matches(c, cells, src) {
			return false
		}
	}
	return true
}

// finalValue is the final value of location l, assembled from its cells.
func (m *mixedLayout) finalValue(s *setup, c *combo, l string) litmus.Value {
	cells, ok := m.cells[l]
	if !ok {
		return s.initMem[l]
	}
	vals := make([]int64, len(cells))
	for i, cl := range cells {
		vals[i] = c.x.Events[c.lastWrite(cl)].Value.Off
	}
	return litmus.Int(m.assemble(vals))
}

// mixedIfNeeded returns s, or s prepared again under mixed-size semantics
// when its test accesses a location at two widths, or inside a location
// at an offset, and its dialect has them; a dialect without them refuses
// two widths (checkSizes).
func (s *setup) mixedIfNeeded(model Model, opt Options) (*setup, error) {
	err := s.widths.err
	if !MixedSupported(s.test.Arch) {
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

// narrowAccess reports whether an access to a location the init block
// declares with a type reads or writes another width than the type's.
func (s *setup) narrowAccess() bool {
	declared := map[string]int{}
	for _, it := range s.test.Init {
		if it.Loc.Thread == -1 && it.Type != "" && it.Size == 0 {
			declared[it.Loc.Name] = locBytes(it.Type)
		}
	}
	if len(declared) == 0 {
		return false
	}
	narrow := false
	s.eachAccess(func(_ int, in *litmus.Instr, e *tevent) bool {
		if n, ok := declared[e.loc]; ok && accessBytes(in) != n {
			narrow = true
		}
		return !narrow
	})
	return narrow
}

// offsetAccess reports whether an access reaches into a location that is
// not an array at an offset: a byte of a word, say.
func (s *setup) offsetAccess() bool {
	arrays := map[string]bool{}
	for _, it := range s.test.Init {
		if it.Loc.Thread == -1 && it.Size > 0 {
			arrays[it.Loc.Name] = true
		}
	}
	for _, paths := range append(s.paths[:len(s.paths):len(s.paths)], s.hangPaths...) {
		for _, p := range paths {
			for _, e := range p.events {
				if i := strings.IndexByte(e.loc, '['); i > 0 && e.kind != litmus.KindF && !arrays[e.loc[:i]] {
					return true
				}
			}
		}
	}
	return false
}
