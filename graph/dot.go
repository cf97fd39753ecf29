// This file implements the DOT rendering of a Picture: every node pinned
// at its column and row (neato's pos with "!"), as herd's columns mode
// does, so that Graphviz keeps the grid and only routes the edges.

package graph

import (
	"fmt"
	"strings"
)

// Grid spacing of the DOT layout, in inches.
const (
	dotColumn = 3.2
	dotRow    = 1.3
)

// colours of the relation families, shared by the DOT and SVG renderings.
var colours = map[string]string{
	"po":  "black",
	"rf":  "red",
	"co":  "blue",
	"fr":  "#e08000",
	"dep": "indigo",
	"rmw": "darkgreen",
}

// hotColour draws the violation's steps and caption.
const hotColour = "#d4006a"

// DOT renders p for Graphviz: `dot -Tsvg` (which honours layout=neato)
// or `neato -n`.
func (p *Picture) DOT() string {
	var b strings.Builder
	b.WriteString("digraph G {\n")
	b.WriteString("\tlayout=neato; splines=true; overlap=true; outputorder=edgesfirst;\n")
	fmt.Fprintf(&b, "\tlabel=%s; labelloc=t; fontname=\"Helvetica\"; fontsize=14;\n", quote(p.Title+"\n"+p.Caption))
	if p.hasHot() {
		fmt.Fprintf(&b, "\tfontcolor=%s;\n", quote(hotColour))
	}
	b.WriteString("\tnode [shape=box, style=rounded, fontname=\"Helvetica\", fontsize=11, margin=\"0.08,0.04\"];\n")
	b.WriteString("\tedge [fontname=\"Helvetica\", fontsize=10];\n")
	for t := 0; t < p.Columns; t++ {
		fmt.Fprintf(&b, "\tthread%d [shape=plaintext, style=\"\", label=\"P%d\", pos=\"%.2f,%.2f!\"];\n",
			t, t, float64(t)*dotColumn, dotRow*0.6)
	}
	for _, n := range p.Nodes {
		lines := append([]string{n.Name + ": " + n.Lines[0]}, n.Lines[1:]...)
		attrs := fmt.Sprintf("label=%s, pos=\"%.2f,%.2f!\"", quote(strings.Join(lines, "\n")),
			float64(n.Column)*dotColumn, -float64(n.Row)*dotRow)
		if n.Hot {
			attrs += fmt.Sprintf(", color=%s, penwidth=2", quote(hotColour))
		}
		fmt.Fprintf(&b, "\t%s [%s];\n", n.Name, attrs)
	}
	for _, e := range p.Edges {
		colour, width := colours[e.Kind], 1
		if e.Hot {
			colour, width = hotColour, 3
		}
		fmt.Fprintf(&b, "\t%s -> %s [label=%s, color=%s, fontcolor=%s, penwidth=%d];\n",
			p.Nodes[e.From].Name, p.Nodes[e.To].Name, quote(e.Label), quote(colour), quote(colour), width)
	}
	b.WriteString("}\n")
	return b.String()
}

func (p *Picture) hasHot() bool {
	for _, e := range p.Edges {
		if e.Hot {
			return true
		}
	}
	return false
}

// quote is a DOT string: backslashes and quotes escaped, lines centred.
func quote(s string) string {
	s = strings.ReplaceAll(s, `\`, `\\`)
	s = strings.ReplaceAll(s, `"`, `\"`)
	s = strings.ReplaceAll(s, "\n", `\n`)
	return `"` + s + `"`
}
