// This file implements the pictures of the default command and of locks:
// --graph DIR (a DOT or SVG file per test and model), --html FILE (one
// page of verdicts linking to their pictures) and --explain (the labelled
// cycle of every column of a C test, not only those that differ from
// LKMM's).

package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/pflag"

	"github.com/litmuscheck/litmuscheck/docs"
	"github.com/litmuscheck/litmuscheck/graph"
	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/locks"
	"github.com/litmuscheck/litmuscheck/locks/table"
	"github.com/litmuscheck/litmuscheck/models"
	"github.com/litmuscheck/litmuscheck/pipeline"
)

// graphOptions are the values of the picture flags.
type graphOptions struct {
	dir, format, html string
	explain           bool
}

func addGraphFlags(fs *pflag.FlagSet, o *graphOptions) {
	fs.StringVar(&o.dir, "graph", "", "write a picture of each test's execution per model into this directory: a witness of Sometimes/Always, the forbidden cycle of Never")
	fs.StringVar(&o.format, "graph-format", "dot", "format of the --graph pictures: dot (for Graphviz) or svg (drawn natively)")
	fs.StringVar(&o.html, "html", "", "write a self-contained HTML report of the verdicts, each linking to its picture, to this file")
	fs.BoolVar(&o.explain, "explain", false, "C tests: explain every column's verdict, not only those that differ from LKMM's")
}

func (o graphOptions) check() error {
	if o.format != "dot" && o.format != "svg" {
		return fmt.Errorf("unknown --graph-format %q (expected dot or svg)", o.format)
	}
	return nil
}

// A figure is one picture of a test in one column or model.
type figure struct {
	column  string // the column's or model's name, for file names
	title   string
	verdict string
	picture *graph.Picture // nil: nothing to draw
	// caveat: the verdict has a caveat (litmus.Result.Caveats), which
	// its cell shows in the colour of a verdict no one should rely on.
	caveat bool
}

// figuresOf are the pictures of one file's outcome, a figure per column.
func figuresOf(out fileOutcome) []figure {
	if out.Err != nil || out.Asm != nil {
		return nil
	}
	if out.Runs == nil {
		r := out.Result
		f := figure{column: strings.ToLower(r.Model), title: r.Model,
			picture: graph.ForResult(r.Test.Name+" under "+r.Model, r, out.Model)}
		f.verdict, f.caveat = cellLabel(r, pipeline.ExpectedResult(r.Test), pipeline.Answers(r))
		return []figure{f}
	}
	var figs []figure
	want := pipeline.ExpectedResult(out.Test)
	for _, run := range out.Runs {
		f := figure{column: run.Column.Name, title: run.Column.Title, verdict: run.Verdict()}
		if res := run.CResult(); res != nil {
			res := *res
			res.Test = out.Test
			f.verdict, f.caveat = cellLabel(&res, want, run.Column.Target == nil)
		}
		f.picture = runPicture(out.Test.Name, run)
		figs = append(figs, f)
	}
	return figs
}

// cellLabel is a report cell's text and whether it carries a caveat:
// the result's label, and the "Result:" verdict it contradicts when the
// comment speaks for its model (pipeline.ResultMismatch, as the exit status).
func cellLabel(r *litmus.Result, want string, speaks bool) (string, bool) {
	label, caveat := r.Label(), len(r.Caveats()) > 0
	if want != pipeline.ExpectDeadlock && pipeline.ResultMismatch(r, want, speaks) != "" {
		label += " (Result: " + want + " expected)"
		caveat = true
	}
	return label, caveat
}

// runPicture is the picture of a C test's run in a column: what
// graph.ForResult draws, in the terms of the test that ran (the compiled
// assembly on a hardware column).
//
// Hangs: once the liveness work exposes a run's hanging execution, this
// is where it is drawn, with graph.Hang(title, caption, x) before the
// ForResult fallback.
func runPicture(name string, run *locks.Run) *graph.Picture {
	if run.Result == nil {
		return nil
	}
	m, err := run.Column.Model()
	if err != nil {
		return nil
	}
	return graph.ForResult(name+" under "+run.Column.Title, run.Result, m)
}

// writePictures writes what the picture flags ask for.
func writePictures(outs []fileOutcome, o graphOptions) error {
	if o.dir != "" {
		if err := writeGraphs(outs, o); err != nil {
			return err
		}
	}
	if o.html != "" {
		return os.WriteFile(o.html, []byte(checkReport(outs).HTML()), 0o644)
	}
	return nil
}

// writeGraphs writes each figure of outs to dir as NAME.COLUMN.FORMAT.
func writeGraphs(outs []fileOutcome, o graphOptions) error {
	if err := os.MkdirAll(o.dir, 0o755); err != nil {
		return err
	}
	for _, out := range outs {
		for _, f := range figuresOf(out) {
			if f.picture == nil {
				continue
			}
			name := testName(out)
			text := f.picture.DOT()
			if o.format == "svg" {
				text = f.picture.SVG()
			}
			path := filepath.Join(o.dir, fileSafe(name)+"."+fileSafe(f.column)+"."+o.format)
			if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
				return err
			}
		}
	}
	return nil
}

func testName(out fileOutcome) string {
	if out.Test != nil {
		return out.Test.Name
	}
	return out.Result.Test.Name
}

// fileSafe keeps a name usable as a file name.
func fileSafe(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '/' || r == '\\' || r == ':' || r == ' ' {
			return '_'
		}
		return r
	}, s)
}

// checkReport is the HTML report of the default command: a section per
// test, a cell per column or model.
func checkReport(outs []fileOutcome) *graph.Report {
	rep := &graph.Report{Title: "litmuscheck report"}
	for _, out := range outs {
		figs := figuresOf(out)
		if figs == nil {
			continue
		}
		t := out.Test
		if t == nil {
			t = out.Result.Test
		}
		s := graph.Section{Heading: t.Name, Paragraph: "`" + t.File + "`: " + t.Cond.Quant.String() + " (" + litmus.FormatProp(t.Cond.Prop) + ")",
			Source: t.Source, Notes: reportNotes(out)}
		row := graph.Row{Label: t.Name}
		for _, f := range figs {
			s.Columns = append(s.Columns, f.title)
			class := graph.VerdictClass(strings.Trim(strings.Fields(f.verdict)[0], ","))
			if f.caveat {
				class = "caveat"
			}
			row.Cells = append(row.Cells, graph.Cell{Text: f.verdict, Class: class, Picture: f.picture})
		}
		s.Rows = []graph.Row{row}
		rep.Sections = append(rep.Sections, s)
	}
	return rep
}

// reportNotes are the lines under a test's table in the report: the
// parser's warnings, each column's caveats in full, why a column has no
// verdict, and its final states.
func reportNotes(out fileOutcome) []string {
	var notes []string
	var w strings.Builder
	printWarnings(&w, out)
	for _, line := range strings.Split(strings.TrimSpace(w.String()), "\n") {
		if line != "" {
			notes = append(notes, line)
		}
	}
	for _, c := range outcomeCells(out) {
		if c.res == nil {
			if c.why != nil {
				notes = append(notes, fmt.Sprintf("%s: %s: %v", c.title, c.none, c.why))
			}
			continue
		}
		for _, cv := range c.res.Caveats() {
			notes = append(notes, fmt.Sprintf("%s: %s: %s", c.title, cv.Kind, cv.Note))
		}
		var states []string
		for _, st := range c.res.States {
			states = append(states, "`"+c.res.FormatState(st)+"`")
		}
		notes = append(notes, fmt.Sprintf("%s: final states %s", c.title, strings.Join(states, " ")))
	}
	return notes
}

// locksReport is the HTML proof table: a section per scenario with its
// paragraph of docs/locks.md, a row per variant, a cell per column.
func locksReport(rows []*table.Row) *graph.Report {
	rep := &graph.Report{Title: "litmuscheck proof table"}
	var cur *graph.Section
	for _, r := range rows {
		if cur == nil || cur.Heading != r.Scenario.Name {
			rep.Sections = append(rep.Sections, graph.Section{Heading: r.Scenario.Name, Paragraph: docs.Scenario(r.Scenario.Name)})
			cur = &rep.Sections[len(rep.Sections)-1]
			for _, c := range locks.Columns {
				cur.Columns = append(cur.Columns, c.Title)
			}
		}
		row := graph.Row{Label: r.Variant.Name}
		for _, run := range r.Runs {
			v, class := run.Verdict(), graph.VerdictClass(run.Verdict())
			if res := run.Result; res != nil && len(res.Caveats()) > 0 {
				v, class = res.Label(), "caveat"
			}
			row.Cells = append(row.Cells, graph.Cell{Text: v, Class: class, Picture: runPicture(r.Scenario.Name+", "+r.Variant.Name, run)})
		}
		cur.Rows = append(cur.Rows, row)
	}
	return rep
}

// writeExplanations follows a C test's side-by-side view: for each
// column whose verdict differs from LKMM's (every column with all), why
// it is what it is: the labelled cycle of a Never, the reads of a
// witness.
func writeExplanations(w io.Writer, out fileOutcome, all bool) {
	if len(out.Runs) < 2 {
		return
	}
	lkmm := ""
	for _, r := range out.Runs {
		if r.Column.Target == nil {
			lkmm = r.Verdict()
		}
	}
	for _, r := range out.Runs {
		if r.Result == nil || (!all && (lkmm == "" || r.Verdict() == lkmm)) {
			continue
		}
		if why := explainRun(r); why != "" {
			fmt.Fprintf(w, "    %s: %s\n", r.Column.Title, why)
		}
	}
}

// explainRun is one line on a run's verdict.
func explainRun(r *locks.Run) string {
	res := r.Result
	m, err := r.Column.Model()
	if err != nil {
		return ""
	}
	if res.Positive == 0 && res.Blocked != nil {
		if vs := m.Violations(res.Blocked); len(vs) > 0 {
			return "forbidden: " + vs[0].Format(res.Blocked)
		}
	}
	if x := res.Witness; x != nil {
		var reads []string
		x.R.Each(func(rd int) {
			if x.Events[rd].IsInit() {
				return
			}
			x.W.Each(func(wr int) {
				if x.RF.Has(wr, rd) {
					reads = append(reads, models.EventName(x, wr)+" -"+models.EdgeLabel(x, wr, rd)+"-> "+models.EventName(x, rd))
				}
			})
		})
		return "allowed, witness: " + strings.Join(reads, "; ")
	}
	return ""
}
