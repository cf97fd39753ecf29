// This file implements the table of the kernel primitives a C test calls
// (linux-kernel.def): each one's shape, arguments and the annotated events
// it lowers to.

package cprim

import "github.com/litmuscheck/litmuscheck/litmus"

// A Kind is the shape of a kernel primitive: its arguments and the
// instructions it lowers to.
type Kind uint8

const (
	Load      Kind = iota // (loc): one R
	Store                 // (loc, v): one W
	StoreMb               // smp_store_mb(loc, v): W[ONCE] then F[MB]
	Fence                 // (): one F
	SyncSrcu              // synchronize_srcu(p): an event on p
	Xchg                  // (p, v): R and W, returns the old value
	Cmpxchg               // (p, old, new): returns the old value
	AtomicOp              // (v, p) or (p): R and W, returns nothing
	AtomicRet             // (v, p) or (p): returns the old or new value
	AddUnless             // (p, a, u): add a unless the value is u
	Lock                  // spin_lock(p)
	Unlock                // spin_unlock(p)
	Trylock               // spin_trylock(p)
	IsLocked              // spin_is_locked(p)
	Seq                   // a .def macro of several void primitives, in order
)

// A Prim describes one primitive of linux-kernel.def, or of a .def file.
type Prim struct {
	Kind Kind
	// Lvalue: the location argument is written "*p" (READ_ONCE(*x),
	// WRITE_ONCE(*x, v)), not "p" (smp_load_acquire(x)).
	Lvalue bool
	// Tag annotates the primitive's events (litmus.TagOnce, ...).
	Tag string
	Op  litmus.BinOp // atomic operation
	One bool         // inc and dec: no value argument, the operand is 1
	New bool         // AtomicRet: returns the new value
	// Test, when set, compares the new value with 0 (atomic_dec_and_test,
	// atomic_add_negative).
	Test *litmus.BinOp
	// Args, for a primitive a .def macro defines, maps each argument of
	// the kind's own order to the macro's parameter (nil: the same order).
	Args []int
	// Steps are the steps of a Seq, NParams its number of parameters.
	Steps   []Prim
	NParams int
}

// NArgs is the number of arguments the primitive takes.
func (p Prim) NArgs() int {
	switch p.Kind {
	case Seq:
		return p.NParams
	case Fence:
		return 0
	case Load, SyncSrcu, Lock, Unlock, Trylock, IsLocked:
		return 1
	case Store, StoreMb, Xchg:
		return 2
	case Cmpxchg, AddUnless:
		return 3
	case AtomicOp, AtomicRet:
		if p.One {
			return 1
		}
		return 2
	}
	panic("should never happen: unknown primitive kind")
}

// Returns reports whether the primitive has a value.
func (p Prim) Returns() bool {
	switch p.Kind {
	case Store, StoreMb, Fence, SyncSrcu, AtomicOp, Lock, Unlock, Seq:
		return false
	}
	return true
}

// Kernel returns the kernel primitive name, as linux-kernel.def defines
// it.
func Kernel(name string) (Prim, bool) {
	p, ok := kernel[name]
	return p, ok
}

// kernel maps each primitive name to its description, after
// linux-kernel.def.
var kernel = func() map[string]Prim {
	m := map[string]Prim{
		"READ_ONCE":           {Kind: Load, Lvalue: true, Tag: litmus.TagOnce},
		"rcu_dereference":     {Kind: Load, Lvalue: true, Tag: litmus.TagOnce},
		"smp_load_acquire":    {Kind: Load, Tag: litmus.TagAcquire},
		"atomic_read":         {Kind: Load, Tag: litmus.TagOnce},
		"atomic_read_acquire": {Kind: Load, Tag: litmus.TagAcquire},
		"srcu_read_lock":      {Kind: Load, Tag: litmus.TagSrcuLock},
		"srcu_down_read":      {Kind: Load, Tag: litmus.TagSrcuLock},

		"WRITE_ONCE":         {Kind: Store, Lvalue: true, Tag: litmus.TagOnce},
		"rcu_assign_pointer": {Kind: Store, Lvalue: true, Tag: litmus.TagRelease},
		"smp_store_release":  {Kind: Store, Tag: litmus.TagRelease},
		"atomic_set":         {Kind: Store, Tag: litmus.TagOnce},
		"atomic_set_release": {Kind: Store, Tag: litmus.TagRelease},
		"srcu_read_unlock":   {Kind: Store, Tag: litmus.TagSrcuUnlock},
		"srcu_up_read":       {Kind: Store, Tag: litmus.TagSrcuUnlock},
		"smp_store_mb":       {Kind: StoreMb, Lvalue: true, Tag: litmus.TagOnce},

		"smp_mb":                         {Kind: Fence, Tag: litmus.TagMB},
		"smp_rmb":                        {Kind: Fence, Tag: litmus.TagRmb},
		"smp_wmb":                        {Kind: Fence, Tag: litmus.TagWmb},
		"smp_mb__before_atomic":          {Kind: Fence, Tag: litmus.TagBeforeAtomic},
		"smp_mb__after_atomic":           {Kind: Fence, Tag: litmus.TagAfterAtomic},
		"smp_mb__after_spinlock":         {Kind: Fence, Tag: litmus.TagAfterSpinlock},
		"smp_mb__after_unlock_lock":      {Kind: Fence, Tag: litmus.TagAfterUnlockLock},
		"smp_mb__after_srcu_read_unlock": {Kind: Fence, Tag: litmus.TagAfterSrcuReadUnlock},
		"barrier":                        {Kind: Fence, Tag: litmus.TagBarrier},
		"rcu_read_lock":                  {Kind: Fence, Tag: litmus.TagRcuLock},
		"rcu_read_unlock":                {Kind: Fence, Tag: litmus.TagRcuUnlock},
		"synchronize_rcu":                {Kind: Fence, Tag: litmus.TagSyncRcu},
		"synchronize_rcu_expedited":      {Kind: Fence, Tag: litmus.TagSyncRcu},

		"synchronize_srcu":           {Kind: SyncSrcu, Tag: litmus.TagSyncSrcu},
		"synchronize_srcu_expedited": {Kind: SyncSrcu, Tag: litmus.TagSyncSrcu},

		"spin_lock":      {Kind: Lock},
		"spin_unlock":    {Kind: Unlock},
		"spin_trylock":   {Kind: Trylock},
		"spin_is_locked": {Kind: IsLocked},

		"atomic_add_unless": {Kind: AddUnless, Tag: litmus.TagMB},
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
			m[pre+"xchg"+o.suffix] = Prim{Kind: Xchg, Tag: o.tag}
			m[pre+"cmpxchg"+o.suffix] = Prim{Kind: Cmpxchg, Tag: o.tag}
		}
		for _, name := range []string{"add", "sub", "inc", "dec"} {
			m["atomic_"+name+"_return"+o.suffix] = Prim{Kind: AtomicRet, Tag: o.tag, Op: ops[name], One: one(name), New: true}
		}
		for _, name := range []string{"add", "sub", "and", "or", "xor", "andnot", "inc", "dec"} {
			m["atomic_fetch_"+name+o.suffix] = Prim{Kind: AtomicRet, Tag: o.tag, Op: ops[name], One: one(name)}
		}
		m["atomic_add_negative"+o.suffix] = Prim{Kind: AtomicRet, Tag: o.tag, Op: litmus.OpAdd, New: true, Test: binOp(litmus.OpLt)}
	}
	for _, name := range []string{"add", "sub", "and", "or", "xor", "andnot", "inc", "dec"} {
		m["atomic_"+name] = Prim{Kind: AtomicOp, Tag: litmus.TagNoreturn, Op: ops[name], One: one(name)}
	}
	m["atomic_sub_and_test"] = Prim{Kind: AtomicRet, Tag: litmus.TagMB, Op: litmus.OpSub, New: true, Test: binOp(litmus.OpEq)}
	m["atomic_dec_and_test"] = Prim{Kind: AtomicRet, Tag: litmus.TagMB, Op: litmus.OpSub, One: true, New: true, Test: binOp(litmus.OpEq)}
	m["atomic_inc_and_test"] = Prim{Kind: AtomicRet, Tag: litmus.TagMB, Op: litmus.OpAdd, One: true, New: true, Test: binOp(litmus.OpEq)}
	return m
}()

func binOp(op litmus.BinOp) *litmus.BinOp { return &op }
