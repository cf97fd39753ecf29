// This file implements the main job: parse each file, run it under its
// model, print the result in the chosen format.

package main

import (
	"errors"
	"fmt"
	"io"
	"math"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/spf13/pflag"

	"github.com/litmuscheck/litmuscheck/explore"
	"github.com/litmuscheck/litmuscheck/explore/limit"
	"github.com/litmuscheck/litmuscheck/herd"
	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/locks"
	"github.com/litmuscheck/litmuscheck/models"
	"github.com/litmuscheck/litmuscheck/parser/cparse"
	"github.com/litmuscheck/litmuscheck/pipeline"
)

type options struct {
	model   string
	format  string
	jobs    int
	timeout time.Duration
	// deadline, when set, ends the test: --timeout from its start.
	deadline time.Time
	// speedcheck keeps only the executions that satisfy the condition's
	// proposition, as herd7's -speedcheck true: the proposition joins the
	// filter (herd mode).
	speedcheck bool
	unroll     int
	parseOnly  bool
	lock       string
	showAsm    bool
	// maxMemory bounds the heap of a run (litmus.Options.MaxMemory).
	maxMemory int64
	// workers is how many goroutines explore one test: the cores left
	// over when there are fewer files than jobs.
	workers int
	// herdSizes runs mixed-size accesses as herd7 does (conform) instead
	// of refusing them.
	herdSizes bool
	// hexa prints integers in hexadecimal in herd's format (--hexa).
	hexa bool
	// cat is a model read from cat files (catmodel.go).
	cat catFlags
	// fragments are the --fragments files, userDefs their functions;
	// sideFragments are diff's --old-fragments and --new-fragments.
	fragments     []string
	sideFragments [2][]string
	userDefs      *cparse.CDefs
	// graphs are the picture flags (graphs.go).
	graphs graphOptions
	// shard is the part of the tests to run (--shard K/N).
	shard shard
	// stage, when set, tells the progress which part of a test runs (a
	// C test's column).
	stage func(string)
}

func newFlags(name string, stderr io.Writer, o *options) *pflag.FlagSet {
	fs := pflag.NewFlagSet(name, pflag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&o.model, "model", "", modelUsage())
	fs.StringVar(&o.format, "format", "text", "output format: "+formatList)
	fs.IntVarP(&o.jobs, "jobs", "j", runtime.NumCPU(), "tests run in parallel")
	fs.Var((*seconds)(&o.timeout), "timeout", "stop a test, and each column of a C test, after this many seconds, as herd's -timeout, or a duration such as 500ms (0: no limit; default 60 for the plain check)")
	fs.IntVar(&o.unroll, "unroll", explore.DefaultUnroll, "how many times a backward jump may be taken, as herd's -unroll")
	fs.BoolVar(&o.parseOnly, "parse-only", false, "only parse the files (directories: every .litmus below)")
	o.maxMemory = limit.DefaultMaxMemory
	fs.Var((*sizeFlag)(&o.maxMemory), "max-memory", "stop when the heap passes this size: 512MiB, 4GiB (0: no limit)")
	addCatFlags(fs, &o.cat)
	fs.BoolVar(&o.hexa, "hexa", false, "print integers in hexadecimal in herd's format, as herd7 -hexa true")
	return fs
}

// checkFlags are the flags of the default command.
func checkFlags(stderr io.Writer, o *options) *pflag.FlagSet {
	fs := newFlags("litmuscheck", stderr, o)
	addLockFlags(fs, o)
	addGraphFlags(fs, &o.graphs)
	addShardFlag(fs, &o.shard)
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

// defaultBudget is how long the plain check lets a test, and each column
// of a C test, run when --timeout does not say: a default run never
// hangs, it reports a timeout (exit 2).
const defaultBudget = 60 * time.Second

func runCheck(args []string, stdout, stderr io.Writer) int {
	o := options{timeout: defaultBudget}
	fs := checkFlags(stderr, &o)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if !knownFormat(o.format) {
		fmt.Fprintf(stderr, "litmuscheck: unknown format %q (expected %s)\n", o.format, formatList)
		return 2
	}
	if err := o.graphs.check(); err != nil {
		fmt.Fprintf(stderr, "litmuscheck: %v\n", err)
		return 2
	}
	if fs.NArg() == 0 && !stdinPiped() {
		writeUsage(stderr, commandNamed("check"))
		return 2
	}
	if err := loadFragments(&o); err != nil {
		printErr(stderr, err)
		return 2
	}
	if o.parseOnly {
		return parseOnly(fs.Args(), o.jobs, o.settings(nil), stdout, stderr)
	}
	if err := loadCat(&o); err != nil {
		fmt.Fprintf(stderr, "litmuscheck: %v\n", err)
		return 2
	}
	if err := o.spec().Check(); err != nil {
		fmt.Fprintf(stderr, "litmuscheck: %v\n", err)
		return 2
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
	files, err := expandDirs(fs.Args(), stderr)
	if err != nil {
		fmt.Fprintf(stderr, "litmuscheck: %v\n", err)
		return 2
	}
	files = o.shard.filter(files)
	o.workers = max(1, o.jobs/max(1, len(files)))
	var prog *progress
	if len(files) > 1 {
		prog = startProgress(stderr, len(files), "tests", "tests")
	}
	records := newRecordWriter(stdout, o.format)
	status := 0
	// Pictures and reports need every outcome; the text is printed as
	// each test finishes.
	var pictured []fileOutcome
	streamOrdered(len(files), o.jobs, func(i int) fileOutcome {
		prog.Begin(i, files[i])
		defer prog.End(i)
		oi := o
		oi.stage = func(s string) { prog.Stage(i, s) }
		return checkFile(files[i], alg, oi)
	}, func(i int, out fileOutcome) {
		prog.Printing(func() {
			status = max(status, printOutcome(files[i], out, alg, o.format, o.graphs.explain, records, stdout, stderr))
		})
		if o.graphs.dir != "" || o.graphs.html != "" {
			pictured = append(pictured, out)
		}
	})
	prog.Finish()
	records.Close()
	if err := writePictures(pictured, o.graphs); err != nil {
		fmt.Fprintf(stderr, "litmuscheck: %v\n", err)
		status = 2
	}
	return status
}

// printOutcome prints one file's outcome in format (json and jsonl
// objects go to records) and returns the exit status it calls for.
func printOutcome(file string, out fileOutcome, alg *locks.Algorithm, format string, explain bool, records *recordWriter, stdout, stderr io.Writer) int {
	if out.Err != nil {
		printErr(stderr, out.Err)
		if records != nil {
			records.Add(errorRecord(file, out))
		}
		return 2
	}
	printWarnings(stderr, out)
	if out.Asm != nil {
		for _, text := range out.Asm {
			fmt.Fprintln(stdout, text)
		}
		return 0
	}
	if out.Runs != nil {
		if records != nil {
			for _, obj := range runsJSON(out) {
				records.Add(obj)
			}
		} else {
			writeRuns(stdout, out, alg, format)
			if format == "text" {
				writeExplanations(stdout, out, explain)
			}
		}
	} else {
		switch format {
		case "herd":
			herd.WriteResult(stdout, out.Result)
		case "json", "jsonl":
			records.Add(jsonResult(out.Result))
		default:
			writeText(stdout, out.Result, out.Model)
		}
	}
	test := out.Test
	if test == nil {
		test = out.Result.Test
	}
	status := 0
	for _, c := range pipeline.Judge(out) {
		if !c.InText || format != "text" {
			fmt.Fprintf(stderr, "%s: %s\n", test.File, c.Msg)
		}
		status = max(status, c.Status)
	}
	return status
}

// A fileOutcome is one file's outcome (pipeline.Outcome), which the printers
// print and pipeline.Judge judges.
type fileOutcome = pipeline.Outcome

// printErr prints err on w: a positioned error as "file:line:col: msg",
// any other with the "litmuscheck: " prefix every error of the command
// has.
func printErr(w io.Writer, err error) {
	var list litmus.ErrorList
	var one *litmus.Error
	switch {
	case errors.As(err, &list):
		for _, e := range list {
			fmt.Fprintln(w, e.Error())
		}
	case errors.As(err, &one) && one.Pos.File != "":
		fmt.Fprintln(w, err.Error())
	case strings.HasPrefix(err.Error(), "litmuscheck: "):
		fmt.Fprintln(w, err.Error())
	default:
		fmt.Fprintln(w, "litmuscheck: "+err.Error())
	}
}

// settings are the pipeline's settings for a run of the options, with
// spin_* as alg (nil: the LKMM's lock events in its column).
func (o options) settings(alg *locks.Algorithm) pipeline.Settings {
	return pipeline.Settings{
		Spec:       o.spec(),
		Lock:       alg,
		UserDefs:   o.userDefs,
		Explore:    o.exploreOptions(o.workers),
		Timeout:    o.timeout,
		Deadline:   o.deadline,
		Speedcheck: o.speedcheck,
		ShowAsm:    o.showAsm,
		Hexa:       o.hexa,
		Stage:      o.stage,
		// herd's format is herd7's output: its loops are unrolled.
		AwaitLoops: o.format != "herd",
	}
}

// spec is the model the options ask for: a loaded cat model, or what
// --model names. C tests run in every column by default, but in herd's
// format, which is herd7's output for its default model, the LKMM.
func (o options) spec() pipeline.Spec {
	return pipeline.Spec{Name: o.model, Cat: o.cat.model, ColumnsByDefault: o.format != "herd" || o.showAsm}
}

// checkFile reads and runs one file.
func checkFile(path string, alg *locks.Algorithm, o options) fileOutcome {
	name, src, err := readSource(path)
	if err != nil {
		return fileOutcome{Err: err}
	}
	return pipeline.File(name, string(src), o.settings(alg))
}

// runTest explores t under model.
func runTest(t *litmus.Test, model *models.Model, o options, workers int) (*litmus.Result, error) {
	s := o.settings(nil)
	s.Explore = o.exploreOptions(workers)
	return pipeline.Single(t, model, s)
}

// exploreOptions are the explorer's options for a run on workers
// goroutines.
func (o options) exploreOptions(workers int) explore.Options {
	mem := o.maxMemory
	if mem == 0 {
		mem = -1 // litmus.Options: no bound
	}
	// --variant mixed is herd7's -variant mixed: every test runs under
	// mixed-size semantics, as the cat model's "mixed" variant says.
	// herd's format prints herd7's counts: it always counts.
	return explore.Options{Workers: workers, Unroll: o.unroll, MaxMemory: mem, RefuseMixedSize: !o.herdSizes,
		Mixed: hasVariant(o.cat.variants, "mixed"), Decide: o.format != "herd"}
}

// sizeFlag is a flag holding a size in bytes, written 512MiB or 4GiB.
type sizeFlag int64

func (f *sizeFlag) String() string { return limit.FormatSize(int64(*f)) }
func (f *sizeFlag) Type() string   { return "size" }
func (f *sizeFlag) Set(s string) error {
	n, err := limit.ParseSize(s)
	*f = sizeFlag(n)
	return err
}

func writeText(w io.Writer, r *litmus.Result, model *models.Model) {
	t := r.Test
	fmt.Fprintf(w, "%-28s %-10s %-9s %s satisfy %s (%s)\n",
		t.Name, r.Model, r.Label(), r.CountText(), t.Cond.Quant, litmus.FormatProp(t.Cond.Prop))
	if r.Uncounted {
		fmt.Fprintf(w, "    not counted: every execution that satisfies the proposition was enumerated, the others only until one was found (the verdict needs no more; --timeout 0 counts them all)\n")
	}
	// A ring's states run to millions: formatted on every core.
	f := r.StateFormatter()
	r.WriteStateLines(w, func(dst []byte, st litmus.State) []byte {
		mark := byte(' ')
		if r.Satisfies(st) {
			mark = '*'
		}
		return append(f.Append(append(dst, ' ', ' ', mark, ' '), st), '\n')
	})
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
	states := []string{}
	for _, st := range r.States {
		states = append(states, r.FormatState(st))
	}
	flags := append([]string{}, r.Flags...)
	return map[string]any{
		"schema":     schemaVersion,
		"test":       r.Test.Name,
		"arch":       string(r.Test.Arch),
		"file":       r.Test.File,
		"model":      r.Model,
		"condition":  r.Test.Cond.Quant.String() + " (" + litmus.FormatProp(r.Test.Cond.Prop) + ")",
		"verdict":    r.Verdict(),
		"vacuous":    r.Vacuous(),
		"validated":  r.Validated(),
		"positive":   r.Positive,
		"negative":   r.Negative,
		"counted":    !r.Uncounted,
		"states":     states,
		"flags":      flags,
		"loop":       r.LoopCut,
		"incomplete": stuckNote(r),
		"unused":     r.Test.UnusedNames(),
		"candidates": r.Candidates,
		"hangs":      r.Hangs,
		"hang":       hangJSON(r),
		"label":      r.Label(),
		"proves":     r.Proves(),
		"caveats":    caveatsJSON(r),
	}
}

// caveatsJSON lists r's caveats (litmus.Result.Caveats) as kind and note,
// an empty list for none.
func caveatsJSON(r *litmus.Result) []map[string]any {
	out := []map[string]any{}
	for _, c := range r.Caveats() {
		out = append(out, map[string]any{"kind": string(c.Kind), "note": c.Note, "voids": c.Voids})
	}
	return out
}

// hangJSON is the witness of a result's hanging executions: the line that
// says how they hang and the execution; nil when none hangs.
func hangJSON(r *litmus.Result) any {
	if r.HangWitness == nil {
		return nil
	}
	return map[string]any{"summary": r.HangLine(), "deadlock": litmus.Deadlock(r.HangWitness), "witness": r.HangWitness.Format("")}
}

// stuckNote is where an allowed execution reaches an instruction the
// explorer cannot evaluate, or "".
func stuckNote(r *litmus.Result) string {
	if r.Stuck == nil {
		return ""
	}
	return r.Stuck.String()
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

func parseOnly(args []string, jobs int, s pipeline.Settings, stdout, stderr io.Writer) int {
	files, err := litmusFiles(args)
	if err != nil {
		fmt.Fprintf(stderr, "litmuscheck: %v\n", err)
		return 2
	}
	errs := make([]error, len(files))
	forEach(len(files), jobs, func(i int) {
		_, errs[i] = parseTest(files[i], s)
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
