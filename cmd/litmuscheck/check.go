// This file implements the main job: parse each file, run it under its
// model, print the result in the chosen format.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/spf13/pflag"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/locks"
	"github.com/litmuscheck/litmuscheck/models"
)

type options struct {
	model     string
	format    string
	jobs      int
	timeout   time.Duration
	unroll    int
	parseOnly bool
	lock      string
	showAsm   bool
	// maxMemory bounds the heap of a run (litmus.Options.MaxMemory).
	maxMemory int64
	// workers is how many goroutines explore one test: the cores left
	// over when there are fewer files than jobs.
	workers int
	// herdSizes runs mixed-size accesses as herd7 does (conform) instead
	// of refusing them.
	herdSizes bool
}

func newFlags(name string, stderr io.Writer, o *options) *pflag.FlagSet {
	fs := pflag.NewFlagSet(name, pflag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&o.model, "model", "", modelUsage())
	fs.StringVar(&o.format, "format", "text", "output format: text, herd or json")
	fs.IntVarP(&o.jobs, "jobs", "j", runtime.NumCPU(), "tests run in parallel")
	fs.Var((*seconds)(&o.timeout), "timeout", "stop a test after this many seconds, as herd's -timeout, or a duration such as 500ms (0: no limit)")
	fs.IntVar(&o.unroll, "unroll", litmus.DefaultUnroll, "how many times a backward jump may be taken, as herd's -unroll")
	fs.BoolVar(&o.parseOnly, "parse-only", false, "only parse the files (directories: every .litmus below)")
	o.maxMemory = litmus.DefaultMaxMemory
	fs.Var((*sizeFlag)(&o.maxMemory), "max-memory", "stop when the heap passes this size: 512MiB, 4GiB (0: no limit)")
	return fs
}

// checkFlags are the flags of the default command.
func checkFlags(stderr io.Writer, o *options) *pflag.FlagSet {
	fs := newFlags("litmuscheck", stderr, o)
	addLockFlags(fs, o)
	fs.Bool("version", false, "print litmuscheck's version and exit")
	return fs
}

// seconds is a duration flag whose plain number counts seconds, as
// herd's -timeout does; Go durations ("3s", "500ms") are accepted too.
type seconds time.Duration

func (s *seconds) String() string {
	if *s == 0 {
		return "0" // what pflag takes for no default
	}
	return time.Duration(*s).String()
}
func (s *seconds) Type() string { return "seconds" }

func (s *seconds) Set(v string) error {
	if n, err := strconv.ParseFloat(v, 64); err == nil {
		if n < 0 || n > math.MaxInt64/float64(time.Second) {
			return fmt.Errorf("%q is not a number of seconds from 0 on", v)
		}
		*s = seconds(n * float64(time.Second))
		return nil
	}
	d, err := time.ParseDuration(v)
	if err != nil || d < 0 {
		return fmt.Errorf("%q is neither a number of seconds nor a duration such as 3s or 500ms", v)
	}
	*s = seconds(d)
	return nil
}

func runCheck(args []string, stdout, stderr io.Writer) int {
	var o options
	fs := checkFlags(stderr, &o)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if o.format != "text" && o.format != "herd" && o.format != "json" {
		fmt.Fprintf(stderr, "litmuscheck: unknown format %q (expected text, herd or json)\n", o.format)
		return 2
	}
	if fs.NArg() == 0 {
		writeUsage(stderr, commandNamed("check"))
		return 2
	}
	if o.parseOnly {
		return parseOnly(fs.Args(), o.jobs, stdout, stderr)
	}
	var model *models.Model
	if o.model != "" && !columnModel(o.model) {
		m, err := models.Lookup(o.model)
		if err != nil {
			fmt.Fprintf(stderr, "litmuscheck: %v\n", err)
			return 2
		}
		model = m
	}
	var alg *locks.Algorithm
	if o.lock != "" {
		a, err := locks.AlgorithmByName(o.lock)
		if err != nil {
			fmt.Fprintf(stderr, "litmuscheck: %v\n", err)
			return 2
		}
		alg = a
	}
	files := fs.Args()
	o.workers = max(1, o.jobs/len(files))
	outs := make([]fileOutcome, len(files))
	var prog *progress
	if len(files) > 1 {
		prog = startProgress(stderr, len(files), "tests")
	}
	forEach(len(files), o.jobs, func(i int) {
		outs[i] = checkFile(files[i], model, alg, o)
		prog.Add()
	})
	prog.Finish()
	status := 0
	var jsonOut []any
	for _, out := range outs {
		if out.err != nil {
			printErr(stderr, out.err)
			status = max(status, 2)
			continue
		}
		printWarnings(stderr, out)
		if out.asm != nil {
			for _, text := range out.asm {
				fmt.Fprintln(stdout, text)
			}
			continue
		}
		if out.runs != nil {
			if o.format == "json" {
				jsonOut = append(jsonOut, runsJSON(out)...)
			} else {
				writeRuns(stdout, out, alg, o.format)
			}
		} else {
			switch o.format {
			case "herd":
				out.res.WriteHerd(stdout)
			case "json":
				jsonOut = append(jsonOut, jsonResult(out.res))
			default:
				writeText(stdout, out.res, out.model)
			}
		}
		file := out.test
		if file == nil {
			file = out.res.Test
		}
		for _, c := range judge(out) {
			fmt.Fprintf(stderr, "%s: %s\n", file.File, c.msg)
			status = max(status, c.status)
		}
	}
	if o.format == "json" {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		enc.Encode(jsonOut)
	}
	return status
}

type fileOutcome struct {
	res   *litmus.Result
	model *models.Model
	err   error
	// A C test run in several columns (compile.go): the test, its runs,
	// or with --show-asm its compiled assembly tests.
	test *litmus.Test
	runs []*locks.Run
	asm  []string
}

func printErr(w io.Writer, err error) {
	if list, ok := err.(litmus.ErrorList); ok {
		for _, e := range list {
			fmt.Fprintln(w, e.Error())
		}
		return
	}
	fmt.Fprintln(w, err.Error())
}

func checkFile(path string, model *models.Model, alg *locks.Algorithm, o options) fileOutcome {
	t, err := parseTest(path, alg)
	if err != nil {
		return fileOutcome{err: err}
	}
	if t.Arch == litmus.ArchC {
		if cols := columnsFor(o); cols != nil {
			return checkC(t, cols, alg, o)
		}
	}
	if o.showAsm {
		return fileOutcome{err: fmt.Errorf("%s: --show-asm applies to C tests, this one is %s", path, t.Arch)}
	}
	if model == nil && o.model != "" {
		if model, err = modelForArch(o.model, t.Arch); err != nil {
			return fileOutcome{err: err}
		}
	}
	if model == nil {
		if model, err = models.ForArch(t.Arch); err != nil {
			return fileOutcome{err: fmt.Errorf("%s: %v", path, err)}
		}
	}
	res, err := runTest(t, model, o, o.workers)
	return fileOutcome{res: res, model: model, err: err}
}

// runTest explores t under model (nil: the dialect's default).
func runTest(t *litmus.Test, model *models.Model, o options, workers int) (*litmus.Result, error) {
	timeout := o.timeout
	if model == nil {
		m, err := models.ForArch(t.Arch)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", t.File, err)
		}
		model = m
	}
	ctx := context.Background()
	if timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, timeout)
		defer cancel()
	}
	res, err := litmus.Explore(ctx, t, model, o.exploreOptions(workers))
	if err == context.DeadlineExceeded {
		return nil, fmt.Errorf("%s: timed out after %v", t.File, timeout)
	}
	return res, err
}

// exploreOptions are the explorer's options for a run on workers
// goroutines.
func (o options) exploreOptions(workers int) litmus.Options {
	mem := o.maxMemory
	if mem == 0 {
		mem = -1 // litmus.Options: no bound
	}
	return litmus.Options{Workers: workers, Unroll: o.unroll, MaxMemory: mem, RefuseMixedSize: !o.herdSizes}
}

// sizeFlag is a flag holding a size in bytes, written 512MiB or 4GiB.
type sizeFlag int64

func (f *sizeFlag) String() string { return litmus.FormatSize(int64(*f)) }
func (f *sizeFlag) Type() string   { return "size" }
func (f *sizeFlag) Set(s string) error {
	n, err := litmus.ParseSize(s)
	*f = sizeFlag(n)
	return err
}

func writeText(w io.Writer, r *litmus.Result, model *models.Model) {
	t := r.Test
	fmt.Fprintf(w, "%-28s %-10s %-9s %d of %d executions satisfy %s (%s)\n",
		t.Name, r.Model, r.Label(), r.Positive, r.Positive+r.Negative, t.Cond.Quant, litmus.FormatProp(t.Cond.Prop))
	for _, st := range r.States {
		mark := " "
		if r.Satisfies(st) {
			mark = "*"
		}
		fmt.Fprintf(w, "  %s %s\n", mark, r.FormatState(st))
	}
	for _, f := range r.Flags {
		fmt.Fprintf(w, "    flag %s\n", f)
	}
	if r.LoopCut {
		fmt.Fprintf(w, "    loop: the unroll bound cut some executions; outcomes may be missing\n")
	}
	if r.Witness != nil {
		what := "an execution that satisfies the condition"
		if t.Cond.Quant != litmus.Exists {
			what = "an execution that contradicts the condition"
		}
		fmt.Fprintf(w, "  witness, %s:\n%s", what, r.Witness.Format("    "))
	}
	if line := r.HangLine(); line != "" {
		fmt.Fprintf(w, "  %s:\n%s", line, r.HangWitness.Format("    "))
	}
	if r.Positive == 0 && r.Blocked != nil && model != nil {
		fmt.Fprintf(w, "  why never: a candidate that would satisfy the proposition, forbidden by %s:\n%s",
			model.Name(), r.Blocked.Format("    "))
		for _, why := range model.Explain(r.Blocked) {
			fmt.Fprintf(w, "    %s\n", why)
		}
	}
}

func jsonResult(r *litmus.Result) map[string]any {
	var states []string
	for _, st := range r.States {
		states = append(states, r.FormatState(st))
	}
	return map[string]any{
		"test":       r.Test.Name,
		"file":       r.Test.File,
		"model":      r.Model,
		"condition":  r.Test.Cond.Quant.String() + " (" + litmus.FormatProp(r.Test.Cond.Prop) + ")",
		"verdict":    r.Verdict(),
		"vacuous":    r.Vacuous(),
		"validated":  r.Validated(),
		"positive":   r.Positive,
		"negative":   r.Negative,
		"states":     states,
		"flags":      r.Flags,
		"loop":       r.LoopCut,
		"candidates": r.Candidates,
		"hangs":      r.Hangs,
		"hang":       hangJSON(r),
	}
}

// hangJSON is the witness of a result's hanging executions: the line that
// says how they hang and the execution; nil when none hangs.
func hangJSON(r *litmus.Result) any {
	if r.HangWitness == nil {
		return nil
	}
	return map[string]any{"summary": r.HangLine(), "deadlock": litmus.Deadlock(r.HangWitness), "witness": r.HangWitness.Format("")}
}

// forEach runs f(0..n-1) on up to jobs goroutines.
func forEach(n, jobs int, f func(i int)) {
	if jobs < 1 {
		jobs = 1
	}
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				f(i)
			}
		}()
	}
	for i := 0; i < n; i++ {
		next <- i
	}
	close(next)
	wg.Wait()
}

// litmusFiles expands directories to the .litmus files below them, sorted.
func litmusFiles(args []string) ([]string, error) {
	var out []string
	for _, a := range args {
		st, err := os.Stat(a)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			out = append(out, a)
			continue
		}
		var found []string
		err = filepath.WalkDir(a, func(p string, d os.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && strings.HasSuffix(p, ".litmus") {
				found = append(found, p)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		sort.Strings(found)
		out = append(out, found...)
	}
	return out, nil
}

func parseOnly(args []string, jobs int, stdout, stderr io.Writer) int {
	files, err := litmusFiles(args)
	if err != nil {
		fmt.Fprintf(stderr, "litmuscheck: %v\n", err)
		return 2
	}
	errs := make([]error, len(files))
	forEach(len(files), jobs, func(i int) {
		_, errs[i] = parseTest(files[i], nil)
	})
	n := 0
	for _, err := range errs {
		if err != nil {
			n++
			printErr(stdout, err)
		}
	}
	fmt.Fprintf(stdout, "parse: %d files, %d errors\n", len(files), n)
	if n > 0 {
		return 2
	}
	return 0
}
