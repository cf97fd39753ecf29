// Package proofsuite is a user's proof suite, outside the litmuscheck
// repository: a ticket lock of the user's own, and a qdisc-style use of
// the kernel's spin_trylock and spin_is_locked.
package proofsuite

import (
	"strings"
	"testing"

	"github.com/litmuscheck/litmuscheck/proof"
)

// lostUpdate increments x under the ticket lock on two CPUs. Bad: an
// increment is lost.
const lostUpdate = `C ticket-lost-update

{}

P0(atomic_t *next, int *owner, int *x)
{
	int r0;

	ticket_lock(next, owner);
	r0 = READ_ONCE(*x);
	WRITE_ONCE(*x, r0 + 1);
	ticket_unlock(owner);
}

P1(atomic_t *next, int *owner, int *x)
{
	int r0;

	ticket_lock(next, owner);
	r0 = READ_ONCE(*x);
	WRITE_ONCE(*x, r0 + 1);
	ticket_unlock(owner);
}

exists (x=1)
`

// The ticket lock is a lock in every model.
func TestTicketLockMutualExclusion(t *testing.T) {
	r := proof.Check(t, lostUpdate, proof.FragmentFile("ticket.frag"), proof.Models(proof.All))
	r.Never()
}

// handOff passes a message through the ticket lock: P0 holds it (ticket
// 0, owner 0, next 1), P1 has ticket 1 and waits for it.
const handOff = `C ticket-handoff

{
	next = 1;
}

P0(atomic_t *next, int *owner, int *x)
{
	WRITE_ONCE(*x, 1);
	ticket_unlock(owner);
}

P1(atomic_t *next, int *owner, int *x)
{
	int r0;

	ticket_lock(next, owner);
	r0 = READ_ONCE(*x);
}

exists (1:r0=0)
`

// An unlock by WRITE_ONCE, pasted as the user's own function: x86-TSO
// keeps the stores in order, POWER and ARMv8 do not.
func TestTicketUnlockNeedsRelease(t *testing.T) {
	frag, err := readFile("ticket.frag")
	if err != nil {
		t.Fatal(err)
	}
	weak := strings.Replace(frag, "smp_store_release(owner, o + 1);", "WRITE_ONCE(*owner, o + 1);", 1)
	r := proof.Check(t, handOff, proof.Fragments(weak), proof.Models("lkmm", "tso", "power", "armv8"))
	r.Never("tso")
	r.Sometimes("lkmm", "power", "armv8")
	r.Differs("tso", "power")

	proof.Check(t, handOff, proof.FragmentFile("ticket.frag")).Never()
}

// With the ticket.frag unlock, a store-release, the waiter reads the
// message in every execution of every model, named here as the CLI
// prints the columns.
func TestTicketHandOffAlwaysReadsMessage(t *testing.T) {
	reads := strings.Replace(handOff, "exists (1:r0=0)", "exists (1:r0=1)", 1)
	if reads == handOff {
		t.Fatal("the condition to change is not in the test")
	}
	r := proof.Check(t, reads, proof.FragmentFile("ticket.frag"), proof.Models(proof.All))
	r.Always()
	r.Always("LKMM", "POWER", "ARMv8", "TSO", "RISC-V")
}

// A relaxed spin on owner lets the critical section's read pass the lock
// on POWER and ARMv8: an increment is lost there, not on x86-TSO.
func TestTicketLockNeedsAcquire(t *testing.T) {
	frag, err := readFile("ticket.frag")
	if err != nil {
		t.Fatal(err)
	}
	weak := strings.Replace(frag, "smp_cond_load_acquire(owner, VAL == t);", "smp_cond_load_relaxed(owner, VAL == t);", 1)
	r := proof.Check(t, lostUpdate, proof.Fragments(weak), proof.Models("lkmm", "tso", "power", "armv8"))
	r.Sometimes("lkmm", "power", "armv8")
	r.Never("tso")
}
