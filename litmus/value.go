// This file implements the values that registers and memory hold: integers
// and symbolic addresses with an integer offset.
package litmus

import "strconv"

// A Value is an integer (Sym == "") or the address of the location Sym plus
// Off. herd prints addresses by name, so names are kept.
type Value struct {
	Sym string
	Off int64
}

// Int returns the integer value n.
func Int(n int64) Value { return Value{Off: n} }

// Addr returns the address of location sym.
func Addr(sym string) Value { return Value{Sym: sym} }

// IsAddr reports whether v is an address.
func (v Value) IsAddr() bool { return v.Sym != "" }

// String prints v as herd does: integers in decimal, addresses by name.
func (v Value) String() string {
	if v.Sym == "" {
		return strconv.FormatInt(v.Off, 10)
	}
	if v.Off == 0 {
		return v.Sym
	}
	return v.Sym + "+" + strconv.FormatInt(v.Off, 10)
}

// Compare orders values: integers before addresses, integers numerically,
// addresses by name then offset.
func (v Value) Compare(w Value) int {
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
