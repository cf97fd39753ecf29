// This file benchmarks the scaling tests of ../shared/perf (issue 13): run
// with go test ./tests -run '^$' -bench Scaling -benchtime 1x, or one test
// with -bench 'Scaling/C-lockchain-5$'. The figures are in
// docs/performance.md.

package tests

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/litmuscheck/litmuscheck/explore"
	"github.com/litmuscheck/litmuscheck/models"
	"github.com/litmuscheck/litmuscheck/parser"
)

// scalingTests are the inputs of the targets, each with the verdict and
// the executions herd7 counts (the N! lock orders; none for the ring).
var scalingTests = []struct {
	name       string
	executions int
}{
	{"C-lockchain-4", 24}, {"C-lockchain-5", 120}, {"C-lockchain-6", 720}, {"C-lockchain-7", 5040}, {"C-lockchain-8", 40320},
	{"C-emulock-filter-4", 24}, {"C-emulock-filter-5", 120}, {"C-emulock-filter-6", 720},
	{"C-rcuchain-14", 16383}, {"C-rcuchain-16", 65535}, {"C-rcuchain-20", 1048575},
}

func BenchmarkScaling(b *testing.B) {
	dir := filepath.Join(corpus, "..", "perf")
	for _, st := range scalingTests {
		b.Run(st.name, func(b *testing.B) {
			test, err := parser.ParseFile(filepath.Join(dir, st.name+".litmus"))
			if err != nil {
				b.Skip(err)
			}
			for i := 0; i < b.N; i++ {
				res, err := explore.Explore(context.Background(), test, models.LKMM, explore.Options{})
				if err != nil {
					b.Fatal(err)
				}
				if res.Verdict() != "Never" || res.Executions() != st.executions {
					b.Fatalf("%s: %s with %d executions, want Never with %d", st.name, res.Verdict(), res.Executions(), st.executions)
				}
				b.ReportMetric(float64(res.Candidates), "candidates")
				b.ReportMetric(float64(res.Pruned), "pruned")
			}
		})
	}
}
