// This file tests the printing of propositions as herd writes them.

package litmus

import (
	"testing"
)

func TestFormatProp(t *testing.T) {
	a := &PropAtom{Loc: LocRef{Thread: 0, Name: "r1"}, Value: Int(1)}
	x := &PropAtom{Loc: LocRef{Thread: -1, Name: "x"}, Value: Int(2)}
	p := &PropAtom{Loc: LocRef{Thread: 1, Name: "r0"}, Value: Addr("y")}
	tests := []struct {
		prop Prop
		want string
	}{
		{And(a, x), `0:r1=1 /\ [x]=2`},
		{And(Or(a, x), p), `(0:r1=1 \/ [x]=2) /\ 1:r0=y`},
		{Or(And(a, x), p), `0:r1=1 /\ [x]=2 \/ 1:r0=y`},
		{Implies(Implies(a, x), p), `(0:r1=1 => [x]=2) => 1:r0=y`},
		{Implies(a, Implies(x, p)), `0:r1=1 => [x]=2 => 1:r0=y`},
		{&PropNot{P: x}, `not ([x]=2)`},
		{PropTrue{}, `true`},
		{&PropAtom{Loc: LocRef{Thread: 0, Name: "r1"}, Other: &LocRef{Thread: 1, Name: "r2"}}, `0:r1=1:r2`},
	}
	for _, tc := range tests {
		if got := FormatProp(tc.prop); got != tc.want {
			t.Errorf("FormatProp = %q, want %q", got, tc.want)
		}
	}
}
