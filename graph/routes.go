// This file implements the routes of a picture's edges: straight down a
// column to the next row, a loop for an event ordered before itself, else
// a curve that passes behind no other event's box, so that no edge seems
// to leave or reach an event it does not; failing that, a route along the
// free lanes between the columns and the rows, each route on a track of
// its own so that no two run together.

package graph

import "math"

// trackGap parts two routes down one lane.
const trackGap = 8.0

// placeRoutes routes each edge.
func (g *geometry) placeRoutes(p *Picture) {
	g.tracks = map[lane]int{}
	for k, e := range p.Edges {
		from, to := p.Nodes[e.From], p.Nodes[e.To]
		fb, tb := g.boxes[e.From], g.boxes[e.To]
		back := 0.0
		for _, o := range p.Edges[:k] {
			if o.From == e.To && o.To == e.From {
				back++
			}
		}
		sameColumn := math.Abs(fb.c.x-tb.c.x) < 1
		var r route
		switch {
		case e.From == e.To:
			x := fb.c.x + fb.hw
			r = route{{point{x, fb.c.y - 8}, point{x + 50, fb.c.y - 40}, point{x + 50, fb.c.y + 40}, point{x, fb.c.y + 8}}}
		case sameColumn && to.Row == from.Row+1 && back == 0 && g.clear(g.straight(fb, tb), e.From, e.To):
			r = g.straight(fb, tb)
		case sameColumn:
			r = g.columnRoute(e, fb, tb, math.Abs(float64(to.Row-from.Row)), back)
		default:
			r = g.clearRoute(e, fb, tb, back)
		}
		g.routes = append(g.routes, r)
	}
}

// straight is the route from the bottom of fb down to the top of tb.
func (g *geometry) straight(fb, tb box) route {
	s, t := point{fb.c.x, fb.c.y + fb.hh}, point{tb.c.x, tb.c.y - tb.hh}
	return route{quadratic(s, point{(s.x + t.x) / 2, (s.y + t.y) / 2}, t)}
}

// columnRoute joins two events of one column by a curve out of the right
// side of the one and into the right side of the other, out to the right
// of the column, the wider the farther their rows; tried wider until it
// is clear, else along the lanes.
func (g *geometry) columnRoute(e Edge, fb, tb box, span, back float64) route {
	down := 1.0
	if tb.c.y < fb.c.y {
		down = -1
	}
	s := point{fb.c.x + fb.hw, fb.c.y + down*fb.hh/2}
	t := point{tb.c.x + tb.hw, tb.c.y - down*tb.hh/2}
	curve := func(out float64) route {
		return route{quadratic(s, point{s.x + out, (s.y + t.y) / 2}, t)}
	}
	base := 40 + 14*(span-1) + 24*back
	for _, extra := range []float64{0, 20, 40, 60} {
		if r := curve(base + extra); g.clear(r, e.From, e.To) {
			return r
		}
	}
	if r, ok := g.laneRoute(e, fb, tb); ok {
		return r
	}
	return curve(base)
}

// clearRoute is the first clear route from fb to tb of, in turn: a curve
// bowed off the chord (fr and co the other way than rf, an edge back
// between the same two events further out), a little wider or on the
// other side; a route along the lanes; the curve bowed wider still. None
// clear, the first curve.
func (g *geometry) clearRoute(e Edge, fb, tb box, back float64) route {
	mid := point{(fb.c.x + tb.c.x) / 2, (fb.c.y + tb.c.y) / 2}
	dx, dy := tb.c.x-fb.c.x, tb.c.y-fb.c.y
	length := math.Hypot(dx, dy)
	perp := point{-dy / length, dx / length}
	base, side := 18+24*back, 1.0
	if e.Kind == "fr" || e.Kind == "co" {
		side = -1
	}
	bowed := func(bow float64) route {
		ctrl := point{mid.x + perp.x*bow, mid.y + perp.y*bow}
		return route{quadratic(fb.clip(ctrl), ctrl, tb.clip(ctrl))}
	}
	for _, extra := range []float64{0, 25, 50} {
		for _, sd := range []float64{side, -side} {
			if r := bowed(sd * (base + extra)); g.clear(r, e.From, e.To) {
				return r
			}
		}
	}
	if r, ok := g.laneRoute(e, fb, tb); ok {
		return r
	}
	for _, extra := range []float64{80, 110, 150, 200, 260} {
		for _, sd := range []float64{side, -side} {
			if r := bowed(sd * (base + extra)); g.clear(r, e.From, e.To) {
				return r
			}
		}
	}
	return bowed(side * base)
}

// A laneTry is a route along lanes: its waypoints, and the lanes it
// takes (a lane between columns by its x, between rows by its y).
type laneTry struct {
	ws    []point
	lanes []lane
}

// A lane is one between two columns (down, at x) or two rows (at y).
type lane struct {
	down bool
	at   float64
}

// laneRoute is the shortest clear route from fb to tb that goes down a
// lane between columns: through one crossing of it with a lane between
// rows (or the middle height of the two boxes), or as a street map has
// it, out of fb into the lane between rows beside it, along that to the
// lane between columns, along this to the lane beside tb's row, and
// along that into tb. Each lane it takes gives it the next free track.
func (g *geometry) laneRoute(e Edge, fb, tb box) (route, bool) {
	var tries []laneTry
	ys := append([]float64{(fb.c.y + tb.c.y) / 2}, g.rowLanes...)
	for _, x := range g.colLanes {
		down := lane{true, x}
		xt := x + g.track(down)
		for _, y := range ys {
			tries = append(tries, laneTry{[]point{{xt, y}}, []lane{down}})
		}
		for _, y1 := range g.lanesBeside(fb) {
			for _, y2 := range g.lanesBeside(tb) {
				out, in := lane{false, y1}, lane{false, y2}
				y1t, y2t := y1+g.track(out), y2+g.track(in)
				// Out of and into the boxes' halves nearer the lane, clear
				// of the po arrows at their middles.
				ws := []point{{toward(fb, xt) + g.track(out), y1t}, {xt, y1t}, {xt, y2t}, {toward(tb, xt) + g.track(in), y2t}}
				tries = append(tries, laneTry{ws, []lane{down, out, in}})
			}
		}
	}
	var best route
	var bestTry laneTry
	bestLen := math.Inf(1)
	for _, try := range tries {
		l, at := 0.0, fb.c
		for _, w := range append(try.ws, tb.c) {
			l, at = l+math.Hypot(w.x-at.x, w.y-at.y), w
		}
		if l >= bestLen {
			continue
		}
		ps := append(append([]point{fb.clip(try.ws[0])}, try.ws...), tb.clip(try.ws[len(try.ws)-1]))
		if r := rounded(ps); g.clear(r, e.From, e.To) {
			best, bestTry, bestLen = r, try, l
		}
	}
	for _, l := range bestTry.lanes {
		g.tracks[l]++
	}
	return best, best != nil
}

// track is the offset of the next free track of a lane: its middle, then
// a little to one side and the other, further out each time.
func (g *geometry) track(l lane) float64 {
	n := g.tracks[l]
	off := float64((n+1)/2) * trackGap
	if n%2 == 1 {
		return -off
	}
	return off
}

// toward is the x half way from b's middle to its side nearer x.
func toward(b box, x float64) float64 {
	if x < b.c.x {
		return b.c.x - b.hw/2
	}
	return b.c.x + b.hw/2
}

// lanesBeside are the lanes between rows just above and just below b.
func (g *geometry) lanesBeside(b box) []float64 {
	var out []float64
	above, below := math.Inf(-1), math.Inf(1)
	for _, y := range g.rowLanes {
		if y < b.c.y-b.hh && y > above {
			above = y
		}
		if y > b.c.y+b.hh && y < below {
			below = y
		}
	}
	for _, y := range []float64{above, below} {
		if !math.IsInf(y, 0) {
			out = append(out, y)
		}
	}
	return out
}

// clear reports whether r stays on the picture and out of every box but
// those of its ends.
func (g *geometry) clear(r route, from, to int) bool {
	step := 0.04 / float64(len(r))
	for t := step; t < 1-step/2; t += step {
		q := r.at(t)
		if q.x < 4 {
			return false
		}
		for k, b := range g.boxes {
			if k != from && k != to && b.holds(q, 3) {
				return false
			}
		}
	}
	return true
}
