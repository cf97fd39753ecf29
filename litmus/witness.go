// This file implements the plain-text rendering of one execution: each
// thread's events with the instruction that made them, where each read
// took its value, and the coherence order of each location.

package litmus

import (
	"fmt"
	"sort"
	"strings"
)

// Describe names an event as "P1:W[x]=1" or "init[x]=0".
func (x *Execution) Describe(i int) string {
	e := &x.Events[i]
	if e.IsInit() {
		return fmt.Sprintf("init[%s]=%v", e.Loc, e.Value)
	}
	kind := "R"
	switch e.Kind {
	case KindW:
		kind = "W"
	case KindF:
		return fmt.Sprintf("P%d:F%s", e.Thread, tagSuffix(e.Tags))
	}
	return fmt.Sprintf("P%d:%s[%s]=%v%s", e.Thread, kind, e.Loc, e.Value, tagSuffix(e.Tags))
}

func tagSuffix(tags []string) string {
	if len(tags) == 0 {
		return ""
	}
	return "{" + strings.Join(tags, ",") + "}"
}

// Format renders the execution for a reader, indented by prefix.
func (x *Execution) Format(prefix string) string {
	var b strings.Builder
	for t, th := range x.Test.Threads {
		fmt.Fprintf(&b, "%sP%d:\n", prefix, t)
		for i := range x.Events {
			e := &x.Events[i]
			if e.Thread != t {
				continue
			}
			text := ""
			if e.Instr >= 0 && e.Instr < len(th.Code) {
				text = strings.TrimSpace(th.Code[e.Instr].Text)
			}
			line := x.Describe(i)
			if e.Kind == KindR {
				from := -1
				for w := range x.Events {
					if x.RF.Has(w, i) {
						from = w
					}
				}
				if from >= 0 {
					line += "  reads from " + x.Describe(from)
				}
			}
			fmt.Fprintf(&b, "%s  %-40s %s\n", prefix, line, text)
		}
	}
	// Coherence order per location, from the init write on.
	byLoc := map[string][]int{}
	for i := range x.Events {
		if x.W.Has(i) {
			byLoc[x.Events[i].Loc] = append(byLoc[x.Events[i].Loc], i)
		}
	}
	var locs []string
	for l, ws := range byLoc {
		if len(ws) > 1 {
			locs = append(locs, l)
		}
	}
	sort.Strings(locs)
	for _, l := range locs {
		ws := byLoc[l]
		sort.Slice(ws, func(a, c int) bool { return x.CO.Has(ws[a], ws[c]) })
		parts := make([]string, len(ws))
		for i, w := range ws {
			parts[i] = x.Describe(w)
		}
		fmt.Fprintf(&b, "%sco[%s]: %s\n", prefix, l, strings.Join(parts, " -> "))
	}
	return b.String()
}
