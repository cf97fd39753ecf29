// This file tests parsing: herd's reference models parse, syntax errors
// are at file:line:col, and the normal form and walk see what they should.

package syntax

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/litmuscheck/litmuscheck/litmus"
)

func TestParseReference(t *testing.T) {
	files, _ := filepath.Glob("../../../../shared/models-reference/*.cat")
	b, _ := filepath.Glob("../../../../shared/models-reference/*.bell")
	files = append(files, b...)
	if len(files) == 0 {
		if os.Getenv("CI") != "" {
			t.Fatal("no reference models")
		}
		t.Skip("no ../shared/models-reference")
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Parse(f, string(src)); err != nil {
			t.Errorf("%v", err)
		}
	}
}

func TestParseErrors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"let = po", `bad.cat:1:5: unexpected token "="`},
		{"let x = po (* open (* *)", "bad.cat:1:12: comment not closed"},
		{"let x = po\nacyclic", "bad.cat:2:8: unexpected token"},
	} {
		_, err := Parse("bad.cat", c.src)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q", c.src, err, c.want)
		}
	}
}

// TestParsePositions checks the positions of nodes the evaluator reports
// errors at.
func TestParsePositions(t *testing.T) {
	f, err := Parse("p.cat", "let x = po\n  let y = [W] ; rf")
	if err != nil {
		t.Fatal(err)
	}
	seq := f.Stmts[1].Let.Bindings[0].Value.Tuple[0].Terms[0].Terms[0]
	if len(seq.Terms) != 2 {
		t.Fatalf("%d operands of ;, want 2", len(seq.Terms))
	}
	for i, col := range []int{11, 17} {
		want := litmus.Pos{File: "p.cat", Line: 2, Col: col}
		if p := LitmusPos(seq.Terms[i].Pos); p != want {
			t.Errorf("operand %d at %v, want %v", i, p, want)
		}
	}
}

func TestNormalize(t *testing.T) {
	got := Normalize("let  x = (* a (* nested *) comment *) po\n\n\tlet y = x")
	if want := "let x = po let y = x"; got != want {
		t.Errorf("Normalize: %q, want %q", got, want)
	}
}

func TestWalk(t *testing.T) {
	f, err := Parse("w.cat", "let f(x) = x | po\nlet g = fun y -> y\nacyclic f(rf) as a")
	if err != nil {
		t.Fatal(err)
	}
	var apps []string
	funs := 0
	Walk(f, func(n any) {
		switch n := n.(type) {
		case *App:
			apps = append(apps, n.Name)
		case *FunExpr:
			funs++
		}
	})
	if got, want := strings.Join(apps, " "), "x po y f rf"; got != want || funs != 1 {
		t.Errorf("Walk: apps %q and %d funs, want %q and 1", got, funs, want)
	}
}

// FuzzParse checks that no input makes the parser panic.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"let x = po | rf", "acyclic po as a", "let rec f x = f x", "match 'a with || 'a -> 0 end", "(* (* *) *) let x = [W]; po"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		_, _ = Parse("fuzz.cat", src)
	})
}
