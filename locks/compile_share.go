// This file implements the compiler's last resort for a thread that needs
// more machine registers than the target has even with the registers of
// dead IR registers reclaimed: IR registers whose live ranges never meet
// share a machine register. Liveness is computed over the IR's control
// flow, loops included, so a register live only inside one iteration of a
// loop gives its machine register to another once it is dead, which
// reclaim's intervals, kept whole across a back edge, do not allow. In
// this attempt reclaim frees nothing: liveness decides every reuse.

package locks

import (
	"slices"

	"github.com/litmuscheck/litmuscheck/locks/liveness"
)

// sharing is the state of the sharing of a thread's machine registers.
type sharing struct {
	live *liveness.Liveness
	// fixed are the IR registers that never share: those the init block
	// sets and those the final state shows.
	fixed map[string]bool
	// holders are the IR registers each machine register was given to,
	// and scratchAt the instructions it was a scratch register of.
	holders   map[string][]string
	scratchAt map[string][]int
	// lent are the machine registers of IR registers lent as scratch to
	// the instruction being compiled, to be given back after it.
	lent map[string]bool
}

// newSharing computes the liveness of tc's thread, after analyse. A
// boolean assigned once may stay symbolic (compile_instr.go): the compiled
// code reads its operands where it reads it.
func (tc *threadComp) newSharing() *sharing {
	lazy := map[string][]string{}
	for pc := range tc.th.Code {
		in := &tc.th.Code[pc]
		if in.Dst != "" && in.Src != nil && isBool(in.Src) && len(tc.assigns[in.Dst]) == 1 {
			lazy[in.Dst] = exprRegs(in.Src)
		}
	}
	s := &sharing{live: liveness.Compute(tc.th.Code, tc.observed, liveness.Closure(lazy)), fixed: map[string]bool{},
		holders: map[string][]string{}, scratchAt: map[string][]int{}, lent: map[string]bool{}}
	for r := range tc.observed {
		s.fixed[r] = true
	}
	for _, r := range tc.preset {
		s.fixed[r] = true
	}
	return s
}

// held records that machine register m was given to IR register name.
func (s *sharing) held(m, name string) {
	if s != nil {
		s.holders[m] = append(s.holders[m], name)
	}
}

// shareable is the first machine register of the pool whose holders and
// scratch uses okHolder and okScratch approve, or "" for none. One that
// holds something else (an address, a constant, a scratch register of
// the instruction being compiled, a symbolic boolean's snapshot) is
// never shared; a spare scratch register is, taken from the spares.
func (tc *threadComp) shareable(okHolder func(holder string) bool, okScratch func(pc int) bool) string {
	s := tc.shared
	if s == nil {
		return ""
	}
	inUse := map[string]bool{}
	for _, r := range tc.addrs {
		inUse[r] = true
	}
	for _, r := range tc.consts {
		inUse[r] = true
	}
	for _, r := range tc.temps {
		inUse[r] = true
	}
	for _, m := range tc.syn.pool() {
		hs := s.holders[m]
		spare := slices.Index(tc.tempFree, m)
		// A register with no holder that is no spare scratch register
		// holds a value of its own (a snapshot for a symbolic boolean).
		if len(hs) == 0 && spare < 0 || inUse[m] || m == tc.flag {
			continue
		}
		if !slices.ContainsFunc(hs, func(h string) bool { return s.fixed[h] || !okHolder(h) }) &&
			!slices.ContainsFunc(s.scratchAt[m], func(pc int) bool { return !okScratch(pc) }) {
			if spare >= 0 {
				tc.tempFree = slices.Delete(tc.tempFree, spare, spare+1)
			}
			return m
		}
	}
	return ""
}

// shareReg gives IR register name a machine register it shares with IR
// registers whose live ranges it never meets, and that no instruction
// where name is live used as scratch; it reports false for none.
func (tc *threadComp) shareReg(name string) bool {
	s := tc.shared
	if s == nil || s.fixed[name] {
		return false
	}
	m := tc.shareable(func(h string) bool { return !s.live.Meet(name, h) }, func(pc int) bool {
		return !s.live.In[pc][name] && !s.live.Out[pc][name]
	})
	if m == "" {
		return false
	}
	tc.regs[name] = m
	s.held(m, name)
	return true
}

// shareTemp is a machine register the instruction at tc.pc may use as
// scratch: one whose IR registers are neither live across it nor its
// operands, or "" for none. It is this instruction's alone: releaseTemps
// does not keep it for the next.
func (tc *threadComp) shareTemp() string {
	s := tc.shared
	if s == nil || tc.pc >= len(tc.th.Code) {
		return ""
	}
	in := &tc.th.Code[tc.pc]
	busy := append(liveness.Uses(in), liveness.Defs(in)...)
	m := tc.shareable(func(h string) bool {
		return !s.live.In[tc.pc][h] && !s.live.Out[tc.pc][h] && !slices.Contains(busy, h)
	}, func(int) bool { return true })
	if m != "" && len(s.holders[m]) > 0 {
		s.lent[m] = true
	}
	return m
}

// scratch records that m is a scratch register of the instruction at
// tc.pc.
func (s *sharing) scratch(m string, pc int) {
	if s != nil {
		s.scratchAt[m] = append(s.scratchAt[m], pc)
	}
}

// shareFlag is a machine register for the abort flag, written after the
// thread's last instruction and at its aborts, where only the registers
// the final state shows are live; "" for none.
func (tc *threadComp) shareFlag() string {
	m := tc.shareable(func(string) bool { return true }, func(int) bool { return true })
	if m != "" {
		tc.reused[m] = true // the flag's 0 must be written
	}
	return m
}

// giveBack reports whether m, a scratch register of the instruction
// compiled, is lent by IR registers, and ends the loan.
func (tc *threadComp) giveBack(m string) bool {
	if tc.shared == nil || !tc.shared.lent[m] {
		return false
	}
	delete(tc.shared.lent, m)
	return true
}

// fewRegisters is a syntax whose pool keeps its first n registers.
type fewRegisters struct {
	syntax
	n int
}

func (f fewRegisters) pool() []string { return f.syntax.pool()[:min(f.n, len(f.syntax.pool()))] }
