// This file implements the Picture and the choice and order of its events.

package graph

import (
	"fmt"
	"sort"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/models"
	"github.com/litmuscheck/litmuscheck/rel"
)

// A Picture is one execution laid out in columns.
type Picture struct {
	// Title heads the picture: the test and the model.
	Title string
	// Caption is under it: the violation told in plain words with its
	// axiom, or what the execution witnesses.
	Caption string
	Nodes   []Node
	Edges   []Edge
	// Heads name the thread columns from left to right ("P0", "P2"): a
	// thread with no event to show has no column.
	Heads []string
	// Columns is the number of thread columns; Rows the number of rows,
	// the initial writes' row included when there is one.
	Columns, Rows int
}

// A Node is one event at its place in the grid.
type Node struct {
	Event int
	// Name is herd's letter for the event (a, b, c...).
	Name string
	// Lines are the event ("W x=1"), its instruction and its file:line.
	Lines []string
	// Column and Row place the node. The initial writes share row 0,
	// each over the column of the first event that reads it; the layout
	// sets them side by side there.
	Column, Row int
	Init        bool
	Hot         bool
}

// An Edge is a labelled arrow between two nodes (indexes in Nodes). Two
// relations between the same two events in the same direction are one
// edge whose label names both ("po, addr" reads "mb, addr").
type Edge struct {
	From, To int
	Label    string
	// Kind is the relation family that chooses the colour: po, rf, co,
	// fr, dep, rmw.
	Kind string
	// Hot marks a step of the highlighted violation.
	Hot bool
}

// Witness is the picture of an allowed execution of the condition.
func Witness(title, caption string, x *litmus.Execution) *Picture {
	return build(title, caption, x, nil)
}

// Forbidden is the picture of a forbidden execution with the steps of
// the violation v drawn highlighted and told in words below the title.
func Forbidden(title string, x *litmus.Execution, v models.Violation) *Picture {
	return build(title, "", x, &v)
}

// Hang is the picture of an execution in which a thread spins forever:
// the liveness check hands over the execution and a caption naming the
// thread and the loop (for instance "P1 spins on x=0 forever at
// T.litmus:12"). It is drawn as a witness is.
func Hang(title, caption string, x *litmus.Execution) *Picture {
	return build(title, caption, x, nil)
}

func build(title, caption string, x *litmus.Execution, v *models.Violation) *Picture {
	p := &Picture{Title: title, Caption: caption}
	hotEvents := map[int]bool{}
	if v != nil {
		for _, s := range v.Steps {
			hotEvents[s.From], hotEvents[s.To] = true, true
		}
	}
	order := shownEvents(x, hotEvents)
	at := p.place(x, order, hotEvents)
	p.edges(x, order, at, v)
	if v != nil {
		p.Caption = violationCaption(x, p, at, *v)
	}
	return p
}

// shownEvents are the events drawn, the threads' in program order first
// (herd letters them first), then the initial writes: accesses of the
// threads, the initial writes some read reads, and whatever the violation
// passes through (a fence its step names, say).
func shownEvents(x *litmus.Execution, hot map[int]bool) []int {
	var order []int
	for i := range x.Events {
		ev := &x.Events[i]
		switch {
		case hot[i], !ev.IsInit() && ev.Kind != litmus.KindF:
			order = append(order, i)
		case ev.IsInit() && readFrom(x, i):
			order = append(order, i)
		}
	}
	// Program order within each thread: fewer po-predecessors first.
	preds := make(map[int]int, len(order))
	for _, i := range order {
		for j := range x.Events {
			if x.PO.Has(j, i) {
				preds[i]++
			}
		}
	}
	sort.SliceStable(order, func(a, b int) bool {
		ea, eb := &x.Events[order[a]], &x.Events[order[b]]
		if ea.IsInit() != eb.IsInit() {
			return eb.IsInit()
		}
		if ea.Thread != eb.Thread {
			return ea.Thread < eb.Thread
		}
		return preds[order[a]] < preds[order[b]]
	})
	return order
}

// readFrom reports whether some read reads from w.
func readFrom(x *litmus.Execution, w int) bool {
	found := false
	x.R.Each(func(r int) { found = found || x.RF.Has(w, r) })
	return found
}

// place makes the nodes of the events in order: a column per thread that
// has one, in thread order, the thread's events down it one row each; the
// initial writes in row 0 over the column of their first reader. It
// returns each event's node index.
func (p *Picture) place(x *litmus.Execution, order []int, hot map[int]bool) map[int]int {
	colOf := map[int]int{} // thread -> column
	hasInit := false
	for _, i := range order {
		ev := &x.Events[i]
		if ev.IsInit() {
			hasInit = true
			continue
		}
		if _, ok := colOf[ev.Thread]; !ok {
			colOf[ev.Thread] = len(p.Heads)
			p.Heads = append(p.Heads, fmt.Sprintf("P%d", ev.Thread))
		}
	}
	p.Columns = len(p.Heads)
	at := map[int]int{}
	next := map[int]int{} // column -> its next row
	for _, i := range order {
		ev := &x.Events[i]
		n := Node{Event: i, Name: letter(len(p.Nodes)), Lines: eventLines(x, i), Hot: hot[i], Init: ev.IsInit()}
		if n.Init {
			n.Column = p.firstReaderColumn(x, i, at)
		} else {
			n.Column = colOf[ev.Thread]
			n.Row = next[n.Column]
			if hasInit {
				n.Row++
			}
			next[n.Column]++
		}
		p.Rows = max(p.Rows, n.Row+1)
		at[i] = len(p.Nodes)
		p.Nodes = append(p.Nodes, n)
	}
	return at
}

// firstReaderColumn is the column of the first drawn event that reads
// from the initial write w, so that its arrow is short, else of the first
// that overwrites it; 0 when there is none.
func (p *Picture) firstReaderColumn(x *litmus.Execution, w int, at map[int]int) int {
	for _, r := range []rel.Rel{x.RF, x.CO} {
		best := -1
		for e, k := range at {
			if !p.Nodes[k].Init && r.Has(w, e) && (best < 0 || k < best) {
				best = k
			}
		}
		if best >= 0 {
			return p.Nodes[best].Column
		}
	}
	return 0
}

// letter is herd's name of the k-th event: a..z, then a1..z1 and on.
func letter(k int) string {
	s := string(rune('a' + k%26))
	if k >= 26 {
		s += fmt.Sprint(k / 26)
	}
	return s
}
