// This file benchmarks the explorer on each corpus directory: run with
// go test ./tests -run '^$' -bench Corpus -benchtime 1x

package tests

import (
	"context"
	"path/filepath"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/litmuscheck/litmuscheck/explore"
	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/models"
	"github.com/litmuscheck/litmuscheck/parser"
)

func BenchmarkCorpus(b *testing.B) {
	for _, dir := range []string{"x86", "x86_64", "ppc", "aarch64", "lkmm"} {
		files, _ := filepath.Glob(filepath.Join(corpus, dir, "*.litmus"))
		if len(files) == 0 {
			b.Skip("no corpus")
		}
		var tests []*litmus.Test
		for _, f := range files {
			t, err := parser.ParseFile(f)
			if err != nil {
				b.Fatal(err)
			}
			tests = append(tests, t)
		}
		b.Run(dir, func(b *testing.B) {
			var candidates int64
			for i := 0; i < b.N; i++ {
				var wg sync.WaitGroup
				next := make(chan *litmus.Test)
				for w := 0; w < runtime.NumCPU(); w++ {
					wg.Add(1)
					go func() {
						defer wg.Done()
						for t := range next {
							m, err := models.ForArch(t.Arch)
							if err != nil {
								continue
							}
							res, err := explore.Explore(context.Background(), t, m, explore.Options{})
							if err == nil {
								atomic.AddInt64(&candidates, res.Candidates)
							}
						}
					}()
				}
				for _, t := range tests {
					next <- t
				}
				close(next)
				wg.Wait()
			}
			secs := b.Elapsed().Seconds()
			b.ReportMetric(float64(len(tests)*b.N)/secs, "tests/s")
			b.ReportMetric(float64(candidates)/float64(b.N), "candidates")
		})
	}
}
