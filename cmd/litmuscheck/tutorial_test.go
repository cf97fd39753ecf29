// This file tests that the outputs docs/tutorial.md and README.md quote
// are the command's: each quoted run is run again, and the lines it
// shows must come out, in order, with the exit status it shows.

package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// A quotedRun is a command the tutorial shows, with the lines of output
// it quotes ("..." leaves lines out) and the exit status, -1 when it
// shows none.
type quotedRun struct {
	line   int
	args   []string
	output []string
	status int
}

// quotedRuns reads the runs of a Markdown file's code blocks: a block
// line "$ litmuscheck ARGS", the lines up to the next "$ " line, and the
// status after "$ echo $?".
func quotedRuns(text string) []quotedRun {
	var runs []quotedRun
	var cur *quotedRun
	inBlock, wantStatus := false, false
	for i, line := range strings.Split(text, "\n") {
		switch {
		case strings.HasPrefix(line, "```"):
			inBlock, cur, wantStatus = !inBlock, nil, false
		case !inBlock:
		case strings.HasPrefix(line, "$ litmuscheck "), strings.HasPrefix(line, "$ go run ./cmd/litmuscheck "):
			words := strings.Fields(strings.Replace(line, "go run ./cmd/litmuscheck", "litmuscheck", 1))
			runs = append(runs, quotedRun{line: i + 1, args: words[2:], status: -1})
			cur, wantStatus = &runs[len(runs)-1], false
		case line == "$ echo $?":
			wantStatus = cur != nil
		case wantStatus:
			if n, err := strconv.Atoi(line); err == nil {
				cur.status = n
			}
			wantStatus = false
		case cur != nil && line != "..." && line != "":
			cur.output = append(cur.output, collapse(line))
		}
	}
	return runs
}

// TestTutorialOutputs runs the commands the tutorial and the README quote.
func TestTutorialOutputs(t *testing.T) {
	for _, doc := range []struct {
		path string
		min  int
	}{{"../../docs/tutorial.md", 5}, {"../../README.md", 1}} {
		src, err := os.ReadFile(doc.path)
		if err != nil {
			t.Fatal(err)
		}
		runs := quotedRuns(string(src))
		if len(runs) < doc.min {
			t.Fatalf("%s: only %d quoted runs found", doc.path, len(runs))
		}
		checkQuotedRuns(t, filepath.Base(doc.path), runs)
	}
}

// checkQuotedRuns runs each quoted run of the document doc.
func checkQuotedRuns(t *testing.T, doc string, runs []quotedRun) {
	for _, r := range runs {
		if strings.Contains(strings.Join(r.args, " "), "--timeout") {
			continue // what a timeout cuts depends on the machine
		}
		args := make([]string, len(r.args))
		for i, a := range r.args {
			args[i] = a
			if _, err := os.Stat(filepath.Join("../..", a)); err == nil && !strings.HasPrefix(a, "-") {
				args[i] = filepath.Join("../..", a)
			}
		}
		code, stdout, stderr := runCLI(args...)
		got := strings.Split(stdout+stderr, "\n")
		for i := range got {
			// The tutorial runs from the repository's root: its paths
			// are shorter, and so are the columns they pad.
			got[i] = collapse(strings.ReplaceAll(got[i], "../../", ""))
		}
		k := 0
		for _, want := range r.output {
			for k < len(got) && got[k] != want {
				k++
			}
			if k == len(got) {
				t.Errorf("%s:%d: litmuscheck %s: no line %q, in order, in the output:\n%s%s", doc, r.line, strings.Join(r.args, " "), want, stdout, stderr)
				break
			}
			k++
		}
		if r.status >= 0 && code != r.status {
			t.Errorf("%s:%d: litmuscheck %s: exit %d, the document says %d", doc, r.line, strings.Join(r.args, " "), code, r.status)
		}
	}
}

// collapse is line with each run of blanks one space: a table's padding
// follows the width of the paths in it.
func collapse(line string) string { return strings.Join(strings.Fields(line), " ") }
