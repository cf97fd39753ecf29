// This file implements the geometry of a picture, shared by its SVG and
// DOT renderings: the headings, the columns sized to their events' text,
// the rows in program order, the initial writes side by side above, every
// event in a box of its own; then the edges' routes (routes.go) and their
// labels (labels.go).

package graph

import "sort"

// Geometry, in pixels (SVG user units; DOT points).
const (
	margin     = 30.0
	minBox     = 190.0 // narrowest box of a thread's column
	minInitBox = 80.0
	colGap     = 120.0 // between two columns' boxes, room for the curves
	rowGap     = 50.0  // between two rows' boxes
	lineHeight = 15.0
	boxPad     = 10.0 // above and below the lines of a box
	initGap    = 16.0 // between two initial writes' boxes
	titleSize  = 15.0
	headSize   = 13.0
	nodeSize   = 11.0 // a node's lines; its first line is a point larger
	labelSize  = 11.0
	labelH     = 13.0
	labelGap   = 6.0   // around a label, clear of anything else
	rightRoom  = 110.0 // right of the last column, for its curves
)

// A head is a text line outside the boxes: title, caption, thread names.
type head struct {
	at   point // the baseline's start, or its middle when centred
	text string
	size float64
}

// box is the extent of a centred heading.
func (h head) box() box {
	return box{point{h.at.x, h.at.y - h.size/3}, textWidth(h.text, h.size) / 2, h.size * 0.7}
}

// geometry is where everything of a picture is drawn.
type geometry struct {
	width, height float64
	title         []head
	caption       []head
	threads       []head  // centred over their columns
	boxes         []box   // per node
	routes        []route // per edge
	labels        []box   // per edge: its label's rectangle
	// colLanes and rowLanes are the middles of the free lanes between
	// the columns and between the rows, which routes may take.
	colLanes, rowLanes []float64
	// tracks counts the routes down each lane (routes.go).
	tracks map[lane]int
}

// nodeWidth is the width a node's lines need.
func nodeWidth(n Node) float64 {
	w := textWidth(n.Name+": "+n.Lines[0], nodeSize+1)
	for _, l := range n.Lines[1:] {
		w = max(w, textWidth(l, nodeSize))
	}
	return w + 2*boxPad
}

func nodeHeight(n Node) float64 { return float64(len(n.Lines))*lineHeight + boxPad }

// layout computes p's geometry.
func (p *Picture) layout() *geometry {
	g := &geometry{boxes: make([]box, len(p.Nodes))}
	// Columns: each as wide as its widest box.
	widths := make([]float64, p.Columns)
	for _, n := range p.Nodes {
		if !n.Init {
			widths[n.Column] = max(widths[n.Column], nodeWidth(n), minBox)
		}
	}
	left := make([]float64, p.Columns)
	x := margin
	for c := range widths {
		left[c] = x
		x += widths[c] + colGap
	}
	gridRight := max(x-colGap, margin+minBox)
	// The headings: title and caption wrapped to the grid's width.
	chars := max(int((gridRight-margin)/(0.6*13)), 84)
	y := 24.0
	for _, l := range wrap(p.Title, chars) {
		g.title = append(g.title, head{point{margin, y}, l, titleSize})
		y += 19
	}
	for _, l := range wrap(p.Caption, chars) {
		g.caption = append(g.caption, head{point{margin, y + 3}, l, 13})
		y += 17
	}
	y += 22
	for c, h := range p.Heads {
		g.threads = append(g.threads, head{point{left[c] + widths[c]/2, y}, h, headSize})
	}
	g.placeBoxes(p, left, widths, y+15)
	for c := range widths {
		g.colLanes = append(g.colLanes, left[c]+widths[c]+colGap/2)
	}
	g.placeRoutes(p)
	g.placeLabels(p)
	g.measure(gridRight)
	return g
}

// placeBoxes puts the nodes' boxes: the initial writes first, then the
// rows from top, each as high as its highest box.
func (g *geometry) placeBoxes(p *Picture, left, widths []float64, top float64) {
	heights := make([]float64, p.Rows)
	for _, n := range p.Nodes {
		if !n.Init {
			heights[n.Row] = max(heights[n.Row], nodeHeight(n))
		}
	}
	for _, n := range p.Nodes {
		if n.Init { // row 0 is the initial writes'
			heights[0] = g.packInits(p, left, widths, top)
			break
		}
	}
	for r := range heights {
		for k, n := range p.Nodes {
			if !n.Init && n.Row == r {
				c := n.Column
				g.boxes[k] = box{point{left[c] + widths[c]/2, top + heights[r]/2}, widths[c] / 2, nodeHeight(n) / 2}
			}
		}
		top += heights[r] + rowGap
		g.rowLanes = append(g.rowLanes, top-rowGap/2)
	}
}

// packInits puts the initial writes in lines from top, left to right, each
// as near the middle of its reader's column as the boxes before it allow,
// a line full at the grid's right (or a minimum width) going on below. It
// returns the lines' height.
func (g *geometry) packInits(p *Picture, left, widths []float64, top float64) float64 {
	var inits []int
	for k, n := range p.Nodes {
		if n.Init {
			inits = append(inits, k)
			g.boxes[k] = box{hw: max(nodeWidth(n), minInitBox) / 2, hh: nodeHeight(n) / 2}
		}
	}
	want := func(k int) float64 {
		c := p.Nodes[k].Column
		if c < len(left) {
			return left[c] + widths[c]/2
		}
		return margin
	}
	sort.SliceStable(inits, func(a, b int) bool { return want(inits[a]) < want(inits[b]) })
	limit := margin + 640.0
	if n := len(left); n > 0 {
		limit = max(limit, left[n-1]+widths[n-1]+rightRoom)
	}
	edge, y, lineH := margin-initGap, top, 0.0
	for _, k := range inits {
		b := &g.boxes[k]
		x := max(want(k), edge+initGap+b.hw)
		if x+b.hw > limit {
			x = edge + initGap + b.hw // left of its reader, if the line has room
		}
		if x+b.hw > limit && edge > margin {
			edge, y, lineH = margin-initGap, y+lineH+initGap, 0
			x = max(min(want(k), limit-b.hw), edge+initGap+b.hw)
		}
		b.c = point{x, y + b.hh}
		edge, lineH = x+b.hw, max(lineH, 2*b.hh)
	}
	return y + lineH - top
}

// measure sets the picture's size: all it draws, and the margin.
func (g *geometry) measure(gridRight float64) {
	g.width = gridRight + rightRoom
	for _, h := range g.headings() {
		g.width = max(g.width, h.at.x+textWidth(h.text, h.size)+margin)
		g.height = max(g.height, h.at.y+margin)
	}
	for _, b := range append(append([]box(nil), g.boxes...), g.labels...) {
		g.width = max(g.width, b.c.x+b.hw+margin)
		g.height = max(g.height, b.c.y+b.hh+margin)
	}
	for _, r := range g.routes {
		for t := 0.0; t <= 1; t += 0.05 {
			q := r.at(t)
			g.width, g.height = max(g.width, q.x+margin), max(g.height, q.y+margin)
		}
	}
}

// headings are the title's and the caption's lines.
func (g *geometry) headings() []head {
	return append(append([]head(nil), g.title...), g.caption...)
}
