package graph

import (
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"flag"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/litmuscheck/litmuscheck/explore"
	"github.com/litmuscheck/litmuscheck/locks"
	"github.com/litmuscheck/litmuscheck/models"
)

var update = flag.Bool("update", false, "rewrite the golden files")

const sb = `C SB
{}
P0(int *x, int *y) { int r0; WRITE_ONCE(*x, 1); r0 = READ_ONCE(*y); }
P1(int *x, int *y) { int r0; WRITE_ONCE(*y, 1); r0 = READ_ONCE(*x); }
exists (0:r0=0 /\ 1:r0=0)
`

const sbMB = `C SB+mb
{}
P0(int *x, int *y) { int r0; WRITE_ONCE(*x, 1); smp_mb(); r0 = READ_ONCE(*y); }
P1(int *x, int *y) { int r0; WRITE_ONCE(*y, 1); smp_mb(); r0 = READ_ONCE(*x); }
exists (0:r0=0 /\ 1:r0=0)
`

const mpFences = `C MP+wmb+rmb
{}
P0(int *x, int *y) { WRITE_ONCE(*x, 1); smp_wmb(); WRITE_ONCE(*y, 1); }
P1(int *x, int *y) { int r0; int r1; r0 = READ_ONCE(*y); smp_rmb(); r1 = READ_ONCE(*x); }
exists (1:r0=1 /\ 1:r1=0)
`

// mpLocks is message passing through the critical sections of one lock,
// LKMM's own lock events.
const mpLocks = `C mp+locks
{}
P0(int *x, int *y, spinlock_t *l) { spin_lock(l); WRITE_ONCE(*x, 1); WRITE_ONCE(*y, 1); spin_unlock(l); }
P1(int *x, int *y, spinlock_t *l) { int r0; int r1; spin_lock(l); r0 = READ_ONCE(*y); r1 = READ_ONCE(*x); spin_unlock(l); }
exists (1:r0=1 /\ 1:r1=0)
`

// handOff is message passing through a lock hand-off (docs/locks.md,
// mp-through-lock): l = 1 holds the lock only in a fragment's code, as
// lock.cat reads an initial write as a free lock.
const handOff = `C hand-off
{ l = 1; }
P0(int *x, spinlock_t *l) { WRITE_ONCE(*x, 1); spin_unlock(l); }
P1(int *x, spinlock_t *l) { int r0; spin_lock(l); r0 = READ_ONCE(*x); spin_unlock(l); }
exists (1:r0=0)
`

// abba takes two locks in crossed order: each thread can hold one lock
// and spin forever on the other, a deadlock.
const abba = `C abba
{}
P0(spinlock_t *a, spinlock_t *b) { spin_lock(a); spin_lock(b); spin_unlock(b); spin_unlock(a); }
P1(spinlock_t *a, spinlock_t *b) { spin_lock(b); spin_lock(a); spin_unlock(a); spin_unlock(b); }
exists (a=1)
`

// cases are the shapes with golden pictures: each runs in a column (a
// model on the C test, or a hardware model on its compilation).
var cases = []struct {
	name, src, column, lock, verdict string
}{
	{"sb", sb, "lkmm", "", "Sometimes"},
	{"sb+mb", sbMB, "lkmm", "", "Never"},
	{"mp+wmb+rmb", mpFences, "lkmm", "", "Never"},
	{"mp+wmb+rmb-power", mpFences, "power", "", "Never"},
	{"mp+locks", mpLocks, "lkmm", "", "Never"},
	{"hand-off+write-once-armv8", handOff, "armv8", "write-once", "Sometimes"},
	{"abba-deadlock", abba, "lkmm", "", "Never"},
}

func picture(t *testing.T, name, src, column, lock, verdict string) *Picture {
	t.Helper()
	col, ok := locks.ColumnByName(column)
	if !ok {
		t.Fatalf("no column %s", column)
	}
	var alg *locks.Algorithm
	if lock != "" {
		a, err := locks.AlgorithmByName(lock)
		if err != nil {
			t.Fatal(err)
		}
		alg = a
	}
	run, err := locks.RunC(context.Background(), name+".litmus", src, alg, col, explore.Options{})
	if err != nil || run.Result == nil {
		t.Fatalf("%s: %v %v", name, err, run.Err)
	}
	if got := run.Result.Verdict(); got != verdict {
		t.Fatalf("%s in %s: %s, want %s", name, column, got, verdict)
	}
	m, err := models.Lookup(col.ModelName())
	if err != nil {
		t.Fatal(err)
	}
	p := ForResult(name+" under "+col.Title, run.Result, m)
	if p == nil {
		t.Fatalf("%s: nothing to draw", name)
	}
	return p
}

// TestGolden: the DOT and SVG of each shape match testdata, the SVG is
// well-formed XML, and Graphviz (when installed) accepts the DOT.
func TestGolden(t *testing.T) {
	dot, dotErr := exec.LookPath("dot")
	if dotErr != nil {
		t.Log("Graphviz's dot is not installed: the DOT files are not fed to it")
	}
	for _, tc := range cases {
		p := picture(t, tc.name, tc.src, tc.column, tc.lock, tc.verdict)
		for ext, text := range map[string]string{"dot": p.DOT(), "svg": p.SVG()} {
			golden(t, filepath.Join("testdata", tc.name+"."+ext), text)
		}
		if err := wellFormed(p.SVG()); err != nil {
			t.Errorf("%s: SVG is not well-formed XML: %v", tc.name, err)
		}
		if dotErr == nil {
			cmd := exec.Command(dot, "-Tsvg")
			cmd.Stdin = bytes.NewBufferString(p.DOT())
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			out, err := cmd.Output()
			if err != nil || stderr.Len() > 0 {
				t.Errorf("%s: dot -Tsvg: %v %s", tc.name, err, stderr.String())
			} else if err := wellFormed(string(out)); err != nil {
				t.Errorf("%s: dot's SVG: %v", tc.name, err)
			}
		}
	}
}

// TestForbiddenHighlight: a Never's picture tells its cycle in words with
// the violated axiom as caption and draws every step of it highlighted.
func TestForbiddenHighlight(t *testing.T) {
	p := picture(t, "sb+mb", sbMB, "lkmm", "", "Never")
	if want := "(axiom propagation)"; !strings.HasSuffix(p.Caption, want) {
		t.Errorf("caption %q does not end in %q", p.Caption, want)
	}
	var hot []string
	for _, e := range p.Edges {
		if e.Hot {
			hot = append(hot, p.Nodes[e.From].Name+"-"+e.Label+"->"+p.Nodes[e.To].Name)
		}
	}
	// a: W x=1, b: R y=0 (P0); c: W y=1, d: R x=0 (P1).
	want := []string{"a-mb->b", "b-fre->c", "c-mb->d", "d-fre->a"}
	if diff := cmp.Diff(want, sorted(hot)); diff != "" {
		t.Errorf("highlighted steps (-want +got):\n%s", diff)
	}
}

func sorted(s []string) []string {
	out := append([]string(nil), s...)
	for i := range out {
		for j := i + 1; j < len(out); j++ {
			if out[j] < out[i] {
				out[i], out[j] = out[j], out[i]
			}
		}
	}
	return out
}

func wellFormed(doc string) error {
	d := xml.NewDecoder(bytes.NewBufferString(doc))
	for {
		_, err := d.Token()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

func golden(t *testing.T, path, got string) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if diff := cmp.Diff(string(want), got); diff != "" {
		t.Errorf("%s (-want +got):\n%s", path, diff)
	}
}
