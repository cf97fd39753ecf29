// This file implements the placing of the edge labels: each at a point
// of its edge's route, or just off it, where it covers no event box,
// heading or other label, so that two labels never run together.

package graph

// Where a label is tried: points along its route from the middle
// outwards, first on the route, then nudged off it.
var (
	labelTs     = []float64{0.5, 0.4, 0.6, 0.3, 0.7, 0.22, 0.78, 0.15, 0.85}
	labelNudges = []point{{0, 0}, {0, -labelH}, {0, labelH}, {-18, 0}, {18, 0}, {0, -2 * labelH}, {0, 2 * labelH}}
)

// placeLabels puts each edge's label at the first spot that keeps clear of
// every box, heading and label placed before it; the violation's labels go
// first, so that they get the spots nearest their routes' middles. An
// edge whose every spot is taken keeps the middle of its route.
func (g *geometry) placeLabels(p *Picture) {
	g.labels = make([]box, len(p.Edges))
	taken := append([]box(nil), g.boxes...)
	for _, h := range g.threads {
		taken = append(taken, h.box())
	}
	var order []int
	for _, hot := range []bool{true, false} {
		for k, e := range p.Edges {
			if e.Hot == hot {
				order = append(order, k)
			}
		}
	}
	for _, k := range order {
		e := p.Edges[k]
		size := labelSize
		if e.Hot {
			size++ // bold
		}
		hw := textWidth(e.Label, size)/2 + 2
		g.labels[k] = box{g.routes[k].at(0.5), hw, labelH / 2}
	spots:
		for _, n := range labelNudges {
			for _, t := range labelTs {
				at := g.routes[k].at(t)
				b := box{point{at.x + n.x, at.y + n.y}, hw, labelH / 2}
				if b.c.x-hw >= 0 && free(b, taken) {
					g.labels[k] = b
					break spots
				}
			}
		}
		taken = append(taken, g.labels[k])
	}
}

// free reports whether b keeps labelGap from everything taken: Graphviz
// routes splines only between nodes that keep its esep apart (dot.go).
func free(b box, taken []box) bool {
	for _, o := range taken {
		if b.near(o, labelGap) {
			return false
		}
	}
	return true
}
