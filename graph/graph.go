// Package graph draws candidate executions as herd7's pictures do, in its
// "columns" layout: one column per thread with its events in program order
// from top to bottom, the initial writes above, and the edges of po, rf,
// co, fr, rmw and the dependencies labelled with herd's names. A violated
// axiom's cycle is drawn highlighted with the axiom's name as caption. The
// same Picture renders as DOT (for Graphviz) and as SVG (no external
// program).
package graph

import (
	"fmt"
	"path/filepath"
	"sort"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/models"
)

// A Picture is one execution laid out in columns.
type Picture struct {
	// Title heads the picture: the test and the model.
	Title string
	// Caption is under it: the violated axiom, or what the execution
	// witnesses.
	Caption string
	Nodes   []Node
	Edges   []Edge
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
	// Column and Row place the node; initial writes have Column -1
	// before layout and share row 0.
	Column, Row int
	Hot         bool
}

// An Edge is a labelled arrow between two nodes (indexes in Nodes).
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
// the violation v drawn highlighted and its caption below.
func Forbidden(title string, x *litmus.Execution, v models.Violation) *Picture {
	return build(title, v.Caption(), x, &v)
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
	// The events drawn: accesses of the threads, the initial writes some
	// read reads, and whatever the violation passes through.
	shown := map[int]bool{}
	for i := range x.Events {
		ev := &x.Events[i]
		switch {
		case hotEvents[i]:
			shown[i] = true
		case ev.IsInit():
			x.R.Each(func(r int) {
				if x.RF.Has(i, r) {
					shown[i] = true
				}
			})
		case ev.Kind != litmus.KindF:
			shown[i] = true
		}
	}
	var order []int
	for i := range x.Events {
		if shown[i] {
			order = append(order, i)
		}
	}
	// Program order within each thread: fewer po-predecessors first.
	preds := func(i int) int {
		n := 0
		for j := range x.Events {
			if x.PO.Has(j, i) {
				n++
			}
		}
		return n
	}
	sort.SliceStable(order, func(a, b int) bool {
		ea, eb := &x.Events[order[a]], &x.Events[order[b]]
		if ea.IsInit() != eb.IsInit() {
			return eb.IsInit() // herd letters the threads' events first
		}
		if ea.Thread != eb.Thread {
			return ea.Thread < eb.Thread
		}
		return preds(order[a]) < preds(order[b])
	})
	p.Columns = len(x.Test.Threads)
	hasInit := false
	for _, i := range order {
		hasInit = hasInit || x.Events[i].IsInit()
	}
	at := map[int]int{} // event -> node index
	rowOf := map[int]int{}
	initCol := 0
	for _, i := range order {
		ev := &x.Events[i]
		n := Node{Event: i, Name: letter(len(p.Nodes)), Lines: eventLines(x, i), Hot: hotEvents[i]}
		if ev.IsInit() {
			n.Column, n.Row = min(initCol, max(p.Columns-1, 0)), 0
			initCol++
		} else {
			n.Column = ev.Thread
			n.Row = rowOf[ev.Thread]
			if hasInit {
				n.Row++
			}
			rowOf[ev.Thread]++
		}
		p.Rows = max(p.Rows, n.Row+1)
		at[i] = len(p.Nodes)
		p.Nodes = append(p.Nodes, n)
	}
	// Initial writes beyond the thread columns get columns of their own.
	p.Columns = max(p.Columns, initCol)
	p.edges(x, order, at, v)
	return p
}

// edges adds the base edges and then the violation's steps, which take
// the place of a base edge between the same two events.
func (p *Picture) edges(x *litmus.Execution, order []int, at map[int]int, v *models.Violation) {
	add := func(a, b int, label, kind string) {
		p.Edges = append(p.Edges, Edge{From: at[a], To: at[b], Label: label, Kind: kind})
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
	for _, a := range order {
		for _, b := range order {
			if a == b {
				continue
			}
			switch {
			case x.RMW.Has(a, b):
				add(a, b, "rmw", "rmw")
			case x.Addr.Has(a, b):
				add(a, b, "addr", "dep")
			case x.Data.Has(a, b):
				add(a, b, "data", "dep")
			case x.Ctrl.Has(a, b):
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
	if v == nil {
		return
	}
	for _, s := range v.Steps {
		from, to := at[s.From], at[s.To]
		found := false
		for k := range p.Edges {
			e := &p.Edges[k]
			if e.From == from && e.To == to {
				e.Hot, e.Label, found = true, s.Label, true
			}
		}
		if !found {
			p.Edges = append(p.Edges, Edge{From: from, To: to, Label: s.Label, Kind: kindOf(s.Label), Hot: true})
		}
	}
}

// immediate reports whether no shown event lies between a and b in r.
func immediate(r litmus.Rel, a, b int, order []int) bool {
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

// letter is herd's name of the k-th event: a..z, then a1..z1 and on.
func letter(k int) string {
	s := string(rune('a' + k%26))
	if k >= 26 {
		s += fmt.Sprint(k / 26)
	}
	return s
}

// eventLines are a node's lines: the event, its instruction, its place.
func eventLines(x *litmus.Execution, i int) []string {
	ev := &x.Events[i]
	name := models.EventName(x, i)
	// The thread is the column's: keep what follows "P0: ".
	for k := 0; k+1 < len(name); k++ {
		if name[k] == ':' && name[k+1] == ' ' {
			name = name[k+2:]
			break
		}
	}
	lines := []string{name}
	if ev.IsInit() {
		return lines
	}
	th := x.Test.Threads[ev.Thread]
	if ev.Instr < 0 || ev.Instr >= len(th.Code) {
		return lines
	}
	in := &th.Code[ev.Instr]
	if in.Text != "" {
		lines = append(lines, in.Text)
	}
	if in.Pos.Line > 0 {
		file := in.Pos.File
		if file == "" {
			file = x.Test.File
		}
		lines = append(lines, fmt.Sprintf("%s:%d", filepath.Base(file), in.Pos.Line))
	}
	return lines
}
