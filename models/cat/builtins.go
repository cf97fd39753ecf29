// This file implements herd's built-in names over an explorer execution:
// the event sets and relations of a candidate (po, rf, co, rmw, addr,
// data, ctrl, loc, int, ext, id, R, W, M, F, IW, FW and the tag sets),
// the definitions herd's standard library makes (po-loc, rfe, fencerel,
// ctrlcfence, co0...), and its primitive functions (domain, range, map,
// classes, different-values...).

package cat

import (
	"fmt"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/models"
	"github.com/litmuscheck/litmuscheck/rel"
)

// dynNames are the built-ins that depend on rf or co.
var dynNames = map[string]bool{
	"rf": true, "rfe": true, "rfi": true, "co": true, "FW": true, "co0": true,
	"different-values": true, "same-values": true,
}

// A builtinEntry is a built-in name's value, once computed (state 1), or
// the mark that the name is none (state 2).
type builtinEntry struct {
	v     Value
	state uint8
	// gen is the candidate a dynamic built-in's value is of.
	gen int
}

// builtin resolves a name no let binds: s is its symbol.
func (in *interp) builtin(name string, s sym) (Value, bool, bool) {
	dyn := in.prog.dynSyms[s]
	cache := in.cand.shape.builtins
	if dyn {
		// Computed again for each candidate.
		if len(in.cand.dynBuiltins) != len(cache) {
			in.cand.dynBuiltins = make([]builtinEntry, len(cache))
			if in.memo != nil {
				in.memo.dynBuiltins = in.cand.dynBuiltins
			}
		}
		cache = in.cand.dynBuiltins
	}
	e := &cache[s]
	if e.state != 0 && (!dyn || e.gen == in.cand.gen) {
		return e.v, dyn, e.state == 1
	}
	v, ok := in.computeBuiltin(name)
	*e = builtinEntry{v: v, state: 2, gen: in.cand.gen}
	if ok {
		e.state = 1
	}
	return v, dyn, ok
}

func (in *interp) computeBuiltin(name string) (Value, bool) {
	x := in.cand.x
	switch name {
	case "po":
		return in.po(), true
	case "rf":
		if in.cand.slab != nil {
			// In the slab: rf is looked up anew by each candidate.
			return in.cand.slab.box(in.cand.rf), true
		}
		return in.cand.rf, true
	case "co":
		// co is known once a with co from ... has bound it; herd's
		// standard library has no co of its own.
		return nil, false
	case "rmw":
		return x.RMW, true
	case "amo":
		if in.cand.arch == litmus.ArchC {
			return x.RMW, true
		}
		return x.RMW.Diff(in.lxsxRel()), true
	case "lxsx":
		return in.lxsxRel(), true
	case "addr":
		return x.Addr, true
	case "data":
		return x.Data, true
	case "ctrl":
		return x.Ctrl, true
	case "loc":
		return in.loc(), true
	case "int":
		return x.Internal(), true
	case "ext":
		return x.External(), true
	case "id":
		return in.cand.shape.idV, true
	case "si", "sm":
		// herd's si (and sm, its alias) relates the cells of one
		// single-copy-atomic access: under mixed-size semantics the
		// explorer's SI, else each access alone.
		if !x.SI.IsZero() {
			return x.SI, true
		}
		return rel.Identity(in.cand.n, x.M), true
	case "same-instance":
		// The events of one execution of one instruction (the read and
		// write of an RMW), each with itself, as the Go ARMv8 model's.
		return x.SameInstr.Opt(), true
	case "po-loc":
		return in.po().Inter(in.loc()), true
	case "rfe":
		return in.cand.rf.Diff(x.Int), true
	case "rfi":
		return in.cand.rf.Inter(x.Int), true
	case "co0":
		return in.co0(), true
	case "R":
		return setDiff(x.R, in.lockEvents()), true
	case "W":
		return in.writes(), true
	case "M":
		return setDiff(x.M, in.lockEvents()), true
	case "F":
		return x.F, true
	case "IW":
		return x.IW, true
	case "FW":
		return in.cand.fw, true
	case "B", "BCC", "PRED", "SPURIOUS":
		return rel.Set{}, true
	case "RMW":
		return x.Atomic, true
	case "emptyset":
		return rel.Set{}, true
	}
	if in.cand.arch == litmus.ArchAArch64 || in.cand.arch == "" {
		if v, ok := in.aarch64Builtin(name); ok {
			return v, true
		}
	}
	if f, ok := primitiveVals[name]; ok {
		return f, true
	}
	if in.knownTag(name) {
		return x.Tag(name), true
	}
	return nil, false
}

// knownTag reports whether name is an event set of the test's dialect or
// of the bell file's enums.
func (in *interp) knownTag(name string) bool {
	if in.cand.tags[name] {
		return true
	}
	if dialectTags[in.cand.arch][name] {
		return true
	}
	return !setEmpty(in.cand.x.Tag(name))
}

// dialectTags are the tag sets herd defines per dialect, whether or not
// a test's events carry them.
var dialectTags = map[litmus.Arch]map[string]bool{
	litmus.ArchX86:     {"MFENCE": true, "SFENCE": true, "LFENCE": true, "X": true},
	litmus.ArchX86_64:  {"MFENCE": true, "SFENCE": true, "LFENCE": true, "X": true},
	litmus.ArchPPC:     {"SYNC": true, "LWSYNC": true, "EIEIO": true, "ISYNC": true, "X": true},
	litmus.ArchAArch64: aarch64Tags(),
	litmus.ArchRISCV:   riscvTags(),
	litmus.ArchC:       {litmus.TagLockRead: true, litmus.TagLockWrite: true, litmus.TagUnlock: true, litmus.TagLockFail: true, litmus.TagReadLocked: true, litmus.TagReadUnlocked: true},
}

// riscvTags are herd's RISC-V event sets: one per fence (Fence.r.rw,
// Fence.tso, Fence.i), the annotations and the AMOs' single events.
func riscvTags() map[string]bool {
	tags := map[string]bool{"Fence.tso": true, "Fence.i": true, "X": true, "Acq": true, "Rel": true, "AcqRel": true, "Sc": true, "AMO": true}
	for _, p := range []string{"r", "w", "rw"} {
		for _, s := range []string{"r", "w", "rw"} {
			tags["Fence."+p+"."+s] = true
		}
	}
	return tags
}

// po is herd's program order. The explorer leaves the read and the write
// of one instruction unordered; herd's C orders them, the read first, as
// lock.cat's lk-rmw and the rmw & po of an xchg show.
func (in *interp) po() rel.Rel {
	if in.cand.arch != litmus.ArchC || in.cand.x.RMW.Empty() {
		return in.cand.x.PO
	}
	if in.cand.shape.cpo.IsZero() {
		in.cand.shape.cpo = in.cand.x.PO.Union(in.cand.x.RMW.Diff(in.cand.shape.id))
	}
	return in.cand.shape.cpo
}

// loc is herd's same-location relation. In C it relates every two events
// with a location, each to itself too, whether or not they access memory:
// linux-kernel.cat matches a synchronize_srcu, an event on its srcu
// struct, with the critical sections of the same struct through loc.
func (in *interp) loc() rel.Rel {
	if in.cand.arch != litmus.ArchC {
		return in.cand.x.Loc
	}
	if in.cand.shape.cloc.IsZero() {
		// On the heap: the lets memoised for the shape derive from it.
		cloc := rel.NewRel(in.cand.n)
		byLoc := map[string]rel.Set{}
		for i := range in.cand.x.Events {
			if l := in.cand.x.Events[i].Loc; l != "" {
				byLoc[l] = byLoc[l].Add(i)
			}
		}
		for i := range in.cand.x.Events {
			if l := in.cand.x.Events[i].Loc; l != "" {
				cloc.SetRow(i, byLoc[l])
			}
		}
		in.cand.shape.cloc = cloc
	}
	return in.cand.shape.cloc
}

// unlocks are the C unlock events.
func (in *interp) unlocks() rel.Set {
	if in.cand.arch != litmus.ArchC {
		return rel.Set{}
	}
	return in.cand.x.Tag(litmus.TagUnlock)
}

// writes is herd's W: the explorer's writes without lock events, which
// herd does not count as memory accesses; lock.cat adds them to W itself.
func (in *interp) writes() rel.Set { return setDiff(in.cand.x.W, in.lockEvents()) }

// co0 is herd's loc & (IW * (W \ IW) | (W \ FW) * FW), row by row in
// the worker's arena: it depends on FW, so each candidate computes it.
func (in *interp) co0() rel.Rel {
	x := in.cand.x
	w := in.writes()
	notIW, notFW := setDiff(w, x.IW), setDiff(w, in.cand.fw)
	r := in.candRel()
	setUnion(x.IW, notFW).Each(func(e int) {
		if e >= in.cand.n {
			return
		}
		var row rel.Set
		if x.IW.Has(e) {
			row = notIW
		}
		if notFW.Has(e) {
			row = setUnion(row, in.cand.fw)
		}
		r.SetRow(e, setInter(row, x.Loc.Row(e)))
	})
	return r
}

func (in *interp) lxsxRel() rel.Rel {
	return in.cand.x.RMW.Restrict(in.cand.x.LXSX, in.cand.x.LXSX)
}

// finalWrites is FW: the co-last write of each location, unless that is
// the initial write (herd's final state then reads from no store).
func finalWrites(x *litmus.Execution, co rel.Rel, writes rel.Set) rel.Set {
	var fw rel.Set
	setDiff(writes, x.IW).Each(func(w int) {
		if setEmpty(setInter(co.Row(w), writes)) {
			fw = fw.Add(w)
		}
	})
	return fw
}

type primFn = func(in *interp, arg Value) (Value, error)

var primitives map[string]primFn

// primitiveVals are the primitives as values, boxed once: different-values
// and same-values are looked up anew by each candidate.
var primitiveVals map[string]*builtin

func init() {
	primitives = map[string]primFn{
		"domain":           relToSet(func(r rel.Rel) rel.Set { return r.Domain() }),
		"range":            relToSet(func(r rel.Rel) rel.Set { return r.Range() }),
		"fencerel":         fencerel,
		"ctrlcfence":       ctrlcfence,
		"toid":             toid,
		"nodetour":         nodetour,
		"singlestep":       singlestep,
		"different-values": valuesRel(false),
		"same-values":      valuesRel(true),
		"classes":          classes,
		"classes-loc":      classesLoc,
		"partition":        classesLoc,
		"map":              mapFn,
		"fail":             func(*interp, Value) (Value, error) { return nil, fmt.Errorf("fail called") },
	}
	primitiveVals = map[string]*builtin{}
	for name, f := range primitives {
		primitiveVals[name] = &builtin{name: name, fn: f}
	}
}

func (in *interp) relArg(v Value, fn string) (rel.Rel, error) {
	r, ok := in.asRel(v)
	if !ok {
		return r, fmt.Errorf("type mismatch: %s of %s, want a relation", fn, typeName(v))
	}
	return r, nil
}

func (in *interp) setArg(v Value, fn string) (rel.Set, error) {
	s, ok := in.asSet(v)
	if !ok || isRel(v) {
		return rel.Set{}, fmt.Errorf("type mismatch: %s of %s, want an event set", fn, typeName(v))
	}
	return s, nil
}

func relToSet(f func(rel.Rel) rel.Set) primFn {
	return func(in *interp, v Value) (Value, error) {
		r, err := in.relArg(v, "domain or range")
		if err != nil {
			return nil, err
		}
		return f(r), nil
	}
}

func fencerel(in *interp, v Value) (Value, error) {
	s, err := in.setArg(v, "fencerel")
	if err != nil {
		return nil, err
	}
	if setEmpty(s) {
		// po ; [S] ; po is empty: a barrier the test has none of.
		return in.cand.shape.emptyV, nil
	}
	return models.FenceRel(in.cand.x.PO, s), nil
}

func ctrlcfence(in *interp, v Value) (Value, error) {
	ctrl, f := Value(in.cand.x.Ctrl), v
	if t, ok := v.(tupleVal); ok && len(t) == 2 {
		ctrl, f = t[0], t[1]
	}
	c, err := in.relArg(ctrl, "ctrlcfence")
	if err != nil {
		return nil, err
	}
	s, err := in.setArg(f, "ctrlcfence")
	if err != nil {
		return nil, err
	}
	return c.Restrict(in.cand.all, s).Seq(in.cand.x.PO), nil
}

func toid(in *interp, v Value) (Value, error) {
	s, err := in.setArg(v, "toid")
	if err != nil {
		return nil, err
	}
	return rel.Identity(in.cand.n, s), nil
}

func nodetour(in *interp, v Value) (Value, error) {
	t, ok := v.(tupleVal)
	if !ok || len(t) != 3 {
		return nil, fmt.Errorf("type mismatch: nodetour of %s, want three relations", typeName(v))
	}
	var rs [3]rel.Rel
	for i := range rs {
		r, err := in.relArg(t[i], "nodetour")
		if err != nil {
			return nil, err
		}
		rs[i] = r
	}
	return rs[0].Diff(rs[1].Seq(rs[2])), nil
}

func singlestep(in *interp, v Value) (Value, error) {
	r, err := in.relArg(v, "singlestep")
	if err != nil {
		return nil, err
	}
	return r.Diff(r.Seq(r)), nil
}

func valuesRel(same bool) primFn {
	return func(in *interp, v Value) (Value, error) {
		r, err := in.relArg(v, "different-values")
		if err != nil {
			return nil, err
		}
		out := in.newRel()
		for i := 0; i < r.N; i++ {
			r.EachSucc(i, func(j int) {
				if (in.cand.x.Events[i].Value == in.cand.x.Events[j].Value) == same {
					out.Add(i, j)
				}
			})
		}
		return out, nil
	}
}

// classes is the set of equivalence classes of an equivalence relation.
func classes(in *interp, v Value) (Value, error) {
	r, err := in.relArg(v, "classes")
	if err != nil {
		return nil, err
	}
	return partition(func(visit func(int)) {
		for i := 0; i < in.cand.n; i++ {
			visit(i)
		}
	}, func(i int) (rel.Set, bool) {
		row := r.Row(i)
		return row.Add(i), !setEmpty(row)
	}), nil
}

// classesLoc partitions an event set by location.
func classesLoc(in *interp, v Value) (Value, error) {
	s, err := in.setArg(v, "classes-loc")
	if err != nil {
		return nil, err
	}
	return partition(s.Each, func(e int) (rel.Set, bool) {
		return setInter(s, in.cand.x.Loc.Row(e).Add(e)), true
	}), nil
}

// partition lists the classes of the elements each visits, in order: an
// element starts its class (class; false for none) unless an earlier class
// holds it.
func partition(each func(func(int)), class func(int) (rel.Set, bool)) valSet {
	var out valSet
	var seen rel.Set
	each(func(e int) {
		if seen.Has(e) {
			return
		}
		if c, ok := class(e); ok {
			seen = setUnion(seen, c)
			out = append(out, c)
		}
	})
	return out
}

// mapFn is map f S, curried.
func mapFn(in *interp, f Value) (Value, error) {
	return &builtin{name: "map", fn: func(in *interp, s Value) (Value, error) {
		elems, err := in.elements(s)
		if err != nil {
			return nil, err
		}
		var out Value = emptyVal{}
		for _, e := range elems {
			// map's calls of f are not in the file: an error of the
			// call itself has no place of its own.
			v, err := in.apply(lexer.Position{}, f, e)
			if err != nil {
				return nil, err
			}
			if out, err = in.addElem(v, out); err != nil {
				return nil, err
			}
		}
		return out, nil
	}}, nil
}
