// This file implements the table of the kernel primitives a C test calls
// (linux-kernel.def): each one's shape, arguments and the annotated events
// it lowers to.

package parser

import "github.com/litmuscheck/litmuscheck/litmus"

// A cPrimKind is the shape of a kernel primitive: its arguments and the
// instructions it lowers to.
type cPrimKind uint8

const (
	primLoad      cPrimKind = iota // (loc): one R
	primStore                      // (loc, v): one W
	primStoreMb                    // smp_store_mb(loc, v): W[ONCE] then F[MB]
	primFence                      // (): one F
	primSyncSrcu                   // synchronize_srcu(p): an event on p
	primXchg                       // (p, v): R and W, returns the old value
	primCmpxchg                    // (p, old, new): returns the old value
	primAtomicOp                   // (v, p) or (p): R and W, returns nothing
	primAtomicRet                  // (v, p) or (p): returns the old or new value
	primAddUnless                  // (p, a, u): add a unless the value is u
	primLock                       // spin_lock(p)
	primUnlock                     // spin_unlock(p)
	primTrylock                    // spin_trylock(p)
	primIsLocked                   // spin_is_locked(p)
	primSeq                        // a .def macro of several void primitives, in order
)

// A cPrim describes one primitive of linux-kernel.def.
type cPrim struct {
	kind cPrimKind
	// lvalue: the location argument is written "*p" (READ_ONCE(*x),
	// WRITE_ONCE(*x, v)), not "p" (smp_load_acquire(x)).
	lvalue bool
	tag    string
	op     litmus.BinOp // atomic operation
	one    bool         // inc and dec: no value argument, the operand is 1
	new    bool         // primAtomicRet: returns the new value
	// test, when set, compares the new value with 0 (atomic_dec_and_test,
	// atomic_add_negative).
	test *litmus.BinOp
	// args, for a primitive a .def macro defines, maps each argument of
	// the kind's own order to the macro's parameter (nil: the same order).
	args []int
	// seq are the steps of a primSeq, n its number of parameters.
	seq []cPrim
	n   int
}

// nargs is the number of arguments the primitive takes.
func (p cPrim) nargs() int {
	switch p.kind {
	case primSeq:
		return p.n
	case primFence:
		return 0
	case primLoad, primSyncSrcu, primLock, primUnlock, primTrylock, primIsLocked:
		return 1
	case primStore, primStoreMb, primXchg:
		return 2
	case primCmpxchg, primAddUnless:
		return 3
	case primAtomicOp, primAtomicRet:
		if p.one {
			return 1
		}
		return 2
	}
	panic("should never happen: unknown primitive kind")
}

// returns reports whether the primitive has a value.
func (p cPrim) returns() bool {
	switch p.kind {
	case primStore, primStoreMb, primFence, primSyncSrcu, primAtomicOp, primLock, primUnlock, primSeq:
		return false
	}
	return true
}

// cPrims maps each primitive name to its description, after
// linux-kernel.def.
var cPrims = func() map[string]cPrim {
	m := map[string]cPrim{
		"READ_ONCE":           {kind: primLoad, lvalue: true, tag: litmus.TagOnce},
		"rcu_dereference":     {kind: primLoad, lvalue: true, tag: litmus.TagOnce},
		"smp_load_acquire":    {kind: primLoad, tag: litmus.TagAcquire},
		"atomic_read":         {kind: primLoad, tag: litmus.TagOnce},
		"atomic_read_acquire": {kind: primLoad, tag: litmus.TagAcquire},
		"srcu_read_lock":      {kind: primLoad, tag: litmus.TagSrcuLock},
		"srcu_down_read":      {kind: primLoad, tag: litmus.TagSrcuLock},

		"WRITE_ONCE":         {kind: primStore, lvalue: true, tag: litmus.TagOnce},
		"rcu_assign_pointer": {kind: primStore, lvalue: true, tag: litmus.TagRelease},
		"smp_store_release":  {kind: primStore, tag: litmus.TagRelease},
		"atomic_set":         {kind: primStore, tag: litmus.TagOnce},
		"atomic_set_release": {kind: primStore, tag: litmus.TagRelease},
		"srcu_read_unlock":   {kind: primStore, tag: litmus.TagSrcuUnlock},
		"srcu_up_read":       {kind: primStore, tag: litmus.TagSrcuUnlock},
		"smp_store_mb":       {kind: primStoreMb, lvalue: true, tag: litmus.TagOnce},

		"smp_mb":                         {kind: primFence, tag: litmus.TagMB},
		"smp_rmb":                        {kind: primFence, tag: litmus.TagRmb},
		"smp_wmb":                        {kind: primFence, tag: litmus.TagWmb},
		"smp_mb__before_atomic":          {kind: primFence, tag: litmus.TagBeforeAtomic},
		"smp_mb__after_atomic":           {kind: primFence, tag: litmus.TagAfterAtomic},
		"smp_mb__after_spinlock":         {kind: primFence, tag: litmus.TagAfterSpinlock},
		"smp_mb__after_unlock_lock":      {kind: primFence, tag: litmus.TagAfterUnlockLock},
		"smp_mb__after_srcu_read_unlock": {kind: primFence, tag: litmus.TagAfterSrcuReadUnlock},
		"barrier":                        {kind: primFence, tag: litmus.TagBarrier},
		"rcu_read_lock":                  {kind: primFence, tag: litmus.TagRcuLock},
		"rcu_read_unlock":                {kind: primFence, tag: litmus.TagRcuUnlock},
		"synchronize_rcu":                {kind: primFence, tag: litmus.TagSyncRcu},
		"synchronize_rcu_expedited":      {kind: primFence, tag: litmus.TagSyncRcu},

		"synchronize_srcu":           {kind: primSyncSrcu, tag: litmus.TagSyncSrcu},
		"synchronize_srcu_expedited": {kind: primSyncSrcu, tag: litmus.TagSyncSrcu},

		"spin_lock":      {kind: primLock},
		"spin_unlock":    {kind: primUnlock},
		"spin_trylock":   {kind: primTrylock},
		"spin_is_locked": {kind: primIsLocked},

		"atomic_add_unless": {kind: primAddUnless, tag: litmus.TagMB},
	}
	// Ordering suffixes of the RMW primitives and their annotations.
	orders := []struct{ suffix, tag string }{
		{"", litmus.TagMB}, {"_relaxed", litmus.TagOnce}, {"_acquire", litmus.TagAcquire}, {"_release", litmus.TagRelease},
	}
	ops := map[string]litmus.BinOp{
		"add": litmus.OpAdd, "sub": litmus.OpSub, "and": litmus.OpAnd,
		"or": litmus.OpOr, "xor": litmus.OpXor, "andnot": litmus.OpAndNot,
		"inc": litmus.OpAdd, "dec": litmus.OpSub,
	}
	one := func(name string) bool { return name == "inc" || name == "dec" }
	for _, o := range orders {
		for _, pre := range []string{"", "atomic_"} {
			m[pre+"xchg"+o.suffix] = cPrim{kind: primXchg, tag: o.tag}
			m[pre+"cmpxchg"+o.suffix] = cPrim{kind: primCmpxchg, tag: o.tag}
		}
		for _, name := range []string{"add", "sub", "inc", "dec"} {
			m["atomic_"+name+"_return"+o.suffix] = cPrim{kind: primAtomicRet, tag: o.tag, op: ops[name], one: one(name), new: true}
		}
		for _, name := range []string{"add", "sub", "and", "or", "xor", "andnot", "inc", "dec"} {
			m["atomic_fetch_"+name+o.suffix] = cPrim{kind: primAtomicRet, tag: o.tag, op: ops[name], one: one(name)}
		}
		m["atomic_add_negative"+o.suffix] = cPrim{kind: primAtomicRet, tag: o.tag, op: litmus.OpAdd, new: true, test: binOp(litmus.OpLt)}
	}
	for _, name := range []string{"add", "sub", "and", "or", "xor", "andnot", "inc", "dec"} {
		m["atomic_"+name] = cPrim{kind: primAtomicOp, tag: litmus.TagNoreturn, op: ops[name], one: one(name)}
	}
	m["atomic_sub_and_test"] = cPrim{kind: primAtomicRet, tag: litmus.TagMB, op: litmus.OpSub, new: true, test: binOp(litmus.OpEq)}
	m["atomic_dec_and_test"] = cPrim{kind: primAtomicRet, tag: litmus.TagMB, op: litmus.OpSub, one: true, new: true, test: binOp(litmus.OpEq)}
	m["atomic_inc_and_test"] = cPrim{kind: primAtomicRet, tag: litmus.TagMB, op: litmus.OpAdd, one: true, new: true, test: binOp(litmus.OpEq)}
	return m
}()

func binOp(op litmus.BinOp) *litmus.BinOp { return &op }
