// This file implements the values that registers and memory hold: integers
// and symbolic addresses with an integer offset.

package litmus

import "strconv"

// A Value is an integer (Sym == "") or the address of the location Sym plus
// Off. herd prints addresses by name, so names are kept.
//
// A Value with Var set is unknown instead: herd computes with symbolic
// values, and a value that only a cycle of reads and writes copying one
// another defines (out of thin air) keeps its symbol, printed "S<n>". Var >
// 0 is herd's symbol number, VarUnknown such a value before it is named,
// and VarDiscover a value outside a read location's known domain while the
// explorer looks for the values locations may hold (Sym is the location).
type Value struct {
	Sym string
	Off int64
	Var int32
}

// Kinds of unknown values (Value.Var below 0).
const (
	VarUnknown  = -1
	VarDiscover = -2
)

// IsUnknown reports whether v is an unknown value.
func (v Value) IsUnknown() bool { return v.Var != 0 }

// Int returns the integer value n.
func Int(n int64) Value { return Value{Off: n} }

// Addr returns the address of location sym.
func Addr(sym string) Value { return Value{Sym: sym} }

// IsAddr reports whether v is an address.
func (v Value) IsAddr() bool { return v.Sym != "" && v.Var == 0 }

// String prints v as herd does: integers in decimal, addresses by name.
func (v Value) String() string {
	if v.Var != 0 {
		if v.Var > 0 {
			return "S" + strconv.Itoa(int(v.Var))
		}
		return "S?"
	}
	if v.Sym == "" {
		return strconv.FormatInt(v.Off, 10)
	}
	if v.Off == 0 {
		return v.Sym
	}
	return v.Sym + "+" + strconv.FormatInt(v.Off, 10)
}

// Format prints v as herd does, integers in hexadecimal when hexa is set
// (herd's -hexa).
func (v Value) Format(hexa bool) string {
	if !hexa || v.Sym != "" || v.Var != 0 {
		return v.String()
	}
	return "0x" + strconv.FormatUint(uint64(v.Off), 16)
}

// Compare orders values: unknowns first, then integers before addresses,
// integers numerically, addresses by name then offset.
func (v Value) Compare(w Value) int {
	// herd lists symbolic values first.
	switch {
	case v.Var != 0 && w.Var == 0:
		return -1
	case v.Var == 0 && w.Var != 0:
		return 1
	case v.Var != w.Var:
		if v.Var < w.Var {
			return -1
		}
		return 1
	}
	switch {
	case v.Sym == "" && w.Sym != "":
		return -1
	case v.Sym != "" && w.Sym == "":
		return 1
	case v.Sym < w.Sym:
		return -1
	case v.Sym > w.Sym:
		return 1
	case v.Off < w.Off:
		return -1
	case v.Off > w.Off:
		return 1
	}
	return 0
}
