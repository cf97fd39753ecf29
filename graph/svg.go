// This file implements the native SVG rendering of a Picture: its
// geometry (layout.go) drawn directly, events as boxes, edges as routes of
// curves with their labels on them, so that pictures need no external program.
// Each element carries a class (event, edge, label, thread, caption) for
// a reader's style sheet and for the tests that check the picture.

package graph

import (
	"fmt"
	"html"
	"strings"
)

// SVG renders p as a standalone SVG document.
func (p *Picture) SVG() string {
	g := p.layout()
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f" font-family="Helvetica, Arial, sans-serif">`+"\n",
		g.width, g.height, g.width, g.height)
	b.WriteString("<defs>\n")
	for _, kind := range []string{"po", "rf", "co", "fr", "dep", "rmw", "hot"} {
		fmt.Fprintf(&b, `<marker id="arrow-%s" viewBox="0 0 10 10" refX="10" refY="5" markerUnits="userSpaceOnUse" markerWidth="10" markerHeight="10" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="%s"/></marker>`+"\n",
			kind, colourOf(kind))
	}
	b.WriteString("</defs>\n")
	fmt.Fprintf(&b, `<rect width="100%%" height="100%%" fill="white"/>`+"\n")
	for _, h := range g.title {
		fmt.Fprintf(&b, `<text class="title" x="%.0f" y="%.0f" font-size="%.0f" font-weight="bold">%s</text>`+"\n", h.at.x, h.at.y, h.size, esc(h.text))
	}
	capColour := "black"
	if p.hasHot() {
		capColour = hotColour
	}
	for _, h := range g.caption {
		fmt.Fprintf(&b, `<text class="caption" x="%.0f" y="%.0f" font-size="%.0f" fill="%s">%s</text>`+"\n", h.at.x, h.at.y, h.size, capColour, esc(h.text))
	}
	for _, h := range g.threads {
		fmt.Fprintf(&b, `<text class="thread" x="%.1f" y="%.0f" font-size="%.0f" text-anchor="middle" font-weight="bold">%s</text>`+"\n",
			h.at.x, h.at.y, h.size, esc(h.text))
	}
	// Edges first, so that boxes and labels sit on top of them.
	for k, e := range p.Edges {
		kind, colour, width := e.Kind, colourOf(e.Kind), 1.3
		if e.Hot {
			kind, colour, width = "hot", hotColour, 3
		}
		d := fmt.Sprintf("M%.1f,%.1f", g.routes[k][0].p0.x, g.routes[k][0].p0.y)
		for _, c := range g.routes[k] {
			d += fmt.Sprintf(" C%.1f,%.1f %.1f,%.1f %.1f,%.1f", c.p1.x, c.p1.y, c.p2.x, c.p2.y, c.p3.x, c.p3.y)
		}
		fmt.Fprintf(&b, `<path class="edge" d="%s" fill="none" stroke="%s" stroke-width="%.1f" marker-end="url(#arrow-%s)"/>`+"\n",
			d, colour, width, kind)
	}
	for k, n := range p.Nodes {
		p.svgNode(&b, n, g.boxes[k])
	}
	for k, e := range p.Edges {
		l := g.labels[k]
		colour, weight := colourOf(e.Kind), ""
		if e.Hot {
			colour, weight = hotColour, ` font-weight="bold"`
		}
		fmt.Fprintf(&b, `<text class="label" x="%.1f" y="%.1f" font-size="%.0f" text-anchor="middle" fill="%s" stroke="white" stroke-width="3" paint-order="stroke"%s>%s</text>`+"\n",
			l.c.x, l.c.y+4, labelSize, colour, weight, esc(e.Label))
	}
	b.WriteString("</svg>\n")
	return b.String()
}

// svgNode draws a node's box and its lines, the first in bold with the
// event's letter.
func (p *Picture) svgNode(b *strings.Builder, n Node, bx box) {
	stroke, sw, class := "#555", 1, "event"
	if n.Hot {
		stroke, sw = hotColour, 2
	}
	if n.Init {
		class = "event init"
	}
	fmt.Fprintf(b, `<rect class="%s" x="%.1f" y="%.1f" width="%.0f" height="%.0f" rx="6" fill="#fdfdf6" stroke="%s" stroke-width="%d"/>`+"\n",
		class, bx.c.x-bx.hw, bx.c.y-bx.hh, 2*bx.hw, 2*bx.hh, stroke, sw)
	for i, line := range n.Lines {
		text, style := line, fmt.Sprintf(` font-size="%.0f" fill="#333"`, nodeSize)
		if i == 0 {
			text, style = n.Name+": "+line, fmt.Sprintf(` font-size="%.0f" font-weight="bold"`, nodeSize+1)
		}
		fmt.Fprintf(b, `<text x="%.1f" y="%.1f" text-anchor="middle"%s>%s</text>`+"\n",
			bx.c.x, bx.c.y-bx.hh+boxPad/2+lineHeight*float64(i+1)-3, style, esc(text))
	}
}

func colourOf(kind string) string {
	if kind == "hot" {
		return hotColour
	}
	return colours[kind]
}

func esc(s string) string { return html.EscapeString(s) }
