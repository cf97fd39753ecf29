// This file implements the HTML proof report: one self-contained page of
// verdict tables whose cells link to the SVG picture of their execution
// (the witness of a Sometimes, the forbidden cycle of a Never, a hang),
// the pictures inlined below each table.

package graph

import (
	"fmt"
	"html"
	"regexp"
	"strings"
)

// A Report is the page: a title and its sections.
type Report struct {
	Title    string
	Sections []Section
}

// A Section is one table, with the paragraph that explains it.
type Section struct {
	Heading string
	// Paragraph is prose in Markdown's inline subset: blank lines part
	// paragraphs and `code` is code.
	Paragraph string
	// Columns head the cells; each row starts with its label.
	Columns []string
	Rows    []Row
	// Source, when set, is the test's text, shown below the table.
	Source string
	// Notes, when set, are lines under the table: each caveat of a
	// verdict, in full, and the final states of each column.
	Notes []string
}

// A Row is one line of a table.
type Row struct {
	Label string
	Cells []Cell
}

// A Cell is a verdict, linking to its picture when it has one.
type Cell struct {
	Text string
	// Class colours the cell: never, sometimes, always, caveat (a
	// verdict with a caveat, which proves nothing), failed or "".
	Class   string
	Picture *Picture
}

// VerdictClass is the cell class of a verdict word.
func VerdictClass(verdict string) string {
	switch verdict {
	case "Never", "Sometimes", "Always":
		return strings.ToLower(verdict)
	case "n/a", "skipped":
		return ""
	}
	return "failed"
}

const style = `body{font-family:Helvetica,Arial,sans-serif;margin:2em;color:#222;max-width:80em}
table{border-collapse:collapse;margin:1em 0}th,td{border:1px solid #bbb;padding:.3em .6em;text-align:left}
th{background:#eee}td.never{background:#e3f4e3}td.sometimes{background:#fde2e2}td.always{background:#fbd0d0}
td.failed{background:#fff2c0}td.caveat{background:#ffe0b0;font-style:italic}td a{color:inherit}figure{margin:1.5em 0;border-top:1px solid #ddd;padding-top:.5em}
figcaption{font-weight:bold;margin-bottom:.3em}code{background:#f4f4f4;padding:0 .2em}
pre{background:#f7f7f7;padding:.6em;overflow:auto}ul.notes{font-size:.95em}`

// HTML renders the report as one page needing nothing else: styles and
// pictures are inline, each picture an anchor that its cell links to.
func (r *Report) HTML() string {
	var b strings.Builder
	b.WriteString("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
	fmt.Fprintf(&b, "<title>%s</title>\n<style>%s</style>\n</head>\n<body>\n<h1>%s</h1>\n", esc(r.Title), style, esc(r.Title))
	fig := 0
	for _, s := range r.Sections {
		fmt.Fprintf(&b, "<section>\n<h2>%s</h2>\n", esc(s.Heading))
		b.WriteString(paragraphs(s.Paragraph))
		b.WriteString("<table>\n<tr><th></th>")
		for _, c := range s.Columns {
			fmt.Fprintf(&b, "<th>%s</th>", esc(c))
		}
		b.WriteString("</tr>\n")
		figs := &figureSet{byKey: map[string]int{}}
		for _, row := range s.Rows {
			fmt.Fprintf(&b, "<tr><th>%s</th>", esc(row.Label))
			for k, c := range row.Cells {
				class := ""
				if c.Class != "" {
					class = fmt.Sprintf(" class=\"%s\"", c.Class)
				}
				if c.Picture == nil {
					fmt.Fprintf(&b, "<td%s>%s</td>", class, esc(c.Text))
					continue
				}
				column := ""
				if k < len(s.Columns) {
					column = s.Columns[k]
				}
				id := figs.add(&fig, row.Label, column, c)
				fmt.Fprintf(&b, "<td%s><a href=\"#%s\">%s</a></td>", class, id, esc(c.Text))
			}
			b.WriteString("</tr>\n")
		}
		b.WriteString("</table>\n")
		if len(s.Notes) > 0 {
			b.WriteString("<ul class=\"notes\">\n")
			for _, n := range s.Notes {
				b.WriteString("<li>" + inlineCode.ReplaceAllString(html.EscapeString(n), "<code>$1</code>") + "</li>\n")
			}
			b.WriteString("</ul>\n")
		}
		if s.Source != "" {
			fmt.Fprintf(&b, "<details><summary>source</summary>\n<pre><code>%s</code></pre>\n</details>\n", esc(s.Source))
		}
		for _, f := range figs.list {
			fmt.Fprintf(&b, "<figure id=\"%s\">\n<figcaption>%s, %s: %s</figcaption>\n%s</figure>\n",
				f.id, esc(f.row), esc(strings.Join(f.columns, ", ")), esc(f.text), f.svg)
		}
		b.WriteString("</section>\n")
	}
	b.WriteString("</body>\n</html>\n")
	return b.String()
}

// A figureSet holds a section's figures, one per distinct execution: the
// cells of one row whose pictures differ only in their titles (columns
// that agree) share one figure, captioned with all their names.
type figureSet struct {
	list  []*figureEntry
	byKey map[string]int
}

type figureEntry struct {
	id, row, text, svg string
	columns            []string
}

// add files cell's picture, in column of row, and returns the id of its
// figure; n numbers the page's figures.
func (fs *figureSet) add(n *int, row, column string, cell Cell) string {
	key := row + "\x00" + cell.Text + "\x00" + sameExecution(cell.Picture)
	if i, ok := fs.byKey[key]; ok {
		fs.list[i].columns = append(fs.list[i].columns, column)
		return fs.list[i].id
	}
	*n++
	f := &figureEntry{id: fmt.Sprintf("fig-%d", *n), row: row, text: cell.Text, svg: cell.Picture.SVG(), columns: []string{column}}
	fs.byKey[key] = len(fs.list)
	fs.list = append(fs.list, f)
	return f.id
}

// sameExecution is what two pictures share when they draw one execution
// of a C test in two columns: its events (each with its value and source
// position; not the instruction, which each column compiles its own way)
// and how they communicate (rf, co, fr). Fences and dependencies, which
// differ between architectures, and the title and caption, which name
// the column, are left out.
func sameExecution(p *Picture) string {
	var b strings.Builder
	for _, n := range p.Nodes {
		lines := n.Lines
		if len(lines) == 3 {
			lines = []string{lines[0], lines[2]}
		}
		fmt.Fprintf(&b, "%d:%d:%d %q\n", n.Event, n.Column, n.Row, lines)
	}
	for _, e := range p.Edges {
		if e.Kind == "rf" || e.Kind == "co" || e.Kind == "fr" {
			fmt.Fprintf(&b, "%d-%s->%d\n", e.From, e.Label, e.To)
		}
	}
	return b.String()
}

var inlineCode = regexp.MustCompile("`([^`]*)`")

// paragraphs renders prose: blank lines part paragraphs, `code` is code.
func paragraphs(text string) string {
	var b strings.Builder
	for _, p := range strings.Split(strings.TrimSpace(text), "\n\n") {
		p = strings.TrimSpace(p)
		if p == "" {
			continue
		}
		p = inlineCode.ReplaceAllString(html.EscapeString(p), "<code>$1</code>")
		b.WriteString("<p>" + p + "</p>\n")
	}
	return b.String()
}
