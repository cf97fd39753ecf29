// This file implements final states: one value per observed register or
// location, held as Values or, for the millions of states of a ring, as
// rows of small integers in one shared table.
package litmus

// A State is a final state: one value per observed register or location.
// A state of values holds them in values; a state of a table is row row of
// table (rotation.go), which costs a byte per plain integer rather than a
// Value, and is turned into Values one at a time when read.
type State struct {
	values []Value
	table  *stateTable
	row    int32
}

// stateTable holds rows of width plain integers, each stored less lo in
// bytes or, when the values spread wider, in words.
type stateTable struct {
	width int
	lo    int64
	bytes []uint8
	words []uint64
}

// NewState returns the state of vals, which it keeps.
func NewState(vals []Value) State { return State{values: vals} }

// Len is the number of values of st.
func (st State) Len() int {
	if st.table == nil {
		return len(st.values)
	}
	return st.table.width
}

// Value is st's i-th value, in the order of Result.Observed.
func (st State) Value(i int) Value {
	t := st.table
	if t == nil {
		return st.values[i]
	}
	k := int(st.row)*t.width + i
	if t.bytes != nil {
		return Int(int64(t.bytes[k]) + t.lo)
	}
	return Int(int64(t.words[k]) + t.lo)
}

// Values returns st's values, a copy for a state of a table.
func (st State) Values() []Value {
	if st.table == nil {
		return st.values
	}
	out := make([]Value, st.table.width)
	for i := range out {
		out[i] = st.Value(i)
	}
	return out
}

func compareStates(a, b State) int {
	for i := range a.Len() {
		if c := a.Value(i).Compare(b.Value(i)); c != 0 {
			return c
		}
	}
	return 0
}
