// This file runs the interpreter on the reference cat files of
// ../shared against the Go models on the corpus: a differential test and
// a benchmark of both.

package cat

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/litmuscheck/litmuscheck/explore"
	"github.com/litmuscheck/litmuscheck/herd"
	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/models"
	"github.com/litmuscheck/litmuscheck/parser"
)

const shared = "../../../shared"

var reference = filepath.Join(shared, "models-reference")

// corpusModels pairs each corpus directory with its reference cat model
// and the Go model that follows it.
var corpusModels = []struct {
	dir, goModel string
	opts         Options
}{
	{"x86", "TSO", Options{Model: "x86tso.cat"}},
	{"x86_64", "TSO-mixed", Options{Model: "x86tso-mixed.cat"}},
	{"ppc", "Power", Options{Model: "ppc.cat"}},
	{"aarch64", "ARMv8", Options{Model: "aarch64.cat"}},
	{"lkmm", "LKMM", Options{Conf: "linux-kernel.cfg", Variants: []string{"lkmmv2"}}},
}

// needShared skips a test when ../shared is absent, and fails it under CI.
func needShared(tb testing.TB) {
	if _, err := os.Stat(reference); err != nil {
		if os.Getenv("CI") != "" {
			tb.Fatalf("no %s: %v", reference, err)
		}
		tb.Skipf("no %s", reference)
	}
}

// corpusTests parses up to limit tests of dir (every one for limit 0).
func corpusTests(tb testing.TB, dir string, limit int) []*litmus.Test {
	files, _ := filepath.Glob(filepath.Join(shared, "corpus", dir, "*.litmus"))
	if limit > 0 && len(files) > limit {
		// Spread the sample over the directory.
		step := len(files) / limit
		var s []string
		for i := 0; i < len(files); i += step {
			s = append(s, files[i])
		}
		files = s
	}
	var tests []*litmus.Test
	for _, f := range files {
		t, err := parser.ParseFile(f)
		if err != nil {
			continue // the parser's own tests cover refusals
		}
		tests = append(tests, t)
	}
	return tests
}

func loadRef(tb testing.TB, o Options) *Program {
	o.Path = []string{reference}
	p, err := Load(o)
	if err != nil {
		tb.Fatal(err)
	}
	return p
}

func herdOutput(tb testing.TB, t *litmus.Test, m explore.Model) string {
	res, err := explore.Explore(context.Background(), t, m, explore.Options{})
	if err != nil {
		return "error: " + err.Error()
	}
	var b bytes.Buffer
	herd.WriteResult(&b, res)
	return b.String()
}

// slowCorpusEnv, set to 1, runs the slow tests of TestDifferential's
// sample too (slowDifferential); .ci/run sets it.
const slowCorpusEnv = "LITMUSCHECK_SLOW_CORPUS"

// slowDifferential are the tests of the lkmm sample that the interpreter
// takes seconds on, four threads of lock events through lock.cat, nine
// tenths of the sample's time: a plain go test leaves them to .ci/run
// (.ci/cat-conform runs no lkmm today). The sample keeps
// lock tests of two and four threads.
var slowDifferential = map[string]bool{
	"W+RW+WW+WW+po+rfi-po+rfi-po+onces+locked.litmus":         true,
	"WW+WW+WW+WR+po+rfi-po+rfi-po+rfi-po+onces+locked.litmus": true,
}

// TestDifferential runs the Go models and the interpreter on a sample
// of each corpus directory and compares herd's output of both.
func TestDifferential(t *testing.T) {
	needShared(t)
	sampled := map[string]bool{}
	for _, c := range corpusModels {
		t.Run(c.dir, func(t *testing.T) {
			p := loadRef(t, c.opts)
			gm, err := models.Lookup(c.goModel)
			if err != nil {
				t.Fatal(err)
			}
			limit := 150
			if testing.Short() {
				limit = 40
			}
			if c.dir == "lkmm" {
				// The lkmm sample has RCU tests of 16384 candidates, some
				// 3 s each in the interpreter (docs/performance.md);
				// .ci/cat-conform runs every lkmm test through it.
				limit /= 5
			}
			tests := corpusTests(t, c.dir, limit)
			if len(tests) == 0 {
				t.Fatal("no tests")
			}
			for _, lt := range tests {
				if slowDifferential[filepath.Base(lt.File)] {
					sampled[filepath.Base(lt.File)] = true
					if os.Getenv(slowCorpusEnv) != "1" {
						t.Logf("%s: slow, skipped (run with %s=1, as .ci/run does)", lt.File, slowCorpusEnv)
						continue
					}
				}
				want := herdOutput(t, lt, gm)
				got := herdOutput(t, lt, p.Model())
				if d := cmp.Diff(want, got); d != "" {
					t.Errorf("%s: Go model (-) and %s (+) differ:\n%s", lt.File, c.opts.Model, d)
				}
			}
		})
	}
	// A name that left the sample would leave .ci/run's list unseen.
	for name := range slowDifferential {
		if !sampled[name] && !testing.Short() {
			t.Errorf("slowDifferential: %s is not in the sample", name)
		}
	}
}

// BenchmarkInterpreter explores a sample of each corpus directory with
// the Go model and with the interpreter, reporting the CPU time too:
// go test ./models/cat -run '^$' -bench Interpreter -benchtime 1x
func BenchmarkInterpreter(b *testing.B) {
	needShared(b)
	for _, c := range corpusModels {
		tests := corpusTests(b, c.dir, 400)
		gm, _ := models.Lookup(c.goModel)
		p := loadRef(b, c.opts)
		for _, m := range []struct {
			name  string
			model explore.Model
		}{{"go", gm}, {"cat", p.Model()}} {
			b.Run(c.dir+"/"+m.name, func(b *testing.B) {
				cpu := processCPU()
				for i := 0; i < b.N; i++ {
					for _, t := range tests {
						_, _ = explore.Explore(context.Background(), t, m.model, explore.Options{})
					}
				}
				// The CPU time, all goroutines, GC included: on a shared
				// machine the fairer figure.
				b.ReportMetric((processCPU()-cpu).Seconds()/float64(b.N), "cpu-s/op")
			})
		}
	}
}
