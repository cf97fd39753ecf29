// This file implements "litmuscheck conform": run every test that has a
// herd7 .expected file beside it and compare the outputs line by line.

package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/litmuscheck/litmuscheck/herd"
	"github.com/litmuscheck/litmuscheck/parser"
)

type conformOutcome struct {
	file     string
	err      error
	match    bool
	verdicts bool
	diff     string
	// candidates is how many candidate executions the run checked.
	candidates int64
}

// conformFlags are conform's flags; verbose is --verbose's value.
func conformFlags(stderr io.Writer, o *options) (fs *pflag.FlagSet, verbose *bool) {
	fs = newFlags("litmuscheck conform", stderr, o)
	verbose = fs.BoolP("verbose", "v", false, "print the diff of every mismatch (default: the first 20)")
	addShardFlag(fs, &o.shard)
	return fs, verbose
}

func runConform(args []string, stdout, stderr io.Writer) int {
	var o options
	fs, verbose := conformFlags(stderr, &o)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if err := loadCat(&o); err != nil {
		fmt.Fprintf(stderr, "litmuscheck conform: %v\n", err)
		return 2
	}
	if fs.NArg() == 0 {
		writeUsage(stderr, commandNamed("conform"))
		return 2
	}
	start := time.Now()
	all, err := litmusFiles(fs.Args())
	if err != nil {
		fmt.Fprintf(stderr, "litmuscheck: %v\n", err)
		return 2
	}
	var files []string
	for _, f := range all {
		if _, err := os.Stat(f + ".expected"); err == nil {
			files = append(files, f)
		}
	}
	files = o.shard.filter(files)
	if len(files) == 0 && o.shard.n > 1 {
		fmt.Fprintf(stdout, "conform: shard %s holds none of the tests\n", &o.shard)
		return 0
	}
	if len(files) == 0 {
		fmt.Fprintf(stderr, "litmuscheck conform: no .litmus file with a herd7 .expected file beside it in %s\n", strings.Join(fs.Args(), " "))
		return 2
	}
	prog := startProgress(stderr, len(files), "conform", "tests")
	var m, v, e, shown int
	var cands int64
	streamOrdered(len(files), o.jobs, func(i int) conformOutcome {
		prog.Begin(i, files[i])
		defer prog.End(i)
		return conformOne(files[i], o)
	}, func(_ int, out conformOutcome) {
		cands += out.candidates
		prog.Printing(func() {
			switch {
			case out.err != nil:
				e++
				fmt.Fprintf(stdout, "ERROR %s: %v\n", out.file, strings.ReplaceAll(out.err.Error(), "\n", "\n  "))
			case out.match:
				m++
				v++
			default:
				if out.verdicts {
					v++
				}
				kind := "MISMATCH"
				if !out.verdicts {
					kind = "MISMATCH (verdict or states)"
				}
				fmt.Fprintf(stdout, "%s %s\n", kind, out.file)
				if *verbose || shown < 20 {
					fmt.Fprint(stdout, out.diff)
					shown++
				}
			}
		})
	})
	prog.Finish()
	n := len(files)
	secs := time.Since(start).Seconds()
	fmt.Fprintf(stdout, "stats: %d tests, %.0f tests/s, %d candidates explored\n", n, float64(n)/secs, cands)
	fmt.Fprintf(stdout, "conform: %d/%d match, %d/%d verdicts, %d errors, %.1f seconds\n",
		m, n, v, n, e, secs)
	switch {
	case e > 0:
		return 2
	case m != n:
		return 1
	}
	return 0
}

func conformOne(file string, o options) conformOutcome {
	o.herdSizes = true
	out := conformOutcome{file: file}
	want, err := os.ReadFile(file + ".expected")
	if err != nil {
		out.err = err
		return out
	}
	t, err := parser.ParseFileWith(file, parser.Options{CDefs: o.userDefs})
	if err != nil {
		out.err = err
		return out
	}
	// herd7 runs a C test under the LKMM alone, never in the lock columns.
	o.format = "herd"
	choice, err := o.spec().Resolve(t.Arch)
	if err == nil && choice.Columns != nil {
		err = fmt.Errorf("conform compares one model with herd7; --model %s names lock columns", o.model)
	}
	if err != nil {
		out.err = err
		return out
	}
	res, err := runTest(t, choice.Model, o, 1)
	if err != nil {
		out.err = err
		return out
	}
	out.candidates = res.Candidates
	var got bytes.Buffer
	herd.WriteResult(&got, res)
	wl, gl := comparable(string(want)), comparable(got.String())
	out.match = equalLines(wl, gl)
	out.verdicts = sameVerdict(wl, gl)
	if !out.match {
		out.diff = lineDiff(wl, gl)
	}
	return out
}

// comparable drops the Time line, the one herd's output that differs from
// run to run; the Hash line is compared, as mcompare7 relies on it.
func comparable(s string) []string {
	var out []string
	for _, l := range strings.Split(strings.TrimRight(s, "\n"), "\n") {
		if strings.HasPrefix(l, "Time ") {
			continue
		}
		out = append(out, l)
	}
	return out
}

func equalLines(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// sameVerdict compares the Observation verdict word and the set of states.
func sameVerdict(want, got []string) bool {
	verdict := func(ls []string) string {
		for _, l := range ls {
			if strings.HasPrefix(l, "Observation ") {
				f := strings.Fields(l)
				if len(f) >= 3 {
					return f[2]
				}
			}
		}
		return ""
	}
	states := func(ls []string) []string {
		var out []string
		in := false
		for _, l := range ls {
			switch {
			case strings.HasPrefix(l, "States "):
				in = true
			case in && (strings.HasSuffix(l, "Ok") || strings.HasSuffix(l, "No") || l == "Witnesses"):
				in = false
			case in:
				out = append(out, l)
			}
		}
		sort.Strings(out)
		return out
	}
	return verdict(want) != "" && verdict(want) == verdict(got) && equalLines(states(want), states(got))
}

// lineDiff is a short diff: the lines only in want (-) and only in got (+).
func lineDiff(want, got []string) string {
	var b strings.Builder
	inGot := map[string]int{}
	for _, l := range got {
		inGot[l]++
	}
	inWant := map[string]int{}
	for _, l := range want {
		inWant[l]++
	}
	for _, l := range want {
		if inGot[l] == 0 {
			fmt.Fprintf(&b, "  - %s\n", l)
		} else {
			inGot[l]--
		}
	}
	for _, l := range got {
		if inWant[l] == 0 {
			fmt.Fprintf(&b, "  + %s\n", l)
		} else {
			inWant[l]--
		}
	}
	if b.Len() == 0 {
		b.WriteString("  (same lines, different order)\n")
	}
	return b.String()
}
