package parser

import (
	"os"
	"path/filepath"
	"testing"

	_ "github.com/google/go-cmp/cmp"

	"litmuscheck/litmus"
)

// ppcProgram lowers the program of src, a PPC test, without parsing the
// other sections. A common error is one of the section split or of the
// column layout, which the PPC dialect does not own.
func ppcProgram(name, src string) (threads []*litmus.Thread, common, err error) {
	secs, err := split(newFile(name, src))
	if err != nil {
		return nil, err, nil
	}
	if _, err := columns(secs.program); err != nil {
		return nil, err, nil
	}
	threads, err = ppcDialect{}.program(nil, secs.program)
	return threads, nil, err
}

// TestPPCCorpus lowers the program of every PPC test of the corpus and
// fails on any error of the PPC dialect; errors of the common grammar
// (sections, columns, init block, condition) are only counted.
func TestPPCCorpus(t *testing.T) {
	files, _ := filepath.Glob("../../shared/corpus/ppc/*.litmus")
	if len(files) == 0 {
		t.Skip("no corpus")
	}
	common := 0
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		_, cerr, err := ppcProgram(f, string(src))
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		if cerr != nil {
			common++
			t.Logf("common grammar: %v", cerr)
			continue
		}
		if _, err := Parse(f, string(src)); err != nil {
			common++
			t.Logf("common grammar: %v", err)
		}
	}
	t.Logf("%d files, %d with errors in the common grammar", len(files), common)
}
