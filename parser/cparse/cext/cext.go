// This file implements the catalogue of extension primitives: each
// name's kind, its ordering tag and its number of arguments.

package cext

import (
	"strings"

	"github.com/litmuscheck/litmuscheck/litmus"
)

// A Kind is what an extension primitive does, and how cparse lowers it.
type Kind uint8

const (
	TryCmpxchg Kind = iota // (p, &old, new)
	CondLoad               // (p, cond)
	Assume                 // (cond)
	Relax                  // cpu_relax()
	Hint                   // likely(c), unlikely(c)
	Nop                    // HMT_low()...
	CPU                    // smp_processor_id()
	Choose                 // need_resched(), vcpu_is_preempted(cpu)
	False                  // virt_spin_lock(lock), in_interrupt()
	Alias                  // arch_spin_lock(l), smp_mb__before_atomic_dec()...
	Warn                   // WARN_ON(c), WARN(c, fmt, ...)
	Report                 // printk(fmt, ...), pr_warn(fmt, ...)
)

// warnArgs are the WARN forms, with their least numbers of arguments:
// the condition, and a format and its arguments for those that print.
var warnArgs = map[string]int{"WARN_ON": 1, "WARN_ON_ONCE": 1, "WARN": 2, "WARN_ONCE": 2}

// reports are the kernel's log messages, a format and its arguments.
var reports = []string{"printk", "pr_emerg", "pr_alert", "pr_crit", "pr_err", "pr_warn", "pr_notice", "pr_info", "pr_cont", "pr_debug", "pr_devel"}

// Variadic reports whether a call of an extension of kind k may take
// more arguments than Args.
func Variadic(k Kind) bool { return k == Report || k == Warn }

// Aliases are kernel names that stand for one of the dialect's: the
// architecture's spinlock operations, which a kernel built on the queued
// spinlock makes its spin_lock, spin_unlock and spin_trylock (the
// column's lock: the LKMM's lock events, the hardware's qspinlock or
// --lock), and the barriers before and after an atomic operation by the
// names kernels before v3.16 gave them. A definition pasted with the code
// (powerpc's simple spinlock) replaces them.
var Aliases = map[string]string{
	"arch_spin_lock": "spin_lock", "arch_spin_unlock": "spin_unlock", "arch_spin_trylock": "spin_trylock",
	"smp_mb__before_atomic_dec": "smp_mb__before_atomic", "smp_mb__before_atomic_inc": "smp_mb__before_atomic",
	"smp_mb__after_atomic_dec": "smp_mb__after_atomic", "smp_mb__after_atomic_inc": "smp_mb__after_atomic",
	"smp_mb__before_clear_bit": "smp_mb__before_atomic", "smp_mb__after_clear_bit": "smp_mb__after_atomic",
}

// aliasArgs is the arity of the alias name: a spinlock's one, a
// barrier's none.
func aliasArgs(name string) int {
	if strings.HasPrefix(Aliases[name], "spin_") {
		return 1
	}
	return 0
}

// nopArgs are the arities of the Nop helpers, and Evaluated those
// whose arguments run as C runs them.
var (
	nopArgs   = map[string]int{"prefetch": 1, "prefetchw": 1, "BUILD_BUG_ON": 1, "qstat_inc": 2}
	Evaluated = map[string]bool{"prefetch": true, "prefetchw": true}
)

// chooseArgs are the arities of the Choose helpers.
var chooseArgs = map[string]int{"need_resched": 0, "vcpu_is_preempted": 1}

// falseArgs are the helpers that are false, with their arities.
var falseArgs = map[string]int{"virt_spin_lock": 1, "in_interrupt": 0, "in_irq": 0, "in_hardirq": 0,
	"in_softirq": 0, "in_serving_softirq": 0, "in_nmi": 0}

// An Ext is an extension primitive.
type Ext struct {
	Kind Kind
	Tag  string
	// Helper: a kernel helper with no memory effect of its own, which a
	// definition in the test or a user's file may replace (pasted kernel
	// code often carries its own).
	Helper bool
}

// All are the extension primitives by name.
var All = func() map[string]Ext {
	m := map[string]Ext{"__assume": {Kind: Assume}, "cpu_relax": {Kind: Relax, Tag: litmus.TagBarrier, Helper: true}}
	m["cpu_relax_lowlatency"] = m["cpu_relax"] // its name in kernels before v4.3
	for _, o := range []struct{ suffix, tag string }{
		{"", litmus.TagMB}, {"_relaxed", litmus.TagOnce}, {"_acquire", litmus.TagAcquire}, {"_release", litmus.TagRelease},
	} {
		m["try_cmpxchg"+o.suffix] = Ext{Kind: TryCmpxchg, Tag: o.tag}
		m["atomic_try_cmpxchg"+o.suffix] = Ext{Kind: TryCmpxchg, Tag: o.tag}
	}
	m["smp_cond_load_relaxed"] = Ext{Kind: CondLoad, Tag: litmus.TagOnce}
	m["smp_cond_load_acquire"] = Ext{Kind: CondLoad, Tag: litmus.TagAcquire}
	m["atomic_cond_read_relaxed"] = Ext{Kind: CondLoad, Tag: litmus.TagOnce}
	m["atomic_cond_read_acquire"] = Ext{Kind: CondLoad, Tag: litmus.TagAcquire}
	m["likely"], m["unlikely"] = Ext{Kind: Hint, Helper: true}, Ext{Kind: Hint, Helper: true}
	m["smp_processor_id"], m["raw_smp_processor_id"] = Ext{Kind: CPU, Helper: true}, Ext{Kind: CPU, Helper: true}
	for name := range chooseArgs {
		m[name] = Ext{Kind: Choose, Helper: true}
	}
	for _, p := range []string{"very_low", "low", "medium_low", "medium", "medium_high", "high"} {
		m["HMT_"+p] = Ext{Kind: Nop, Helper: true}
	}
	for name := range nopArgs {
		m[name] = Ext{Kind: Nop, Helper: true}
	}
	for name := range falseArgs {
		m[name] = Ext{Kind: False, Helper: true}
	}
	for name := range warnArgs {
		m[name] = Ext{Kind: Warn, Helper: true}
	}
	for _, name := range reports {
		m[name] = Ext{Kind: Report, Helper: true}
	}
	for name := range Aliases {
		m[name] = Ext{Kind: Alias, Helper: true}
	}
	return m
}()

// Args is the number of arguments of a call of name, an extension of
// kind k, or the least number when it is Variadic.
func Args(name string, k Kind) int {
	return map[Kind]int{TryCmpxchg: 3, CondLoad: 2, Assume: 1, Relax: 0, Hint: 1, Nop: nopArgs[name], CPU: 0,
		Choose: chooseArgs[name], False: falseArgs[name], Alias: aliasArgs(name), Warn: warnArgs[name], Report: 1}[k]
}
