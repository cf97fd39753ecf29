package pipeline

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/locks"
	"github.com/litmuscheck/litmuscheck/parser"
)

// cTests are C tests of the repository that call the lock operations,
// the kernel primitives and loops.
func cTests(t *testing.T) []string {
	var files []string
	for _, glob := range []string{"../tests/unlock_release.litmus", "../locks/scenarios/*.litmus", "../tests/hangs/*.litmus", "../tests/loops/*.litmus"} {
		m, err := filepath.Glob(glob)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	if len(files) < 10 {
		t.Fatalf("only %d C tests found", len(files))
	}
	return files
}

// TestParsedOnce runs C tests in every column, as the default run does,
// and counts the parser's calls: the text is parsed once; the hardware
// columns lower its syntax again with their lock algorithm
// (parser.Relower), and each compiled assembly test is read once.
func TestParsedOnce(t *testing.T) {
	s := Settings{Spec: Spec{ColumnsByDefault: true}}
	for _, file := range cTests(t)[:4] {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		before := parser.Parses()
		out := File(file, string(src), s)
		if out.Err != nil {
			t.Fatalf("%s: %v", file, out.Err)
		}
		compiled := 0
		for _, r := range out.Runs {
			if r.Compiled != nil {
				compiled++
			}
		}
		if got, want := parser.Parses()-before, int64(1+compiled); got != want {
			t.Errorf("%s: %d parses, want %d (the test once, and %d compiled tests)", file, got, want, compiled)
		}
	}
}

// TestRelowerMatchesParse: a C test parsed with the LKMM's lock events
// and lowered again with a lock algorithm is the test parsed with that
// algorithm, so no lowering changes the syntax it lowers from.
func TestRelowerMatchesParse(t *testing.T) {
	alg, err := locks.AlgorithmByName(locks.DefaultAlgorithm)
	if err != nil {
		t.Fatal(err)
	}
	defs, err := locks.Defs(alg)
	if err != nil {
		t.Fatal(err)
	}
	ignore := cmpopts.IgnoreFields(litmus.Test{}, "Syntax")
	for _, file := range cTests(t) {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		lkmm, err := Parse(context.Background(), file, string(src), Settings{})
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		again, err := parser.Relower(lkmm, defs)
		if err != nil {
			t.Fatalf("%s: relowered: %v", file, err)
		}
		want, err := Parse(context.Background(), file, string(src), Settings{Lock: alg})
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		if diff := cmp.Diff(want, again, ignore, cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("%s: relowered test differs from a fresh parse (-parse +relowered):\n%s", file, diff)
		}
	}
}

// BenchmarkReadmeExample is the README's example, the default run of
// tests/unlock_release.litmus in every column: go test ./pipeline -bench
// ReadmeExample.
func BenchmarkReadmeExample(b *testing.B) {
	src, err := os.ReadFile("../tests/unlock_release.litmus")
	if err != nil {
		b.Fatal(err)
	}
	s := Settings{Spec: Spec{ColumnsByDefault: true}}
	for b.Loop() {
		if out := File("unlock_release.litmus", string(src), s); out.Err != nil {
			b.Fatal(out.Err)
		}
	}
}
