// This file tests that the interpreter takes lock.cat's atomic lock pairs
// at their word only for a lock.cat it knows.

package cat

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/litmuscheck/litmuscheck/models"
	"github.com/litmuscheck/litmuscheck/parser"
)

// TestLockCatClaimOnlyWhenKnown: herd's lock.cat gives the claim; the same
// text with one comment more does not, and both give the Go LKMM's result.
func TestLockCatClaimOnlyWhenKnown(t *testing.T) {
	needShared(t)
	edited := t.TempDir()
	entries, err := os.ReadDir(reference)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		src, err := os.ReadFile(filepath.Join(reference, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if e.Name() == "lock.cat" {
			src = append(src, "\n(* a reviewer's edit *)\n"...)
		}
		if err := os.WriteFile(filepath.Join(edited, e.Name()), src, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	file := filepath.Join(shared, "corpus", "lkmm", "C-SB+l-o-o-u+l-o-o-u.litmus")
	test, err := parser.ParseFile(file)
	if err != nil {
		t.Fatal(err)
	}
	want := herdOutput(t, test, models.LKMM)
	for _, c := range []struct {
		dir   string
		claim bool
	}{{reference, true}, {edited, false}} {
		p, err := Load(Options{Conf: "linux-kernel.cfg", Variants: []string{"lkmmv2"}, Path: []string{c.dir}})
		if err != nil {
			t.Fatal(err)
		}
		m := p.Model()
		if m.LocksAtomic != c.claim {
			t.Errorf("%s: LocksAtomic %v, want %v", c.dir, m.LocksAtomic, c.claim)
		}
		if d := cmp.Diff(want, herdOutput(t, test, m)); d != "" {
			t.Errorf("%s: herd output (-Go LKMM +interpreter):\n%s", c.dir, d)
		}
	}
}
