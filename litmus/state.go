// This file implements final states: one value per observed register or
// location, held as Values or, for the millions of states of a ring, as
// rows of small integers in one shared table.

package litmus

import "cmp"

// A State is a final state: one value per observed register or location.
// A state of values holds them in values; a state of a table is row row of
// table (rotation.go), which costs a byte per plain integer rather than a
// Value, and is turned into Values one at a time when read.
type State struct {
	values []Value
	Table  *StateTable
	Row    int32
}

// stateTable holds rows of width plain integers, each stored less lo in
// bytes or, when the values spread wider, in words; or a row to a word,
// packed, bits a value, the first value in the highest bits.
type StateTable struct {
	Width  int
	Lo     int64
	Bytes  []uint8
	Words  []uint64
	Packed []uint64
	Bits   uint
}

// NewState returns the state of vals, which it keeps.
func NewState(vals []Value) State { return State{values: vals} }

// Len is the number of values of st.
func (st State) Len() int {
	if st.Table == nil {
		return len(st.values)
	}
	return st.Table.Width
}

// Value is st's i-th value, in the order of Result.Observed.
func (st State) Value(i int) Value {
	t := st.Table
	if t == nil {
		return st.values[i]
	}
	if t.Packed != nil {
		v := t.Packed[st.Row] >> (uint(t.Width-1-i) * t.Bits) & (1<<t.Bits - 1)
		return Int(int64(v) + t.Lo)
	}
	k := int(st.Row)*t.Width + i
	if t.Bytes != nil {
		return Int(int64(t.Bytes[k]) + t.Lo)
	}
	return Int(int64(t.Words[k]) + t.Lo)
}

// Values returns st's values, a copy for a state of a table.
func (st State) Values() []Value {
	if st.Table == nil {
		return st.values
	}
	out := make([]Value, st.Table.Width)
	for i := range out {
		out[i] = st.Value(i)
	}
	return out
}

func CompareStates(a, b State) int {
	if t := a.Table; t != nil && t == b.Table {
		// Rows of plain integers of one table: compared as integers, as
		// Value.Compare does.
		switch {
		case t.Packed != nil:
			return cmp.Compare(t.Packed[a.Row], t.Packed[b.Row])
		case t.Words != nil:
			w := t.Width
			ra, rb := t.Words[int(a.Row)*w:int(a.Row+1)*w], t.Words[int(b.Row)*w:int(b.Row+1)*w]
			for i := range ra {
				if c := cmp.Compare(int64(ra[i]), int64(rb[i])); c != 0 {
					return c
				}
			}
			return 0
		}
	}
	for i := range a.Len() {
		if c := a.Value(i).Compare(b.Value(i)); c != 0 {
			return c
		}
	}
	return 0
}

// unsignedStates are the dialects whose final states herd orders with
// integers read as unsigned 64-bit values (1 before -1): its assembly
// dialects but X86. C and X86 order them signed.
var UnsignedStates = map[Arch]bool{ArchAArch64: true, ArchPPC: true, ArchX86_64: true}

// compareStatesUnsigned orders states as herd does for unsignedStates.
func CompareStatesUnsigned(a, b State) int {
	for i := range a.Len() {
		va, vb := a.Value(i), b.Value(i)
		if va.Sym == "" && vb.Sym == "" && va.Var == 0 && vb.Var == 0 {
			if c := cmp.Compare(uint64(va.Off), uint64(vb.Off)); c != 0 {
				return c
			}
			continue
		}
		if c := va.Compare(vb); c != 0 {
			return c
		}
	}
	return 0
}

// Equal reports whether st and o hold the same values, however each is
// stored (go-cmp compares States with it).
func (st State) Equal(o State) bool {
	return st.Len() == o.Len() && CompareStates(st, o) == 0
}
