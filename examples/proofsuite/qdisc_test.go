package proofsuite

import (
	"os"
	"strings"
	"testing"

	"github.com/litmuscheck/litmuscheck/proof"
)

// missed is the lockless qdisc's hand-off (net/sched: qdisc_run_begin and
// qdisc_run_end with TCQ_F_NOLOCK): the CPU running the qdisc (P0, holding
// seqlock) unlocks and then checks MISSED; a CPU that enqueued a packet
// (P1) sets MISSED (set_bit, an atomic RMW) and tries the lock again. Bad: P0 does not see MISSED
// and P1's trylock fails, so the packet is stuck until the next one.
const missed = `C qdisc-missed

{
	seqlock = 1;
}

P0(spinlock_t *seqlock, atomic_t *missed)
{
	int r0;

	spin_unlock(seqlock);
	smp_mb();
	r0 = atomic_read(missed);
}

P1(spinlock_t *seqlock, atomic_t *missed)
{
	int r1;

	atomic_or(1, missed);
	smp_mb__after_atomic();
	r1 = spin_trylock(seqlock);
}

exists (0:r0=0 /\ 1:r1=0)
`

func TestQdiscTrylockMissed(t *testing.T) {
	for _, lock := range []string{"qspinlock", "generic", "ppc-simple"} {
		t.Run(lock, func(t *testing.T) {
			proof.Check(t, missed, proof.Lock(lock)).Never()
		})
	}
}

// Without the smp_mb() after the unlock, the owner's read of MISSED may
// pass its unlock: a store then a load, which every model lets pass.
func TestQdiscTrylockMissedWithoutMb(t *testing.T) {
	src := strings.Replace(missed, "\tspin_unlock(seqlock);\n\tsmp_mb();\n", "\tspin_unlock(seqlock);\n", 1)
	r := proof.Check(t, src, proof.Lock("qspinlock"))
	r.Sometimes()
}

// running is qdisc_is_running() for a lockless qdisc, spin_is_locked on
// seqlock, against the owner's release: a CPU that sets MISSED and then
// finds the qdisc still running leaves its packet to the owner, which must
// then see MISSED. Bad: it does not.
const running = `C qdisc-is-running

{
	seqlock = 1;
}

P0(spinlock_t *seqlock, atomic_t *missed)
{
	int r0;

	spin_unlock(seqlock);
	smp_mb();
	r0 = atomic_read(missed);
}

P1(spinlock_t *seqlock, atomic_t *missed)
{
	int r1;

	atomic_or(1, missed);
	smp_mb();
	r1 = spin_is_locked(seqlock);
}

exists (0:r0=0 /\ 1:r1=1)
`

func TestQdiscIsRunning(t *testing.T) {
	for _, lock := range []string{"qspinlock", "qspinlock-mb", "ppc-simple"} {
		t.Run(lock, func(t *testing.T) {
			proof.Check(t, running, proof.Lock(lock)).Never()
		})
	}
}

func readFile(name string) (string, error) {
	b, err := os.ReadFile(name)
	return string(b), err
}

// Without the smp_mb() between setting MISSED and spin_is_locked, the
// check may read the lock before MISSED is visible, except on x86, whose
// locked RMW is a full fence.
func TestQdiscIsRunningWithoutMb(t *testing.T) {
	src := strings.Replace(running, "\tatomic_or(1, missed);\n\tsmp_mb();\n", "\tatomic_or(1, missed);\n", 1)
	if src == running {
		t.Fatal("the smp_mb() to drop is not in the test")
	}
	r := proof.Check(t, src, proof.Lock("qspinlock"))
	r.Sometimes("lkmm", "power", "armv8")
	r.Never("tso")
	r.Differs("tso", "power")
}
