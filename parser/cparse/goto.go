// This file implements goto and labels, forward within a function (or a
// thread), as lock code uses them ("goto release;", "goto queue;"): a
// jump to the label, which the code between the if statements the goto
// leaves and the label depends on by control, as it does on the if-else
// the goto stands for. A goto backwards is a loop and one out of a loop
// leaves code the loop lowering does not see: both are refused by name.

package cparse

import (
	"fmt"
	"sort"
	"strings"

	"github.com/litmuscheck/litmuscheck/litmus"
)

// A labelScope is the labels of one function body or thread.
type labelScope struct {
	// jumps are the gotos waiting for their label, by label; placed the
	// labels seen, at their instruction index.
	jumps  map[string][]int
	placed map[string]int
	// open are the branches of the if statements being lowered, and
	// guards, by label, those that a goto to the label leaves.
	open   []int
	guards map[string][]int
	// loops is how many loops enclose the scope: a goto inside one more
	// leaves a loop.
	loops int
	pos   map[string]litmus.Pos // each pending goto's, for the error
}

func newLabelScope(loops int) *labelScope {
	return &labelScope{jumps: map[string][]int{}, placed: map[string]int{}, guards: map[string][]int{}, loops: loops, pos: map[string]litmus.Pos{}}
}

// labels is the scope of the function being inlined, or of the thread.
func (l *cLowerer) labels() *labelScope {
	if fr := l.innerFrame(); fr != nil {
		return fr.labels
	}
	return l.threadLabels
}

// gotoStmt lowers "goto name;".
func (l *cLowerer) gotoStmt(name string, pos litmus.Pos, text string) error {
	sc := l.labels()
	switch {
	case hasKey(sc.placed, name):
		return litmus.Unsupported(pos, fmt.Sprintf("goto %s backwards (a loop written with goto)", name))
	case len(l.loops) > sc.loops:
		return litmus.Unsupported(pos, fmt.Sprintf("goto %s out of a loop", name))
	}
	sc.jumps[name] = append(sc.jumps[name], l.emit(litmus.Instr{Pos: pos, Text: text, Op: litmus.OpBranch}))
	sc.guards[name] = append(sc.guards[name], sc.open...)
	if _, ok := sc.pos[name]; !ok {
		sc.pos[name] = pos
	}
	return nil
}

func hasKey(m map[string]int, k string) bool { _, ok := m[k]; return ok }

// label places "name:" here: its gotos jump to it, and the if statements
// they leave stop being control dependencies.
func (l *cLowerer) label(name string, pos litmus.Pos) error {
	sc := l.labels()
	if hasKey(sc.placed, name) {
		return litmus.Errorf(pos, "label %s defined twice", name)
	}
	here := len(l.thr.Code)
	sc.placed[name] = here
	for _, j := range sc.jumps[name] {
		l.thr.Code[j].Target = here
	}
	for _, br := range sc.guards[name] {
		l.thr.Code[br].CtrlEnd = max(l.thr.Code[br].CtrlEnd, here)
	}
	delete(sc.jumps, name)
	delete(sc.guards, name)
	return nil
}

// closeLabels reports a goto whose label the scope never placed.
func (sc *labelScope) closeLabels() error {
	if len(sc.jumps) == 0 {
		return nil
	}
	var names []string
	for n := range sc.jumps {
		names = append(names, n)
	}
	sort.Strings(names)
	return litmus.Errorf(sc.pos[names[0]], "goto %s: no label %s after it (labels: %s)", names[0], names[0], placedNames(sc))
}

func placedNames(sc *labelScope) string {
	var names []string
	for n := range sc.placed {
		names = append(names, n)
	}
	if len(names) == 0 {
		return "none"
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}
