// This file implements the cells of mixed-size semantics: how a location
// splits into cells of herd's smallest access size, and the cells and
// values an access covers.

package paths

import (
	"fmt"
	"sort"

	"github.com/litmuscheck/litmuscheck/litmus"
)

// mixedArches are the dialects whose mixed-size semantics follow herd7's
// -variant mixed: a test of another dialect that mixes sizes is refused.
var MixedArches = map[litmus.Arch]bool{litmus.ArchX86_64: true, litmus.ArchAArch64: true, litmus.ArchPPC: true}

// MixedSupported reports whether tests of arch that access a location at
// several widths run under mixed-size semantics.
func MixedSupported(arch litmus.Arch) bool { return MixedArches[arch] }

// mixedLayout is how a test's locations split into cells.
type MixedLayout struct {
	// granule is the width of a cell in bytes: herd's smallest access
	// size when the test has several, else the one below its only size.
	Granule int
	// big: the first cell of a location holds its most significant bytes.
	Big bool
	// size is each location's width in bytes.
	Size map[string]int
	// cells are each location's cell names, by address.
	Cells map[string][]string
	// base and index give the location and position of each cell.
	Base  map[string]string
	Index map[string]int
}

// locBytes is the width of a location of C type typ, herd's size of the
// type ("int" when none).
func LocBytes(typ string) int {
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

func MixedArchList() string {
	var as []string
	for a := range MixedArches {
		as = append(as, string(a))
	}
	sort.Strings(as)
	return fmt.Sprint(as)
}

// cellName names the cell at byte offset k of l as herd does: x, x+2.
func CellName(l string, k int) string {
	if k == 0 {
		return l
	}
	return fmt.Sprintf("%s+%d", l, k)
}

// shift is the bit position, in a value of n cells, of the cell at
// position i from the lowest address.
func (m *MixedLayout) shift(i, n int) uint {
	if m.Big {
		i = n - 1 - i
	}
	return uint(i * 8 * m.Granule)
}

// cellOf is the value of cell i of an n-cell value v.
func (m *MixedLayout) CellOf(v int64, i, n int) int64 {
	c := uint64(v) >> m.shift(i, n)
	if w := uint(8 * m.Granule); w < 64 {
		c &= 1<<w - 1
	}
	return int64(c)
}

// access lists the cells an access of in at address a covers, from the
// lowest address; an unaligned or out-of-bound access is an error, as in
// herd7.
func (m *MixedLayout) access(in *litmus.Instr, a litmus.Value) ([]string, error) {
	n := AccessBytes(in)
	cs, ok := m.Cells[a.Sym]
	if !ok || n%m.Granule != 0 || a.Off%int64(n) != 0 || a.Off < 0 || int(a.Off)+n > m.Size[a.Sym] {
		return nil, litmus.Unsupported(in.Pos, fmt.Sprintf("unaligned or out-of-bound access: %s, %s", a, Bytes(n)))
	}
	first := int(a.Off) / m.Granule
	return cs[first : first+n/m.Granule], nil
}

// assemble is the value of the cells vals, from the lowest address.
func (m *MixedLayout) Assemble(vals []int64) int64 {
	var v uint64
	for i, c := range vals {
		v |= uint64(c) << m.shift(i, len(vals))
	}
	return int64(v)
}

// accessBytes is the width of in's memory accesses.
func AccessBytes(in *litmus.Instr) int {
	if in.Size == 0 {
		return naturalSize
	}
	return int(in.Size)
}

func Bytes(n int) string {
	if n == 1 {
		return "1 byte"
	}
	return fmt.Sprintf("%d bytes", n)
}

// naturalSize is the width in bytes of an access whose Instr.Size is 0.
const naturalSize = 4

// NewMixedLayout lays out the locations of t in cells: locs, the test's
// locations, sorted, become the sorted cells it returns, and initMem gets
// each cell's initial value.
func NewMixedLayout(t *litmus.Test, locs []string, initMem map[string]litmus.Value) (*MixedLayout, []string, error) {
	if !MixedArches[t.Arch] {
		return nil, nil, litmus.Unsupported(litmus.Pos{File: t.File, Line: 1, Col: 1},
			fmt.Sprintf("mixed-size accesses in %s: litmuscheck models them for %s only", t.Arch, MixedArchList()))
	}
	m := &MixedLayout{Big: t.Arch == litmus.ArchPPC, Size: map[string]int{}, Cells: map[string][]string{},
		Base: map[string]string{}, Index: map[string]int{}}
	sizes := map[int]bool{}
	for _, it := range t.Init {
		if it.Loc.Thread == -1 {
			if it.Value.Sym != "" || it.Size > 0 {
				return nil, nil, litmus.Unsupported(it.Pos, "mixed-size accesses with a pointer or an array in memory")
			}
			m.Size[it.Loc.Name] = LocBytes(it.Type)
			sizes[m.Size[it.Loc.Name]] = true
		}
	}
	for _, th := range t.Threads {
		for i := range th.Code {
			if in := &th.Code[i]; in.Addr != nil && in.Op != litmus.OpFence {
				sizes[AccessBytes(in)] = true
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
		m.Granule = 1
	case len(all) == 1:
		m.Granule = max(all[0]/2, 1)
	default:
		m.Granule = all[0]
	}
	var cells []string
	for _, l := range locs {
		n, ok := m.Size[l]
		if !ok {
			n = LocBytes("")
			m.Size[l] = n
		}
		init := initMem[l].Off
		for k := 0; k < n; k += m.Granule {
			c := CellName(l, k)
			m.Cells[l] = append(m.Cells[l], c)
			m.Base[c], m.Index[c] = l, k/m.Granule
			cells = append(cells, c)
			initMem[c] = litmus.Int(m.CellOf(init, len(m.Cells[l])-1, n/m.Granule))
		}
	}
	sort.Strings(cells)
	return m, cells, nil
}
