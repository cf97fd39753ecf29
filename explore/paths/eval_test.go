// This file tests the evaluation of IR operators on values.

package paths

import (
	"testing"

	"github.com/litmuscheck/litmuscheck/litmus"
)

func TestApply(t *testing.T) {
	tests := []struct {
		op   litmus.BinOp
		x, y litmus.Value
		want litmus.Value
		err  bool
	}{
		{litmus.OpAdd, litmus.Int(2), litmus.Int(3), litmus.Int(5), false},
		{litmus.OpAdd, litmus.Addr("x"), litmus.Int(0), litmus.Addr("x"), false},
		{litmus.OpXor, litmus.Addr("x"), litmus.Addr("x"), litmus.Int(0), false},
		{litmus.OpSub, litmus.Addr("x"), litmus.Addr("x"), litmus.Int(0), false},
		{litmus.OpAdd, litmus.Addr("x"), litmus.Addr("y"), litmus.Value{}, true},
		{litmus.OpCmp, litmus.Int(1), litmus.Int(2), litmus.Int(-1), false},
		{litmus.OpEq, litmus.Addr("x"), litmus.Addr("x"), litmus.Int(1), false},
		{litmus.OpAndNot, litmus.Int(7), litmus.Int(2), litmus.Int(5), false},
		{litmus.OpUMax, litmus.Int(-1), litmus.Int(3), litmus.Int(-1), false},
		{litmus.OpDiv, litmus.Int(1), litmus.Int(0), litmus.Value{}, true},
	}
	for _, tc := range tests {
		got, err := litmus.Apply(tc.op, tc.x, tc.y)
		if (err != nil) != tc.err {
			t.Errorf("Apply(%d, %v, %v) error %v, want error %v", tc.op, tc.x, tc.y, err, tc.err)
			continue
		}
		if !tc.err && got != tc.want {
			t.Errorf("Apply(%d, %v, %v) = %v, want %v", tc.op, tc.x, tc.y, got, tc.want)
		}
	}
}
