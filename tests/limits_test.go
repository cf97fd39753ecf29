// This file checks that every limit holds on the inputs that once broke
// it, whatever the phase: each returns its own error, never a hang, a
// result or a crash. The inputs are generated; -limits-out writes them out
// for the command line (docs/performance.md).

package tests

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/litmuscheck/litmuscheck/explore"
	"github.com/litmuscheck/litmuscheck/explore/limit"
	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/models"
	"github.com/litmuscheck/litmuscheck/parser"
)

var limitsOut = flag.String("limits-out", "", "write the limit inputs to this directory")

// cThread is thread id of a C test with parameters x and y.
func cThread(id int, body string) string {
	return fmt.Sprintf("P%d(int *x, int *y)\n{\n%s}\n", id, body)
}

func cReads(n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		loc := "x"
		if i%2 == 1 {
			loc = "y"
		}
		fmt.Fprintf(&b, "\tint r%d = READ_ONCE(*%s);\n", i, loc)
	}
	return b.String()
}

// deepCondition is a test whose exists nests depth open and close around
// its atom.
func deepCondition(depth int, open, close string) string {
	return "C deep\n{}\n" + cThread(0, cReads(1)) + "exists (" + strings.Repeat(open, depth) + "0:r0=0" + strings.Repeat(close, depth) + ")\n"
}

// deepBraces nests the body of a thread in depth blocks.
func deepBraces(depth int) string {
	return "C braces\n{}\n" + cThread(0, strings.Repeat("{", depth)+cReads(1)+strings.Repeat("}", depth)+"\n") + "exists (0:r0=0)\n"
}

// manyPaths is a thread of n reads that may each read 0 or 1, every
// register shown by the condition: 2^n paths.
func manyPaths(n int) string {
	var b strings.Builder
	var shown []string
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "\tint r%d = READ_ONCE(*x);\n", i)
		shown = append(shown, fmt.Sprintf("0:r%d=0", i))
	}
	return "C paths\n{}\n" + cThread(0, b.String()) + cThread(1, "\tWRITE_ONCE(*x, 1);\n") + "exists (" + strings.Join(shown, " /\\ ") + ")\n"
}

// readingThreads is threads threads of reads reads each, of x and y in
// turn, and a thread writing x: each reader has 2^(reads/2) paths, and
// every choice of one path per reader is a combination.
func readingThreads(threads, reads int) string {
	var b strings.Builder
	b.WriteString("C readers\n{}\n")
	for t := 0; t < threads; t++ {
		b.WriteString(cThread(t, cReads(reads)))
	}
	b.WriteString(cThread(threads, "\tWRITE_ONCE(*x, 1);\n"))
	b.WriteString("exists (0:r0=0)\n")
	return b.String()
}

// spin waits for x to become 1, which the other thread stores.
const spin = `PPC spin
{ 0:r1=x; 1:r1=x; }
 P0           | P1           ;
 L:           | li r2,1      ;
 lwz r2,0(r1) | stw r2,0(r1) ;
 cmpwi r2,0   |              ;
 beq L        |              ;
exists (0:r2=1)
`

// manyCandidates has each of four threads store to x twice and read it:
// millions of candidate executions, for limits met while exploring them.
// cond, when not empty, replaces the condition.
func manyCandidates(cond string) string {
	var b strings.Builder
	b.WriteString("C candidates\n{}\n")
	for t := 0; t < 4; t++ {
		b.WriteString(cThread(t, fmt.Sprintf("\tWRITE_ONCE(*x, %d);\n\tint r0 = READ_ONCE(*x);\n\tWRITE_ONCE(*x, %d);\n", 2*t+1, 2*t+2)))
	}
	if cond == "" {
		cond = "0:r0=0"
	}
	b.WriteString("exists (" + cond + ")\n")
	return b.String()
}

// wideCondition is a disjunction of n atoms: as deep in the proposition
// as it is long, but flat in the grammar.
func wideCondition(n int) string {
	atoms := make([]string, n)
	for i := range atoms {
		atoms[i] = fmt.Sprintf("0:r0=%d", 100+i)
	}
	return strings.Join(atoms, ` \/ `)
}

type limitCase struct {
	name string
	src  string
	opt  explore.Options
	// deadline is the context's; 2 s when zero, which none of the inputs
	// that stop on an error of their own comes near.
	deadline time.Duration
	// want checks the error.
	want func(error) bool
	what string
}

func errText(prefix string) (func(error) bool, string) {
	return func(err error) bool { return err != nil && strings.HasPrefix(err.Error(), prefix) }, prefix
}

func isDeadline(err error) bool { return errors.Is(err, context.DeadlineExceeded) }

func isMemory(phase string) (func(error) bool, string) {
	what := "a memory limit reached while " + phase
	return func(err error) bool {
		var m *limit.MemoryLimitError
		return errors.As(err, &m) && m.Phase == phase
	}, what
}

func limitCases() []limitCase {
	nesting := fmt.Sprintf("unsupported: nesting deeper than %d levels", parser.MaxNesting)
	var cases []limitCase
	add := func(name, src string, opt explore.Options, deadline time.Duration, want func(error) bool, what string) {
		cases = append(cases, limitCase{name, src, opt, deadline, want, what})
	}
	w, what := errText("parens.litmus:7:208: " + nesting)
	add("parens", deepCondition(100000, "(", ")"), explore.Options{}, 0, w, what)
	w, what = errText("tildes.litmus:7:208: " + nesting)
	add("tildes", deepCondition(50000, "~", ""), explore.Options{}, 0, w, what)
	w, what = errText("braces.litmus:5:200: " + nesting)
	add("braces", deepBraces(50000), explore.Options{}, 0, w, what)
	w, what = errText("paths.litmus:3:1: unsupported: more than 1000 paths in thread P0")
	add("paths", manyPaths(11), explore.Options{PathLimit: 1000}, 0, w, what)
	add("paths-deadline", manyPaths(17), explore.Options{}, 20*time.Millisecond, isDeadline, "the deadline")
	w, what = isMemory("enumerating the paths of thread P0")
	add("paths-memory", manyPaths(17), explore.Options{MaxMemory: 1 << 20}, 0, w, what)
	// A candidate has no bound on its events: a test of many threads is
	// explored until the deadline ends it.
	add("nine-by-seven", readingThreads(9, 7), explore.Options{}, 100*time.Millisecond, isDeadline, "the deadline")
	// Its threads are interchangeable: without symmetry, every
	// combination is explored.
	add("sixty-five", readingThreads(65, 1), explore.Options{NoSymmetry: true}, 100*time.Millisecond, isDeadline, "the deadline")
	w, what = errText("spin.litmus:5:2: unsupported: a path of thread P0 has more than 64 events (litmuscheck follows at most 64 per thread)")
	add("spin", spin, explore.Options{Unroll: 3000}, 0, w, what)
	add("candidates-deadline", manyCandidates(""), explore.Options{}, 20*time.Millisecond, isDeadline, "the deadline")
	// Parsed or evaluated on each candidate, the condition outlasts the
	// deadline.
	add("wide-condition-deadline", manyCandidates(wideCondition(5000)), explore.Options{}, 20*time.Millisecond, isDeadline, "the deadline")
	add("wide-condition-parse-deadline", manyCandidates(wideCondition(200000)), explore.Options{}, 20*time.Millisecond, isDeadline, "the deadline")
	w, what = isMemory("exploring candidate executions")
	add("candidates-memory", manyCandidates(""), explore.Options{MaxMemory: 1 << 20}, 0, w, what)
	return cases
}

// TestLimits runs each input through every phase, parsing included, as
// the command line does, and checks the error it stops with.
func TestLimits(t *testing.T) {
	for _, tc := range limitCases() {
		t.Run(tc.name, func(t *testing.T) {
			_, err := runLimited(tc, tc.name+".litmus")
			if !tc.want(err) {
				t.Errorf("error %.300v, want %s", err, tc.what)
			}
		})
	}
}

// runLimited parses and explores tc's input under its deadline.
func runLimited(tc limitCase, file string) (*litmus.Result, error) {
	deadline := tc.deadline
	if deadline == 0 {
		deadline = 2 * time.Second
	}
	ctx, cancel := context.WithTimeout(context.Background(), deadline)
	defer cancel()
	test, err := parser.ParseContext(ctx, file, tc.src, parser.Options{})
	if err != nil {
		return nil, err
	}
	m, err := models.ForArch(test.Arch)
	if err != nil {
		return nil, err
	}
	return explore.Explore(ctx, test, m, tc.opt)
}

// TestLimitErrorsAgreeAcrossWorkers checks that the error of a candidate
// too large to check is the same one whatever the number of workers.
func TestLimitErrorsAgreeAcrossWorkers(t *testing.T) {
	tc := limitCase{src: spin, opt: explore.Options{Unroll: 100}}
	_, want := runLimited(tc, "spin.litmus")
	if want == nil {
		t.Fatal("no error with one worker")
	}
	for _, workers := range []int{2, 3, 5} {
		tc.opt.Workers = workers
		if _, got := runLimited(tc, "spin.litmus"); fmt.Sprint(got) != want.Error() {
			t.Errorf("%d workers: error %v, want %v", workers, got, want)
		}
	}
}

// TestWriteLimitInputs writes the inputs of TestLimits to -limits-out, for
// the figures of docs/performance.md.
func TestWriteLimitInputs(t *testing.T) {
	if *limitsOut == "" {
		t.Skip("no -limits-out")
	}
	for _, tc := range limitCases() {
		if err := os.WriteFile(filepath.Join(*limitsOut, tc.name+".litmus"), []byte(tc.src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
