// This file implements running a Program as a litmus model for the
// explorer: one evaluation per candidate (candidate.go), its verdict, its
// flags, and the tests a forbidden candidate fails.

package cat

import (
	"fmt"
	"slices"
	"strings"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/models"
	"github.com/litmuscheck/litmuscheck/parser/cparse/cprim"
)

// Check implements litmus.Model; the explorer calls CheckErr.
func (p *Program) Check(x *litmus.Execution) (bool, []string) {
	return models.DropCheckErr(p.CheckErr(x))
}

// CheckErr implements litmus.FallibleModel: an error (a name the
// dialect does not define, a failed assert) ends the exploration of
// x's test with that error, and no other exploration sees it.
func (p *Program) CheckErr(x *litmus.Execution) (bool, []string, error) {
	x = herdView(x)
	res, ok, err := p.eval(x, x.Test.Arch)
	if m, isMemo := x.Memo.(*memo); isMemo {
		// Read below, before the worker's next candidate refills it.
		m.results = res
	}
	if err != nil || !ok {
		return false, nil, err
	}
	var flags []string
	for _, r := range res {
		raised := (r.Mode == "flag" && r.Holds) || (r.Mode == "undefined_unless" && !r.Holds)
		if raised && !slices.Contains(flags, r.Name) {
			flags = append(flags, r.Name)
		}
	}
	return true, flags, nil
}

// herdView is x as herd builds its events (litmus.OneEventView: an AMO
// of RISC-V is one event). A view shares x's memo, created here when x
// has none: the view's shape follows x's.
func herdView(x *litmus.Execution) *litmus.Execution {
	v := litmus.OneEventView(x)
	if v == x {
		return x
	}
	if x.Memo == nil && x.Test.Arch != "" {
		x.Memo = &memo{}
	}
	v.Memo = x.Memo
	return v
}

// Explain names each required test x fails.
func (p *Program) Explain(x *litmus.Execution) []string {
	x = herdView(x)
	res, _, err := p.eval(x, x.Test.Arch)
	if err != nil {
		return []string{err.Error()}
	}
	var out []string
	for _, r := range res {
		if r.Mode != "" || r.Holds {
			continue
		}
		line := string(r.Kind) + " " + r.Name + " fails"
		if r.Kind == Acyclic && !r.Not {
			if cyc := r.Rel.Cycle(); cyc != nil {
				parts := make([]string, 0, len(cyc)+1)
				for _, ev := range append(cyc, cyc[0]) {
					parts = append(parts, x.Describe(ev))
				}
				line += ": " + strings.Join(parts, " -> ")
			}
		}
		out = append(out, line)
	}
	return out
}

// Prims are the C primitives of the model's .def file, nil without one.
func (p *Program) Prims() *cprim.Prims {
	return p.prims
}

// Name implements litmus.Model.
func (p *Program) Name() string { return p.name }

// ValueCycles implements litmus.CycleModel: a C model may allow a cycle
// through plain accesses, as the LKMM does.
func (p *Program) ValueCycles() bool { return p.src.bell != nil }

// Model wraps p as a models.Model for the CLI.
func (p *Program) Model() *models.Model {
	return &models.Model{
		ModelName: p.name,
		Doc:       fmt.Sprintf("cat model %s, interpreted", p.opts.Model),
		Cycles:    p.ValueCycles(),
		// The explorer's cuts of incoherent candidates, for files known
		// to forbid them (claims.go).
		Incoherent: !p.coherent(),
		// Lock events are built as herd's lock.cat builds them: a model
		// that includes another lock.cat refuses tests that have them.
		UnknownLocks: !p.lockEventsKnown(),
		// The memo holds what the program computes without rf or co:
		// values reach it only through different-values and
		// same-values, which depend on rf.
		Shape: true,
		// The interpreter reads lock events as lock.cat does (with.go):
		// the program's rf of a lock-read must be the explorer's, and
		// lock.cat's is the write immediately co-before its lock-write.
		// Only a lock.cat known to say so is taken at its word.
		LocksAtomic: p.knownLockCat(),
		// Every rmw pair, for the LKMM's files known to forbid them
		// (claims.go).
		Atomic: p.knownLKMM(),
		Eval:   p.CheckErr,
		Why:    p.Explain,
	}
}
