package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// headless loads page in headless Chromium and returns the console
// messages it logged; the test skips without Chromium (.ci/run installs
// it).
func headless(t *testing.T, page string) []string {
	t.Helper()
	browser := ""
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			browser = p
			break
		}
	}
	if browser == "" {
		t.Skip("Chromium is not installed: the reports are not loaded in a browser")
	}
	dir := t.TempDir()
	cmd := exec.Command(browser, "--headless", "--no-sandbox", "--disable-gpu", "--enable-logging=stderr", "--v=0",
		"--user-data-dir="+filepath.Join(dir, "profile"), "--screenshot="+filepath.Join(dir, "shot.png"), "file://"+page)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("chromium: %v\n%s", err, stderr.String())
	}
	if _, err := os.Stat(filepath.Join(dir, "shot.png")); err != nil {
		t.Fatalf("no screenshot of %s", page)
	}
	var console []string
	for _, line := range strings.Split(stderr.String(), "\n") {
		if strings.Contains(line, ":CONSOLE") {
			console = append(console, line)
		}
	}
	return console
}

// TestHTMLReports: the check's report of a lock test holds its source,
// the verdict table, each column's states and caveats, and one figure per
// distinct execution (columns that agree share it); diff --html and
// barriers --html write their tables; every page renders in headless
// Chromium without a console message.
func TestHTMLReports(t *testing.T) {
	dir := t.TempDir()
	page := func(name string) string { return filepath.Join(dir, name) }
	runs := []struct {
		args []string
		want []string
	}{
		{[]string{"--html", page("check.html"), "--lock", "qspinlock", "../../locks/scenarios/crossed-locking.litmus", "../../tests/hangs/spin-lock+abba.litmus", "testdata/unused-register.litmus"},
			[]string{"<summary>source</summary>", "spin_is_locked(b)", "RISC-V: final states", "hangs: ", "<td class=\"caveat\">", "POWER, POWER isync", "warning: register 1:r1"}},
		{[]string{"diff", "--html", page("diff.html"), "--lock", "qspinlock", "../../locks/scenarios/mp-through-lock.litmus", "../../locks/scenarios/mp-through-lock.litmus"},
			[]string{"<th>states gained</th>", "<th>RISC-V</th>"}},
		{[]string{"barriers", "--html", page("barriers.html"), "../../tests/unlock_release.litmus"},
			[]string{"<th>as written</th>", "cmpxchg_release -&gt; cmpxchg_relaxed", "Sometimes *"}},
	}
	for _, r := range runs {
		if code, _, errs := runCLI(r.args...); code > 1 {
			t.Fatalf("%v: exit %d: %s", r.args, code, errs)
		}
		file := r.args[1]
		if r.args[0] != "--html" {
			file = r.args[2]
		}
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range r.want {
			if !strings.Contains(string(b), w) {
				t.Errorf("%s: no %q", filepath.Base(file), w)
			}
		}
		if console := headless(t, file); len(console) > 0 {
			t.Errorf("%s: console messages:\n%s", filepath.Base(file), strings.Join(console, "\n"))
		}
	}
}
