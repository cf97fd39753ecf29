// This file implements the native SVG rendering of a Picture: the grid of
// herd's columns layout drawn directly, events as boxes, po as straight
// arrows down a column and the other relations as labelled curves, so
// that pictures need no external program.

package graph

import (
	"fmt"
	"html"
	"math"
	"strings"
)

// Geometry of the SVG, in pixels.
const (
	svgColumn   = 300.0
	svgRow      = 105.0
	svgBoxWidth = 200.0
	svgLine     = 15.0
	svgMargin   = 30.0
	svgHeader   = 70.0
)

type point struct{ x, y float64 }

// box is a node's rectangle: its centre and half sizes.
type box struct {
	c      point
	hw, hh float64
}

func (p *Picture) boxOf(n Node) box {
	h := float64(len(n.Lines))*svgLine + 10
	c := point{svgMargin + svgBoxWidth/2 + float64(n.Column)*svgColumn, svgHeader + 25 + float64(n.Row)*svgRow + h/2}
	return box{c, svgBoxWidth / 2, h / 2}
}

// clip is where the segment from the box's centre towards q leaves it.
func (b box) clip(q point) point {
	dx, dy := q.x-b.c.x, q.y-b.c.y
	if dx == 0 && dy == 0 {
		return b.c
	}
	t := math.Inf(1)
	if dx != 0 {
		t = math.Min(t, b.hw/math.Abs(dx))
	}
	if dy != 0 {
		t = math.Min(t, b.hh/math.Abs(dy))
	}
	t = math.Min(t, 1)
	return point{b.c.x + dx*t, b.c.y + dy*t}
}

// SVG renders p as a standalone SVG document.
func (p *Picture) SVG() string {
	// The right margin leaves room for the curves down the last column.
	width := 2*svgMargin + float64(max(p.Columns, 1)-1)*svgColumn + svgBoxWidth + 110
	height := svgHeader + 25 + float64(p.Rows)*svgRow + svgMargin
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f" font-family="Helvetica, Arial, sans-serif">`+"\n",
		width, height, width, height)
	b.WriteString("<defs>\n")
	for _, kind := range []string{"po", "rf", "co", "fr", "dep", "rmw", "hot"} {
		fmt.Fprintf(&b, `<marker id="arrow-%s" viewBox="0 0 10 10" refX="10" refY="5" markerUnits="userSpaceOnUse" markerWidth="10" markerHeight="10" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="%s"/></marker>`+"\n",
			kind, colourOf(kind))
	}
	b.WriteString("</defs>\n")
	fmt.Fprintf(&b, `<rect width="100%%" height="100%%" fill="white"/>`+"\n")
	fmt.Fprintf(&b, `<text x="%.0f" y="24" font-size="15" font-weight="bold">%s</text>`+"\n", svgMargin, esc(p.Title))
	capColour := "black"
	if p.hasHot() {
		capColour = hotColour
	}
	fmt.Fprintf(&b, `<text x="%.0f" y="46" font-size="13" fill="%s">%s</text>`+"\n", svgMargin, capColour, esc(p.Caption))
	for t := 0; t < p.Columns; t++ {
		fmt.Fprintf(&b, `<text x="%.0f" y="%.0f" font-size="13" text-anchor="middle" font-weight="bold">P%d</text>`+"\n",
			svgMargin+svgBoxWidth/2+float64(t)*svgColumn, svgHeader+10, t)
	}
	// Edges first, so that boxes and labels sit on top of them.
	var labels strings.Builder
	for k, e := range p.Edges {
		p.svgEdge(&b, &labels, k, e)
	}
	for _, n := range p.Nodes {
		bx := p.boxOf(n)
		stroke, sw := "#555", 1
		if n.Hot {
			stroke, sw = hotColour, 2
		}
		fmt.Fprintf(&b, `<rect x="%.1f" y="%.1f" width="%.0f" height="%.0f" rx="6" fill="#fdfdf6" stroke="%s" stroke-width="%d"/>`+"\n",
			bx.c.x-bx.hw, bx.c.y-bx.hh, 2*bx.hw, 2*bx.hh, stroke, sw)
		for i, line := range n.Lines {
			text, style := line, ` font-size="11" fill="#333"`
			if i == 0 {
				text, style = n.Name+": "+line, ` font-size="12" font-weight="bold"`
			}
			fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" text-anchor="middle"%s>%s</text>`+"\n",
				bx.c.x, bx.c.y-bx.hh+5+svgLine*float64(i+1)-3, style, esc(text))
		}
	}
	b.WriteString(labels.String())
	b.WriteString("</svg>\n")
	return b.String()
}

// svgEdge draws edge number k: straight when it goes down to the next row
// of its column, else a curve bowed to one side, the bow growing with the
// distance so that edges between the same rows stay apart.
func (p *Picture) svgEdge(b, labels *strings.Builder, k int, e Edge) {
	from, to := p.Nodes[e.From], p.Nodes[e.To]
	fb, tb := p.boxOf(from), p.boxOf(to)
	// dup counts the edges before this one between the same two nodes,
	// each drawn a little further out.
	dup := 0.0
	for _, o := range p.Edges[:k] {
		if (o.From == e.From && o.To == e.To) || (o.From == e.To && o.To == e.From) {
			dup++
		}
	}
	mid := point{(fb.c.x + tb.c.x) / 2, (fb.c.y + tb.c.y) / 2}
	ctrl := mid
	straight := false
	switch {
	case from.Column == to.Column && to.Row == from.Row+1 && e.Kind == "po":
		straight = true
	case from.Column == to.Column:
		// Down the right side of the column, clear of the boxes between
		// when it skips rows.
		out := 70.0
		if to.Row-from.Row != 1 && from.Row-to.Row != 1 {
			out = 2*fb.hw + 30
		}
		ctrl.x += out + 24*dup
	default:
		// Across columns: bowed off the chord's left, fr and co the other
		// way than rf, so that a pair of them between two columns part.
		bow := 18 + 24*dup
		if e.Kind == "fr" || e.Kind == "co" {
			bow = -bow
		}
		dx, dy := tb.c.x-fb.c.x, tb.c.y-fb.c.y
		length := math.Hypot(dx, dy)
		ctrl = point{mid.x - dy/length*bow, mid.y + dx/length*bow}
	}
	start, end := fb.clip(ctrl), tb.clip(ctrl)
	if straight {
		start, end = fb.clip(tb.c), tb.clip(fb.c)
	}
	kind, colour, width := e.Kind, colourOf(e.Kind), 1.3
	if e.Hot {
		kind, colour, width = "hot", hotColour, 3
	}
	fmt.Fprintf(b, `<path d="M%.1f,%.1f Q%.1f,%.1f %.1f,%.1f" fill="none" stroke="%s" stroke-width="%.1f" marker-end="url(#arrow-%s)"/>`+"\n",
		start.x, start.y, ctrl.x, ctrl.y, end.x, end.y, colour, width, kind)
	// The label sits a third of the way along the curve, so that the
	// labels of two edges crossing at their middles stay apart.
	const t = 0.35
	at := point{(1-t)*(1-t)*start.x + 2*t*(1-t)*ctrl.x + t*t*end.x, (1-t)*(1-t)*start.y + 2*t*(1-t)*ctrl.y + t*t*end.y}
	weight := ""
	if e.Hot {
		weight = ` font-weight="bold"`
	}
	fmt.Fprintf(labels, `<text x="%.1f" y="%.1f" font-size="11" text-anchor="middle" fill="%s" stroke="white" stroke-width="3" paint-order="stroke"%s>%s</text>`+"\n",
		at.x+6, at.y+4, colour, weight, esc(e.Label))
}

func colourOf(kind string) string {
	if kind == "hot" {
		return hotColour
	}
	return colours[kind]
}

func esc(s string) string { return html.EscapeString(s) }
