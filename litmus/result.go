// This file implements the result of an exploration: the final states,
// the counts that make herd's verdict, and the executions a report shows.

package litmus

import (
	"fmt"
)

// A Result is what an exploration found.
type Result struct {
	Test  *Test
	Model string
	// Observed lists the registers and locations a final state shows.
	Observed []LocRef
	// States are the distinct final states of allowed executions that
	// pass the filter, sorted.
	States []State
	// Positive and Negative count the allowed executions whose final state
	// satisfies, or does not satisfy, the condition's proposition.
	Positive, Negative int
	// Flags are the flags raised by allowed executions, sorted.
	Flags []string
	// LoopCut is true when the unroll bound cut some path.
	LoopCut bool
	// Stuck, when set, is a thread path cut where an instruction could not
	// be evaluated, in a candidate the model allows: an execution no count
	// speaks for, which herd drops as silently (stuck.go).
	Stuck *Stuck
	// Candidates is the number of candidate executions checked.
	Candidates int64
	// Pruned is the number of partial candidates a PruningModel refuted,
	// each cutting every candidate that completes it.
	Pruned int64
	// Witness is an allowed execution that satisfies the proposition (for
	// exists) or contradicts it (for ~exists and forall); nil if none.
	Witness *Execution
	// Blocked is a candidate execution whose final state satisfies the
	// proposition but which the model forbids; nil if there is none.
	Blocked *Execution
	// Hangs counts the allowed executions in which some spin waits
	// forever (hang.go). They have no final state: they count neither in
	// Positive nor in Negative, and herd's format does not show them.
	Hangs int
	// HangWitness is a hanging execution, the first found; nil if none.
	// Its Spin lists the spin reads.
	HangWitness *Execution
	// Hexa prints integers in hexadecimal in herd's format (herd's -hexa).
	Hexa bool
	// Uncounted marks a verdict decided without enumerating every
	// execution (explore.Options.Decide): the executions that satisfy the
	// proposition were all enumerated (Positive, and States are their
	// final states), the others only until one was found, so Negative is
	// a lower bound and their final states are left out.
	Uncounted bool
}

// CountText is the count of executions as litmuscheck's outputs print it:
// "2 of 6 executions", or, for a verdict decided without counting, "0 of
// at least 1 executions".
func (r *Result) CountText() string {
	if r.Uncounted {
		return fmt.Sprintf("%d of at least %d executions", r.Positive, r.Executions())
	}
	return fmt.Sprintf("%d of %d executions", r.Positive, r.Executions())
}

// Verdict is herd's observation word: Never, Sometimes or Always.
func (r *Result) Verdict() string {
	switch {
	case r.Positive == 0:
		return "Never"
	case r.Negative == 0:
		return "Always"
	}
	return "Sometimes"
}

// Executions is the number of allowed executions that pass the filter.
func (r *Result) Executions() int { return r.Positive + r.Negative }

// Vacuous reports whether no execution survives: every candidate was cut
// (an __assume, a filter, a spin's final attempt) or forbidden by the
// model. A Never then proves nothing about the condition.
func (r *Result) Vacuous() bool { return r.Executions() == 0 }

// VacuousNote is what follows a vacuous Never for a reader.
const VacuousNote = "vacuous: no execution survives"

// Incomplete reports whether a Never leaves out an execution that reaches
// an instruction the explorer cannot evaluate (Result.Stuck): herd drops
// it as silently, but the Never does not speak for it.
func (r *Result) Incomplete() bool { return r.Stuck != nil && r.Verdict() == "Never" }

// A Stuck says where and why a thread's path was cut.
type Stuck struct {
	Thread int
	Pos    Pos
	Why    string
}

func (s *Stuck) String() string {
	return fmt.Sprintf("P%d %s at %s", s.Thread, s.Why, s.Pos)
}

// IncompleteNote prefixes the label of a verdict that an allowed stuck
// candidate leaves incomplete.
const IncompleteNote = "incomplete"
