// This file tests the layout's promises on small shapes: a column only
// for a thread with an event, in thread order; each event at a place of
// its own; a mixed-size access's events shown as the bytes they are.

package graph

import (
	"os"
	"regexp"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestThreadColumns: a thread with no event to show gets no column, and
// the others keep their names.
func TestThreadColumns(t *testing.T) {
	tests := []struct {
		name, src string
		heads     []string
	}{
		{"empty P2", `C empty-P2
{}
P0(int *x) { WRITE_ONCE(*x, 1); }
P1(int *x) { int r0; r0 = READ_ONCE(*x); }
P2(int *x) { int r1; r1 = 1; }
exists (1:r0=0)
`, []string{"P0", "P1"}},
		{"empty P1", `C empty-P1
{}
P0(int *x) { WRITE_ONCE(*x, 1); }
P1(int *x) { int r1; r1 = 1; }
P2(int *x) { int r0; r0 = READ_ONCE(*x); }
exists (2:r0=0)
`, []string{"P0", "P2"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := picture(t, tc.name, tc.src, "lkmm", "", "Sometimes")
			if diff := cmp.Diff(tc.heads, p.Heads); diff != "" {
				t.Errorf("columns (-want +got):\n%s", diff)
			}
			if p.Columns != len(tc.heads) {
				t.Errorf("%d columns, want %d", p.Columns, len(tc.heads))
			}
			items := readSVG(t, p.SVG())
			if n := len(itemsOf(items, "thread")); n != len(tc.heads) {
				t.Errorf("the SVG heads %d columns, want %d", n, len(tc.heads))
			}
			g := p.layout()
			for i := range g.boxes {
				for j := range i {
					if g.boxes[i].near(g.boxes[j], 0) {
						t.Errorf("%s and %s overlap", p.Nodes[i].Name, p.Nodes[j].Name)
					}
				}
			}
		})
	}
}

// TestMixedSizeBytes: under mixed-size semantics each event is a cell, and
// its node says which byte of which location it writes or reads, and the
// value of that byte: the halfword write of 257 is two byte writes of 1.
func TestMixedSizeBytes(t *testing.T) {
	cell := regexp.MustCompile(`^[RW] x\+\d=\d+ \(byte \d of x\)$`)
	tests := []struct {
		file string
		want []string // first lines of P0's nodes, in program order
	}{
		{"../tests/mixed/si-wide-read-x86_64.litmus", []string{"W x+0=1 (byte 0 of x)", "W x+1=1 (byte 1 of x)", "W x+0=1 (byte 0 of x)"}},
		{"../tests/mixed/si-wide-read-aarch64.litmus", []string{"W x+0=1 (byte 0 of x)", "W x+1=1 (byte 1 of x)", "W x+0=1 (byte 0 of x)"}},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			src, err := os.ReadFile(tc.file)
			if err != nil {
				t.Fatal(err)
			}
			s, note := asmSample(tc.file, string(src))
			if s == nil {
				t.Fatalf("no picture: %s", note)
			}
			var p0 []string
			for _, n := range s.p.Nodes {
				if !cell.MatchString(n.Lines[0]) {
					t.Errorf("node %s: %q names no byte", n.Name, n.Lines[0])
				}
				if !n.Init && n.Column == 0 {
					p0 = append(p0, n.Lines[0])
				}
			}
			if diff := cmp.Diff(tc.want, p0); diff != "" {
				t.Errorf("P0's events (-want +got):\n%s", diff)
			}
			if !regexp.MustCompile(`byte \d of x`).MatchString(s.p.Caption) {
				t.Errorf("caption %q does not name the byte", s.p.Caption)
			}
		})
	}
}

// TestWrap: a long line breaks after a comma near its end, else at a
// space, else within a word, each line at most the width.
func TestWrap(t *testing.T) {
	tests := []struct {
		s    string
		n    int
		want []string
	}{
		{"short", 10, []string{"short"}},
		{"atomic_try_cmpxchg_relaxed(&lock->val, &old, (old & 0x1ffff) | tail)", 44,
			[]string{"atomic_try_cmpxchg_relaxed(&lock->val,", "&old, (old & 0x1ffff) | tail)"}},
		{"Hangs: 1 execution, a deadlock, P0 spins forever", 40, []string{"Hangs: 1 execution, a deadlock,", "P0 spins forever"}},
		{"a, bbbbbbbbb cccccccc dddd", 20, []string{"a, bbbbbbbbb", "cccccccc dddd"}},
		{"abcdefghij", 4, []string{"abcd", "efgh", "ij"}},
	}
	for _, tc := range tests {
		got := wrap(tc.s, tc.n)
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("wrap(%q, %d) (-want +got):\n%s", tc.s, tc.n, diff)
		}
		for _, l := range got {
			if len(l) > tc.n {
				t.Errorf("wrap(%q, %d): %q is longer", tc.s, tc.n, l)
			}
		}
	}
}
