// This file implements await loops: a loop whose failed iterations have
// no effect (a spin on memory whose body is empty or only cpu_relax(),
// barrier() or a priority hint) lowered as its final iteration, the
// attempt whose condition lets the loop exit, with the explorer's hang
// detection for the executions in which it never does.
//
// A failed iteration writes nothing and leaves no register changed, so
// dropping it leaves every other event as it was and removes only reads
// whose values nothing uses: await model checking (Oberhauser et al.,
// ASPLOS 2021) shows the final states of the terminating executions are
// those of the final iterations alone. herd7 unrolls such a loop instead,
// so this lowering is for litmuscheck's own outputs (Dialect.AwaitLoops);
// herd's format, herd7 mode and conform keep herd's unrolling.

package cparse

import (
	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/parser/cparse/csyntax"
)

// awaitReads are the calls an await loop's condition may make: reads
// without a write, and the choices need_resched() and
// vcpu_is_preempted(), which write only the register of their value: a
// failed iteration still has no effect, and a spin whose failed attempt
// depends on a choice of the attempt never hangs (the next may choose
// otherwise).
var awaitReads = map[string]bool{
	"READ_ONCE": true, "smp_load_acquire": true, "atomic_read": true, "atomic_read_acquire": true,
	"atomic_long_read": true, "atomic_long_read_acquire": true, "spin_is_locked": true,
	"need_resched": true, "vcpu_is_preempted": true,
}

// noEffect are the calls an await loop's body may make, when the test
// does not define them itself: hints and compiler barriers.
var noEffect = map[string]bool{
	"cpu_relax": true, "cpu_relax_lowlatency": true, "barrier": true,
	"HMT_very_low": true, "HMT_low": true, "HMT_medium_low": true, "HMT_medium": true, "HMT_medium_high": true, "HMT_high": true,
}

// isAwait reports whether the loop of condition cond and body body is an
// await loop: a condition that only reads, and a body that does nothing.
func (l *cLowerer) isAwait(cond *csyntax.Expr, body *csyntax.Stmt) bool {
	return l.awaitLoops && l.readsOnly(cond) && csyntax.ReadsMemory(cond) && l.doesNothing(body)
}

// doesNothing reports whether s has no effect: empty, or calls of the
// hints and compiler barriers that the test does not redefine.
func (l *cLowerer) doesNothing(s *csyntax.Stmt) bool {
	switch {
	case s == nil || s.Empty:
		return true
	case s.Expr != nil:
		c := csyntax.AsCall(s.Expr.X)
		return s.Expr.Value == nil && s.Expr.Incr == "" && c != nil && len(c.Args) == 0 && noEffect[c.Name] && !l.defined(c.Name)
	case s.If != nil || s.While != nil || s.Do != nil || s.For != nil || s.Return != nil || s.Break || s.Cont || s.Decl != nil:
		return false
	}
	// A block, "{}" included.
	for _, x := range s.Block {
		if !l.doesNothing(x) {
			return false
		}
	}
	return true
}

// defined reports whether the test or the user's files define name.
func (l *cLowerer) defined(name string) bool {
	return l.defs != nil && l.defs.funcs[name] != nil
}

// readsOnly reports whether evaluating e writes nothing: its calls are
// reads (awaitReads) that the test does not redefine. A local assigned in
// the condition holds, after the loop, what the final iteration read.
func (l *cLowerer) readsOnly(e *csyntax.Expr) bool {
	return !csyntax.Any(e, func(u *csyntax.Unary) bool {
		switch {
		case u.IsIncrement():
			return true
		case u.X == nil && u.Cast == nil && u.Member == nil && u.Primary == nil:
			return true
		case u.Primary != nil && u.Primary.Call != nil:
			c := u.Primary.Call
			return !awaitReads[c.Name] || l.defined(c.Name)
		}
		return false
	})
}

// awaitLoop lowers the await loop of condition cond as its final
// iteration: the condition's reads, then an __assume that it no longer
// holds, whose failure is a spin that may hang (Instr.Spin). As in herd's
// semantics of a loop, the code after it is not control-dependent on the
// reads.
func (l *cLowerer) awaitLoop(cond *csyntax.Expr, pos litmus.Pos, text string) error {
	from := len(l.thr.Code)
	c, err := l.expr(cond)
	if err != nil {
		return err
	}
	l.emit(litmus.Instr{Pos: pos, Text: text, Op: litmus.OpAssume, Cond: negate(c), Spin: len(l.thr.Code) - from})
	return nil
}
