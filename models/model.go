// This file implements a model as a table of named axioms, the registry
// of models by name, and the default model of each dialect.

package models

import (
	"fmt"
	"sort"
	"strings"

	"github.com/litmuscheck/litmuscheck/explore"
	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/rel"
)

// A CheckKind is the kind of test an axiom makes of its relation.
type CheckKind int

const (
	Acyclic CheckKind = iota
	Irreflexive
	Empty
	// Flag raises the axiom's name as a flag when the relation is not
	// empty; it never forbids an execution (cat's "flag ~empty").
	Flag
)

func (k CheckKind) String() string {
	return [...]string{"acyclic", "irreflexive", "empty", "flag ~empty"}[k]
}

// An Axiom is one named check of a model.
type Axiom struct {
	Name string
	Kind CheckKind
	Rel  func(e *Env) rel.Rel
	// Monotone states that the relation only grows as rf and co grow (no
	// difference or complement on them): failing on part of a
	// candidate's edges, the axiom fails on every completion, and the
	// explorer cuts the subtree (explore.PruningModel).
	Monotone bool
	// Decide, when set, tells whether the check passes (for a flag: that
	// it does not rise) without building Rel in full, such as the LKMM's
	// rcu on its keys or a flag its shape rules out; it must agree with
	// Kind on Rel, which explanations still build.
	Decide func(e *Env) bool
	// Possible, for a flag, tells from the test alone whether any of its
	// executions may raise it; nil: any may.
	Possible func(t *litmus.Test) bool
}

// MayFlag lists the flags that some execution of t may raise, as m's
// flags' Possible tell; known is false when m cannot tell (a cat file's
// model): package decide leaves executions unexplored only when none of
// the flags voids a Never.
func (m *Model) MayFlag(t *litmus.Test) (flags []string, known bool) {
	if m.Eval != nil {
		return nil, false
	}
	for _, a := range m.Axioms {
		if a.Kind == Flag && (a.Possible == nil || a.Possible(t)) {
			flags = append(flags, a.Name)
		}
	}
	return flags, true
}

// Holds reports whether the axiom's check passes on e.
func (a Axiom) Holds(e *Env) bool {
	if a.Decide != nil {
		return a.Decide(e)
	}
	r := a.Rel(e)
	switch a.Kind {
	case Acyclic:
		return r.Acyclic()
	case Irreflexive:
		return r.Irreflexive()
	}
	return r.Empty()
}

// A Model is a memory model: named axioms over an execution, plus the
// relations it derives.
type Model struct {
	// ModelName is the name the CLI and the output use.
	ModelName string
	// Doc is a line on what the model is and which cat file it follows.
	Doc    string
	Axioms []Axiom
	// Arches are the dialects the model applies to.
	Arches []litmus.Arch
	// Atomic states that the model forbids an rmw pair of one instruction
	// whose read does not read the write immediately co-before the pair's
	// write, so that the explorer need not enumerate those candidates
	// (explore.Capabilities.AtomicRMW).
	Atomic bool
	// LocksAtomic states the same of lock.cat's lock-read and lock-write
	// pairs alone (explore.Capabilities.AtomicLocks).
	LocksAtomic bool
	// AcquireCASFormsAlike states that the forms of an acquire CAS that
	// differ only in its destination's dependencies are decided alike
	// (explore.Capabilities.AcquireCASFormsAlike).
	AcquireCASFormsAlike bool
	// Cycles states that the model may allow a cycle of reads and writes
	// copying one another's values (explore.Capabilities.ValueCycles).
	Cycles bool
	// Incoherent: nothing shows that the model forbids what SC per
	// location forbids (an edited cat file), so the explorer enumerates
	// those candidates too (explore.Capabilities.MayBeIncoherent).
	Incoherent bool
	// UnknownLocks: the model's lock.cat is not one whose lock events the
	// explorer builds (explore.Capabilities.UnknownLocks), so tests with lock events
	// are refused.
	UnknownLocks bool
	// Shape states that what the model keeps in Execution.Memo depends
	// only on the execution's shape (explore.Capabilities.ShapeMemo).
	Shape bool
	// Env derives the environment the axioms read; nil means
	// NewArenaEnv, with every relation Env holds, made in the
	// candidate's arena: what a model keeps across candidates in
	// Execution.Memo it derives outside the arena (armStaticRels). A
	// model that derives its own relations gives a lighter Env.
	Env func(x *litmus.Execution) *Env
	// Eval, when set, decides an execution in place of Axioms, and Why
	// explains a rejection in place of Explain's axiom walk: a model read
	// from a cat file has no fixed list of axioms.
	// An error of Eval (such as a cat file's type error on one dialect's
	// events) ends that exploration without a verdict.
	Eval func(x *litmus.Execution) (bool, []string, error)
	Why  func(x *litmus.Execution) []string
}

// env returns m's environment for x.
func (m *Model) env(x *litmus.Execution) *Env {
	if m.Env != nil {
		return m.Env(x)
	}
	return NewArenaEnv(x)
}

// Capabilities implements explore.CapableModel: what the model's fields
// let the explorer assume.
func (m *Model) Capabilities() explore.Capabilities {
	return explore.Capabilities{
		ValueCycles:     m.Cycles,
		ShapeMemo:       m.Shape,
		MayBeIncoherent: m.Incoherent,
		UnknownLocks:    m.UnknownLocks,
		AtomicRMW:       m.Atomic,
		AtomicLocks:     m.LocksAtomic,

		AcquireCASFormsAlike: m.AcquireCASFormsAlike,
	}
}

// Prunes implements explore.PruningModel.
func (m *Model) Prunes() bool {
	for _, a := range m.Axioms {
		if a.Monotone && a.Kind != Flag {
			return true
		}
	}
	return false
}

// Refutes implements explore.PruningModel: x, with part of the rf and co
// edges of its completions, breaks a monotone axiom.
func (m *Model) Refutes(x *litmus.Execution) bool {
	e := m.env(x)
	for _, a := range m.Axioms {
		if a.Monotone && a.Kind != Flag && !a.Holds(e) {
			return true
		}
	}
	return false
}

// Name implements explore.Model.
func (m *Model) Name() string { return m.ModelName }

// Check implements explore.Model; the explorer calls CheckErr, which
// keeps the error Check drops.
func (m *Model) Check(x *litmus.Execution) (bool, []string) { return DropCheckErr(m.CheckErr(x)) }

// DropCheckErr is the Check of an explore.FallibleModel, given what its
// CheckErr returns: an execution whose check failed is not allowed.
func DropCheckErr(allowed bool, flags []string, err error) (bool, []string) {
	if err != nil {
		return false, nil
	}
	return allowed, flags
}

// CheckErr implements explore.FallibleModel: an execution is allowed when
// every non-flag axiom holds.
func (m *Model) CheckErr(x *litmus.Execution) (bool, []string, error) {
	if m.Eval != nil {
		return m.Eval(x)
	}
	e := m.env(x)
	var flags []string
	for _, a := range m.Axioms {
		if a.Kind == Flag {
			continue
		}
		if !a.Holds(e) {
			return false, nil, nil
		}
	}
	for _, a := range m.Axioms {
		if a.Kind == Flag && !a.Holds(e) {
			flags = append(flags, a.Name)
		}
	}
	return true, flags, nil
}

var registry = map[string]*Model{}

// Register adds m to the models the CLI knows by name.
func Register(m *Model) { registry[strings.ToLower(m.ModelName)] = m }

// Lookup finds a model by name, case-insensitively.
func Lookup(name string) (*Model, error) {
	name = strings.ToLower(name)
	if a, ok := aliases[name]; ok {
		name = a
	}
	if m, ok := registry[name]; ok {
		return m, nil
	}
	return nil, fmt.Errorf("unknown model %q (known: %s)", name, strings.Join(Names(), ", "))
}

// aliases are other names users know the models by.
var aliases = map[string]string{
	"ppc":          "power",
	"x86tso":       "tso",
	"x86":          "tso",
	"aarch64":      "armv8",
	"arm":          "armv8",
	"arm64":        "armv8",
	"linux-kernel": "lkmm",
	"rvwmo":        "riscv",
	"risc-v":       "riscv",
}

// Names lists the registered models.
func Names() []string {
	var out []string
	for n := range registry {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Resolve is the model a test of dialect a runs under when the user names
// name: that model, or with no name the dialect's herd7 default. The lock
// columns (pipeline.Spec.Resolve) build on it; nothing else chooses a model.
func Resolve(name string, a litmus.Arch) (*Model, error) {
	if name == "" {
		return ForArch(a)
	}
	return Lookup(name)
}

// ForArch returns the model herd7 uses by default for a dialect.
func ForArch(a litmus.Arch) (*Model, error) {
	name, ok := defaultModel[a]
	if !ok {
		return nil, fmt.Errorf("no default model for architecture %s", a)
	}
	return Lookup(name)
}

// defaultModel is herd7's default model per dialect.
var defaultModel = map[litmus.Arch]string{
	litmus.ArchX86:     "tso",
	litmus.ArchX86_64:  "tso-mixed",
	litmus.ArchPPC:     "power",
	litmus.ArchAArch64: "armv8",
	litmus.ArchC:       "lkmm",
	litmus.ArchRISCV:   "riscv",
}
