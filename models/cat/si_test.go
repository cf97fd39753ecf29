// This file tests the interpreter's si and sm under mixed-size semantics:
// the cells of one access, as herd's single-copy-atomic classes.

package cat

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/litmuscheck/litmuscheck/explore"
	"github.com/litmuscheck/litmuscheck/herd"
	"github.com/litmuscheck/litmuscheck/parser"
)

// tests/mixed/si-wide-read-*.litmus: a halfword store, then a byte
// store over its low byte, in one thread; a word read in another. Its
// low byte from the byte store and its high byte from the initial value
// would need the read's cells to be observed apart: si joins them, so
// that outcome (1) is forbidden.

// herdStateLines are the final states and the observation of herd's output.
func herdStateLines(t *testing.T, file string, p *Program) []string {
	t.Helper()
	lt, err := parser.ParseFile(filepath.Join("../../tests/mixed", file))
	if err != nil {
		t.Fatal(err)
	}
	res, err := explore.Explore(context.Background(), lt, p.Model(), explore.Options{Mixed: true})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	herd.WriteResult(&b, res)
	var lines []string
	for _, l := range strings.Split(b.String(), "\n") {
		if strings.Contains(l, "=") && !strings.HasPrefix(l, "Condition") && !strings.HasPrefix(l, "Hash") ||
			strings.HasPrefix(l, "Observation") {
			lines = append(lines, l)
		}
	}
	return lines
}

func TestMixedSI(t *testing.T) {
	for _, c := range []struct {
		name  string
		model string // under testdata, or a reference model
		ref   bool
		file  string
		want  []string
	}{
		// si.cat has no coherence axiom, so the explorer asks it about the
		// incoherent candidates too (litmus.IncoherentModel): two more
		// than herd's coherent models allow, with the same states.
		{"own/x86", "si.cat", false, "si-wide-read-x86_64.litmus", []string{"1:rbx=0;", "1:rbx=257;", "Observation si-wide-read-x86_64 Never 0 5"}},
		{"own/aarch64", "si.cat", false, "si-wide-read-aarch64.litmus", []string{"1:X2=0;", "1:X2=257;", "Observation si-wide-read-aarch64 Never 0 5"}},
		{"ref/x86tso-mixed", "x86tso-mixed.cat", true, "si-wide-read-x86_64.litmus", []string{"1:rbx=0;", "1:rbx=257;", "Observation si-wide-read-x86_64 Never 0 3"}},
		{"ref/aarch64", "aarch64.cat", true, "si-wide-read-aarch64.litmus", []string{"1:X2=0;", "1:X2=257;", "Observation si-wide-read-aarch64 Never 0 3"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			o := Options{Model: filepath.Join("testdata", c.model), Variants: []string{"mixed"}}
			if c.ref {
				needShared(t)
				o = Options{Model: c.model, Path: []string{reference}, Variants: []string{"mixed"}}
			}
			p, err := Load(o)
			if err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(c.want, herdStateLines(t, c.file, p)); d != "" {
				t.Errorf("states and observation (-want +got):\n%s", d)
			}
		})
	}
}

// TestSameInstance: same-instance relates the events of one execution of
// one instruction, as herd's does, not each event alone: an LDADD's read
// and write pass testdata/same-instance.cat's axiom, an LDXR/STXR pair's
// fail it.
func TestSameInstance(t *testing.T) {
	p, err := Load(Options{Model: filepath.Join("testdata", "same-instance.cat")})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ name, code, want string }{
		{"LDADD", " LDADD W1,W2,[X0] ;", "Always"},
		{"LDXR/STXR", " LDXR W2,[X0] ;\n ADD W3,W2,W1 ;\n STXR W4,W3,[X0] ;", "Never"},
	} {
		src := "AArch64 t\n{ 0:X0=x; 0:X1=1; }\n P0 ;\n" + c.code + "\nexists (x=1)\n"
		lt, err := parser.Parse("t.litmus", src)
		if err != nil {
			t.Fatal(err)
		}
		obs, _ := verdict(t, p, lt)
		if obs != c.want {
			t.Errorf("%s: %q, want %q", c.name, obs, c.want)
		}
	}
}
