// This file tests that the interpreter takes lock.cat's atomic lock pairs,
// and the LKMM's atomic rmw pairs, at their word only for files it knows.

package cat

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/litmuscheck/litmuscheck/models"
	"github.com/litmuscheck/litmuscheck/parser"
)

// editedReference is a copy of the reference files with a comment added
// to the one named edit.
func editedReference(t *testing.T, edit string) string {
	dir := t.TempDir()
	entries, err := os.ReadDir(reference)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		src, err := os.ReadFile(filepath.Join(reference, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if e.Name() == edit {
			src = append(src, "\n(* a reviewer's edit *)\n"...)
		}
		if err := os.WriteFile(filepath.Join(dir, e.Name()), src, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// checkClaim explores test with the LKMM read from herd's files and from
// the files with edit edited: claim says whether the model claims, and
// both must give the Go LKMM's result.
func checkClaim(t *testing.T, test, edit string, claim func(*models.Model) bool) {
	needShared(t)
	edited := editedReference(t, edit)
	lt, err := parser.ParseFile(filepath.Join(shared, "corpus", "lkmm", test))
	if err != nil {
		t.Fatal(err)
	}
	want := herdOutput(t, lt, models.LKMM)
	for _, c := range []struct {
		dir   string
		claim bool
	}{{reference, true}, {edited, false}} {
		p, err := Load(Options{Conf: "linux-kernel.cfg", Variants: []string{"lkmmv2"}, Path: []string{c.dir}})
		if err != nil {
			t.Fatal(err)
		}
		m := p.Model()
		if claim(m) != c.claim {
			t.Errorf("%s: claim %v, want %v", c.dir, claim(m), c.claim)
		}
		if d := cmp.Diff(want, herdOutput(t, lt, m)); d != "" {
			t.Errorf("%s: herd output (-Go LKMM +interpreter):\n%s", c.dir, d)
		}
	}
}

// TestLockCatClaimOnlyWhenKnown: herd's lock.cat gives the claim; the same
// text with one comment more does not, and both give the Go LKMM's result.
func TestLockCatClaimOnlyWhenKnown(t *testing.T) {
	checkClaim(t, "C-SB+l-o-o-u+l-o-o-u.litmus", "lock.cat", func(m *models.Model) bool { return m.LocksAtomic })
}

// TestLKMMAtomicClaimOnlyWhenKnown: the same of every rmw pair, claimed
// for herd's linux-kernel.cat and bell alone.
func TestLKMMAtomicClaimOnlyWhenKnown(t *testing.T) {
	checkClaim(t, "C-ManfredSpraul-L1G1xchg.litmus", "linux-kernel.cat", func(m *models.Model) bool { return m.Atomic })
	checkClaim(t, "C-ManfredSpraul-L1G1xchg.litmus", "linux-kernel.bell", func(m *models.Model) bool { return m.Atomic })
}
