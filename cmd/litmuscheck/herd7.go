// This file implements the herd7 mode: litmuscheck run as "herd7" (a
// symbolic link) or with a herd7 option first reads herd's command line
// and prints herd's output, warnings and exit statuses, so that scripts
// written for herd7 run unchanged.

package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/litmuscheck/litmuscheck/explore/limit"
	"github.com/litmuscheck/litmuscheck/graph"
	"github.com/litmuscheck/litmuscheck/herd"
	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/models/cat"
	"github.com/litmuscheck/litmuscheck/pipeline"
)

// herdName is the program name that selects the herd7 mode.
const herdName = "herd7"

// runAs runs the command as the program name it was invoked by.
func runAs(name string, args []string, stdout, stderr io.Writer) int {
	if name == herdName || (len(args) > 0 && herdFirstOption(args[0])) {
		return runHerd7(herdName, args, stdout, stderr)
	}
	return run(args, stdout, stderr)
}

// herdFirstOption reports whether arg is one of herd7's single-dash
// options (litmuscheck's own take two dashes, or are -j and -h).
func herdFirstOption(arg string) bool {
	if !strings.HasPrefix(arg, "-") || strings.HasPrefix(arg, "--") {
		return false
	}
	_, ok := herdOptionTable()[arg[1:]]
	return ok && arg != "-h"
}

// lkmmv1Flag is the flag linux-kernel.bell raises on every test unless
// the variant is lkmmv2.
const lkmmv1Flag = "this-model-requires-variant-higher-than-lkmmv1"

func runHerd7(name string, args []string, stdout, stderr io.Writer) int {
	o, err := parseHerdArgs(args)
	if err != nil {
		if u, ok := err.(errHerdUsage); ok {
			fmt.Fprintf(stderr, "%s: %s\n", name, u.msg)
			writeHerdUsage(stderr, name)
		} else {
			fmt.Fprintln(stderr, err)
		}
		return 2
	}
	switch {
	case o.version:
		fmt.Fprintf(stdout, "%s, Rev: litmuscheck\n", version)
		return 0
	case o.help:
		writeHerdUsage(stdout, name)
		return 0
	}
	if o.outDir != "" && o.graph != "" && o.graph != "columns" && !o.quiet {
		fmt.Fprintf(stderr, "Warning: -graph %s: litmuscheck draws herd's columns layout only\n", o.graph)
	}
	h, err := newHerdRun(name, o, stdout, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", name, err)
		return 2
	}
	for _, file := range o.files {
		h.status = max(h.status, h.file(file))
	}
	return h.status
}

// A herdRun is herd7 mode's run of its files.
type herdRun struct {
	name           string
	o              *herdOptions
	lo             options
	lkmm, lkmmv1   bool
	stdout, stderr io.Writer
	status         int
	pictures       int
	seen           map[string]bool
}

// newHerdRun loads the model herd's options name and the primitives of
// its -macros file, and sets the check's options as herd7 runs.
func newHerdRun(name string, o *herdOptions, stdout, stderr io.Writer) (*herdRun, error) {
	model, lkmm, err := pipeline.HerdModel(pipeline.CatSpec{Model: o.model, Bell: o.bell, Macros: o.macros,
		Include: append([]string{"."}, o.include...), Variants: o.variants})
	if err != nil {
		return nil, err
	}
	lo := options{format: "herd", jobs: 1, workers: 1, herdSizes: true, unroll: herdUnroll(o), maxMemory: limit.DefaultMaxMemory}
	lo.timeout = time.Duration(o.timeout * float64(time.Second))
	lo.cat.model = model
	search := append([]string{"."}, o.include...)
	if _, ferr := cat.Find(o.macros, search); o.macros != "" && (ferr == nil || !lkmm) {
		// The primitives of the -macros file, whatever model runs; the
		// built-in LKMM's linux-kernel.def need not be there.
		prims, err := cat.LoadPrims(o.macros, search)
		if err != nil {
			return nil, err
		}
		lo.userDefs = lo.userDefs.WithPrims(prims)
	}
	lo.speedcheck = o.speedcheck
	lo.hexa = o.hexa
	// -variant mixed runs every test under mixed-size semantics.
	lo.cat.variants = o.variants
	h := &herdRun{name: name, o: o, lo: lo, lkmm: lkmm, stdout: stdout, stderr: stderr, seen: map[string]bool{}}
	h.lkmmv1 = lkmm && !hasVariant(o.variants, "lkmmv2")
	if h.lkmmv1 && !o.quiet {
		fmt.Fprintf(stderr, "Warning: litmuscheck runs linux-kernel.cat with the events of -variant lkmmv2; its lkmmv1 events are not implemented\n")
	}
	return h, nil
}

// file runs one file and prints its result as herd7 does; it returns the
// exit status the file calls for.
func (h *herdRun) file(file string) int {
	o, stdout, stderr := h.o, h.stdout, h.stderr
	start := time.Now()
	out := checkFile(file, nil, h.lo)
	if out.Err != nil {
		fmt.Fprintf(stderr, "Warning: File %q: %v\n", file, out.Err)
		if !herdUserError(out.Err) {
			return 2
		}
		return 0
	}
	res := out.Result
	if h.seen[res.Test.Name] {
		// herd7 runs one test of a name per call, the first.
		return 0
	}
	h.seen[res.Test.Name] = true
	if msg := h.refusal(res); msg != "" {
		fmt.Fprintf(stderr, "Warning: File %q: %s\n", file, msg)
		return 2
	}
	if h.lkmmv1 {
		i := sort.SearchStrings(res.Flags, lkmmv1Flag)
		res.Flags = append(res.Flags[:i], append([]string{lkmmv1Flag}, res.Flags[i:]...)...)
	}
	var b bytes.Buffer
	herd.WriteResult(&b, res)
	block, hash, _ := strings.Cut(b.String(), "Hash=")
	fmt.Fprint(stdout, block)
	fmt.Fprintf(stdout, "Time %s %0.2f\n", res.Test.Name, time.Since(start).Seconds())
	if o.candidate {
		fmt.Fprintf(stdout, "Candidates %s %d\n", res.Test.Name, res.Candidates)
	}
	fmt.Fprint(stdout, "Hash="+hash)
	if res.LoopCut && !o.quiet {
		fmt.Fprintf(stderr, "Warning: File %q: unrolling limit exceeded, legal outcomes may be missing.\n", file)
	}
	if o.outDir != "" && o.show != "none" && (o.nshow == 0 || h.pictures < o.nshow) {
		h.pictures++
		if err := writeHerdPicture(o, res.Test.Name, out); err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", h.name, err)
			return 2
		}
	}
	return 0
}

// refusal is why herd7 mode prints no result for res, "" when it does.
func (h *herdRun) refusal(res *litmus.Result) string {
	switch {
	case h.lkmm && res.Test.Arch != litmus.ArchC:
		// herd7 stops on lock.cat's first LKR, an event set only C
		// tests have, and prints no result.
		return fmt.Sprintf("linux-kernel.cat applies to C tests only, this one is %s (herd7 fails on lock.cat's LKR)", res.Test.Arch)
	case h.o.speedcheck && res.LoopCut:
		// herd's Loop line under -speedcheck follows rules of its own
		// search, which we do not reproduce.
		return "unsupported by litmuscheck: -speedcheck true on a test whose loops the unroll bound cuts"
	}
	return ""
}

// herdUserError reports whether err is one herd7 reports as a warning
// and exits 0 for: a file it cannot open, a test it cannot parse. A test
// that parses but that litmuscheck refuses (unsupported) or cannot finish
// is ours to fail, exit 2.
func herdUserError(err error) bool {
	if errors.Is(err, fs.ErrNotExist) {
		return true
	}
	var list litmus.ErrorList
	var one *litmus.Error
	positioned := errors.As(err, &list) && len(list) > 0 || errors.As(err, &one)
	return positioned && !litmus.IsUnsupported(err)
}

// herdUnroll maps herd's -unroll to ours: herd's 0 takes no backward
// jump, which litmus.Options spells -1 (its 0 is the default bound).
func herdUnroll(o *herdOptions) int {
	switch {
	case !o.unrollSet:
		return 0
	case o.unroll == 0:
		return -1
	}
	return o.unroll
}

func hasVariant(vs []string, v string) bool {
	for _, x := range vs {
		if strings.EqualFold(strings.TrimSpace(x), v) {
			return true
		}
	}
	return false
}

// writeHerdPicture writes the test's DOT picture into -o DIR, as herd
// names it: DIR/NAME.dot.
func writeHerdPicture(o *herdOptions, name string, out fileOutcome) error {
	pic := graph.ForResult(name, out.Result, out.Model)
	if pic == nil {
		return nil
	}
	return os.WriteFile(filepath.Join(o.outDir, name+".dot"), []byte(pic.DOT()), 0o644)
}

// writeHerdUsage lists the herd7 options litmuscheck implements.
func writeHerdUsage(w io.Writer, name string) {
	fmt.Fprintf(w, "Usage %s [options] [test]*\n", name)
	table := herdOptionTable()
	var keys []string
	for k, opt := range table {
		if opt.usage != "accepted, display only" {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Fprintf(w, "  -%s %s %s\n", k, table[k].arg, table[k].usage)
	}
	fmt.Fprintf(w, "  accepted, display only: -%s\n", strings.Join(displayOnly, " -"))
}
