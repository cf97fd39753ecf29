// This file implements the explanation of a forbidden execution: for each
// axiom it breaks, a cycle (or pair) of events whose every step carries
// herd's name for why it is ordered (rfe, fre, coe, mb, addr, po-loc...).

package models

import (
	"fmt"
	"strings"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/rel"
)

// A Step is one labelled edge of an explanation: From is ordered before
// To by the relation Label names.
type Step struct {
	From, To int
	Label    string
}

// A Violation is one axiom an execution breaks, with the steps that show
// it: a cycle for an acyclic or irreflexive axiom (the last step returns
// to the first event), one pair for an emptiness check.
type Violation struct {
	Axiom string
	Kind  CheckKind
	// Rel is the cat name of the checked relation (hb, pb, ob...), or the
	// axiom's name when the model gives it none.
	Rel   string
	Steps []Step
}

// Violations lists the axioms x breaks, in the model's order, each with
// labelled steps. An edge of the axiom's relation that no single base
// relation explains (a pb edge is prop; strong-fence; hb*) is spelled out
// as the shortest path of base edges between its two events.
func (m *Model) Violations(x *litmus.Execution) []Violation {
	e := m.env(x)
	var out []Violation
	for _, a := range m.Axioms {
		if a.Kind == Flag || a.Holds(e) {
			continue
		}
		r := a.Rel(e)
		v := Violation{Axiom: a.Name, Kind: a.Kind, Rel: relName(m.ModelName, a.Name)}
		var path []int
		switch a.Kind {
		case Acyclic:
			path = r.Cycle()
			if path != nil {
				path = append(path, path[0])
			}
		case Irreflexive:
			for i := 0; i < r.N && path == nil; i++ {
				if r.Has(i, i) {
					path = []int{i, i}
				}
			}
		case Empty:
			for i := 0; i < r.N && path == nil; i++ {
				for j := 0; j < r.N; j++ {
					if r.Has(i, j) {
						path = []int{i, j}
						break
					}
				}
			}
		}
		for k := 0; k+1 < len(path); k++ {
			v.Steps = append(v.Steps, explainEdge(x, path[k], path[k+1])...)
		}
		out = append(out, v)
	}
	return out
}

// Explain describes each axiom x violates, one line each, as
// "P0: R y=0 -fre-> P1: W y=1 -mb-> ... (cycle in pb: axiom propagation)".
func (m *Model) Explain(x *litmus.Execution) []string {
	if m.Why != nil {
		return m.Why(x)
	}
	var out []string
	for _, v := range m.Violations(x) {
		out = append(out, v.Format(x))
	}
	return out
}

// Format renders v on one line.
func (v Violation) Format(x *litmus.Execution) string {
	var b strings.Builder
	for k, s := range v.Steps {
		if k == 0 {
			b.WriteString(EventName(x, s.From))
		}
		fmt.Fprintf(&b, " -%s-> %s", s.Label, EventName(x, s.To))
	}
	if len(v.Steps) > 0 {
		b.WriteString(" ")
	}
	b.WriteString("(" + v.Caption() + ")")
	return b.String()
}

// Caption names the violation as a picture's caption does.
func (v Violation) Caption() string {
	what := "cycle in"
	switch v.Kind {
	case Irreflexive:
		what = "reflexive"
	case Empty:
		what = "not empty:"
	}
	return fmt.Sprintf("%s %s: axiom %s", what, v.Rel, v.Axiom)
}

// EventName names an event as herd's pictures do: "P0: R y=0",
// "P1: W x=1", "P0: F mb", "init: W x=0".
func EventName(x *litmus.Execution, i int) string {
	ev := &x.Events[i]
	who := "init"
	if !ev.IsInit() {
		who = fmt.Sprintf("P%d", ev.Thread)
	}
	switch ev.Kind {
	case litmus.KindF:
		return who + ": F " + FenceName(ev)
	case litmus.KindW:
		return fmt.Sprintf("%s: W %s=%v", who, ev.Loc, ev.Value)
	}
	return fmt.Sprintf("%s: R %s=%v", who, ev.Loc, ev.Value)
}

// FenceName is the name herd gives a fence event's relation: its first
// tag in lower case (mb, rmb, lwsync, dmb.ish, mfence).
func FenceName(ev *litmus.Event) string {
	if len(ev.Tags) == 0 {
		return "fence"
	}
	return strings.ToLower(ev.Tags[0])
}

// EdgeLabel is herd's name for a base edge from a to b of x, or "" when
// no base relation holds the pair. Communication comes first (rmw, rf,
// co, fr, split into internal and external), then dependencies, then what
// orders a po pair: a fence between, a release or acquire, the location.
func EdgeLabel(x *litmus.Execution, a, b int) string {
	inner := func(name string) string {
		if x.Int.Has(a, b) {
			return name + "i"
		}
		return name + "e"
	}
	fr := x.FR()
	switch {
	case x.RMW.Has(a, b):
		return "rmw"
	case x.RF.Has(a, b):
		return inner("rf")
	case x.CO.Has(a, b):
		return inner("co")
	case fr.Has(a, b):
		return inner("fr")
	case x.Addr.Has(a, b):
		return "addr"
	case x.Data.Has(a, b):
		return "data"
	case x.Ctrl.Has(a, b):
		return "ctrl"
	case !x.PO.Has(a, b):
		return ""
	}
	if f := fenceBetween(x, a, b); f >= 0 {
		return FenceName(&x.Events[f])
	}
	switch {
	case hasTag(&x.Events[b], litmus.TagRelease):
		return "po-rel"
	case hasTag(&x.Events[a], litmus.TagAcquire):
		return "acq-po"
	case x.Loc.Has(a, b):
		return "po-loc"
	}
	return "po"
}

// fenceBetween is the last fence event po-between a and b, or -1.
func fenceBetween(x *litmus.Execution, a, b int) int {
	found := -1
	x.F.Each(func(f int) {
		if x.PO.Has(a, f) && x.PO.Has(f, b) && len(x.Events[f].Tags) > 0 {
			found = f
		}
	})
	return found
}

func hasTag(ev *litmus.Event, tag string) bool {
	for _, t := range ev.Tags {
		if t == tag {
			return true
		}
	}
	return false
}

// explainEdge labels the edge a -> b of an axiom's relation: one step when
// a base relation holds it, else the shortest path of base edges between
// memory events (breadth first, lowest event first, so deterministic), else
// one step named after nothing better than "?".
func explainEdge(x *litmus.Execution, a, b int) []Step {
	if a != b {
		if l := EdgeLabel(x, a, b); l != "" {
			return []Step{{a, b, l}}
		}
	}
	prev := make([]int, x.N)
	for i := range prev {
		prev[i] = -1
	}
	queue := []int{a}
	visited := rel.SetOf(a)
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		for next := 0; next < x.N; next++ {
			if !x.M.Has(next) || EdgeLabel(x, cur, next) == "" {
				continue
			}
			if next == b {
				var steps []Step
				for at := cur; ; at = prev[at] {
					steps = append([]Step{{at, next, EdgeLabel(x, at, next)}}, steps...)
					next = at
					if at == a {
						return steps
					}
				}
			}
			if !visited.Has(next) {
				visited = visited.Add(next)
				prev[next] = cur
				queue = append(queue, next)
			}
		}
	}
	return []Step{{a, b, "?"}}
}

// relNames are the cat names of the relations axioms check, where they
// differ from the axiom's name, per model.
var relNames = map[string]map[string]string{
	"LKMM":      {"coherence": "po-loc|com", "atomic": "rmw&(fre;coe)", "happens-before": "hb", "propagation": "pb", "rcu": "rb"},
	"Power":     {"scperlocation": "po-loc|com", "atomic": "rmw&(fre;coe)", "thinair": "hb", "propagation": "co|prop", "observation": "fre;prop;hb*"},
	"ARMv8":     {"external": "ob", "atomic": "rmw&(fre;coe)"},
	"TSO":       {"uniproc": "po-loc|com", "atomic": "rmw&(fre;coe)", "tso": "ghb"},
	"TSO-mixed": {"internal": "po-loc|com", "atomic": "rmw&(fre;coe)", "external": "ob"},
	"SC":        {"atom": "rmw&(fre;coe)", "sc": "po|com"},
}

func relName(model, axiom string) string {
	if n, ok := relNames[model][axiom]; ok {
		return n
	}
	return axiom
}
