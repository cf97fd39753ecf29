// This file implements where the tests come from: files, "-" for
// standard input (and a pipe when no file is named), and directories,
// walked for *.litmus files below them except hidden and build
// directories.

package main

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
)

// stdinName is the argument that stands for standard input, and
// stdinFile the name its test's positions and results carry.
const (
	stdinName = "-"
	stdinFile = "<stdin>"
)

// stdin is what "-" reads; stdinPiped reports whether standard input is a
// pipe or a file rather than a terminal, so that a bare "litmuscheck"
// reads it. Tests replace both.
var (
	stdin      io.Reader = os.Stdin
	stdinPiped           = func() bool {
		st, err := os.Stdin.Stat()
		return err == nil && st.Mode()&os.ModeCharDevice == 0
	}
	stdinOnce sync.Once
	stdinSrc  []byte
	stdinErr  error
)

// readSource reads the test at path, "-" being standard input (read
// once, however many times it is named).
func readSource(path string) (name string, src []byte, err error) {
	if path != stdinName {
		src, err = os.ReadFile(path)
		return path, src, err
	}
	stdinOnce.Do(func() { stdinSrc, stdinErr = io.ReadAll(stdin) })
	return stdinFile, stdinSrc, stdinErr
}

// skippedDir reports whether a directory walk leaves dir out: hidden
// directories (.git), those the go tool ignores (_build), and the
// dependency trees of other tools.
func skippedDir(name string) bool {
	switch {
	case name == "node_modules" || name == "vendor":
		return true
	case len(name) > 1 && (name[0] == '.' || name[0] == '_'):
		return true
	}
	return false
}

// litmusFiles expands directories to the .litmus files below them,
// sorted, leaving out skipped directories (skippedDir); a file argument
// stays as it is.
func litmusFiles(args []string) ([]string, error) {
	var out []string
	for _, a := range args {
		if a == stdinName {
			out = append(out, a)
			continue
		}
		st, err := os.Stat(a)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			out = append(out, a)
			continue
		}
		found, err := walkLitmus(a)
		if err != nil {
			return nil, err
		}
		out = append(out, found...)
	}
	return out, nil
}

// walkLitmus lists the .litmus files below dir, sorted.
func walkLitmus(dir string) ([]string, error) {
	var found []string
	// A trailing separator makes WalkDir enter a root that is a symbolic
	// link to a directory.
	root := strings.TrimSuffix(dir, string(filepath.Separator)) + string(filepath.Separator)
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case d.IsDir() && p != root && skippedDir(d.Name()):
			return filepath.SkipDir
		case !d.IsDir() && strings.HasSuffix(p, ".litmus"):
			found = append(found, p)
		}
		return nil
	})
	sort.Strings(found)
	return found, err
}

// expandDirs replaces each directory of args by the .litmus files below
// it (a campaign names one directory, not ten thousand files) and says on
// w how many each holds; a file stays as it is, and reports its own
// error if it cannot be read. No argument at all, with standard input a
// pipe, is standard input.
func expandDirs(args []string, w io.Writer) ([]string, error) {
	if len(args) == 0 && stdinPiped() {
		return []string{stdinName}, nil
	}
	var out []string
	for _, a := range args {
		if st, err := os.Stat(a); a == stdinName || err != nil || !st.IsDir() {
			out = append(out, a)
			continue
		}
		found, err := walkLitmus(a)
		if err != nil {
			return nil, err
		}
		fmt.Fprintf(w, "litmuscheck: %s: %d .litmus %s\n", a, len(found), plural(len(found), "file", "files"))
		out = append(out, found...)
	}
	return out, nil
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
