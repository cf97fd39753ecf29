// This file implements the event sets herd predefines for AArch64 beyond
// the annotations the explorer tags: the names of every barrier, cache
// maintenance and TLB operation, the fault and exception sets, and the
// explicit and implicit accesses. A user-level test (no -variant vmsa,
// ifetch or memtag) has no implicit access, fault, tag check, cache or TLB
// maintenance, so those sets are empty, as in models/armv8.go.

package cat

import (
	"fmt"

	"github.com/litmuscheck/litmuscheck/models"
	"github.com/litmuscheck/litmuscheck/models/cat/internal/resolve"
	"github.com/litmuscheck/litmuscheck/rel"
)

// aarch64Tags are the sets the explorer may tag AArch64 events with: the
// annotations and the barriers; absent from a test, they are empty.
func aarch64Tags() map[string]bool {
	tags := map[string]bool{"ISB": true}
	for _, a := range []string{"X", "A", "Q", "L", "NoRet", "S", "NT"} {
		tags[a] = true
	}
	// DMB and DSB with each domain and type; the full system barrier is
	// .SY, the system loads and stores barriers .LD and .ST.
	for _, b := range []string{"DMB", "DSB"} {
		for _, d := range []string{"SY", "OSH", "ISH", "NSH"} {
			for _, t := range []string{"", "LD", "ST"} {
				opt := d + t
				if d == "SY" && t != "" {
					opt = t
				}
				tags[b+"."+opt] = true
			}
		}
	}
	return tags
}

// aarch64Empty are the sets no user-level execution has an event of.
var aarch64Empty = func() map[string]bool {
	empty := map[string]bool{
		"NExp": true, "T": true, "TLBI": true, "TLBIIS": true, "TLBInXS": true,
		"FAULT": true, "FAULT-RD": true, "FAULT-WR": true, "EXC-ENTRY": true, "EXC-RET": true,
		"MMU": true, "Translation": true, "AccessFlag": true, "Permission": true, "TagCheck": true,
		"UndefinedInstruction": true, "SupervisorCall": true,
		"E0": true, "E1": true, "E2": true, "E3": true,
	}
	// Instruction cache operations: IC.IALLU, IC.IALLUIS, IC.IVAU, IC.IVAUIS.
	for _, typ := range []string{"ALL", "VA"} {
		for _, dom := range []string{"IS", ""} {
			empty["IC.I"+typ+"U"+dom] = true
		}
	}
	// Data cache operations: DC.CVAU, DC.CIVAC, DC.ZVAC...
	for _, fn := range []string{"I", "C", "CI", "Z"} {
		for _, typ := range []string{"VA", "SW"} {
			for _, point := range []string{"C", "U"} {
				empty["DC."+fn+typ+point] = true
			}
		}
	}
	return empty
}()

// aarch64Builtin resolves the AArch64 names that are not event tags.
func (in *interp) aarch64Builtin(name string) (Value, bool) {
	switch {
	case name == "Exp":
		// Every access of a user-level test, init writes included, is
		// explicit.
		return in.cand.x.M, true
	case aarch64Empty[name]:
		return rel.Set{}, true
	case name == "rf-reg", name == "iico_data", name == "iico_ctrl", name == "iico_order":
		// The explorer has no register events, and relates the memory
		// events of one instruction by rmw; a catdep file's dependencies
		// built from these are the explorer's (catDeps).
		return in.cand.shape.emptyV, true
	case name == "Rreg", name == "Wreg", name == "DATA", name == "NDATA":
		return rel.Set{}, true
	case name == "same-oa":
		// Pairs of page table entries with the same output address:
		// none without -variant vmsa.
		return &builtin{name: name, fn: func(in *interp, v Value) (Value, error) {
			if _, err := in.relArg(v, name); err != nil {
				return nil, err
			}
			return in.cand.shape.emptyV, nil
		}}, true
	case name == "same-low-order-bits":
		// aarch64loc.cat meets it only beside faults and translation
		// table reads, which are empty; a user-level test has one
		// address per location, so the same location is its best reading.
		return in.cand.x.Loc.Restrict(in.cand.x.M, in.cand.x.M), true
	case name == "oa-changes", name == "at-least-one-writable":
		// Page table entry writes, filtered by their successor: there
		// are none without -variant vmsa.
		return &builtin{name: name, fn: func(in *interp, v Value) (Value, error) {
			if t, ok := v.(tupleVal); !ok || len(t) != 2 {
				return nil, fmt.Errorf("type mismatch: %s of %s, want an event set and a relation", name, typeName(v))
			}
			return rel.Set{}, nil
		}}, true
	}
	return nil, false
}

// catDeps binds a catdep file's definition of a dependency relation
// (aarch64deps.cat's addr, data, ctrl and pick forms) to the one the
// explorer derives: herd computes them from register events, which our
// executions do not have (see docs/design.md).
func (in *interp) catDeps(l *resolve.Let) (vars, bool) {
	if l.Rec || len(l.Bindings) != 1 || l.Bindings[0].Fun != nil || len(l.Bindings[0].Names) != 1 {
		return nil, false
	}
	s := l.Bindings[0].Names[0]
	name := in.prog.code.Syms.Names[s]
	if in.cand.deps == nil {
		if m, ok := in.cand.x.Memo.(*memo); ok && m.deps != nil {
			in.cand.deps = m.deps
		} else {
			in.cand.deps = models.ARMCatDeps(in.cand.x)
			if m, ok := in.cand.x.Memo.(*memo); ok {
				m.deps = in.cand.deps
			}
		}
	}
	r, ok := in.cand.deps[name]
	if !ok {
		return nil, false
	}
	return vars{{s, binding{v: r}}}, true
}
