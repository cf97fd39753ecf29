// This file implements the checks on the threads and registers that the
// init block and the final part name: a thread the test lacks is an error
// (herd7's "Bad process"), and a register its thread never uses, which
// herd7 reads as its initial value, is a warning.

package parser

import (
	"fmt"
	"slices"
	"strings"

	"github.com/litmuscheck/litmuscheck/litmus"
)

// A locUse is one mention of a register or location, where it is written.
type locUse struct {
	pos litmus.Pos
	loc litmus.LocRef
	// decides is set for a mention in the filter or the condition, which
	// the verdict depends on (a "locations" line only prints).
	decides bool
}

// eachAtom calls f on every atom of p.
func eachAtom(p litmus.Prop, f func(*litmus.PropAtom)) {
	switch p := p.(type) {
	case *litmus.PropAtom:
		f(p)
	case *litmus.PropNot:
		eachAtom(p.P, f)
	case *litmus.PropBin:
		eachAtom(p.A, f)
		eachAtom(p.B, f)
	}
}

// propUses appends the mentions in p; an atom's two sides share its
// position.
func propUses(out []locUse, p litmus.Prop) []locUse {
	eachAtom(p, func(a *litmus.PropAtom) {
		out = append(out, locUse{a.Pos, a.Loc, true})
		if a.Other != nil {
			out = append(out, locUse{a.Pos, *a.Other, true})
		}
	})
	return out
}

// setWidths gives each atom comparing with a constant the width herd7
// compares its location's values on.
func setWidths(t *litmus.Test, p litmus.Prop) {
	eachAtom(p, func(a *litmus.PropAtom) {
		if a.Other == nil {
			a.Bits = litmus.IntWidth(t, a.Loc)
		}
	})
}

// checkProc reports a register of a thread the test does not have.
func checkProc(t *litmus.Test, u locUse) error {
	if u.loc.Thread < len(t.Threads) {
		return nil
	}
	return litmus.Errorf(u.pos, "bad process P%d in \"%d:%s\" (expected a thread from P0 to P%d)",
		u.loc.Thread, u.loc.Thread, u.loc.Name, len(t.Threads)-1)
}

// checkInitProcs checks the threads the init block names.
func checkInitProcs(t *litmus.Test) error {
	for _, it := range t.Init {
		if err := checkProc(t, locUse{pos: it.Pos, loc: it.Loc}); err != nil {
			return err
		}
	}
	return nil
}

// checkFinalUses checks the threads that the locations, the filter and
// the condition name, and warns once about each register that its thread
// never uses and each location that only the final part names: herd7
// reads them as their initial value, which is rarely what the author
// meant (a misspelt or a renamed name). Those the verdict depends on go
// to t.Unused, so that no verdict over them reads as a proof.
func checkFinalUses(t *litmus.Test, uses []locUse) error {
	warned := map[litmus.LocRef]bool{}
	var mentioned map[string]bool
	for _, u := range uses {
		var unused bool
		switch {
		case u.loc.Thread == -1:
			if mentioned == nil {
				mentioned = locationsMentioned(t)
			}
			unused = !mentioned[u.loc.Name]
		case u.loc.IsReg():
			if err := checkProc(t, u); err != nil {
				return err
			}
			unused = !slices.Contains(t.Threads[u.loc.Thread].Regs, u.loc.Name)
		}
		if !unused {
			continue
		}
		if u.decides && !slices.Contains(t.Unused, u.loc) {
			t.Unused = append(t.Unused, u.loc)
		}
		if warned[u.loc] {
			continue
		}
		warned[u.loc] = true
		if u.loc.IsReg() {
			t.Warnings = append(t.Warnings, litmus.Errorf(u.pos,
				"register %d:%s is never used by P%d; it is read as its initial value (%s)",
				u.loc.Thread, u.loc.Name, u.loc.Thread, initialValue(t, u.loc)))
		} else {
			t.Warnings = append(t.Warnings, litmus.Errorf(u.pos,
				"location %s is in no thread and not in the init block; it is read as 0", u.loc.Name))
		}
	}
	return nil
}

// locationsMentioned are the memory locations the test names outside its
// final part: in the init block, as C parameters, or as addresses in the
// code.
func locationsMentioned(t *litmus.Test) map[string]bool {
	out := map[string]bool{}
	for _, it := range t.Init {
		if !it.Loc.IsReg() {
			out[it.Loc.Name] = true
		}
		if it.Value.Sym != "" {
			out[it.Value.Sym] = true
		}
	}
	for _, th := range t.Threads {
		for _, p := range th.Params {
			out[p] = true
		}
		for _, in := range th.Code {
			for _, e := range []litmus.Expr{in.Addr, in.Src, in.Expect, in.Cond} {
				litmus.WalkExpr(e, func(e litmus.Expr) {
					if c, ok := e.(*litmus.Const); ok && c.V.Sym != "" {
						out[c.V.Sym] = true
					}
				})
			}
		}
	}
	return out
}

// initialValue is what the init block gives loc, 0 when nothing.
func initialValue(t *litmus.Test, loc litmus.LocRef) string {
	for _, it := range t.Init {
		if it.Loc == loc && it.HasValue {
			return fmt.Sprint(it.Value)
		}
	}
	return "0"
}

// checkAddressRegs reports an assembly access whose address can hold no
// location: every register it reads is one that neither the init block
// nor the thread ever sets. herd7 reads such a register as 0, which is no
// address, so the access cuts every path through it and the verdict is a
// vacuous Never ("LDR W2,[X5]" for "[X1]").
func checkAddressRegs(t *litmus.Test) error {
	if t.Arch == litmus.ArchC {
		return nil
	}
	for _, th := range t.Threads {
		set := map[string]bool{}
		for _, it := range t.Init {
			if it.Loc.Thread == th.ID || it.Loc.Thread == -2 {
				set[it.Loc.Name] = true
			}
		}
		for _, in := range th.Code {
			set[in.Dst], set[in.Status] = true, true
		}
		for _, in := range th.Code {
			var regs []string
			known := false
			litmus.WalkExpr(in.Addr, func(e litmus.Expr) {
				switch e := e.(type) {
				case *litmus.RegRef:
					regs = append(regs, e.Name)
					known = known || set[e.Name]
				case *litmus.Const:
					// "[x+EBX]": the location is named, EBX an index.
					known = known || e.V.Sym != ""
				}
			})
			if len(regs) > 0 && !known {
				return litmus.Errorf(in.Pos, "unknown location: the address of %q is in %s, which nothing sets (expected a register the init block sets, such as \"%d:%s=x\")",
					in.Text, strings.Join(regs, " and "), th.ID, regs[0])
			}
		}
	}
	return nil
}
