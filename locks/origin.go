// This file implements the attribution of compiled instructions to the C
// source they come from: the assembly test is parsed from text that no
// file holds, so each of its instructions takes the position of the C
// instruction (of the test or of a lock fragment) it was compiled from,
// and a hang, a stuck path or a witness of a hardware column names a line
// a reader can open.

package locks

import (
	"strings"

	"github.com/litmuscheck/litmuscheck/litmus"
)

// origin is the C position of the instruction tc compiles now, zero
// outside any (the prologue, the code after the last instruction).
func (tc *threadComp) origin() litmus.Pos {
	if tc.pc < 0 || tc.pc >= len(tc.th.Code) {
		return litmus.Pos{}
	}
	return tc.th.Code[tc.pc].Pos
}

// attributeToC gives each instruction of asm, parsed from text whose
// program rows start on line first (the header row of the columns), the
// C position of the row it was compiled from (rows with none keep
// theirs), and each thread the position of its C thread.
func attributeToC(asm *litmus.Test, threads []*threadComp, first int) {
	for i, th := range asm.Threads {
		if i >= len(threads) {
			break
		}
		// An error about the whole thread (too many paths) names the C
		// thread, not the assembly's column header.
		if p := threads[i].th.Pos; p.Line > 0 {
			th.Pos = p
		}
		origins := append(make([]litmus.Pos, len(threads[i].prologue)), threads[i].origins...)
		for k := range th.Code {
			row := th.Code[k].Pos.Line - first - 1
			if row >= 0 && row < len(origins) && origins[row].Line > 0 {
				th.Code[k].Pos = origins[row]
			}
		}
	}
}

// linesIn is the number of lines b holds so far.
func linesIn(b *strings.Builder) int { return strings.Count(b.String(), "\n") }
