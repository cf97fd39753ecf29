// This file implements the edges of a picture: the base relations between
// the drawn events as herd draws them, the violation's steps highlighted
// over them, and the merging of the relations between one ordered pair of
// events into one edge, so that no two labels are drawn on top of each
// other along one arrow.

package graph

import (
	"strings"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/models"
	"github.com/litmuscheck/litmuscheck/rel"
)

// edges adds the base edges and then the violation's steps, each of which
// takes the place of the base edge of its family between the same two
// events; then it merges the edges of each ordered pair.
func (p *Picture) edges(x *litmus.Execution, order []int, at map[int]int, v *models.Violation) {
	var all []Edge
	add := func(a, b int, label, kind string) {
		all = append(all, Edge{From: at[a], To: at[b], Label: label, Kind: kind})
	}
	// po: from each event to the next one of its thread, labelled with
	// the fence between them when there is one.
	for k := 0; k+1 < len(order); k++ {
		a, b := order[k], order[k+1]
		if x.Events[a].IsInit() || x.Events[a].Thread != x.Events[b].Thread || !x.PO.Has(a, b) {
			continue
		}
		label := models.EdgeLabel(x, a, b)
		switch label {
		case "addr", "data", "ctrl", "rmw", "rfi", "coi", "fri", "":
			label = "po"
		}
		add(a, b, label, "po")
	}
	fr := x.FR()
	first := firstCells(x, order)
	for _, a := range order {
		for _, b := range order {
			if a == b {
				continue
			}
			dep := first[a] == a && first[b] == b
			switch {
			case x.RMW.Has(a, b):
				add(a, b, "rmw", "rmw")
			case dep && x.Addr.Has(a, b):
				add(a, b, "addr", "dep")
			case dep && x.Data.Has(a, b):
				add(a, b, "data", "dep")
			case dep && x.Ctrl.Has(a, b) && firstAfterBranch(x, a, b, order):
				add(a, b, "ctrl", "dep")
			}
			switch {
			case x.RF.Has(a, b):
				add(a, b, "rf", "rf")
			case x.CO.Has(a, b) && !x.Events[a].IsInit() && immediate(x.CO, a, b, order):
				add(a, b, "co", "co")
			case fr.Has(a, b) && immediateFR(x, a, b):
				add(a, b, "fr", "fr")
			}
		}
	}
	if v != nil {
		all = highlight(all, v.Steps, at)
	}
	p.Edges = merge(all)
}

// firstAfterBranch reports whether the ctrl edge from a to b is drawn:
// the branch a's value decides orders every event after it in program
// order, so an arrow to each would say nothing the arrow to the first
// does not, and would bury the picture in ctrl arrows. Only the first
// events that a's ctrl reaches get one, provided every drawn event after
// them is indeed ctrl-dependent on a, so that the arrows left out are
// those a reader infers; else each gets its arrow.
func firstAfterBranch(x *litmus.Execution, a, b int, order []int) bool {
	implied := false
	for _, c := range order {
		if c == b || !x.Ctrl.Has(a, c) {
			continue
		}
		for _, d := range order {
			if x.PO.Has(c, d) && !x.Ctrl.Has(a, d) {
				return true // not closed down program order: draw them all
			}
		}
		implied = implied || x.PO.Has(c, b)
	}
	return !implied
}

// firstCells maps each drawn event to the first drawn cell of its access:
// under mixed-size semantics an access of four bytes is four events (its
// si class), and a dependency between two accesses is drawn once, between
// their first cells, not sixteen times. Without mixed sizes each event is
// its own.
func firstCells(x *litmus.Execution, order []int) map[int]int {
	first := map[int]int{}
	for _, a := range order {
		first[a] = a
		if x.SI.IsZero() {
			continue
		}
		for _, b := range order {
			if x.SI.Has(a, b) {
				first[a] = b
				break
			}
		}
	}
	return first
}

// highlight marks the violation's steps: a step replaces the base edge
// of its family between its two events (rfe the rf edge, mb the po edge),
// else it is an edge of its own.
func highlight(all []Edge, steps []models.Step, at map[int]int) []Edge {
	for _, s := range steps {
		from, to, kind := at[s.From], at[s.To], kindOf(s.Label)
		found := false
		for k := range all {
			e := &all[k]
			if e.From == from && e.To == to && e.Kind == kind {
				e.Hot, e.Label, found = true, s.Label, true
			}
		}
		if !found {
			all = append(all, Edge{From: from, To: to, Label: s.Label, Kind: kind, Hot: true})
		}
	}
	return all
}

// merge makes one edge of the edges between the same ordered pair, in the
// order of their first: its label lists theirs once each, leaving out a
// plain "po" that a dependency or rmw between the same events implies; it
// is hot when one of them is, and takes the colour of the hot one, else
// of the first that is not po.
func merge(all []Edge) []Edge {
	var out []Edge
	index := map[[2]int]int{}
	var labels [][]string
	for _, e := range all {
		k, ok := index[[2]int{e.From, e.To}]
		if !ok {
			index[[2]int{e.From, e.To}] = len(out)
			out = append(out, e)
			labels = append(labels, []string{e.Label})
			continue
		}
		m := &out[k]
		switch {
		case e.Hot && !m.Hot, !m.Hot && m.Kind == "po" && e.Kind != "po":
			m.Kind = e.Kind
		}
		m.Hot = m.Hot || e.Hot
		labels[k] = appendNew(labels[k], e.Label)
	}
	for k := range out {
		ls := labels[k]
		if len(ls) > 1 {
			ls = without(ls, "po")
		}
		out[k].Label = strings.Join(ls, ", ")
	}
	return out
}

func appendNew(list []string, s string) []string {
	for _, l := range list {
		if l == s {
			return list
		}
	}
	return append(list, s)
}

func without(list []string, s string) []string {
	var out []string
	for _, l := range list {
		if l != s {
			out = append(out, l)
		}
	}
	return out
}

// immediate reports whether no shown event lies between a and b in r.
func immediate(r rel.Rel, a, b int, order []int) bool {
	for _, c := range order {
		if r.Has(a, c) && r.Has(c, b) {
			return false
		}
	}
	return true
}

// immediateFR keeps the fr edge from a read to the write just after the
// one it reads from, as herd draws fr.
func immediateFR(x *litmus.Execution, r, w int) bool {
	for src := range x.Events {
		if x.RF.Has(src, r) {
			return immediate(x.CO, src, w, allEvents(x))
		}
	}
	return false
}

func allEvents(x *litmus.Execution) []int {
	out := make([]int, x.N)
	for i := range out {
		out[i] = i
	}
	return out
}

// kindOf is the colour family of a step's label.
func kindOf(label string) string {
	switch label {
	case "rfe", "rfi", "rf":
		return "rf"
	case "coe", "coi", "co":
		return "co"
	case "fre", "fri", "fr":
		return "fr"
	case "addr", "data", "ctrl":
		return "dep"
	case "rmw":
		return "rmw"
	}
	return "po"
}
