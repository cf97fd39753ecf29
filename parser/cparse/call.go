// This file implements the lowering of calls in C threads: the dispatch
// of a call to a test's or the fragments' functions, a .def file's
// primitives, the extensions and the kernel primitives, and the events
// each kernel primitive makes (the table is package cprim's).

package cparse

import (
	"fmt"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/parser/cparse/cext"
	"github.com/litmuscheck/litmuscheck/parser/cparse/cprim"
	"github.com/litmuscheck/litmuscheck/parser/cparse/csyntax"
	"github.com/litmuscheck/litmuscheck/parser/cparse/ctypes"
)

// call lowers a primitive call. The value, if any, goes to dst when it is
// named, else to a hidden register; want is false for a call whose value
// is dropped.
func (l *cLowerer) call(c *csyntax.Call, dst string, want bool) (litmus.Expr, error) {
	pos := l.pos(c.Pos)
	// A test's own functions and the fragments come first, then the
	// primitives of a .def file, which may redefine the kernel's.
	if l.defs != nil && l.defs.funcs[c.Name] == nil {
		if p, ok, err := l.defs.prims.Lookup(c.Name); ok {
			if err != nil {
				return nil, litmus.Errorf(pos, "%s: %v", c.Name, err)
			}
			return l.callPrim(c, p, dst, want)
		}
	}
	if v, done, err := l.extCall(c, dst, want); done {
		return v, err
	}
	if v, done, err := l.perCPUCall(c, dst); done {
		return v, err
	}
	if v, done, err := l.thisCPUCall(c, dst, want); done {
		return v, err
	}
	if v, done, err := l.dataRace(c, dst); done {
		return v, err
	}
	p, ok := cprim.Kernel(c.Name)
	if !ok {
		if v, done, err := l.longCall(c, dst, want); done {
			return v, err
		}
		if why, known := kernelUnsupported[c.Name]; known {
			return nil, litmus.Unsupported(pos, fmt.Sprintf("%s(): %s", c.Name, why))
		}
		return nil, litmus.Errorf(pos, "unknown function %q (not a kernel primitive, an extension or a fragment function)", c.Name)
	}
	return l.callPrim(c, p, dst, want)
}

// callPrim lowers a call of the primitive p.
func (l *cLowerer) callPrim(c *csyntax.Call, p cprim.Prim, dst string, want bool) (litmus.Expr, error) {
	pos := l.pos(c.Pos)
	if n := p.NArgs(); len(c.Args) != n {
		return nil, litmus.Errorf(pos, "%s expects %d argument%s, found %d", c.Name, n, plural(n), len(c.Args))
	}
	if want && !p.Returns() {
		return nil, litmus.Errorf(pos, "%s returns no value", c.Name)
	}
	if p.Args != nil || p.Kind == cprim.Seq {
		return l.callMacro(c, p, dst, want)
	}
	// Results computed from the value read go through a hidden register,
	// so that the arguments stay intact.
	computed := p.Test != nil || p.Kind == cprim.Trylock || p.Kind == cprim.AddUnless
	if computed || p.Kind == cprim.Lock || (dst == "" && want) {
		dst = l.temp()
	}
	args, loc, err := l.primArgs(c, p)
	if err != nil {
		return nil, err
	}
	in := litmus.Instr{Pos: pos, Text: l.text(c.Pos, c.EndPos), Size: l.primSize(p, c.Args)}
	if w, ok := litmus.ConvOp(int(loc.Bits), loc.Signed); ok && (p.Kind == cprim.AtomicOp || p.Kind == cprim.AtomicRet || p.Kind == cprim.AddUnless) {
		// The atomic computes in its location's type.
		in.Wrap = w
	}
	switch p.Kind {
	case cprim.Lock, cprim.Unlock, cprim.Trylock, cprim.IsLocked:
		return l.lockPrim(in, p.Kind, dst, args[0]), nil
	}
	return l.accessPrim(in, p, dst, args), nil
}

// primArgs lowers the arguments of a call c of p, left to right; the
// values stored, swapped, compared or combined are converted to the type
// of the location, which it returns as well.
func (l *cLowerer) primArgs(c *csyntax.Call, p cprim.Prim) ([]litmus.Expr, ctypes.Int, error) {
	loc := l.primType(p, c.Args)
	var args []litmus.Expr
	for i, a := range c.Args {
		var v litmus.Expr
		var err error
		if i == 0 && p.Lvalue {
			v, err = l.lvalue(c.Name, a)
		} else {
			var t ctypes.Int
			v, t, err = l.typedExpr(a)
			if primValueArg(p, i) {
				v = ctypes.Convert(v, t, loc)
			}
		}
		if err != nil {
			return nil, ctypes.Untyped, err
		}
		args = append(args, v)
	}
	return args, loc, nil
}

// accessPrim emits the events of a primitive that accesses memory or
// fences, in of its call with the position, the text, the size and the
// wrap set, and returns the call's value (nil when it has none).
func (l *cLowerer) accessPrim(in litmus.Instr, p cprim.Prim, dst string, args []litmus.Expr) litmus.Expr {
	tags := []string{p.Tag}
	switch p.Kind {
	case cprim.Load:
		in.Op, in.Dst, in.Addr, in.RTags = litmus.OpLoad, dst, args[0], tags
	case cprim.Store, cprim.StoreMb:
		in.Op, in.Addr, in.Src, in.WTags = litmus.OpStore, args[0], args[1], tags
		if p.Kind == cprim.StoreMb {
			l.emit(in)
			in = litmus.Instr{Pos: in.Pos, Text: in.Text, Op: litmus.OpFence, FTags: []string{litmus.TagMB}}
		}
	case cprim.Fence:
		in.Op, in.FTags = litmus.OpFence, tags
	case cprim.SyncSrcu:
		in.Op, in.Addr, in.FTags = litmus.OpFence, args[0], tags
	case cprim.Xchg:
		in.Op, in.Dst, in.Addr, in.Src = litmus.OpRMW, dst, args[0], args[1]
		in.RMWOp, in.RTags, in.WTags = litmus.OpXchg, tags, tags
	case cprim.Cmpxchg:
		in.Op, in.Dst, in.Addr, in.Expect, in.Src = litmus.OpCAS, dst, args[0], args[1], args[2]
		in.RTags, in.WTags = tags, tags
	case cprim.AtomicOp, cprim.AtomicRet:
		in.Op, in.Dst, in.RMWOp, in.ReturnNew = litmus.OpRMW, dst, p.Op, p.New
		in.RTags, in.WTags = tags, tags
		if p.One {
			in.Addr, in.Src = args[0], litmus.C(1)
		} else {
			in.Addr, in.Src = args[1], args[0]
		}
		if p.Test != nil {
			l.emit(in)
			return litmus.Bin(*p.Test, litmus.R(dst), litmus.C(0))
		}
	case cprim.AddUnless:
		// Success: old != u, stores old + a; failure: the read alone. The
		// result is 1 when the add happened.
		in.Op, in.Dst, in.Addr, in.Src, in.Expect = litmus.OpCAS, dst, args[0], args[1], args[2]
		in.AddUnless, in.RTags, in.WTags = true, tags, tags
		l.emit(in)
		return litmus.Bin(litmus.OpNe, litmus.R(dst), args[2])
	}
	return l.emitValue(in, dst)
}

// lockPrim emits the lock events of spin_lock, spin_unlock, spin_trylock
// or spin_is_locked of the lock at addr, as lock.cat reads them, and
// returns the call's value (nil when it has none).
func (l *cLowerer) lockPrim(in litmus.Instr, kind cprim.Kind, dst string, addr litmus.Expr) litmus.Expr {
	switch kind {
	case cprim.Lock:
		// The read must see the lock free (0) and the write takes it (1).
		// An attempt that finds it held reads it as spin_is_locked's RL
		// does, writes nothing, and spins (see package litmus, hang.go).
		in.Op, in.Dst, in.Addr, in.Src, in.RMWOp = litmus.OpRMW, dst, addr, litmus.C(1), litmus.OpXchg
		in.RTags, in.WTags, in.SpinTags = []string{litmus.TagLockRead}, []string{litmus.TagLockWrite}, []string{litmus.TagReadLocked}
		l.emit(in)
		return l.emitValue(litmus.Instr{Pos: in.Pos, Text: in.Text, Op: litmus.OpAssume, Cond: litmus.Bin(litmus.OpEq, litmus.R(dst), litmus.C(0)), Spin: 1}, "")
	case cprim.Unlock:
		in.Op, in.Addr, in.Src, in.WTags = litmus.OpStore, addr, litmus.C(0), []string{litmus.TagUnlock}
	case cprim.Trylock:
		// Success: LKR and LKW, returns 1; failure: an LF read of the held
		// lock, returns 0.
		in.Op, in.Dst, in.Addr, in.Expect, in.Src = litmus.OpCAS, dst, addr, litmus.C(0), litmus.C(1)
		in.RTags, in.WTags, in.FailTags = []string{litmus.TagLockRead}, []string{litmus.TagLockWrite}, []string{litmus.TagLockFail}
		l.emit(in)
		return litmus.Bin(litmus.OpEq, litmus.R(dst), litmus.C(0))
	case cprim.IsLocked:
		// The lock holds 1 when taken: the value read is the result.
		in.Op, in.Dst, in.Addr = litmus.OpLoad, dst, addr
		in.RTags, in.ZeroTags = []string{litmus.TagReadLocked}, []string{litmus.TagReadUnlocked}
	}
	return l.emitValue(in, dst)
}

// emitValue emits in and returns the value it leaves in dst, nil when dst
// is "" (a call whose value is dropped, or a primitive without one).
func (l *cLowerer) emitValue(in litmus.Instr, dst string) litmus.Expr {
	l.emit(in)
	if dst == "" {
		return nil
	}
	return litmus.R(dst)
}

// primValueArg reports whether the argument i of p is a value of the
// location's type rather than the location.
func primValueArg(p cprim.Prim, i int) bool {
	switch p.Kind {
	case cprim.Store, cprim.StoreMb, cprim.Xchg, cprim.Cmpxchg, cprim.AddUnless:
		return i > 0
	case cprim.AtomicOp, cprim.AtomicRet:
		return !p.One && i == 0
	}
	return false
}

// callType is the C type of the value of the call c, as call resolves
// it: a primitive's location type, int for a primitive that tests, an
// inlined function's return type.
func (l *cLowerer) callType(c *csyntax.Call) ctypes.Int {
	if l.defs != nil {
		if fn, ok := l.defs.funcs[c.Name]; ok && !l.inside(fn) {
			return intType(fn.Ret, len(fn.Stars))
		}
		if p, ok, err := l.defs.prims.Lookup(c.Name); ok && err == nil {
			return l.primResultType(p, c.Args)
		}
	}
	if x, ok := cext.All[c.Name]; ok {
		if x.Kind == cext.CondLoad && len(c.Args) > 0 {
			return l.exprType(c.Args[0])
		}
		return ctypes.Int32
	}
	name := c.Name
	if short, ok := longAlias(name); ok {
		name = short
	}
	if p, ok := cprim.Kernel(name); ok {
		return l.primResultType(p, c.Args)
	}
	return ctypes.Untyped
}

// primResultType is the C type of the value of the primitive p called
// with args.
func (l *cLowerer) primResultType(p cprim.Prim, args []*csyntax.Expr) ctypes.Int {
	switch {
	case p.Args != nil || p.Kind == cprim.Seq:
		return ctypes.Untyped
	case p.Test != nil, p.Kind == cprim.Trylock, p.Kind == cprim.AddUnless, p.Kind == cprim.IsLocked:
		return ctypes.Int32
	}
	return l.primType(p, args)
}

// callMacro lowers a call of a primitive a .def macro defines: each step
// with the call's arguments in its own order.
func (l *cLowerer) callMacro(c *csyntax.Call, p cprim.Prim, dst string, want bool) (litmus.Expr, error) {
	steps := p.Steps
	if p.Kind != cprim.Seq {
		steps = []cprim.Prim{p}
	}
	var v litmus.Expr
	for _, s := range steps {
		sub := *c
		sub.Args = make([]*csyntax.Expr, len(s.Args))
		for k, i := range s.Args {
			sub.Args[k] = c.Args[i]
		}
		if s.Args == nil {
			sub.Args = c.Args
		}
		s.Args = nil
		var err error
		if v, err = l.callPrim(&sub, s, dst, want); err != nil {
			return nil, err
		}
	}
	return v, nil
}

// lvalue lowers the "*p" argument of READ_ONCE and friends to the address
// p.
func (l *cLowerer) lvalue(name string, a *csyntax.Expr) (litmus.Expr, error) {
	u := csyntax.Single(a)
	if m := csyntax.MemberOf(u); m != nil {
		addr, _, err := l.member(m)
		return addr, err
	}
	if o := l.sharedNamed(u); o != nil {
		return l.objectAddress(o), nil
	}
	if u == nil || u.Op != "*" {
		return nil, litmus.Errorf(l.pos(a.Pos), "%s expects a \"*p\" location or a \"p->member\" as its first argument", name)
	}
	return l.unary(u.X)
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// kernelUnsupported are kernel functions lock code calls that the C
// dialect does not model yet, with what modelling them needs: a call is
// refused as unsupported, naming the function, rather than taken for a
// misspelt one.
var kernelUnsupported = map[string]string{
	"per_cpu":        "a per-CPU variable as a value, not modelled (use per_cpu_ptr(&var, cpu))",
	"DEFINE_PER_CPU": "a per-CPU variable defined inside a function (define it before the functions)",
	"pv_wait":        "a paravirtual wait, not modelled as a call (the pv fragments model the hash slot)",
	"pv_kick":        "a paravirtual kick, not modelled as a call (the pv fragments model the hash slot)",
	"BUG":            "a kernel crash, whose reaching is the bug: not modelled",
	"BUG_ON":         "a kernel crash when its condition holds, whose reaching is the bug: not modelled",
}
