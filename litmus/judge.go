// This file implements the one judge of what a result proves: its
// caveats, each a reason the verdict printed alone would claim more than
// the exploration shows. Every output (the label of the text and HTML
// views, the exit status, the JSON fields, the proof API) reads them here.

package litmus

import (
	"fmt"
	"slices"
)

// A CaveatKind names a caveat.
type CaveatKind string

// The caveats, in the order a label names the first that applies.
const (
	// CaveatHangs: no execution reaches the condition, but some hang.
	CaveatHangs CaveatKind = "hangs"
	// CaveatIncomplete: an allowed execution reaches an instruction the
	// explorer cannot evaluate (Result.Stuck).
	CaveatIncomplete CaveatKind = "incomplete"
	// CaveatVacuous: no execution survives.
	CaveatVacuous CaveatKind = "vacuous"
	// CaveatUnused: the condition reads a name no code uses.
	CaveatUnused CaveatKind = "unused"
	// CaveatUnroll: the unroll bound cut executions whose outcomes are
	// missing.
	CaveatUnroll CaveatKind = "unroll"
	// CaveatDataRace: an allowed execution has a data race, for which
	// the LKMM makes no promise at all.
	CaveatDataRace CaveatKind = "data-race"
	// CaveatFlagged: an allowed execution raises another of the model's
	// flags (lock.cat's mixed-lock-accesses, say): the model's own check
	// that the test is outside what it describes.
	CaveatFlagged CaveatKind = "flagged"
)

// DataRaceNote says what the LKMM's data-race flag means.
const DataRaceNote = "data race: plain accesses race, and the LKMM promises nothing for such code"

// outsideModel are the flags by which herd's models say that a test is
// outside what they describe (lock.cat's checks that lock variables are
// used as locks, the LKMM's of mixed sizes and of RCU's markers, ARMv8's
// of page-table and code updates); the others (aarch64.cat's
// Assuming-common-inner-shareable-domain) state an assumption.
var outsideModel = map[string]bool{
	"mixed-lock-accesses": true, "unpaired-LKW": true, "unpaired-LKR": true, "lock-final": true,
	"unmatched-unlock": true, "mixed-accesses": true, "unmatched-rcu-lock": true,
	"unmatched-rcu-unlock": true, "unmatched-srcu-lock": true, "unmatched-srcu-unlock": true,
	"requires-BBM": true, "violates-CMODX-requirements": true,
}

// VoidsNever reports whether an allowed execution that raises flag voids a
// Never (Caveats): a data race, or a flag by which the model says the test
// is outside what it describes.
func VoidsNever(flag string) bool { return flag == "data-race" || outsideModel[flag] }

// A Caveat is one reason a result's verdict is less than it says.
type Caveat struct {
	Kind CaveatKind
	// Note is what a label prints after the verdict.
	Note string
	// Voids: the verdict is no proof. A data race voids a Never only: a
	// Sometimes still has its witness.
	Voids bool
}

// Caveats are r's caveats, in label order.
func (r *Result) Caveats() []Caveat {
	var out []Caveat
	never := r.Verdict() == "Never"
	if r.Positive == 0 && r.Hangs > 0 {
		out = append(out, Caveat{CaveatHangs, r.HangNote(), true})
	}
	if r.Incomplete() {
		out = append(out, Caveat{CaveatIncomplete, IncompleteNote + ": " + r.Stuck.String(), true})
	}
	if r.Vacuous() {
		out = append(out, Caveat{CaveatVacuous, VacuousNote, true})
	}
	if never && !r.Vacuous() && r.Test != nil && r.Test.UnusedNote() != "" {
		out = append(out, Caveat{CaveatUnused, r.Test.UnusedNote(), true})
	}
	if never && !r.Vacuous() && r.LoopCut {
		out = append(out, Caveat{CaveatUnroll, "rests on the unroll bound: raise --unroll", true})
	}
	if slices.Contains(r.Flags, "data-race") {
		out = append(out, Caveat{CaveatDataRace, DataRaceNote, never})
	}
	for _, f := range r.Flags {
		if outsideModel[f] {
			out = append(out, Caveat{CaveatFlagged, "flag " + f + ": the model says it does not describe such a test", never})
		}
	}
	return out
}

// Proves reports whether r's Never is a proof: no caveat voids it.
func (r *Result) Proves() bool {
	if r.Verdict() != "Never" {
		return false
	}
	for _, c := range r.Caveats() {
		if c.Voids {
			return false
		}
	}
	return true
}

// Label is the verdict as litmuscheck's own outputs print it: Verdict,
// followed by its first caveat, so that nobody reads a Never that is no
// proof as one. herd's format prints Verdict alone, as herd7 does. A
// Never with hanging executions reads "Never, but N executions hang".
func (r *Result) Label() string {
	cs := r.Caveats()
	if len(cs) == 0 {
		return r.Verdict()
	}
	if cs[0].Kind == CaveatHangs {
		return r.Verdict() + ", " + cs[0].Note
	}
	return fmt.Sprintf("%s (%s)", r.Verdict(), cs[0].Note)
}
