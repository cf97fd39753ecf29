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
		if testing.Short() {
			// conform compares every file's Hash line with herd7's too.
			files = everyNth(files, 8)
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

// everyNth is a sample of files spread over the list: the first and every
// n-th after it.
func everyNth(files []string, n int) []string {
	var out []string
	for i := 0; i < len(files); i += n {
		out = append(out, files[i])
	}
	return out
}
