// This file implements what happens to a candidate: the model's check,
// final states, the condition, and the witness kept for the report.

package explore

import (
	"slices"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/rel"
)

// checkModel is model's check of x, through CheckErr for a model whose
// check may fail.
func checkModel(model Model, x *litmus.Execution) (bool, []string, error) {
	if fm, ok := model.(FallibleModel); ok {
		return fm.CheckErr(x)
	}
	ok, flags := model.Check(x)
	return ok, flags, nil
}

// check runs the model on the current candidate and records it.
func (s *setup) check(c *combo, model Model, out *partial) {
	if s.cutPhase {
		s.checkCut(c, model, out)
		return
	}
	if c.spin != nil {
		s.checkHang(c, model, out)
		return
	}
	if s.mixed != nil && !finalsMatch(s.mixed, s, c) {
		return
	}
	out.candidates++
	if !out.tick(out.cost) {
		return
	}
	x := c.x
	ok, flags, err := checkModel(model, x)
	if err != nil {
		out.fail(c.key, err)
		return
	}
	if out.stuckCandidate(c, ok) {
		return
	}
	if !ok {
		// Keep one forbidden candidate that would have satisfied the
		// proposition: it shows what the model rules out, and why.
		if out.blocked == nil || c.key < out.blockedKey {
			look := s.observedLookup(c)
			if (s.test.Filter == nil || litmus.EvalProp(s.test.Filter, look)) && litmus.EvalProp(s.test.Cond.Prop, look) {
				out.blocked, out.blockedKey = cloneExecution(x), c.key
			}
		}
		return
	}
	look := s.observedLookup(c)
	vals := s.finalValues(look)
	if s.test.Filter != nil && !litmus.EvalProp(s.test.Filter, look) {
		return
	}
	// The states of an unknown value's orbit are named one by one.
	orbit := s.sym != nil && hasUnknown(vals)
	if orbit {
		s.unknownOrbit(c, vals, out)
	}
	s.nameUnknowns(c, vals)
	holds := litmus.EvalProp(s.test.Cond.Prop, look)
	if holds {
		out.pos += c.weight
	} else {
		out.neg += c.weight
	}
	out.found, out.stopped = s.stopAtFirst, out.stopped || s.stopAtFirst
	wantWitness := holds == (s.test.Cond.Quant == litmus.Exists)
	if wantWitness && (out.witness == nil || c.key < out.witnessKey) {
		out.witness, out.witnessKey = cloneExecution(x), c.key
	}
	key := stateKey(vals)
	if _, ok := out.states[key]; !ok && !orbit {
		out.states[key] = out.keepState(vals)
	}
	for _, f := range flags {
		out.flags[f] = true
	}
}

// nameUnknowns gives the unknown values of a final state herd's name: the
// symbol of the second build (herdvars.go) that ranks last among those
// holding the unknown value. All unknown values of one candidate come from
// its cycles of copies and share the name.
func (s *setup) nameUnknowns(c *combo, vals []litmus.Value) {
	name := 0
	for i, v := range vals {
		if v.Var != litmus.VarUnknown {
			continue
		}
		if name == 0 {
			for t, p := range c.paths {
				if p.MaxUnknown > 0 {
					name = max(name, s.herdTotal+s.herdBase[t]+p.MaxUnknown)
				}
			}
		}
		vals[i].Var = int32(name)
	}
}

// hasUnknown reports whether vals hold an unknown value not yet named.
func hasUnknown(vals []litmus.Value) bool {
	for _, v := range vals {
		if v.Var == litmus.VarUnknown {
			return true
		}
	}
	return false
}

func cloneExecution(x *litmus.Execution) *litmus.Execution {
	c := *x
	// The events too: a template's combinations are filled in one buffer.
	c.Events = slices.Clone(x.Events)
	c.RF, c.CO = x.RF.Clone(), x.CO.Clone()
	return &c
}

// finalValues lists the final value of each observed register and
// location.
func (s *setup) finalValues(look func(litmus.LocRef) litmus.Value) []litmus.Value {
	vals := make([]litmus.Value, len(s.observed))
	for i, l := range s.observed {
		vals[i] = look(l)
	}
	return vals
}

// observedLookup returns the final value of a register or location in the
// current candidate.
func (s *setup) observedLookup(c *combo) func(litmus.LocRef) litmus.Value {
	return func(l litmus.LocRef) litmus.Value {
		if l.IsReg() {
			if l.Thread < len(c.paths) {
				if v, ok := c.paths[l.Thread].Regs[l.Name]; ok {
					return v
				}
				return s.initRegs[l.Thread][l.Name]
			}
			return litmus.Value{}
		}
		if s.mixed != nil {
			return finalValue(s.mixed, s, c, l.Name)
		}
		x := c.x
		last := -1
		// The final write is the one with no co successor at its location;
		// lock events are no memory stores (lockworld.go).
		stores := x.W.Diff(c.lockEv)
		for _, w := range c.writes[l.Name] {
			if stores.Has(w) && !hasCoSucc(x, w, l.Name, stores) {
				last = w
			}
		}
		if last < 0 {
			return s.initMem[l.Name]
		}
		return x.Events[last].Value
	}
}

func hasCoSucc(x *litmus.Execution, w int, loc string, among rel.Set) bool {
	succ := false
	x.CO.EachSucc(w, func(v int) {
		if among.Has(v) && x.Events[v].Loc == loc {
			succ = true
		}
	})
	return succ
}

// keepState returns the state of vals to record in out: while every value
// is a plain integer, a row of out's table of 64-bit words, which the
// garbage collector need not scan (a ring records a hundred thousand
// states before their images), else the Values themselves.
func (out *partial) keepState(vals []litmus.Value) litmus.State {
	for _, v := range vals {
		if v.Sym != "" || v.Var != 0 {
			return litmus.NewState(vals)
		}
	}
	t := out.plainStates
	if t == nil || t.Width != len(vals) {
		t = &litmus.StateTable{Width: len(vals), Words: []uint64{}}
		out.plainStates = t
	}
	row := len(t.Words) / max(t.Width, 1)
	if t.Width == 0 || row >= 1<<31-1 {
		return litmus.NewState(vals)
	}
	for _, v := range vals {
		t.Words = append(t.Words, uint64(v.Off))
	}
	return litmus.State{Table: t, Row: int32(row)}
}

// stuckCandidate reports whether c holds a stuck path, and records the
// first allowed one by key.
func (out *partial) stuckCandidate(c *combo, allowed bool) bool {
	for _, p := range c.paths {
		if p.Stuck == nil {
			continue
		}
		if allowed && (out.stuck == nil || c.key < out.stuckKey) {
			out.stuck, out.stuckKey = p.Stuck, c.key
		}
		return true
	}
	return false
}
