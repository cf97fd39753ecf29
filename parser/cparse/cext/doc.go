// Package cext lists litmuscheck's extension primitives of the C
// dialect, which herd7 does not have and lock code needs, with their
// arities; package cparse lowers them:
//
//   - try_cmpxchg(p, &old, new) and its _relaxed, _acquire, _release and
//     atomic_ forms: the compare-and-swap of cmpxchg that returns whether it
//     succeeded and, on failure, writes the value read to old.
//   - smp_cond_load_relaxed(p, cond) and smp_cond_load_acquire(p, cond),
//     with atomic_cond_read_relaxed and atomic_cond_read_acquire: the spin
//     loop's final, successful iteration, a READ_ONCE (or an acquire load)
//     of *p whose value VAL satisfies cond; executions where it does not are
//     dropped.
//   - __assume(cond): drops the executions in which cond is false, the
//     encoding of "spin until cond" as its final successful attempt.
//   - cpu_relax(), the body of kernel spin loops: a pause hint that is a
//     compiler barrier on every architecture, so barrier()'s F[Barrier].
//   - likely(c) and unlikely(c), branch hints: the value of !!(c).
//   - smp_processor_id() and raw_smp_processor_id(): the number of the
//     thread, each thread being a CPU of its own.
//   - HMT_low(), HMT_medium() and powerpc's other priority hints, which
//     change no memory access: nothing.
//   - prefetch(p) and prefetchw(p), cache hints: the argument is
//     evaluated and nothing else happens; BUILD_BUG_ON(cond), a check made
//     when the kernel is compiled, and qstat_inc(stat, cond), the queued
//     locks' statistics (compiled out without CONFIG_QUEUED_LOCK_STAT,
//     and their arguments are constants and locals): nothing, the
//     arguments not evaluated (they name the kernel's constants and
//     enumerations); virt_spin_lock(lock), the hypervisor's test-and-set
//     fallback, is false, as on bare metal.
//   - in_interrupt() and the other tests of the context (in_irq,
//     in_hardirq, in_softirq, in_serving_softirq, in_nmi): false, a
//     test's threads running in task context; a test whose thread stands
//     for an interrupt handler defines them.
//   - arch_spin_lock(l), arch_spin_unlock(l), arch_spin_trylock(l): the
//     spinlock of the column, as spin_lock(l) and the others; the old
//     names of smp_mb__before_atomic() and smp_mb__after_atomic().
//   - need_resched() and vcpu_is_preempted(cpu): a boolean that no memory
//     access decides, a choice of 0 or 1 (litmus.OpChoose), each call's
//     own; the CPU argument is evaluated, its reads kept, and decides
//     nothing.
//   - WARN_ON(c), WARN_ON_ONCE(c), WARN(c, fmt, ...) and WARN_ONCE(c,
//     fmt, ...): the value !!(c), the format and its arguments not
//     evaluated; printk(fmt, ...) and the pr_ family: nothing.

package cext
