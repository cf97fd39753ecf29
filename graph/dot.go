// This file implements the DOT rendering of a Picture: every node pinned
// where the geometry (layout.go) puts it (neato's pos with "!"), as herd's
// columns mode does, so that Graphviz keeps the grid and only routes the
// edges. Graphviz would put each edge label at the middle of its edge,
// where two crossing edges' labels run together ("rfefre"); so each label
// is a small node of its own, pinned at the spot the geometry found free,
// and its edge runs through it: tail -> label (no arrowhead) -> head.

package graph

import (
	"fmt"
	"strings"
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
// or `neato -Tsvg`. Sizes are the geometry's pixels as points, so that the
// text Graphviz draws fits the boxes sized for it; esep is kept below the
// room the geometry leaves around each label (labelGap), or Graphviz
// gives up routing the edges round the nodes.
func (p *Picture) DOT() string {
	g := p.layout()
	var b strings.Builder
	b.WriteString("digraph G {\n")
	b.WriteString("\tlayout=neato; splines=true; overlap=true; esep=\"+1\"; outputorder=edgesfirst;\n")
	var heading []string
	for _, h := range g.headings() {
		heading = append(heading, h.text)
	}
	fmt.Fprintf(&b, "\tlabel=%s; labelloc=t; fontname=\"Helvetica\"; fontsize=14;\n", quote(strings.Join(heading, "\n")))
	if p.hasHot() {
		fmt.Fprintf(&b, "\tfontcolor=%s;\n", quote(hotColour))
	}
	fmt.Fprintf(&b, "\tnode [shape=box, style=\"rounded,filled\", fillcolor=\"#fdfdf6\", fixedsize=true, fontname=\"Helvetica\", fontsize=%.0f];\n", nodeSize)
	fmt.Fprintf(&b, "\tedge [fontname=\"Helvetica\", fontsize=%.0f];\n", labelSize)
	for k, h := range g.threads {
		hb := h.box()
		fmt.Fprintf(&b, "\tthread%s [shape=plaintext, style=\"\", fontsize=%.0f, label=%s, pos=%s, width=%.2f, height=%.2f];\n",
			p.Heads[k][1:], h.size, quote(h.text), pos(hb.c), 2*hb.hw/72, 2*hb.hh/72)
	}
	for k, n := range p.Nodes {
		bx := g.boxes[k]
		lines := append([]string{n.Name + ": " + n.Lines[0]}, n.Lines[1:]...)
		attrs := fmt.Sprintf("label=%s, pos=%s, width=%.2f, height=%.2f", quote(strings.Join(lines, "\n")),
			pos(bx.c), 2*bx.hw/72, 2*bx.hh/72)
		if n.Hot {
			attrs += fmt.Sprintf(", color=%s, penwidth=2", quote(hotColour))
		}
		fmt.Fprintf(&b, "\t%s [%s];\n", n.Name, attrs)
	}
	for k, e := range p.Edges {
		colour, width := colours[e.Kind], 1
		if e.Hot {
			colour, width = hotColour, 3
		}
		l := g.labels[k]
		label := fmt.Sprintf("edge%d", k)
		fmt.Fprintf(&b, "\t%s [shape=plaintext, style=filled, fillcolor=white, margin=0, label=%s, fontcolor=%s, pos=%s, width=%.2f, height=%.2f];\n",
			label, quote(e.Label), quote(colour), pos(l.c), 2*l.hw/72, 2*l.hh/72)
		style := fmt.Sprintf("color=%s, penwidth=%d", quote(colour), width)
		fmt.Fprintf(&b, "\t%s -> %s [%s, arrowhead=none];\n", p.Nodes[e.From].Name, label, style)
		fmt.Fprintf(&b, "\t%s -> %s [%s];\n", label, p.Nodes[e.To].Name, style)
	}
	b.WriteString("}\n")
	return b.String()
}

// pos is a pinned DOT position in inches, of a point in pixels taken as
// points (y up in DOT, down in the geometry).
func pos(q point) string {
	return fmt.Sprintf("\"%.2f,%.2f!\"", q.x/72, -q.y/72)
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
