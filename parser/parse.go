// This file implements the entry points that read a litmus file of any
// supported dialect into a litmus.Test, all of them through ParseWith.

package parser

import (
	"context"
	"fmt"
	"os"
	"strings"
	"sync/atomic"

	"github.com/litmuscheck/litmuscheck/herd"
	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/parser/cparse"
	"github.com/litmuscheck/litmuscheck/parser/internal/litfile"
)

// ParseFile reads and parses the litmus file at path.
func ParseFile(path string) (*litmus.Test, error) {
	return ParseFileWith(path, Options{})
}

// ParseFileWith reads and parses the litmus file at path with options.
func ParseFileWith(path string, opt Options) (*litmus.Test, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return ParseWith(path, string(src), opt)
}

// Options tune parsing. The zero value parses as herd7 does.
type Options struct {
	// CDefs, when not nil, are C functions that calls in a C test's
	// threads inline; they take precedence over the kernel primitives of
	// the same name (lock fragments redefine spin_lock, for example).
	// With WithPrims, they carry the primitives of a .def macro file.
	CDefs *cparse.CDefs
	// AwaitLoops lowers a C loop whose failed iterations have no effect
	// (a spin on memory with an empty body) as its final iteration, with
	// the explorer's hang detection, instead of unrolling it as herd7
	// does: litmuscheck's own outputs, not herd's.
	AwaitLoops bool

	_ struct{}
}

// testName is the name herd gives a test from its header: herd drops a
// ".litmus" that ends it.
func testName(header string) string {
	return strings.TrimSuffix(header, ".litmus")
}

// Parse parses the litmus test src, read from file name. Errors are
// litmus.ErrorList values whose positions name the file.
func Parse(name, src string) (*litmus.Test, error) {
	return ParseWith(name, src, Options{})
}

// ParseContext is ParseWith bounded by ctx: it returns ctx's error as soon
// as ctx is done. The grammars cannot be interrupted, but the nesting
// pre-scan keeps parsing linear in the input, so a parse left behind ends
// soon after on its own; its result is dropped.
func ParseContext(ctx context.Context, name, src string, opt Options) (*litmus.Test, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	type parsed struct {
		test *litmus.Test
		err  error
	}
	done := make(chan parsed, 1)
	go func() {
		t, err := ParseWith(name, src, opt)
		done <- parsed{t, err}
	}()
	select {
	case p := <-done:
		return p.test, p.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// ParseWith parses the litmus test src, read from file name, with options.
// Every parse of a test's text, whichever its dialect, goes through here.
func ParseWith(name, src string, opt Options) (*litmus.Test, error) {
	parses.Add(1)
	secs, err := litfile.Split(litfile.NewFile(name, src))
	if err != nil {
		return nil, litfile.AsList(err)
	}
	if err := secs.CheckNesting(); err != nil {
		return nil, litfile.AsList(err)
	}
	t, err := lower(&testSyntax{secs: secs, opt: opt}, opt)
	if err != nil {
		return nil, litfile.AsList(err)
	}
	// A test herd's own reader would refuse (a brace in a comment of a C
	// body) has no herd hash; herd.WriteResult then falls back to another.
	if h, err := herd.Hash(herd.Sections{Arch: secs.Arch, Preamble: secs.Preamble.Text,
		Init: secs.Init.Text, Program: secs.Program.Text, Final: secs.Final.Text}); err == nil {
		t.Hash = h
	}
	return t, nil
}

// A testSyntax is a test's text as the grammars read it, kept with the
// test (litmus.Test.Syntax) so that Relower lowers it again without
// reading the text twice. The grammars fill it in as lower first meets
// each part.
type testSyntax struct {
	secs *litfile.Sections
	// opt are the options of the first lowering, which Relower keeps but
	// for the definitions.
	opt   Options
	init  *initBlock
	final *finalPart
	// c is a C test's program; the other dialects have no definitions
	// to lower with again.
	c *cparse.Syntax
}

// lower builds the test syn holds with the dialect opt selects, running
// each grammar the first time (in file order, so that the first error
// reported is the first in the file).
func lower(syn *testSyntax, opt Options) (*litmus.Test, error) {
	secs := syn.secs
	t := &litmus.Test{
		Arch:     litmus.Arch(secs.Arch),
		Name:     testName(secs.Name),
		File:     secs.Init.File.Name,
		Source:   secs.Init.File.Src,
		Comments: secs.Comments,
		Syntax:   syn,
	}
	d, ok := dialectOf(t.Arch, opt)
	if !ok {
		return nil, litmus.Errorf(secs.ArchPos, "unsupported: architecture %q (expected C, PPC, AArch64, X86, X86_64 or RISCV)", secs.Arch)
	}
	t.Info = parseInfo(secs.Preamble)
	var err error
	if syn.init == nil {
		if syn.init, err = parseInitBlock(secs.Init); err != nil {
			return nil, err
		}
	}
	if err := lowerInit(t, d, secs.Init, syn.init); err != nil {
		return nil, err
	}
	if cd, isC := d.(cparse.Dialect); isC {
		if syn.c == nil {
			if syn.c, err = cparse.ParseSyntax(secs.Program, cd.Defs); err != nil {
				return nil, err
			}
		}
		cd.Parsed = syn.c
		d = cd
	}
	if t.Threads, err = d.Program(t, secs.Program); err != nil {
		return nil, err
	}
	if err := checkInitProcs(t); err != nil {
		return nil, err
	}
	if err := checkAddressRegs(t); err != nil {
		return nil, err
	}
	warnHeldLocks(t)
	if syn.final == nil {
		if syn.final, err = parseFinalPart(secs.Final); err != nil {
			return nil, err
		}
	}
	if err := lowerFinal(t, d, trimFinal(secs.Final), syn.final); err != nil {
		return nil, err
	}
	if w, ok := d.(valueWrapper); ok {
		w.WrapValues(t)
	}
	return t, nil
}

// Relower lowers the C test t, parsed by ParseWith, again with the
// definitions defs (another lock algorithm) and the other options of its
// parse: the grammars do not run again, so a test is parsed once whatever
// the columns it runs in.
func Relower(t *litmus.Test, defs *cparse.CDefs) (*litmus.Test, error) {
	syn, ok := t.Syntax.(*testSyntax)
	if !ok {
		return nil, fmt.Errorf("%s: lowered again without its syntax (a test not built by the parser)", t.Name)
	}
	opt := syn.opt
	opt.CDefs = defs
	u, err := lower(syn, opt)
	if err != nil {
		return nil, litfile.AsList(err)
	}
	u.Hash = t.Hash
	return u, nil
}

// parses counts the calls of ParseWith, for the tests that check that a
// run parses each test once.
var parses atomic.Int64

// Parses is the number of texts parsed so far in this process.
func Parses() int64 { return parses.Load() }

// parseInfo reads the Key=Value lines of the preamble.
func parseInfo(pre litfile.Section) []litmus.KeyValue {
	var out []litmus.KeyValue
	for _, line := range strings.Split(pre.Text, "\n") {
		line = strings.TrimSpace(line)
		if k, v, ok := strings.Cut(line, "="); ok && !strings.ContainsAny(k, " \t\"(") && k != "" {
			out = append(out, litmus.KeyValue{Key: k, Value: v})
		}
	}
	return out
}
