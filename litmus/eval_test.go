// This file tests the evaluation of IR operators on values.

package litmus

import (
	"testing"
)

func TestApply(t *testing.T) {
	tests := []struct {
		op   BinOp
		x, y Value
		want Value
		err  bool
	}{
		{OpAdd, Int(2), Int(3), Int(5), false},
		{OpAdd, Addr("x"), Int(0), Addr("x"), false},
		{OpXor, Addr("x"), Addr("x"), Int(0), false},
		{OpSub, Addr("x"), Addr("x"), Int(0), false},
		{OpAdd, Addr("x"), Addr("y"), Value{}, true},
		{OpCmp, Int(1), Int(2), Int(-1), false},
		{OpEq, Addr("x"), Addr("x"), Int(1), false},
		{OpAndNot, Int(7), Int(2), Int(5), false},
		{OpUMax, Int(-1), Int(3), Int(-1), false},
		{OpDiv, Int(1), Int(0), Value{}, true},
	}
	for _, tc := range tests {
		got, err := Apply(tc.op, tc.x, tc.y)
		if (err != nil) != tc.err {
			t.Errorf("Apply(%d, %v, %v) error %v, want error %v", tc.op, tc.x, tc.y, err, tc.err)
			continue
		}
		if !tc.err && got != tc.want {
			t.Errorf("Apply(%d, %v, %v) = %v, want %v", tc.op, tc.x, tc.y, got, tc.want)
		}
	}
}
