// This file checks every corpus test's Hash= (package herd computes it
// as the parser reads a test) against herd7's, and keeps the corpus
// sweeps' parses (TestHashCorpus, TestPPCCorpus, TestAArch64Corpus,
// TestCCorpus) so that each file is parsed once.

package parser

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/litmuscheck/litmuscheck/litmus"
)

// A corpusParse is what the corpus sweeps keep of a parse: the hash, or
// the error.
type corpusParse struct {
	hash string
	err  error
}

// corpusParses holds the corpus files parsed so far, by path.
var corpusParses sync.Map

// parseCorpusFile parses the corpus file f, whose text is src, and keeps
// what corpusParsed returns of it.
func parseCorpusFile(f, src string) (*litmus.Test, error) {
	test, err := Parse(f, src)
	p := corpusParse{err: err}
	if err == nil {
		p.hash = test.Hash
	}
	corpusParses.Store(f, p)
	return test, err
}

// corpusParsed is the hash of the corpus file f, or its parse error:
// parsed here unless another sweep parsed it.
func corpusParsed(t *testing.T, f string) (string, error) {
	t.Helper()
	if p, ok := corpusParses.Load(f); ok {
		return p.(corpusParse).hash, p.(corpusParse).err
	}
	src, err := os.ReadFile(f)
	if err != nil {
		t.Fatal(err)
	}
	test, err := parseCorpusFile(f, string(src))
	if err != nil {
		return "", err
	}
	return test.Hash, nil
}

// TestHashCorpus checks every corpus test's Hash= against herd7's: all
// of them must match.
func TestHashCorpus(t *testing.T) {
	dirs, _ := filepath.Glob("../../shared/corpus/*")
	if len(dirs) == 0 {
		missingShared(t, "../shared/corpus")
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
				got, err := corpusParsed(t, f)
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
