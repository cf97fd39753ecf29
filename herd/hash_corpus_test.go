package herd_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/litmuscheck/litmuscheck/parser"
)

// TestHashCorpus checks every corpus test's Hash= against herd7's: all
// of them must match.
func TestHashCorpus(t *testing.T) {
	dirs, _ := filepath.Glob("../../shared/corpus/*")
	if len(dirs) == 0 {
		if os.Getenv("CI") != "" {
			t.Fatal("no corpus in ../../shared/corpus")
		}
		t.Skip("no corpus")
	}
	for _, dir := range dirs {
		files, _ := filepath.Glob(filepath.Join(dir, "*.litmus"))
		if len(files) == 0 {
			continue
		}
		t.Run(filepath.Base(dir), func(t *testing.T) {
			bad := 0
			for _, f := range files {
				exp, err := os.ReadFile(f + ".expected")
				if err != nil {
					continue
				}
				want := ""
				for _, l := range strings.Split(string(exp), "\n") {
					if h, ok := strings.CutPrefix(l, "Hash="); ok {
						want = h
					}
				}
				src, err := os.ReadFile(f)
				if err != nil {
					t.Fatal(err)
				}
				var got string
				test, err := parser.Parse(f, string(src))
				if err == nil {
					got = test.Hash
				}
				if err != nil || got != want {
					bad++
					if bad <= 15 {
						t.Errorf("%s: Hash=%s, want %s (%v)", f, got, want, err)
					}
				}
			}
			if bad > 0 {
				t.Errorf("%d/%d hashes differ", bad, len(files))
			}
		})
	}
}
