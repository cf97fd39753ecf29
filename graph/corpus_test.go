// This file gathers the pictures the property tests check: the
// repository's own tests (tests/*.litmus, C tests in every column),
// its mixed-size tests (tests/mixed) and the lock scenarios
// (locks/scenarios) with spin_* run as qspinlock, in every column.

package graph

import (
	"context"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/litmuscheck/litmuscheck/explore"
	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/locks"
	"github.com/litmuscheck/litmuscheck/models"
	"github.com/litmuscheck/litmuscheck/parser"
	"github.com/litmuscheck/litmuscheck/pipeline"
)

// A sample is one picture of the corpus, with the axiom its execution
// violates when it is a Never's ("" for a witness or a hang).
type sample struct {
	name, axiom string
	p           *Picture
}

// runBudget bounds one run: a run slower than this (a few of the lock
// scenarios' hardware columns) is left out, and named in the log.
const runBudget = time.Second

var (
	corpusOnce sync.Once
	corpus     []sample
	corpusLog  []string
)

// pictures is the corpus, built once for the tests that share it.
func pictures(t *testing.T) []sample {
	t.Helper()
	corpusOnce.Do(func() { corpus, corpusLog = buildCorpus(testing.Short()) })
	for _, l := range corpusLog {
		t.Log(l)
	}
	if len(corpus) < 50 {
		t.Fatalf("only %d pictures in the corpus", len(corpus))
	}
	return corpus
}

// A job makes one sample, or says why there is none.
type job func() (*sample, string)

// buildCorpus runs the jobs on two goroutines (each run explores on one)
// and returns the samples by name. In -short mode the lock scenarios run
// in the LKMM and POWER columns only.
func buildCorpus(short bool) ([]sample, []string) {
	jobs, log := corpusJobs(short)
	samples := make([]*sample, len(jobs))
	notes := make([]string, len(jobs))
	var wg sync.WaitGroup
	next := make(chan int)
	for range 2 {
		wg.Go(func() {
			for k := range next {
				samples[k], notes[k] = jobs[k]()
			}
		})
	}
	for k := range jobs {
		next <- k
	}
	close(next)
	wg.Wait()
	var out []sample
	for k, s := range samples {
		out, log = appendSample(out, log, s, notes[k])
	}
	sort.SliceStable(out, func(a, b int) bool { return out[a].name < out[b].name })
	return out, log
}

func corpusJobs(short bool) ([]job, []string) {
	var jobs []job
	files, _ := filepath.Glob("../tests/*.litmus")
	mixed, _ := filepath.Glob("../tests/mixed/*.litmus")
	scenarios, _ := filepath.Glob("../locks/scenarios/*.litmus")
	qspin, err := locks.AlgorithmByName("qspinlock")
	if err != nil {
		return nil, []string{err.Error()}
	}
	var log []string
	for _, f := range append(append(files, mixed...), scenarios...) {
		src, err := os.ReadFile(f)
		if err != nil {
			log = append(log, err.Error())
			continue
		}
		name := strings.TrimPrefix(filepath.ToSlash(f), "../")
		if !strings.HasPrefix(string(src), "C ") {
			jobs = append(jobs, func() (*sample, string) { return asmSample(name, string(src)) })
			continue
		}
		alg := qspin
		if !strings.HasPrefix(name, "locks/") {
			alg = nil
		}
		for _, col := range locks.Columns {
			if short && alg != nil && col.Name != "lkmm" && col.Name != "power" {
				continue
			}
			jobs = append(jobs, func() (*sample, string) { return cSample(name, string(src), alg, col) })
		}
	}
	return jobs, log
}

func appendSample(out []sample, log []string, s *sample, note string) ([]sample, []string) {
	if note != "" {
		log = append(log, note)
	}
	if s != nil {
		out = append(out, *s)
	}
	return out, log
}

// cSample runs the C test src in column col with spin_* as alg.
func cSample(name, src string, alg *locks.Algorithm, col locks.Column) (*sample, string) {
	ctx, cancel := context.WithTimeout(context.Background(), runBudget)
	defer cancel()
	run, err := locks.RunC(ctx, name, src, alg, col, explore.Options{Workers: 1})
	if ctx.Err() != nil {
		return nil, name + " in " + col.Name + ": left out, slower than the budget"
	}
	if err != nil || run.Result == nil || run.Err != nil {
		return nil, "" // a column that cannot run this test draws nothing
	}
	m, err := col.Model()
	if err != nil {
		return nil, err.Error()
	}
	return picked(name+" under "+col.Title, run.Result, m), ""
}

// asmSample runs an assembly test under its dialect's model.
func asmSample(name, src string) (*sample, string) {
	test, err := parser.Parse(name, src)
	if err != nil {
		return nil, err.Error()
	}
	choice, err := pipeline.Spec{}.Resolve(test.Arch)
	if err != nil {
		return nil, err.Error()
	}
	ctx, cancel := context.WithTimeout(context.Background(), runBudget)
	defer cancel()
	res, err := explore.Explore(ctx, test, choice.Model, explore.Options{Workers: 1, RefuseMixedSize: true})
	if err != nil {
		return nil, name + ": " + err.Error()
	}
	return picked(name+" under "+choice.Model.ModelName, res, choice.Model), ""
}

// picked is ForResult's picture with the axiom it shows, nil when there
// is nothing to draw.
func picked(title string, res *litmus.Result, m *models.Model) *sample {
	p := ForResult(title, res, m)
	if p == nil {
		return nil
	}
	s := &sample{name: title, p: p}
	if res.Positive == 0 && res.HangWitness == nil && res.Witness == nil {
		s.axiom = m.Violations(res.Blocked)[0].Axiom
	}
	return s
}
