package main

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// withStdin runs f with src as standard input, a pipe.
func withStdin(t *testing.T, src string, f func()) {
	t.Helper()
	saved, savedPiped := stdin, stdinPiped
	stdin, stdinPiped = strings.NewReader(src), func() bool { return true }
	stdinOnce = sync.Once{}
	defer func() {
		stdin, stdinPiped = saved, savedPiped
		stdinOnce = sync.Once{}
	}()
	f()
}

// TestStandardInput: "-" and a pipe with no file named are standard
// input, whose test's positions say <stdin>.
func TestStandardInput(t *testing.T) {
	src, err := os.ReadFile("../../tests/SB.litmus")
	if err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"-"}, {}, {"--format", "jsonl"}} {
		withStdin(t, string(src), func() {
			code, out, errs := runCLI(args...)
			if code != 0 || !strings.Contains(out, "SB") || !strings.Contains(out, "Sometimes") || errs != "" {
				t.Errorf("%q: exit %d, stdout %q, stderr %q", args, code, out, errs)
			}
		})
	}
	withStdin(t, "X86 bad\n{\n}\n P0 ;\n FOO ;\nexists (x=1)\n", func() {
		code, _, errs := runCLI("-")
		if code != 2 || !strings.HasPrefix(errs, "<stdin>:5:") {
			t.Errorf("a bad test on stdin: exit %d, stderr %q, want <stdin>:5:...", code, errs)
		}
	})
}

// TestUnixErrors: a flag error is one line with the hint, a missing file
// has the prefix every other error has, and --help lists the exit
// statuses.
func TestUnixErrors(t *testing.T) {
	tests := []struct {
		args []string
		code int
		err  string
	}{
		{[]string{"--bogus", "x.litmus"}, 2, "litmuscheck: unknown flag: --bogus (see litmuscheck --help)\n"},
		{[]string{"diff", "--bogus"}, 2, "litmuscheck: unknown flag: --bogus (see litmuscheck help diff)\n"},
		{[]string{"no-such-file.litmus"}, 2, "litmuscheck: open no-such-file.litmus: no such file or directory\n"},
	}
	for _, tc := range tests {
		code, _, errs := runCLI(tc.args...)
		if code != tc.code || errs != tc.err {
			t.Errorf("%q: exit %d, stderr %q, want %d, %q", tc.args, code, errs, tc.code, tc.err)
		}
	}
	code, out, _ := runCLI("--help")
	if code != 0 || !strings.Contains(out, "exit status:\n  0 ") || !strings.Contains(out, "\n  2  usage") {
		t.Errorf("--help: exit %d, no exit statuses in:\n%s", code, out)
	}
}

// TestDirectoryWalk: a directory is walked for .litmus files, hidden,
// underscore and dependency directories left out, and the count said on
// stderr.
func TestDirectoryWalk(t *testing.T) {
	dir := t.TempDir()
	src, err := os.ReadFile("../../tests/SB.litmus")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"a.litmus", "sub/b.litmus", ".git/c.litmus", "_build/d.litmus", "node_modules/e.litmus", "notes.txt"} {
		p := filepath.Join(dir, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, src, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	code, out, errs := runCLI("--format", "jsonl", dir)
	if want := "litmuscheck: " + dir + ": 2 .litmus files\n"; code != 0 || errs != want {
		t.Errorf("exit %d, stderr %q, want %q", code, errs, want)
	}
	var files []string
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		_, rest, _ := strings.Cut(line, `"file":"`)
		f, _, _ := strings.Cut(rest, `"`)
		files = append(files, strings.TrimPrefix(f, dir+"/"))
	}
	if diff := cmp.Diff([]string{"a.litmus", "sub/b.litmus"}, files); diff != "" {
		t.Errorf("files run (-want +got):\n%s", diff)
	}
}

// TestNothingSaidTwice: the text format prints a hang on stdout and not
// again on stderr; json, which stderr reads for people, keeps it there.
// Three executions hang: P0 reads 2 at its first, second or third
// attempt, and then for ever.
func TestNothingSaidTwice(t *testing.T) {
	const file = "../../tests/hangs/poll+unset.ppc.litmus"
	code, out, errs := runCLI(file)
	if code != 1 || !strings.Contains(out, "Hangs: 3 executions") || strings.Contains(errs, "Hangs:") {
		t.Errorf("text: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	code, _, errs = runCLI("--format", "json", file)
	if code != 1 || !strings.Contains(errs, "Hangs: 3 executions") {
		t.Errorf("json: exit %d, stderr %q", code, errs)
	}
}
