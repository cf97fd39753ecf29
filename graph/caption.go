// This file implements the caption of a forbidden execution in plain
// words: the violation's steps told as one sentence, event after event
// ("P0's write of x=1 (a) is followed, past an mb fence, by P0's read of
// y=0 (b), which reads a value overwritten by ..."), the axiom named
// beside it, where the cat terms of the checked relation ("fre;prop;hb*")
// would tell a reader nothing at a glance.

package graph

import (
	"fmt"
	"strings"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/models"
)

// violationCaption tells v's steps, each event named with its node's
// letter so that the words lead to the picture.
func violationCaption(x *litmus.Execution, p *Picture, at map[int]int, v models.Violation) string {
	name := func(i int) string { return describe(x, i, p.Nodes[at[i]].Name) }
	var b strings.Builder
	for k, s := range v.Steps {
		subject := "which"
		if k == 0 {
			subject = name(s.From)
		} else {
			b.WriteString(", ")
		}
		object := name(s.To)
		if s.To == s.From {
			object = "itself"
		}
		b.WriteString(stepWords(x, s, subject, object))
	}
	closed := len(v.Steps) > 0 && v.Steps[0].From == v.Steps[len(v.Steps)-1].To
	if closed && v.Kind != models.Empty {
		b.WriteString(": a cycle")
	}
	if len(v.Steps) == 0 {
		b.WriteString("The execution breaks an axiom")
	}
	fmt.Fprintf(&b, " (axiom %s)", v.Axiom)
	return b.String()
}

// stepWords says that subject comes before object by the step's relation,
// the object last so that the next step's "which" is the object.
func stepWords(x *litmus.Execution, s models.Step, subject, object string) string {
	phrase := map[string]string{
		"rf": "%s is read by %s", "rfe": "%s is read by %s", "rfi": "%s is read by %s",
		"co": "%s is overwritten by %s", "coe": "%s is overwritten by %s", "coi": "%s is overwritten by %s",
		"fr": "%s reads a value overwritten by %s", "fre": "%s reads a value overwritten by %s",
		"fri":    "%s reads a value overwritten by %s",
		"po":     "%s is followed in program order by %s",
		"po-loc": "%s is followed in program order, at the same address, by %s",
		"po-rel": "%s is followed in program order by the release %s",
		"acq-po": "%s, an acquire, is followed in program order by %s",
		"addr":   "%s gives the address of %s",
		"data":   "%s gives the value written by %s",
		"ctrl":   "%s feeds a branch followed by %s",
		"rmw":    "%s is followed atomically by %s",
	}[s.Label]
	switch {
	case phrase != "":
	case isFence(x, s):
		phrase = "%s is followed, past " + article(s.Label) + " " + s.Label + " fence, by %s"
	case plainWord(s.Label) && s.Label != "?":
		phrase = "%s comes before %s in " + s.Label
	default:
		// "?": the model orders the pair through relations no base edge
		// spells out.
		phrase = "%s is ordered before %s"
	}
	return fmt.Sprintf(phrase, subject, object)
}

// isFence reports whether the step's label names a fence between its two
// events in program order, as models.EdgeLabel labels them.
func isFence(x *litmus.Execution, s models.Step) bool {
	if !x.PO.Has(s.From, s.To) {
		return false
	}
	found := false
	x.F.Each(func(f int) {
		if x.PO.Has(s.From, f) && x.PO.Has(f, s.To) && models.FenceName(&x.Events[f]) == s.Label {
			found = true
		}
	})
	return found
}

// plainWord reports whether a label reads as a word, with no operator of
// cat (";", "|", "*", "&"...) in it.
func plainWord(s string) bool {
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '.' || r == '_') {
			return false
		}
	}
	return s != ""
}

// article is "an" before a fence name said with a vowel (an mb, an
// lwsync, an isync), else "a" (a sync, a dmb.ish).
func article(name string) string {
	if name != "" && strings.ContainsRune("aeiolmnrsfx", rune(name[0])) && !strings.HasPrefix(name, "sync") && !strings.HasPrefix(name, "fence") {
		return "an"
	}
	return "a"
}
