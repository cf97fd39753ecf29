// This file tests that the pictures tell the truth at a glance, on every
// picture of the corpus (corpus_test.go), by reading back what the SVG
// and the DOT draw: each event at a place of its own, a column only for
// a thread with events, labels apart and readable, captions in words
// that name the axiom.

package graph

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// An svgItem is one drawn element of an SVG: its tag, class, geometry
// and text.
type svgItem struct {
	tag, class string
	x, y, w, h float64
	text       string
}

// readSVG lists the rectangles and texts of doc.
func readSVG(t *testing.T, doc string) []svgItem {
	t.Helper()
	var items []svgItem
	d := xml.NewDecoder(bytes.NewBufferString(doc))
	in := -1 // the text element whose content comes
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			return items
		}
		if err != nil {
			t.Fatalf("SVG: %v", err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			it := svgItem{tag: tok.Name.Local}
			for _, a := range tok.Attr {
				v, _ := strconv.ParseFloat(a.Value, 64)
				switch a.Name.Local {
				case "class":
					it.class = a.Value
				case "x":
					it.x = v
				case "y":
					it.y = v
				case "width":
					it.w = v
				case "height":
					it.h = v
				}
			}
			items = append(items, it)
			if it.tag == "text" {
				in = len(items) - 1
			}
		case xml.CharData:
			if in >= 0 {
				items[in].text += string(tok)
			}
		case xml.EndElement:
			in = -1
		}
	}
}

func itemsOf(items []svgItem, class string) []svgItem {
	var out []svgItem
	for _, it := range items {
		if f := strings.Fields(it.class); len(f) > 0 && f[0] == class {
			out = append(out, it)
		}
	}
	return out
}

// rect is an item's extent: a rectangle's own, a label's estimated from
// its text (11px Helvetica, centred on x, its baseline at y), with no
// help from the layout's own estimate.
func rect(it svgItem) [4]float64 {
	if it.tag == "rect" {
		return [4]float64{it.x, it.y, it.x + it.w, it.y + it.h}
	}
	w := 5.5 * float64(len([]rune(it.text)))
	return [4]float64{it.x - w/2, it.y - 9, it.x + w/2, it.y + 2}
}

func overlap(a, b [4]float64) bool {
	return a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3]
}

// relation is one name an edge label may hold.
var relation = regexp.MustCompile(`^(po|po-loc|po-rel|acq-po|rmw|addr|data|ctrl|(rf|co|fr)[ei]?|\?|[a-z][a-z0-9.-]*)$`)

// glued are two relation names run together, as the bug drew "rfefre".
var glued = regexp.MustCompile(`^(po|rmw|addr|data|ctrl|(rf|co|fr)[ei]?)(po|rmw|addr|data|ctrl|(rf|co|fr)[ei]?)$`)

// TestPicturesTellTheTruth checks each picture of the corpus, SVG and DOT.
// With LITMUSCHECK_PICTURES=DIR it also writes them there, to look at.
func TestPicturesTellTheTruth(t *testing.T) {
	dir := os.Getenv("LITMUSCHECK_PICTURES")
	dot, dotErr := exec.LookPath("dot")
	for i, s := range pictures(t) {
		t.Run(s.name, func(t *testing.T) {
			// Graphviz, when installed, draws one picture in eight (all
			// would take half a minute) without a warning: no label node
			// too small for its text, no nodes so close that it gives up
			// routing the edges round them.
			if dotErr == nil && i%8 == 0 {
				runDot(t, dot, s.p.DOT())
			}
			if dir != "" {
				base := filepath.Join(dir, strings.NewReplacer("/", "_", " ", "_").Replace(s.name))
				if err := errors.Join(os.WriteFile(base+".svg", []byte(s.p.SVG()), 0o644),
					os.WriteFile(base+".dot", []byte(s.p.DOT()), 0o644)); err != nil {
					t.Fatal(err)
				}
			}
			checkSVG(t, s)
			checkDOT(t, s)
			checkCaption(t, s)
		})
	}
}

func runDot(t *testing.T, dot, text string) {
	cmd := exec.Command(dot, "-Tsvg")
	cmd.Stdin = strings.NewReader(text)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if out, err := cmd.Output(); err != nil || stderr.Len() > 0 {
		t.Errorf("dot -Tsvg: %v %s", err, stderr.String())
	} else if err := wellFormed(string(out)); err != nil {
		t.Errorf("dot's SVG: %v", err)
	}
}

func checkSVG(t *testing.T, s sample) {
	items := readSVG(t, s.p.SVG())
	events, labels, threads := itemsOf(items, "event"), itemsOf(items, "label"), itemsOf(items, "thread")
	if len(events) != len(s.p.Nodes) {
		t.Errorf("%d event boxes for %d nodes", len(events), len(s.p.Nodes))
	}
	// Every event has a place of its own: no two boxes share a corner,
	// nor overlap at all.
	for i := range events {
		for j := range i {
			if overlap(rect(events[i]), rect(events[j])) {
				t.Errorf("events %d and %d overlap: %v %v", i, j, rect(events[i]), rect(events[j]))
			}
		}
	}
	// A column per thread with an event: under each heading a box of that
	// thread's, no heading twice.
	seen := map[string]bool{}
	for _, h := range threads {
		if seen[h.text] {
			t.Errorf("thread %s heads two columns", h.text)
		}
		seen[h.text] = true
		found := false
		for _, e := range events {
			found = found || (e.class == "event" && math.Abs(e.x+e.w/2-h.x) < 1)
		}
		if !found {
			t.Errorf("column %s has no event", h.text)
		}
	}
	// Labels apart from each other and from the boxes, each readable as
	// relation names.
	for i, l := range labels {
		checkLabel(t, l.text)
		for j := range i {
			if overlap(rect(l), rect(labels[j])) {
				t.Errorf("labels %q and %q run together at (%.0f,%.0f) and (%.0f,%.0f)", l.text, labels[j].text, l.x, l.y, labels[j].x, labels[j].y)
			}
		}
		for _, e := range events {
			if overlap(rect(l), rect(e)) {
				t.Errorf("label %q at (%.0f,%.0f) covers an event box", l.text, l.x, l.y)
			}
		}
	}
}

func checkLabel(t *testing.T, label string) {
	t.Helper()
	for _, part := range strings.Split(label, ", ") {
		if !relation.MatchString(part) || glued.MatchString(part) {
			t.Errorf("label %q: %q is no relation's name", label, part)
		}
	}
}

// dotNode matches a pinned DOT node: its name, its label, its position.
var dotNode = regexp.MustCompile(`(?m)^\t(\w+) \[.*label="((?:[^"\\]|\\.)*)".*pos="(-?[\d.]+),(-?[\d.]+)!"`)

func checkDOT(t *testing.T, s sample) {
	dot := s.p.DOT()
	type pinned struct {
		label string
		x, y  float64
	}
	nodes := map[string]pinned{}
	for _, m := range dotNode.FindAllStringSubmatch(dot, -1) {
		x, _ := strconv.ParseFloat(m[3], 64)
		y, _ := strconv.ParseFloat(m[4], 64)
		nodes[m[1]] = pinned{m[2], x, y}
	}
	at := map[[2]float64]string{}
	eventXs := map[float64]bool{}
	for _, n := range s.p.Nodes {
		d, ok := nodes[n.Name]
		if !ok {
			t.Fatalf("DOT lacks node %s", n.Name)
		}
		if o, dup := at[[2]float64{d.x, d.y}]; dup {
			t.Errorf("DOT nodes %s and %s at one place (%.2f,%.2f)", o, n.Name, d.x, d.y)
		}
		at[[2]float64{d.x, d.y}] = n.Name
		if !n.Init {
			eventXs[d.x] = true
		}
	}
	for name, d := range nodes {
		switch {
		case strings.HasPrefix(name, "thread") && !eventXs[d.x]:
			t.Errorf("DOT column %s has no event", d.label)
		case strings.HasPrefix(name, "edge"):
			checkLabel(t, d.label)
		}
	}
}

// captionOp is cat's syntax, which a caption in words does not hold.
var captionOp = regexp.MustCompile(`[;*|&+^]|\bcycle in\b|\breflexive\b`)

func checkCaption(t *testing.T, s sample) {
	if s.axiom == "" {
		return
	}
	c := s.p.Caption
	if !strings.HasSuffix(c, "(axiom "+s.axiom+")") {
		t.Errorf("caption %q does not end naming axiom %s", c, s.axiom)
	}
	if captionOp.MatchString(strings.TrimSuffix(c, "(axiom "+s.axiom+")")) {
		t.Errorf("caption %q holds cat terms", c)
	}
	if !strings.Contains(c, "P") || len(c) < 40 {
		t.Errorf("caption %q does not tell the events", c)
	}
}
