// This file implements "barriers": each ordering annotation of a test, in
// the lock fragments it uses too, is weakened in turn (locks.Weaken) and
// the test runs again in every column, as the plain check runs it; an
// annotation is load-bearing in a column when the verdict changes there,
// and liveness depends on it when whether some execution hangs changes.

package main

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/litmuscheck/litmuscheck/graph"
	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/locks"
)

const barriersUsage = "usage: litmuscheck barriers [--model M] [--lock ALG] FILE..."

// A barrierColumn is one column of a barriers table: the base result, and
// how to run a weakened version of the test the column runs.
type barrierColumn struct {
	base verdictCell
	// test is what gets weakened: the C test as parsed for the column
	// (with its lock algorithm), or the assembly test.
	test *litmus.Test
	// run runs a weakened test as the column runs test.
	run func(*litmus.Test) verdictCell
}

// A barrierRow is one annotation weakened, with the verdict without it in
// each column; a column whose test does not hold the annotation has none.
type barrierRow struct {
	ann   locks.Annotation
	cells []*verdictCell
}

func runBarriers(args []string, stdout, stderr io.Writer) int {
	rv, files, code := reviewArgs("barriers", barriersUsage, args, stdout, stderr)
	if rv == nil {
		return code
	}
	status := 0
	rep := &graph.Report{Title: "litmuscheck barriers"}
	for _, f := range files {
		out := rv.check(f)
		if out.Err != nil {
			printErr(stderr, out.Err)
			status = 2
			continue
		}
		if rv.o.graphs.dir != "" {
			if err := writeGraphs([]fileOutcome{out}, rv.o.graphs); err != nil {
				printErr(stderr, err)
				status = 2
			}
		}
		cols, err := rv.barrierColumns(out)
		if err != nil {
			printErr(stderr, err)
			status = 2
			continue
		}
		rows := barrierRows(cols)
		forEach(len(rows)*len(cols), rv.o.jobs, func(k int) {
			row, c := rows[k/len(cols)], k%len(cols)
			if row.cells[c] != nil {
				cell := cols[c].run(locks.Weaken(cols[c].test, row.ann))
				row.cells[c] = &cell
			}
		})
		if rv.writeBarriers(stdout, stderr, out, cols, rows) {
			status = 2
		}
		t := out.Test
		if t == nil {
			t = out.Result.Test
		}
		rep.Sections = append(rep.Sections, barriersSection(t, rv.lockNote(out, t), cols, rows))
	}
	if err := writeReport(rv.o.graphs.html, rep); err != nil {
		printErr(stderr, err)
		status = 2
	}
	return status
}

// barrierColumns are the columns of out, each able to run a weakened test
// exactly as checkFile ran the original.
func (rv *review) barrierColumns(out fileOutcome) ([]barrierColumn, error) {
	if out.Runs == nil {
		model := out.Model
		return []barrierColumn{{base: outcomeCells(out)[0], test: out.Result.Test, run: func(t *litmus.Test) verdictCell {
			res, err := runTest(t, model, rv.o, rv.o.workers)
			return verdictCell{title: model.Name(), res: res, none: "error", why: err}
		}}}, nil
	}
	var cols []barrierColumn
	for i, cell := range outcomeCells(out) {
		r := out.Runs[i]
		// A copy of the test as the column ran it: the run may have
		// changed its own copy while preparing it.
		c, err := out.C.For(r.Column)
		if err != nil {
			return nil, err
		}
		cols = append(cols, barrierColumn{base: cell, test: c, run: func(t *litmus.Test) verdictCell {
			ctx, cancel := rv.o.settings(r.Algorithm).Context()
			defer cancel()
			run, err := locks.RunParsed(ctx, t, r.Algorithm, r.Column, rv.o.exploreOptions(1))
			if err != nil {
				if ctx.Err() != nil {
					err = fmt.Errorf("%s: timed out after %v", t.File, rv.o.timeout)
				}
				return verdictCell{title: r.Column.Title, none: "error", why: err}
			}
			return outcomeCells(fileOutcome{Test: out.Test, Runs: []*locks.Run{run}})[0]
		}})
	}
	return cols, nil
}

// barrierRows merges the columns' annotations into one list, keeping each
// column's order: a fragment's annotations sit where its code is inlined.
func barrierRows(cols []barrierColumn) []*barrierRow {
	var rows []*barrierRow
	index := map[locks.AnnotationKey]int{}
	for c, col := range cols {
		if col.base.res == nil {
			continue
		}
		at := 0
		for _, a := range locks.Annotations(col.test) {
			if i, ok := index[a.Key()]; ok {
				rows[i].cells[c] = &verdictCell{}
				at = i + 1
				continue
			}
			row := &barrierRow{ann: a, cells: make([]*verdictCell, len(cols))}
			row.cells[c] = &verdictCell{}
			rows = append(rows[:at], append([]*barrierRow{row}, rows[at:]...)...)
			for k, i := range index {
				if i >= at {
					index[k] = i + 1
				}
			}
			index[a.Key()] = at
			at++
		}
	}
	return rows
}

// writeBarriers prints a test's table; it reports whether a column failed
// for a reason of ours (as written or weakened), which makes the exit
// status 2.
func (rv *review) writeBarriers(stdout, stderr io.Writer, out fileOutcome, cols []barrierColumn, rows []*barrierRow) bool {
	t := out.Test
	if t == nil {
		t = out.Result.Test
	}
	fmt.Fprintf(stdout, "%s: %s (%s)%s\n", t.Name, t.Cond.Quant, litmus.FormatProp(t.Cond.Prop), rv.lockNote(out, t))
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	head := []string{"  position", "threads", "instruction", "weakened"}
	base := []string{"  as written", "", "", ""}
	for _, c := range cols {
		head = append(head, c.base.title)
		base = append(base, c.base.liveLabel())
	}
	fmt.Fprintln(tw, strings.Join(head, "\t"))
	fmt.Fprintln(tw, strings.Join(base, "\t"))
	failed, marked, absent, live := false, false, false, false
	for _, row := range rows {
		a := row.ann
		line := []string{"  " + a.Pos.String(), threadList(a.Threads), a.Text, a.From + " -> " + a.To}
		for c, cell := range row.cells {
			switch {
			case cols[c].base.res == nil:
				line = append(line, cols[c].base.label())
			case cell == nil:
				line = append(line, "-")
				absent = true
			case cell.res == nil:
				line = append(line, cell.label())
				fmt.Fprintf(stderr, "%s: %s weakened to %s: %s: %s: %v\n", a.Pos, a.From, a.To, cols[c].base.title, cell.label(), cell.why)
				failed = true
			default:
				text := cell.liveLabel()
				if cell.label() != cols[c].base.label() {
					text += " *"
					marked = true
				}
				if cell.hangs() != cols[c].base.hangs() {
					text += " !"
					live = true
				}
				line = append(line, text)
			}
		}
		fmt.Fprintln(tw, strings.Join(line, "\t"))
	}
	tw.Flush()
	var legend []string
	switch {
	case len(rows) == 0:
		legend = append(legend, "no ordering annotation in this test")
	case marked:
		legend = append(legend, "*: load-bearing, the verdict changes without it")
	default:
		legend = append(legend, "no annotation is load-bearing")
	}
	if live {
		legend = append(legend, "!: liveness depends on it, some execution hangs without it (or stops hanging)")
	}
	if absent {
		legend = append(legend, "-: not in the code this column runs")
	}
	fmt.Fprintf(stdout, "  %s\n", strings.Join(legend, "; "))
	for _, c := range cols {
		switch {
		case c.base.failed():
			fmt.Fprintf(stderr, "%s: %s: %s: %v\n", t.File, c.base.title, c.base.label(), c.base.why)
			failed = true
		case c.base.res == nil:
			fmt.Fprintf(stdout, "  %s: %s: %v\n", c.base.title, c.base.label(), c.base.why)
		}
	}
	return failed
}

// lockNote says what spin_* run as, as the plain check's side-by-side
// header does.
func (rv *review) lockNote(out fileOutcome, t *litmus.Test) string {
	switch {
	case out.Runs == nil:
		return ""
	case rv.alg != nil:
		return "   [--lock " + rv.alg.Name + "]"
	case callsSpin(t):
		return "   [spin_*: LKMM's lock events under LKMM, " + locks.DefaultAlgorithm + " on hardware]"
	}
	return ""
}

func threadList(ids []int) string {
	var s []string
	for _, id := range ids {
		s = append(s, fmt.Sprintf("P%d", id))
	}
	return strings.Join(s, ",")
}
