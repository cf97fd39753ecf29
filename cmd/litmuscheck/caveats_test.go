package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// raceNever is a Never of the LKMM with a data race: no proof.
const raceNever = "C race-never\n{}\nP0(int *x) { *x = 1; }\nP1(int *x) { int r0 = *x; }\nexists (1:r0=2)\n"

// TestDataRaceInEveryView: the LKMM's data-race flag shows in the default
// side-by-side view, in JSON and in the HTML report, and a racy Never
// exits 1.
func TestDataRaceInEveryView(t *testing.T) {
	path := writeTest(t, "race.litmus", raceNever)
	code, out, _ := runCLI(path)
	if code != 1 || !strings.Contains(out, "LKMM         Never (data race: plain accesses race, and the LKMM promises nothing for such code)") {
		t.Errorf("text: exit %d\n%s", code, out)
	}
	code, out, _ = runCLI("--format", "json", "--model", "lkmm", path)
	var res []struct {
		Proves  bool
		Caveats []struct{ Kind string }
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil || code != 1 || len(res) != 1 || res[0].Proves ||
		len(res[0].Caveats) != 1 || res[0].Caveats[0].Kind != "data-race" {
		t.Errorf("json: exit %d, %v\n%s", code, err, out)
	}
	html := filepath.Join(t.TempDir(), "r.html")
	runCLI("--html", html, path)
	page, err := os.ReadFile(html)
	if err != nil || !regexp.MustCompile(`<td class="caveat">(<a [^>]*>)?Never \(data race`).Match(page) {
		t.Errorf("html: %v: the LKMM cell is not marked with its caveat", err)
	}
}

// TestResultCommentInHTML: a "Result:" comment the LKMM contradicts marks
// the LKMM's cell of the HTML report, as it makes the exit status 1.
func TestResultCommentInHTML(t *testing.T) {
	path := writeTest(t, "rw.litmus", "C rw\n(* Result: Sometimes *)\n{}\nP0(int *x) { WRITE_ONCE(*x, 1); }\nexists (x=2)\n")
	html := filepath.Join(t.TempDir(), "r.html")
	code, _, _ := runCLI("--html", html, path)
	page, err := os.ReadFile(html)
	if err != nil || code != 1 || !strings.Contains(string(page), `<td class="caveat">Never (Result: Sometimes expected)`) {
		t.Errorf("exit %d, %v: the LKMM cell does not show the contradicted Result: comment", code, err)
	}
}
