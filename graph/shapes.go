// This file implements the shapes the geometry is made of: points, boxes,
// cubic Bézier curves and routes of them, and the estimated width of a
// text.

package graph

import (
	"math"
	"strings"
)

type point struct{ x, y float64 }

// A box is a rectangle by its centre and half sizes.
type box struct {
	c      point
	hw, hh float64
}

// near reports whether b and o overlap or come within gap of each other.
func (b box) near(o box, gap float64) bool {
	return math.Abs(b.c.x-o.c.x) < b.hw+o.hw+gap && math.Abs(b.c.y-o.c.y) < b.hh+o.hh+gap
}

// holds reports whether q is in b or within gap of it.
func (b box) holds(q point, gap float64) bool {
	return math.Abs(q.x-b.c.x) < b.hw+gap && math.Abs(q.y-b.c.y) < b.hh+gap
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

// A curve is a cubic Bézier from p0 to p3.
type curve struct{ p0, p1, p2, p3 point }

func (c curve) at(t float64) point {
	u := 1 - t
	a, b, d, e := u*u*u, 3*u*u*t, 3*u*t*t, t*t*t
	return point{a*c.p0.x + b*c.p1.x + d*c.p2.x + e*c.p3.x, a*c.p0.y + b*c.p1.y + d*c.p2.y + e*c.p3.y}
}

// quadratic is the cubic of the quadratic Bézier s, ctrl, e.
func quadratic(s, ctrl, e point) curve {
	return curve{s, point{s.x + 2*(ctrl.x-s.x)/3, s.y + 2*(ctrl.y-s.y)/3},
		point{e.x + 2*(ctrl.x-e.x)/3, e.y + 2*(ctrl.y-e.y)/3}, e}
}

// A route is an edge's way: curves end to end.
type route []curve

// at is the point a share t of the way along r, each curve taking an
// equal share.
func (r route) at(t float64) point {
	n := float64(len(r))
	k := min(int(t*n), len(r)-1)
	return r[k].at(t*n - float64(k))
}

// cornerRadius bounds the rounding of a route's corners.
const cornerRadius = 24.0

// rounded is the route along the polyline ps with its corners rounded:
// straight along each leg, and a quadratic curve at each corner, which
// stays inside the corner, so that the route keeps as clear of boxes as
// the polyline does.
func rounded(ps []point) route {
	line := func(a, b point) curve { return quadratic(a, point{(a.x + b.x) / 2, (a.y + b.y) / 2}, b) }
	toward := func(from, to point, d float64) point {
		l := math.Hypot(to.x-from.x, to.y-from.y)
		if l == 0 {
			return from
		}
		d = math.Min(d, l/2)
		return point{from.x + (to.x-from.x)/l*d, from.y + (to.y-from.y)/l*d}
	}
	var r route
	at := ps[0]
	for i := 1; i+1 < len(ps); i++ {
		a, b := toward(ps[i], ps[i-1], cornerRadius), toward(ps[i], ps[i+1], cornerRadius)
		if a != at {
			r = append(r, line(at, a))
		}
		r = append(r, quadratic(a, ps[i], b))
		at = b
	}
	return append(r, line(at, ps[len(ps)-1]))
}

// textWidth is a generous estimate of the width of s at the given size,
// in Helvetica or the wider DejaVu Sans that stands in for it, so that a
// box sized by it holds its text (Graphviz warns of a label too big for
// its node).
func textWidth(s string, size float64) float64 {
	em := 0.0
	for _, r := range s {
		switch {
		case strings.ContainsRune("mwMW@%", r):
			em += 1.0
		case strings.ContainsRune("iljtfrI.,:;!|'()[]{} ", r):
			em += 0.42
		case r >= 'A' && r <= 'Z':
			em += 0.76
		default:
			em += 0.66
		}
	}
	return em * size
}
