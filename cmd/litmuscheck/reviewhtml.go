// This file implements the HTML reports of the review commands: diff's
// verdict change per column, with the execution a weakened test newly
// allows, and barriers' table of which annotation each verdict rests on.

package main

import (
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"

	"github.com/litmuscheck/litmuscheck/graph"
	"github.com/litmuscheck/litmuscheck/litmus"
)

// reviewCell is a report cell of a review: the label the text prints,
// coloured by its verdict, or as a caveat when one voids it.
func reviewCell(c verdictCell, text string) graph.Cell {
	class := graph.VerdictClass(c.none)
	if c.res != nil {
		class = graph.VerdictClass(c.res.Verdict())
		if len(c.res.Caveats()) > 0 {
			class = "caveat"
		}
	}
	return graph.Cell{Text: text, Class: class}
}

// diffReport is diff's report: a row per column, its verdict before and
// after, the final states gained and lost (stateChanges, as the text
// prints them), and the picture of the
// execution that newly satisfies the condition.
func diffReport(files []string, tests [2]*litmus.Test, cells [2][]verdictCell, outs [2]fileOutcome) *graph.Report {
	t := tests[0]
	s := graph.Section{
		Heading:   t.Name + ": " + files[0] + " -> " + files[1],
		Paragraph: fmt.Sprintf("`%s (%s)`, before and after, in every column the plain check runs.", t.Cond.Quant, litmus.FormatProp(t.Cond.Prop)),
		Columns:   []string{"before", "after", "states gained", "states lost"},
		Source:    tests[1].Source,
	}
	for i, before := range cells[0] {
		after := cells[1][i]
		row := graph.Row{Label: before.title}
		row.Cells = append(row.Cells, reviewCell(before, before.liveLabel()))
		ac := reviewCell(after, after.liveLabel())
		if before.res != nil && after.res != nil && before.res.Positive == 0 && after.res.Positive > 0 {
			if outs[1].Runs != nil {
				ac.Picture = runPicture(t.Name, outs[1].Runs[i])
			} else {
				ac.Picture = graph.ForResult(t.Name+" under "+after.res.Model, after.res, outs[1].Model)
			}
		}
		row.Cells = append(row.Cells, ac)
		gained, lost := stateChanges(before, after)
		row.Cells = append(row.Cells, graph.Cell{Text: strings.Join(gained, " ")}, graph.Cell{Text: strings.Join(lost, " ")})
		s.Rows = append(s.Rows, row)
	}
	return &graph.Report{Title: "litmuscheck diff", Sections: []graph.Section{s}}
}

// stateChanges are the final states after has and before has not, in
// after's order, and those before has and after has not, sorted; none
// when a side's verdict was decided without counting, whose states are
// not all known.
func stateChanges(before, after verdictCell) (gained, lost []string) {
	if before.res == nil || after.res == nil || before.res.Uncounted || after.res.Uncounted {
		return nil, nil
	}
	old := map[string]bool{}
	for _, st := range before.res.States {
		old[before.res.FormatState(st)] = true
	}
	for _, st := range after.res.States {
		s := after.res.FormatState(st)
		if !old[s] {
			gained = append(gained, s)
		}
		delete(old, s)
	}
	lost = slices.Sorted(maps.Keys(old))
	return gained, lost
}

// barriersSection is barriers' table for one test: the verdict as
// written, then with each annotation weakened, in every column; a cell
// whose verdict changes is load-bearing (*), one whose liveness changes
// is marked !.
func barriersSection(t *litmus.Test, note string, cols []barrierColumn, rows []*barrierRow) graph.Section {
	s := graph.Section{
		Heading:   t.Name,
		Paragraph: fmt.Sprintf("`%s (%s)`%s. *: load-bearing, the verdict changes without it; !: liveness depends on it.", t.Cond.Quant, litmus.FormatProp(t.Cond.Prop), note),
		Source:    t.Source,
	}
	base := graph.Row{Label: "as written"}
	for _, c := range cols {
		s.Columns = append(s.Columns, c.base.title)
		base.Cells = append(base.Cells, reviewCell(c.base, c.base.liveLabel()))
	}
	s.Rows = append(s.Rows, base)
	for _, row := range rows {
		a := row.ann
		r := graph.Row{Label: fmt.Sprintf("%s %s: %s -> %s", a.Pos, a.Text, a.From, a.To)}
		for c, cell := range row.cells {
			switch {
			case cols[c].base.res == nil:
				r.Cells = append(r.Cells, reviewCell(cols[c].base, cols[c].base.label()))
			case cell == nil:
				r.Cells = append(r.Cells, graph.Cell{Text: "-"})
			default:
				text := cell.liveLabel()
				if cell.label() != cols[c].base.label() {
					text += " *"
				}
				if cell.hangs() != cols[c].base.hangs() {
					text += " !"
				}
				r.Cells = append(r.Cells, reviewCell(*cell, text))
			}
		}
		s.Rows = append(s.Rows, r)
	}
	return s
}

// writeReport writes rep to path, when the user asked for one.
func writeReport(path string, rep *graph.Report) error {
	if path == "" {
		return nil
	}
	return os.WriteFile(path, []byte(rep.HTML()), 0o644)
}
