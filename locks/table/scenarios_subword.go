// This file implements the proof table's expectation of the RISC-V
// column's refusals: the rows whose C test accesses memory at several
// widths (the byte and halfword members of the qspinlock's pending path
// and MCS queue, the qrwlock's wlocked byte, powerpc's own qspinlock's
// halfword unlock), which herd7 gives no RISC-V semantics for
// (ErrRISCVMixedSize). They are the rows the LKMM column refuses, for the
// same reason (ErrLKMMMixedSize).

package table

import "maps"

func init() {
	for _, s := range Scenarios {
		for _, v := range s.Variants {
			if v.Expect["lkmm"] == unsupported {
				// Rows share their expectation maps: each gets its own.
				exp := maps.Clone(v.Expect)
				exp["riscv"] = unsupported
				v.Expect = exp
			}
		}
	}
}
