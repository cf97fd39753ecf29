// This file checks the herd7 mode on edited copies of herd's model files,
// made at test time from ../shared/models-reference: the explorer's cuts
// that rest on what herd's files forbid (SC per location, thin air, the
// lock events of lock.cat) must not apply to a file that no longer says
// so.

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// editedModels copies the reference model files into a directory and
// applies each edit (file, old text, new text, name of the edited copy).
func editedModels(t *testing.T, edits [][4]string) string {
	t.Helper()
	ref, _ := filepath.Abs("../../../shared/models-reference")
	files, _ := filepath.Glob(filepath.Join(ref, "*"))
	if len(files) == 0 {
		if os.Getenv("CI") != "" {
			t.Fatal("no ../shared/models-reference")
		}
		t.Skip("no ../shared/models-reference")
	}
	dir := t.TempDir()
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(f)), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, e := range edits {
		b, err := os.ReadFile(filepath.Join(dir, e[0]))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(b), e[1]) {
			t.Fatalf("%s no longer has %q", e[0], e[1])
		}
		if err := os.WriteFile(filepath.Join(dir, e[3]), []byte(strings.Replace(string(b), e[1], e[2], 1)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

var timeLine = regexp.MustCompile(`(?m)^Time .*\n`)

// TestEditedAArch64Cat: aarch64.cat without rf in Exp-obs allows what the
// explorer used to cut before asking it (a write-read-write coherence
// cycle, load buffering through data that cancels); herd7's outputs for
// both files are in tests/herd/edited-cat.
func TestEditedAArch64Cat(t *testing.T) {
	dir := editedModels(t, [][4]string{{"aarch64.cat", "[Exp & M]; rf & ext; [Exp & M]\n  | [Exp & M]; ca & ext; [Exp & M]", "[Exp & M]; ca & ext; [Exp & M]", "aarch64-norfe.cat"}})
	tests, _ := filepath.Glob("../../tests/herd/edited-cat/*.litmus")
	if len(tests) == 0 {
		t.Fatal("no tests in tests/herd/edited-cat")
	}
	for _, f := range tests {
		for _, model := range []string{"aarch64", "aarch64-norfe"} {
			want, err := os.ReadFile(f + "." + model + ".expected")
			if err != nil {
				t.Fatal(err)
			}
			var out, errs bytes.Buffer
			if code := runAs(herdName, []string{"-I", dir, "-model", model + ".cat", f}, &out, &errs); code != 0 {
				t.Fatalf("%s under %s: exit %d: %s", f, model, code, errs.String())
			}
			if got := timeLine.ReplaceAllString(out.String(), ""); got != string(want) {
				t.Errorf("%s under %s:\n%s\nherd7:\n%s", filepath.Base(f), model, got, want)
			}
		}
	}
}

// TestEditedLockCat: with a lock.cat that no longer orders critical
// sections in co, a test with spin_lock is refused (the explorer builds
// lock events as herd's lock.cat does), in the herd mode and the
// command alike; a test without lock events runs.
func TestEditedLockCat(t *testing.T) {
	dir := editedModels(t, [][4]string{{"lock.cat", "let co = (co | critical | (critical^-1 ; co))+", "let co = (co | critical)+", "lock.cat"}})
	var out, errs bytes.Buffer
	code := runAs(herdName, []string{"-I", dir, "-conf", "linux-kernel.cfg", "-variant", "lkmmv2", "../../tests/lkmm/MP+locks.litmus"}, &out, &errs)
	if code != 2 || !strings.Contains(errs.String(), "unsupported: \"spin_lock(s)\" under linux-kernel, whose lock.cat is not herd7 7.58's") {
		t.Errorf("herd mode, MP+locks: exit %d\n%s%s", code, out.String(), errs.String())
	}
	code, _, stderr := runCLI("--conf", "linux-kernel.cfg", "-I", dir, "../../tests/lkmm/MP+locks.litmus")
	if code != 2 || !strings.Contains(stderr, "whose lock.cat is not herd7 7.58's") {
		t.Errorf("command, MP+locks: exit %d\n%s", code, stderr)
	}
	out.Reset()
	code = runAs(herdName, []string{"-I", dir, "-conf", "linux-kernel.cfg", "-variant", "lkmmv2", "../../tests/lkmm/MP+onces.litmus"}, &out, &errs)
	if code != 0 || !strings.Contains(out.String(), "Observation MP+onces Sometimes 1 3") {
		t.Errorf("herd mode, MP+onces: exit %d\n%s", code, out.String())
	}
}
