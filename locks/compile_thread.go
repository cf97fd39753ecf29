// This file implements the compiler's state for one thread: its machine
// registers, labels and temporaries, the analysis of where each IR register
// is assigned and read, and the loop that compiles the thread's code.

package locks

import (
	"fmt"
	"sort"
	"strconv"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/locks/liveness"
)

// threadComp compiles one thread.
type threadComp struct {
	// origins are the C positions of body's lines (origin.go).
	origins []litmus.Pos
	target  *Target
	syn     syntax
	th      *litmus.Thread
	// mixed: the test accesses memory at several widths, and every
	// access is compiled at its exact width (compile_sizes.go).
	mixed bool
	// locBytes are the C test's location widths (litmus.Test.LocBytes).
	locBytes map[string]int

	// Set up before compiling (valid for the whole thread).
	observed map[string]bool // IR registers the condition reads
	preset   []string        // IR registers the init block sets
	assigns  map[string][]int
	uses     map[string][]int
	spans    [][2]int // forward branches: (branch, target) pcs
	labels   map[int]string

	// Built while compiling.
	free     []string
	regs     map[string]string // IR register -> machine register
	addrs    map[string]string // location -> register holding its address
	consts   map[int64]string
	prologue []string
	body     []string
	init     []string
	lazy     map[string]litmus.Expr // IR register -> symbolic boolean
	temps    []string               // scratch of the instruction being compiled
	tempFree []string
	reuse    bool            // reclaim the registers of dead IR registers
	shared   *sharing        // non-nil: IR registers whose live ranges never meet may share (compile_share.go)
	reused   map[string]bool // machine registers reclaim gave back
	pcs      []int           // the IR instruction of each line of body
	nlabel   int
	abort    string // abort label, "" until used
	spin     string // label of the failed attempts of spins, "" until used
	choices  []int  // the lines of body that move a choice's 0 (OpChoose)
	flag     string // abort flag register
	pc       int
	out      []string
}

func newThreadComp(target *Target, syn syntax, th *litmus.Thread) *threadComp {
	return &threadComp{
		target: target, syn: syn, th: th,
		observed: map[string]bool{}, assigns: map[string][]int{}, uses: map[string][]int{},
		labels: map[int]string{},
		free:   append([]string(nil), syn.pool()...),
		regs:   map[string]string{}, addrs: map[string]string{}, consts: map[int64]string{},
		lazy: map[string]litmus.Expr{}, reused: map[string]bool{},
	}
}

// alloc takes a machine register for good, or, with reuse, until reclaim
// finds it dead: the registers of IR registers no longer read are reused
// once the pool is empty.
func (tc *threadComp) alloc() string {
	if len(tc.free) == 0 && tc.reuse {
		tc.reclaim()
	}
	if len(tc.free) == 0 {
		panic(errOutOfRegs)
	}
	r := tc.free[0]
	tc.free = tc.free[1:]
	return r
}

// reclaim returns to the pool the machine registers of the IR registers
// that are dead at tc.pc: assigned and read only before it, outside any
// loop that goes back to them from pc on, neither observed nor set by the
// init block, and not read by a symbolic boolean still to be compiled.
func (tc *threadComp) reclaim() {
	if tc.shared != nil {
		// Sharing decides every reuse by liveness (compile_share.go): a
		// register reclaim would free could be one lent as scratch
		// where a later holder is live.
		return
	}
	pinned := map[string]bool{}
	for _, r := range tc.preset {
		pinned[r] = true
	}
	for _, e := range tc.lazy {
		for _, r := range exprRegs(e) {
			pinned[r] = true // machine registers, once resolved
		}
	}
	var names []string
	for n := range tc.regs {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		m := tc.regs[n]
		if tc.observed[n] || pinned[n] || pinned[m] {
			continue
		}
		last := -1
		for _, pc := range append(tc.assigns[n][:len(tc.assigns[n]):len(tc.assigns[n])], tc.uses[n]...) {
			last = max(last, pc)
		}
		if last >= tc.pc || tc.loopsBack(last) {
			continue
		}
		delete(tc.regs, n)
		tc.free = append(tc.free, m)
		tc.reused[m] = true
	}
}

// loopsBack reports whether a backward branch at or after tc.pc goes back
// to pc or before it.
func (tc *threadComp) loopsBack(pc int) bool {
	for b := tc.pc; b < len(tc.th.Code); b++ {
		in := &tc.th.Code[b]
		if in.Op == litmus.OpBranch && in.Target <= b && in.Target <= pc {
			return true
		}
	}
	return false
}

// startRegisters gives the addresses the code uses their registers
// before any is reused (allocAtStart could find none later); constants
// then take scratch registers (constReg). On x86 an address is a register
// only as a value: a memory operand names its location.
func (tc *threadComp) startRegisters() {
	direct := tc.syn.direct()
	for pc := range tc.th.Code {
		in := &tc.th.Code[pc]
		for i, e := range []litmus.Expr{in.Addr, in.Src, in.Expect, in.Cond} {
			litmus.WalkExpr(e, func(e litmus.Expr) {
				c, ok := e.(*litmus.Const)
				switch {
				case !ok || c.V.IsAddr() && c.V.Off != 0:
				case c.V.IsAddr() && !(direct && i == 0 && tc.syn.names(c.V.Sym)):
					tc.addrReg(c.V.Sym)
				}
			})
		}
	}
}

// allocAtStart takes a machine register that holds its value from the
// start of the thread (an address the init block sets, a constant of the
// prologue): one that no earlier instruction used.
func (tc *threadComp) allocAtStart() string {
	for i, r := range tc.free {
		if !tc.reused[r] {
			tc.free = append(tc.free[:i:i], tc.free[i+1:]...)
			return r
		}
	}
	panic(errOutOfRegs)
}

type compileError struct{ msg string }

func (e compileError) Error() string { return e.msg }

var errOutOfRegs = compileError{"out of machine registers"}

// temp takes a scratch register for the instruction being compiled.
func (tc *threadComp) temp() string {
	var r string
	switch {
	case len(tc.tempFree) > 0:
		r, tc.tempFree = tc.tempFree[0], tc.tempFree[1:]
	case tc.exhausted():
		if r = tc.shareTemp(); r == "" {
			panic(errOutOfRegs)
		}
	default:
		r = tc.alloc()
	}
	tc.temps = append(tc.temps, r)
	tc.shared.scratch(r, tc.pc)
	return r
}

func (tc *threadComp) releaseTemps() {
	for _, r := range tc.temps {
		if !tc.giveBack(r) {
			tc.tempFree = append(tc.tempFree, r)
		}
	}
	tc.temps = nil
}

// exhausted reports whether the pool is empty once reclaim has run.
func (tc *threadComp) exhausted() bool {
	if len(tc.free) == 0 && tc.reuse {
		tc.reclaim()
	}
	return len(tc.free) == 0
}

// reg is the machine register of an IR register.
func (tc *threadComp) reg(name string) string {
	if r, ok := tc.regs[name]; ok {
		return r
	}
	if tc.exhausted() && tc.shareReg(name) {
		return tc.regs[name]
	}
	r := tc.alloc()
	tc.regs[name] = r
	tc.shared.held(r, name)
	return r
}

// addrReg is a register holding the address of loc, set by the init block.
func (tc *threadComp) addrReg(loc string) string {
	if r, ok := tc.addrs[loc]; ok {
		return r
	}
	r := tc.allocAtStart()
	tc.addrs[loc] = r
	tc.init = append(tc.init, fmt.Sprintf("%d:%s=%s;", tc.th.ID, r, loc))
	return r
}

// constReg is a register holding k: one set at the start of the thread,
// or on x86, where registers are few, and in a thread that reuses
// registers, a scratch register set just before the instruction that
// needs it.
func (tc *threadComp) constReg(k int64) string {
	if tc.syn.direct() || tc.reuse {
		r := tc.temp()
		tc.emit(tc.syn.li(r, k))
		return r
	}
	if r, ok := tc.consts[k]; ok {
		return r
	}
	r := tc.allocAtStart()
	tc.consts[k] = r
	tc.prologue = append(tc.prologue, tc.syn.li(r, k))
	return r
}

func (tc *threadComp) newLabel() string {
	tc.nlabel++
	return fmt.Sprintf("L%d_%d", tc.th.ID, tc.nlabel)
}

func (tc *threadComp) emit(s ...string) {
	tc.body = append(tc.body, s...)
	for range s {
		tc.origins = append(tc.origins, tc.origin())
		tc.pcs = append(tc.pcs, tc.pc)
	}
}

// compile compiles the thread into tc.out.
func (tc *threadComp) compile() (err error) {
	defer func() {
		if r := recover(); r != nil {
			ce, ok := r.(compileError)
			if !ok {
				panic(r)
			}
			err = ce
		}
	}()
	code := tc.th.Code
	tc.analyse()
	if tc.shared != nil {
		tc.shared = tc.newSharing()
	}
	for _, r := range tc.preset {
		tc.reg(r)
	}
	if tc.reuse {
		tc.startRegisters()
	}
	for pc := range code {
		tc.pc = pc
		if l, ok := tc.labels[pc]; ok {
			tc.emit(l + ":")
		}
		if err := tc.instr(&code[pc]); err != nil {
			return fmt.Errorf("%s: %w", describe(&code[pc]), err)
		}
		tc.releaseTemps()
	}
	tc.pc = len(code)
	if l, ok := tc.labels[len(code)]; ok {
		tc.emit(l + ":")
	}
	// Booleans the condition reads, after the last memory access.
	var names []string
	for n := range tc.observed {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if e, ok := tc.lazy[n]; ok {
			if err := tc.materialize(tc.reg(n), e); err != nil {
				return err
			}
		}
		tc.reg(n)
	}
	if tc.abort != "" {
		if tc.exhausted() {
			tc.flag = tc.shareFlag()
		}
		if tc.flag == "" {
			tc.flag = tc.alloc()
		}
		end := tc.newLabel()
		if tc.reused[tc.flag] {
			// The filter reads the flag as 0 on the paths that do not
			// abort: a reused register holds an older value.
			tc.emit(tc.syn.li(tc.flag, 0))
		}
		tc.emit(tc.syn.jump(end))
		if tc.spin != "" {
			tc.emit(tc.spin + ":")
		}
		tc.emit(tc.abort+":", tc.syn.li(tc.flag, 1), end+":")
	}
	tc.out = append(tc.prologue, tc.body...)
	return nil
}

func describe(in *litmus.Instr) string {
	if in.Text != "" {
		return strconv.Quote(in.Text)
	}
	return in.Op.String()
}

// analyse finds the branch targets, the forward-branch spans and, for each
// register, where it is assigned and read.
func (tc *threadComp) analyse() {
	for pc := range tc.th.Code {
		in := &tc.th.Code[pc]
		if in.Op == litmus.OpBranch {
			if _, ok := tc.labels[in.Target]; !ok {
				tc.labels[in.Target] = tc.newLabel()
			}
			if in.Target > pc {
				tc.spans = append(tc.spans, [2]int{pc, in.Target})
			}
		}
		if in.Dst != "" {
			tc.assigns[in.Dst] = append(tc.assigns[in.Dst], pc)
		}
		for _, r := range liveness.Uses(in) {
			tc.uses[r] = append(tc.uses[r], pc)
		}
	}
}

func exprRegs(e litmus.Expr) []string {
	var out []string
	litmus.WalkExpr(e, func(e litmus.Expr) {
		if r, ok := e.(*litmus.RegRef); ok {
			out = append(out, r.Name)
		}
	})
	return out
}

// inSpan reports whether pc lies inside the forward branch s: after the
// branch and before its target.
func inSpan(s [2]int, pc int) bool { return pc > s[0] && pc < s[1] }

// canBeLazy reports whether the boolean assigned to r at pc may stay
// symbolic: r is assigned once, every use is reached only through pc, and
// if the condition reads r, pc is not conditional.
func (tc *threadComp) canBeLazy(r string, pc int) bool {
	if len(tc.assigns[r]) != 1 {
		return false
	}
	for _, s := range tc.spans {
		if !inSpan(s, pc) {
			continue
		}
		if tc.observed[r] {
			return false
		}
		for _, u := range tc.uses[r] {
			if !inSpan(s, u) {
				return false
			}
		}
	}
	for _, u := range tc.uses[r] {
		if u <= pc {
			return false
		}
	}
	return true
}

// stable reports whether IR register r holds, from pc on, the value it
// holds at pc: it is assigned at most once, and not after pc.
func (tc *threadComp) stable(r string, pc int) bool {
	a := tc.assigns[r]
	return len(a) == 0 || len(a) == 1 && a[0] < pc
}

func isBool(e litmus.Expr) bool {
	switch e := e.(type) {
	case *litmus.Binary:
		switch e.Op {
		case litmus.OpEq, litmus.OpNe, litmus.OpLt, litmus.OpLe, litmus.OpGt, litmus.OpGe, litmus.OpLAnd, litmus.OpLOr:
			return true
		}
	case *litmus.Unary:
		return e.Op == litmus.OpNot
	}
	return false
}

// abortLabel is the thread's abort label.
func (tc *threadComp) abortLabel() string {
	if tc.abort == "" {
		tc.abort = fmt.Sprintf("Abort%d", tc.th.ID)
	}
	return tc.abort
}

// spinLabel is the label the failed attempt of a spin branches to: it
// aborts the path as abortLabel does, and markSpins makes the branches to
// it hang (see litmus/hang.go).
func (tc *threadComp) spinLabel() string {
	if tc.spin == "" {
		tc.spin = fmt.Sprintf("Spin%d", tc.th.ID)
		tc.abortLabel()
	}
	return tc.spin
}
