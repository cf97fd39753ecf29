// This file implements the RISC-V syntax the compiler writes: herd's
// RISCV dialect, with x0 read as 0 and every comparison a compare-and-
// branch of two registers.

package locks

import (
	"fmt"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/locks/mapping"
)

// rvSyntax is herd's RISCV dialect with the 64-bit x registers. x0 to x4
// (zero, ra, sp, gp, tp) are left out of the pool.
type rvSyntax struct{}

func (rvSyntax) pool() []string              { return numberedRegs("x", 5, 31) }
func (rvSyntax) asm(r string) string         { return r }
func (rvSyntax) status(r string) string      { return r }
func (rvSyntax) mem(r, _ string) string      { return r }
func (rvSyntax) direct() bool                { return false }
func (rvSyntax) names(string) bool           { return false }
func (rvSyntax) li(d string, k int64) string { return fmt.Sprintf("li %s,%d", d, k) }
func (rvSyntax) mov(d, s string) string      { return fmt.Sprintf("mv %s,%s", d, s) }
func (rvSyntax) jump(l string) string        { return "j " + l }

// rvArith are the register-register operations herd's RISCV runs.
var rvArith = map[litmus.BinOp]string{
	litmus.OpAdd: "add", litmus.OpSub: "sub", litmus.OpOr: "or",
	litmus.OpXor: "xor", litmus.OpAnd: "and",
}

func (rvSyntax) arith(_ *mapping.Table, op litmus.BinOp, d, x, y string) ([]string, error) {
	m, ok := rvArith[op]
	if !ok {
		return nil, fmt.Errorf("no RISC-V instruction for %s in herd's RISCV", opName(op))
	}
	return []string{fmt.Sprintf("%s %s,%s,%s", m, d, x, y)}, nil
}

func (rvSyntax) shl(d, x string, k int64, _ func(int64) string) []string {
	return []string{fmt.Sprintf("slli %s,%s,%d", d, x, k)}
}

// branch compares two registers: a constant is x0 when 0, else a
// register the thread's prologue loads; x > y is y < x, and x <= y is
// y >= x (herd's RISCV has blt and bge, not bgt and ble).
func (rvSyntax) branch(op litmus.BinOp, x, y string, k int64, imm bool, label string, kreg func(int64) string) ([]string, error) {
	if imm {
		y = "x0"
		if k != 0 {
			y = kreg(k)
		}
	}
	switch op {
	case litmus.OpGt:
		op, x, y = litmus.OpLt, y, x
	case litmus.OpLe:
		op, x, y = litmus.OpGe, y, x
	}
	m, ok := map[litmus.BinOp]string{litmus.OpEq: "beq", litmus.OpNe: "bne", litmus.OpLt: "blt", litmus.OpGe: "bge"}[op]
	if !ok {
		return nil, fmt.Errorf("no RISC-V branch for %s", opName(op))
	}
	return []string{fmt.Sprintf("%s %s,%s,%s", m, x, y, label)}, nil
}
