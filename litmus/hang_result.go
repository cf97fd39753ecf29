// This file implements how a result reports its hanging executions: the
// threads that spin forever, whether they deadlock, and the line a report
// prints about them.

package litmus

import (
	"fmt"
	"path/filepath"
	"strings"
)

// A Spinner is a thread that spins forever in a hanging execution.
type Spinner struct {
	Thread int
	// Pos is where it spins.
	Pos Pos
	// Reads are its spin reads: each reads the final value of its location.
	Reads []*Event
}

// Spinners lists the threads that spin forever in the hanging execution
// x, in thread order.
func Spinners(x *Execution) []Spinner {
	var out []Spinner
	for _, id := range x.Spin {
		ev := &x.Events[id]
		if len(out) == 0 || out[len(out)-1].Thread != ev.Thread {
			th := x.Test.Threads[ev.Thread]
			sp := Spinner{Thread: th.ID, Pos: th.Pos}
			if ev.Instr >= 0 && ev.Instr < len(th.Code) {
				sp.Pos = th.Code[ev.Instr].Pos
			}
			out = append(out, sp)
		}
		out[len(out)-1].Reads = append(out[len(out)-1].Reads, ev)
	}
	return out
}

// Deadlock reports whether the hanging execution x is a deadlock: two
// threads or more spin, each waiting for a write that sits behind another
// thread's spin.
func Deadlock(x *Execution) bool { return len(Spinners(x)) > 1 }

// executions is "N executions" or "1 execution".
func executions(n int) string {
	if n == 1 {
		return "1 execution"
	}
	return fmt.Sprintf("%d executions", n)
}

// HangNote is what a Never with hanging executions reads for a reader:
// "but 2 executions hang"; "" when none hangs.
func (r *Result) HangNote() string {
	if r.Hangs == 0 {
		return ""
	}
	verb := "hang"
	if r.Hangs == 1 {
		verb = "hangs"
	}
	return "but " + executions(r.Hangs) + " " + verb
}

// HangLine says how the executions hang, after the witness's spinners:
// "Hangs: 2 executions, P1 spins forever at osq.c:41 (reads locked1=0, the
// final value)"; "" when none hangs.
func (r *Result) HangLine() string {
	if r.Hangs == 0 || r.HangWitness == nil {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Hangs: %s", executions(r.Hangs))
	if r.Executions() == 0 {
		b.WriteString(", every execution hangs")
	}
	if Deadlock(r.HangWitness) {
		b.WriteString(", a deadlock")
	}
	for i, sp := range Spinners(r.HangWitness) {
		sep := ", "
		if i > 0 {
			sep = "; "
		}
		var reads []string
		for _, ev := range sp.Reads {
			reads = append(reads, fmt.Sprintf("%s=%v", ev.Loc, ev.Value))
		}
		final := "the final value"
		if len(reads) > 1 {
			final = "the final values"
		}
		fmt.Fprintf(&b, "%sP%d spins forever at %s (reads %s, %s)", sep, sp.Thread, shortPos(sp.Pos), strings.Join(reads, ", "), final)
	}
	return b.String()
}

// shortPos is file:line with the file's base name.
func shortPos(p Pos) string {
	if p.Line == 0 {
		return p.String()
	}
	return fmt.Sprintf("%s:%d", filepath.Base(p.File), p.Line)
}
