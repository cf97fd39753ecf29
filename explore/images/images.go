// The images of final states under a symmetry's permutations, sorted and
// made unique.

package images

import (
	"math/bits"
	"runtime"
	"slices"
	"sync"

	"github.com/litmuscheck/litmuscheck/litmus"
)

// Of adds to states their images under the permutations of their values,
// sorted and without repeats: perms[k][i] is where the image k puts the
// value i.
// A ring's states run to millions: they are sorted and made unique as rows
// of small integers, which the states returned then read from (a byte per
// value rather than a Value).
func Of(states []litmus.State, perms [][]int) []litmus.State {
	if len(states) == 0 {
		return states
	}
	width := states[0].Len()
	lo, hi := int64(0), int64(0)
	for k, st := range states {
		for i := range width {
			v := st.Value(i)
			if v.Sym != "" || v.Var != 0 {
				// Not a plain integer: a ring leaves no such value,
				// but the order of Value.Compare would need the general sort.
				return ofValues(states, perms)
			}
			if k == 0 && i == 0 || v.Off < lo {
				lo = v.Off
			}
			if k == 0 && i == 0 || v.Off > hi {
				hi = v.Off
			}
		}
	}
	if b := bits.Len64(uint64(hi - lo)); width*max(b, 1) <= 64 {
		return imagesPacked(perms, states, width, lo, uint(max(b, 1)))
	}
	if uint64(hi-lo) < 1<<8 {
		return imageRows[uint8](perms, states, width, lo)
	}
	return imageRows[uint64](perms, states, width, lo)
}

// imagesPacked is Of with each state and its images packed in
// one word, b bits a value less lo, the first value in the highest bits:
// the words' order is the states' order, and a million of them sort fast.
func imagesPacked(perms [][]int, states []litmus.State, width int, lo int64, b uint) []litmus.State {
	// A part of the states per core, each packed and sorted on its own,
	// then merged.
	parts := 1
	if len(states) >= partStates {
		parts = max(runtime.GOMAXPROCS(0), 2)
	}
	sorted := make([][]uint64, parts)
	var wg sync.WaitGroup
	for p := range parts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			part := states[p*len(states)/parts : (p+1)*len(states)/parts]
			sorted[p] = packImages(perms, part, width, lo, b)
		}()
	}
	wg.Wait()
	keys := sorted[0]
	for _, other := range sorted[1:] {
		keys = mergeUnique(keys, other)
	}
	table := &litmus.StateTable{Width: width, Lo: lo, Packed: keys, Bits: b}
	out := make([]litmus.State, len(keys))
	for k := range out {
		out[k] = litmus.State{Table: table, Row: int32(k)}
	}
	return out
}

// partStates is the number of states from which imagesPacked splits them.
var partStates = 1 << 14

// packImages packs each state of states and its images, sorted and
// without repeats.
func packImages(perms [][]int, states []litmus.State, width int, lo int64, b uint) []uint64 {
	shift := func(i int) uint { return uint(width-1-i) * b }
	keys := make([]uint64, 0, len(states)*(len(perms)+1))
	for _, st := range states {
		var own uint64
		imgs := keys[len(keys)+1 : len(keys)+1+len(perms)]
		clear(imgs)
		for i := range width {
			v := uint64(st.Value(i).Off - lo)
			own |= v << shift(i)
			for k, g := range perms {
				imgs[k] |= v << shift(g[i])
			}
		}
		keys = append(keys, own)
		keys = keys[:len(keys)+len(perms)]
	}
	slices.Sort(keys)
	return slices.Compact(keys)
}

// mergeUnique merges two sorted lists without repeats into one.
func mergeUnique(a, b []uint64) []uint64 {
	out := make([]uint64, 0, len(a)+len(b))
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i] < b[j]:
			out = append(out, a[i])
			i++
		case a[i] > b[j]:
			out = append(out, b[j])
			j++
		default:
			out = append(out, a[i])
			i, j = i+1, j+1
		}
	}
	out = append(out, a[i:]...)
	return append(out, b[j:]...)
}

// imageRows is Of with each state and its images written as a
// row of values less lo in T, which keeps their order.
func imageRows[T uint8 | uint64](perms [][]int, states []litmus.State, width int, lo int64) []litmus.State {
	n := len(states) * (len(perms) + 1)
	rows := make([]T, 0, n*width)
	for _, st := range states {
		for i := range width {
			rows = append(rows, T(st.Value(i).Off-lo))
		}
		own := rows[len(rows)-width:]
		for _, g := range perms {
			img := rows[len(rows) : len(rows)+width]
			rows = rows[:len(rows)+width]
			for i, v := range own {
				img[g[i]] = v
			}
		}
	}
	row := func(k int32) []T { return rows[int(k)*width : (int(k)+1)*width] }
	order := make([]int32, n)
	for k := range order {
		order[k] = int32(k)
	}
	slices.SortFunc(order, func(a, b int32) int { return slices.Compare(row(a), row(b)) })
	order = slices.CompactFunc(order, func(a, b int32) bool { return slices.Equal(row(a), row(b)) })
	table := &litmus.StateTable{Width: width, Lo: lo}
	switch r := any(rows).(type) {
	case []uint8:
		table.Bytes = r
	case []uint64:
		table.Words = r
	}
	out := make([]litmus.State, len(order))
	for k, o := range order {
		out[k] = litmus.State{Table: table, Row: o}
	}
	return out
}

// ofValues is Of for states of any values, sorted as Values.
func ofValues(states []litmus.State, perms [][]int) []litmus.State {
	n := len(states) * (len(perms) + 1)
	width := states[0].Len()
	backing := make([]litmus.Value, 0, len(states)*len(perms)*width)
	out := make([]litmus.State, 0, n)
	for _, st := range states {
		out = append(out, st)
		for _, g := range perms {
			vals := backing[len(backing) : len(backing)+width]
			backing = backing[:len(backing)+width]
			for i := range width {
				vals[g[i]] = st.Value(i)
			}
			out = append(out, litmus.NewState(vals))
		}
	}
	slices.SortFunc(out, litmus.CompareStates)
	return slices.CompactFunc(out, func(a, b litmus.State) bool { return litmus.CompareStates(a, b) == 0 })
}
