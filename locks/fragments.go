// This file implements the lock fragments: lock algorithms written as C
// functions (fragments/*.c, embedded), which C tests call by name or
// through spin_lock, spin_unlock, spin_trylock and spin_is_locked when an
// algorithm is chosen.

package locks

import (
	"embed"
	"fmt"
	"io/fs"
	"sort"
	"strings"
	"sync"

	"github.com/litmuscheck/litmuscheck/parser/cparse"
)

//go:embed fragments/*.c
var fragmentFiles embed.FS

// An Algorithm is a lock algorithm: the fragment functions that stand for
// the kernel's spin_* operations when it is chosen.
type Algorithm struct {
	Name string
	Doc  string
	// Ops maps spin_lock, spin_unlock, spin_trylock and spin_is_locked to
	// the fragment functions implementing them.
	Ops map[string]string
	// OwnRows leaves the algorithm out of the proof-table rows made for
	// every spinlock (forEachSpinlock): its lock word takes more values
	// than the explorer's path bound allows in those tests (the ticket
	// lock's counters), so it has rows of its own.
	OwnRows bool
}

func spinOps(lock, unlock, trylock, isLocked string) map[string]string {
	return map[string]string{
		"spin_lock": lock, "spin_unlock": unlock,
		"spin_trylock": trylock, "spin_is_locked": isLocked,
	}
}

// Algorithms are the lock algorithms --lock can name. The OSQ's osq_lock
// and osq_unlock are fragments of their own, v6.7's unless an OSQ
// algorithm is chosen.
var Algorithms = []*Algorithm{
	{Name: "qspinlock", Doc: "queued spinlock fast path: atomic_try_cmpxchg_acquire, unlock smp_store_release",
		Ops: spinOps("qspin_lock", "qspin_unlock", "qspin_trylock", "qspin_is_locked")},
	{Name: "qspinlock-mb", Doc: "qspinlock with smp_mb() in spin_is_locked (54cf809b9512)",
		Ops: spinOps("qspin_lock", "qspin_unlock", "qspin_trylock", "qspin_is_locked_mb")},
	{Name: "generic", Doc: "cmpxchg_acquire to take, smp_store_release to release",
		Ops: spinOps("generic_spin_lock", "generic_spin_unlock", "generic_spin_trylock", "generic_spin_is_locked")},
	{Name: "ppc-simple", Doc: "powerpc simple spinlock, arch_spin_is_locked without smp_mb (v5.13 on, 66f60522138c)",
		Ops: spinOps("ppc_spin_lock", "ppc_spin_unlock", "ppc_spin_trylock", "ppc_spin_is_locked")},
	{Name: "ppc-simple-mb", Doc: "powerpc simple spinlock, arch_spin_is_locked with smp_mb (2014-v5.12, 51d7d5205d33)",
		Ops: spinOps("ppc_spin_lock", "ppc_spin_unlock", "ppc_spin_trylock", "ppc_spin_is_locked_mb")},
	{Name: "pv-cmpxchg", Doc: "qspinlock, paravirt unlock by cmpxchg (before b193049375b0)",
		Ops: spinOps("qspin_lock", "pv_unlock_cmpxchg", "qspin_trylock", "qspin_is_locked")},
	{Name: "pv-cmpxchg-release", Doc: "qspinlock, paravirt unlock by cmpxchg_release (b193049375b0, v4.9 on)",
		Ops: spinOps("qspin_lock", "pv_unlock_cmpxchg_release", "qspin_trylock", "qspin_is_locked")},
	{Name: "pv-cmpxchg-relaxed", Doc: "qspinlock, unlock by cmpxchg_relaxed (what-if)",
		Ops: spinOps("qspin_lock", "pv_unlock_cmpxchg_relaxed", "qspin_trylock", "qspin_is_locked")},
	{Name: "write-once", Doc: "qspinlock, unlock by WRITE_ONCE (strawman: no release)",
		Ops: spinOps("qspin_lock", "unlock_write_once", "qspin_trylock", "qspin_is_locked")},
	{Name: "pv-wait-norecheck", Doc: "pv_wait() that sleeps without rechecking *ptr == val (what-if: a kick before the sleep is lost)",
		Ops: map[string]string{"pv_wait": "pv_wait_norecheck"}},
	{Name: "osq-late-clear", Doc: "osq_lock that clears node->locked after publishing the node in prev->next (broken: the hand-off can be overwritten)",
		Ops: map[string]string{"osq_lock": "osq_lock_late_clear"}},
	{Name: "ticket", Doc: "generic ticket spinlock (asm-generic/ticket_spinlock.h): atomic_fetch_add(1<<16), atomic_cond_read_acquire + smp_mb, unlock by a word-level release RMW on the owner half",
		OwnRows: true, Ops: spinOps("ticket_spin_lock", "ticket_spin_unlock", "ticket_spin_trylock", "ticket_spin_is_locked")},
	{Name: "ticket-relaxed-wait", Doc: "ticket spinlock waiting with atomic_cond_read_relaxed and no smp_mb (what-if: no acquire)",
		OwnRows: true, Ops: spinOps("ticket_spin_lock_relaxed", "ticket_spin_unlock", "ticket_spin_trylock", "ticket_spin_is_locked")},
	{Name: "ticket-relaxed-unlock", Doc: "ticket spinlock unlocking with atomic_fetch_add_relaxed (what-if: no release)",
		OwnRows: true, Ops: spinOps("ticket_spin_lock", "ticket_spin_unlock_relaxed", "ticket_spin_trylock", "ticket_spin_is_locked")},
	{Name: "qspinlock-pending-mask", Doc: "qspinlock pending path (byte and halfword members), spin_is_locked testing _Q_LOCKED_MASK only (before 54cf809b9512)",
		OwnRows: true, Ops: spinOps("qspin_lock_pending", "qspin_unlock_byte", "qspin_trylock_word", "qspin_is_locked_mask")},
	{Name: "qspinlock-pending", Doc: "qspinlock pending path (byte and halfword members), spin_is_locked as atomic_read(&lock->val) != 0 (today)",
		OwnRows: true, Ops: spinOps("qspin_lock_pending", "qspin_unlock_byte", "qspin_trylock_word", "qspin_is_locked_word")},
	{Name: "qspinlock-pending-mb", Doc: "qspinlock pending path, spin_is_locked with smp_mb() first (54cf809b9512)",
		OwnRows: true, Ops: spinOps("qspin_lock_pending", "qspin_unlock_byte", "qspin_trylock_word", "qspin_is_locked_word_mb")},
	{Name: "qspinlock-pending-relaxed-wait", Doc: "qspinlock pending path waiting for the locked byte with smp_cond_load_relaxed (what-if: no acquire)",
		OwnRows: true, Ops: spinOps("qspin_lock_pending_relaxed", "qspin_unlock_byte", "qspin_trylock_word", "qspin_is_locked_word")},
	{Name: "qspinlock-mcs-relaxed", Doc: "qspinlock MCS hand-off by WRITE_ONCE and smp_cond_load_relaxed on node->locked (what-if: neither release nor acquire)",
		Ops: map[string]string{"mcs_spin_lock_contended": "mcs_spin_lock_contended_relaxed", "mcs_spin_unlock_contended": "mcs_spin_unlock_contended_once"}},
	{Name: "qspinlock-mcs-no-release", Doc: "qspinlock MCS hand-off by WRITE_ONCE of next->locked (what-if: no release)",
		Ops: map[string]string{"mcs_spin_unlock_contended": "mcs_spin_unlock_contended_once"}},
	{Name: "qspinlock-mcs-no-acquire", Doc: "qspinlock MCS wait on node->locked by smp_cond_load_relaxed (what-if: no acquire)",
		Ops: map[string]string{"mcs_spin_lock_contended": "mcs_spin_lock_contended_relaxed"}},
	{Name: "osq-prev-cpu", Doc: "osq_lock with node->prev_cpu and the deferred node->locked = 0 (Laight 2023 v2, unmerged)",
		Ops: map[string]string{"osq_lock": "osq_lock_prev_cpu"}},
	// The paravirt slow path's what-ifs (pv_slowpath.c) and powerpc's own
	// qspinlock (ppc_qspinlock.c).
	{Name: "pv-slow-relaxed", Doc: "pv_wait_head_or_lock setting _Q_SLOW_VAL with xchg_relaxed (what-if: the hash entry may not be visible to the unlock)",
		Ops: map[string]string{"pv_set_slow": "pv_set_slow_relaxed"}},
	{Name: "pv-unlock-no-rmb", Doc: "__pv_queued_spin_unlock_slowpath without the smp_rmb() after the failed cmpxchg_release (what-if)",
		Ops: map[string]string{"pv_unlock_rmb": "pv_unlock_no_rmb"}},
	{Name: "pv-kick-node-no-mb", Doc: "pv_kick_node without the smp_mb__before_atomic() before its cmpxchg_relaxed of the state (what-if)",
		Ops: map[string]string{"pv_kick_node": "pv_kick_node_no_mb"}},
	{Name: "ppc-qspinlock", Doc: "powerpc's own qspinlock (2022 rewrite): lwarx/stwcx. trylock with PPC_ACQUIRE_BARRIER, unlock by the u16 store-release of locked",
		OwnRows: true, Ops: spinOps("ppc_qspin_lock", "ppc_qspin_unlock", "ppc_qspin_trylock", "ppc_qspin_is_locked")},
	{Name: "ppc-qspinlock-no-acquire", Doc: "powerpc qspinlock taking the lock without PPC_ACQUIRE_BARRIER (what-if)",
		OwnRows: true, Ops: spinOps("ppc_qspin_lock_no_acquire", "ppc_qspin_unlock", "ppc_qspin_trylock", "ppc_qspin_is_locked")},
	{Name: "ppc-qspinlock-no-release", Doc: "powerpc qspinlock unlocking without PPC_RELEASE_BARRIER (what-if: WRITE_ONCE of locked)",
		OwnRows: true, Ops: spinOps("ppc_qspin_lock", "ppc_qspin_unlock_no_release", "ppc_qspin_trylock", "ppc_qspin_is_locked")},
	// powerpc's own qspinlock's MCS queue (ppc_qspinlock_mcs.c).
	{Name: "ppc-qspinlock-mcs-no-release", Doc: "powerpc qspinlock queue: publish_tail_cpu without PPC_RELEASE_BARRIER (what-if: the node's initialisation can land after the tail)",
		Ops: map[string]string{"ppcq_publish_tail_cpu": "ppcq_publish_tail_cpu_relaxed"}},
	{Name: "ppc-qspinlock-mcs-no-ctrl-rmb", Doc: "powerpc qspinlock queue: get_tail_qnode without smp_acquire__after_ctrl_dep() (what-if)",
		Ops: map[string]string{"ppcq_get_tail_qnode": "ppcq_get_tail_qnode_no_rmb"}},
	{Name: "ppc-qspinlock-mcs-no-acquire", Doc: "powerpc qspinlock queue: trylock_clean_tail without PPC_ACQUIRE_BARRIER (what-if)",
		Ops: map[string]string{"ppcq_trylock_clean_tail": "ppcq_trylock_clean_tail_relaxed"}},
	{Name: "ppc-qspinlock-mcs-no-rmb", Doc: "powerpc qspinlock queue: the wait on node->locked without its smp_rmb() (what-if)",
		Ops: map[string]string{"ppcq_wait_locked": "ppcq_wait_locked_no_rmb"}},
	// The OSQ unqueue path, the queued rwlock and the mutex fast path.
	{Name: "mutex-relaxed-lock", Doc: "mutex fast path claiming lock->owner with atomic_long_try_cmpxchg_relaxed (what-if: no acquire)",
		Ops: map[string]string{"mutex_lock_fast": "mutex_lock_fast_relaxed"}},
	{Name: "mutex-relaxed-unlock", Doc: "mutex fast path releasing lock->owner with atomic_long_try_cmpxchg_relaxed (what-if: no release)",
		Ops: map[string]string{"mutex_unlock_fast": "mutex_unlock_fast_relaxed"}},
	{Name: "osq-unlink-plain", Doc: "osq_lock whose unqueue Step A checks and clears prev->next with READ_ONCE and WRITE_ONCE instead of cmpxchg (what-if: the unlock's xchg can hand over in between)",
		Ops: map[string]string{"osq_unqueue_unlink": "osq_unqueue_unlink_plain"}},
	{Name: "qrwlock-sub-unlock", Doc: "qrwlock write-unlocking with smp_mb__before_atomic(); atomic_sub(_QW_LOCKED) on the word (generic v3.16 to v4.3)",
		Ops: map[string]string{"queued_write_unlock": "queued_write_unlock_sub"}},
	{Name: "qrwlock-write-once-unlock", Doc: "qrwlock write-unlocking with WRITE_ONCE of the writer byte (what-if: no release)",
		Ops: map[string]string{"queued_write_unlock": "queued_write_unlock_once"}},
	{Name: "qrwlock-relaxed-read-lock", Doc: "qrwlock read-locking with atomic_add_return_relaxed (what-if: no acquire on the fast path)",
		Ops: map[string]string{"queued_read_lock": "queued_read_lock_relaxed", "queued_read_lock_fast": "queued_read_lock_fast_relaxed"}},
	{Name: "qrwlock-relaxed-read-unlock", Doc: "qrwlock read-unlocking with atomic_sub_return_relaxed (what-if: no release)",
		Ops: map[string]string{"queued_read_unlock": "queued_read_unlock_relaxed"}},
}

// DefaultAlgorithm is the algorithm hardware targets run spin_* with when
// none is chosen: LKMM has lock.cat's lock events, hardware needs code.
const DefaultAlgorithm = "qspinlock"

// AlgorithmByName finds an algorithm.
func AlgorithmByName(name string) (*Algorithm, error) {
	for _, a := range Algorithms {
		if a.Name == name {
			return a, nil
		}
	}
	var names []string
	for _, a := range Algorithms {
		names = append(names, a.Name)
	}
	return nil, fmt.Errorf("unknown lock algorithm %q (known: %s)", name, strings.Join(names, ", "))
}

var library struct {
	once sync.Once
	defs *cparse.CDefs
	err  error
}

// Library returns every fragment function, parsed once.
func Library() (*cparse.CDefs, error) {
	library.once.Do(func() {
		names, err := fs.Glob(fragmentFiles, "fragments/*.c")
		if err != nil {
			library.err = err
			return
		}
		sort.Strings(names)
		var all *cparse.CDefs
		for _, n := range names {
			src, err := fragmentFiles.ReadFile(n)
			if err != nil {
				library.err = err
				return
			}
			d, err := cparse.ParseCDefs("locks/"+n, string(src))
			if err != nil {
				library.err = err
				return
			}
			if all == nil {
				all = d
			} else if all, err = all.Merge(d); err != nil {
				library.err = err
				return
			}
		}
		library.defs = all.AsLibrary()
	})
	return library.defs, library.err
}

// Defs returns the fragment library with the spin_* operations defined as
// the algorithm's; a nil algorithm leaves them to the parser (LKMM's lock
// events). A user's functions (user: --fragments files, ParseCDefs; nil
// for none) come after, under cparse.CDefs.Extend's rules.
func Defs(a *Algorithm, user ...*cparse.CDefs) (*cparse.CDefs, error) {
	defs, err := Library()
	if err != nil {
		return nil, err
	}
	if a != nil {
		if defs, err = aliasOps(defs, a); err != nil {
			return nil, err
		}
	}
	for _, u := range user {
		if u == nil {
			continue
		}
		if defs, err = defs.Extend(u); err != nil {
			return nil, err
		}
	}
	return defs, nil
}

// aliasOps defines the spin_* operations as the algorithm's functions.
func aliasOps(defs *cparse.CDefs, a *Algorithm) (*cparse.CDefs, error) {
	var err error
	ops := make([]string, 0, len(a.Ops))
	for op := range a.Ops {
		ops = append(ops, op)
	}
	sort.Strings(ops)
	for _, op := range ops {
		if defs, err = defs.Alias(op, a.Ops[op]); err != nil {
			return nil, err
		}
	}
	return defs, nil
}
