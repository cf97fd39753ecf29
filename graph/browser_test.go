package graph

import (
	"bytes"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// chromium finds a headless-capable Chromium, or skips the test.
func chromium(t *testing.T) string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("Chromium is not installed (apt-get install chromium): the report is not loaded in a browser")
	return ""
}

// load opens page in headless Chromium, returning its screenshot and the
// console messages it logged.
func load(t *testing.T, browser, page string) (image.Image, []string) {
	t.Helper()
	dir := t.TempDir()
	shot := filepath.Join(dir, "shot.png")
	cmd := exec.Command(browser, "--headless", "--no-sandbox", "--disable-gpu", "--enable-logging=stderr", "--v=0",
		"--user-data-dir="+filepath.Join(dir, "profile"), "--window-size=1200,900", "--screenshot="+shot, "file://"+page)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("chromium: %v\n%s", err, stderr.String())
	}
	f, err := os.Open(shot)
	if err != nil {
		t.Fatalf("no screenshot: %v\n%s", err, stderr.String())
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	var console []string
	for _, line := range strings.Split(stderr.String(), "\n") {
		if strings.Contains(line, ":CONSOLE") {
			console = append(console, line)
		}
	}
	return img, console
}

// inked is the share of the image's pixels that are not white.
func inked(img image.Image) float64 {
	b := img.Bounds()
	n := 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			if r < 0xf000 || g < 0xf000 || bl < 0xf000 {
				n++
			}
		}
	}
	return float64(n) / float64(b.Dx()*b.Dy())
}

// TestReportInBrowser loads an HTML report of the golden shapes in
// headless Chromium: the page must draw (its screenshot is not blank) and
// log nothing to the console. A page that logs an error is caught too,
// so that the check is known to work.
func TestReportInBrowser(t *testing.T) {
	browser := chromium(t)
	rep := &Report{Title: "litmuscheck report"}
	for _, tc := range cases {
		p := picture(t, tc.name, tc.src, tc.column, tc.lock, tc.verdict)
		rep.Sections = append(rep.Sections, Section{Heading: tc.name, Paragraph: "The `" + tc.name + "` shape.",
			Columns: []string{tc.column}, Rows: []Row{{Label: tc.name, Cells: []Cell{{Text: tc.verdict, Class: VerdictClass(tc.verdict), Picture: p}}}}})
	}
	dir := t.TempDir()
	page := filepath.Join(dir, "report.html")
	if err := os.WriteFile(page, []byte(rep.HTML()), 0o644); err != nil {
		t.Fatal(err)
	}
	img, console := load(t, browser, page)
	if share := inked(img); share < 0.01 {
		t.Errorf("the screenshot is blank: %.4f of its pixels are inked", share)
	}
	if len(console) > 0 {
		t.Errorf("console messages:\n%s", strings.Join(console, "\n"))
	}
	bad := filepath.Join(dir, "bad.html")
	if err := os.WriteFile(bad, []byte(`<html><body><script>undefinedFunction();</script></body></html>`), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, console := load(t, browser, bad); len(console) == 0 {
		t.Error("a page that throws logged nothing: the console check cannot fail")
	}
}

// TestReportLinks: every cell with a picture links to a figure of the
// page that holds its SVG, and a cell without one links nowhere.
func TestReportLinks(t *testing.T) {
	p := picture(t, "sb+mb", sbMB, "lkmm", "", "Never")
	rep := &Report{Title: "t", Sections: []Section{{Heading: "s", Columns: []string{"LKMM", "TSO"},
		Rows: []Row{{Label: "sb+mb", Cells: []Cell{{Text: "Never", Class: "never", Picture: p}, {Text: "n/a"}}}}}}}
	page := rep.HTML()
	for _, want := range []string{`<td class="never"><a href="#fig-1">Never</a></td>`, `<td>n/a</td>`,
		`<figure id="fig-1">`, "(axiom propagation)", "<svg "} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	if n := strings.Count(page, "<figure"); n != 1 {
		t.Errorf("%d figures, want 1", n)
	}
}
