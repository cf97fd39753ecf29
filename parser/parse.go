// This file implements Parse, the entry point that reads a litmus file of
// any supported dialect into a litmus.Test.

package parser

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/litmuscheck/litmuscheck/herd"
	"github.com/litmuscheck/litmuscheck/litmus"
)

// A dialect reads the program section of one architecture.
type dialect interface {
	// program parses the code between the init block and the final part
	// and lowers it to threads.
	program(t *litmus.Test, prog section) ([]*litmus.Thread, error)
	// register returns the canonical name of a register as written in the
	// init block or the condition, and whether it is one.
	register(name string) (string, bool)
}

// A valueWrapper is a dialect whose values herd computes at a fixed
// width: wrapValues converts the constants of the init block and of the
// final part to it (the code converts what it computes itself).
type valueWrapper interface {
	wrapValues(t *litmus.Test)
}

// dialects maps the first word of a test to its dialect.
var dialects = map[litmus.Arch]dialect{}

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
	CDefs *CDefs

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
func ParseWith(name, src string, opt Options) (*litmus.Test, error) {
	f := newFile(name, src)
	secs, err := split(f)
	if err != nil {
		return nil, asList(err)
	}
	if err := secs.checkNesting(); err != nil {
		return nil, asList(err)
	}
	t := &litmus.Test{
		Arch:     litmus.Arch(secs.arch),
		Name:     testName(secs.name),
		File:     name,
		Source:   src,
		Comments: secs.comments,
	}
	d, ok := dialects[t.Arch]
	if !ok {
		return nil, asList(litmus.Errorf(secs.archPos, "unsupported: architecture %q (expected C, PPC, AArch64, X86, X86_64 or RISCV)", secs.arch))
	}
	if cd, isC := d.(cDialect); isC && opt.CDefs != nil {
		cd.defs = opt.CDefs
		d = cd
	}
	t.Info = parseInfo(secs.preamble)
	if err := parseInit(t, d, secs.init); err != nil {
		return nil, asList(err)
	}
	threads, err := d.program(t, secs.program)
	if err != nil {
		return nil, asList(err)
	}
	t.Threads = threads
	if err := checkInitProcs(t); err != nil {
		return nil, asList(err)
	}
	if err := checkAddressRegs(t); err != nil {
		return nil, asList(err)
	}
	warnHeldLocks(t)
	if err := parseFinal(t, d, secs.final); err != nil {
		return nil, asList(err)
	}
	if w, ok := d.(valueWrapper); ok {
		w.wrapValues(t)
	}
	// A test herd's own reader would refuse (a brace in a comment of a C
	// body) has no herd hash; WriteHerd then falls back to another.
	if h, err := herd.Hash(herd.Sections{Arch: secs.arch, Preamble: secs.preamble.text,
		Init: secs.init.text, Program: secs.program.text, Final: secs.final.text}); err == nil {
		t.Hash = h
	}
	return t, nil
}

// asList turns any error into a sorted litmus.ErrorList.
func asList(err error) error {
	var list litmus.ErrorList
	if errors.As(err, &list) {
		list.Sort()
		return list
	}
	var e *litmus.Error
	if errors.As(err, &e) {
		return litmus.ErrorList{e}
	}
	return litmus.ErrorList{{Msg: err.Error()}}
}

// grammarError converts a participle error to a positioned error.
func grammarError(f *file, err error) *litmus.Error {
	var pe participle.Error
	if errors.As(err, &pe) {
		p := pe.Position()
		return &litmus.Error{Pos: litmus.Pos{File: f.name, Line: p.Line, Col: p.Column}, Msg: pe.Message()}
	}
	return &litmus.Error{Pos: litmus.Pos{File: f.name}, Msg: err.Error()}
}

// narrow keeps the low bytes of a value a byte or halfword store writes
// (bytes 1 or 2); any other size keeps it whole.
func narrow(x litmus.Expr, bytes int) litmus.Expr {
	switch bytes {
	case 1:
		return litmus.Bin(litmus.OpAnd, x, litmus.C(0xff))
	case 2:
		return litmus.Bin(litmus.OpAnd, x, litmus.C(0xffff))
	}
	return x
}

func position(f *file, p lexer.Position) litmus.Pos {
	return litmus.Pos{File: f.name, Line: p.Line, Col: p.Column}
}

func parseInfo(pre section) []litmus.KeyValue {
	var out []litmus.KeyValue
	for _, line := range strings.Split(pre.text, "\n") {
		line = strings.TrimSpace(line)
		if k, v, ok := strings.Cut(line, "="); ok && !strings.ContainsAny(k, " \t\"(") && k != "" {
			out = append(out, litmus.KeyValue{Key: k, Value: v})
		}
	}
	return out
}

func parseInit(t *litmus.Test, d dialect, sec section) error {
	blk, err := initParser().ParseString(sec.f.name, sec.padded())
	if err != nil {
		return grammarError(sec.f, err)
	}
	for _, it := range blk.Items {
		var item litmus.InitItem
		var ln *locName
		var v *initValue
		if it.Typed != nil {
			item.Type = it.Typed.Type + strings.Repeat("*", len(it.Typed.Stars))
			ln, v = it.Typed.Loc, it.Typed.Value
		} else {
			ln, v = it.Plain.Loc, it.Plain.Value
		}
		item.Pos = position(sec.f, it.Pos)
		loc, err := resolveLoc(sec.f, d, ln)
		if err != nil {
			return err
		}
		item.Loc = loc
		if ln.Index != nil {
			n, _ := strconv.Atoi(*ln.Index)
			item.Size = n
		}
		if v != nil {
			val, err := initVal(sec.f, v)
			if err != nil {
				return err
			}
			item.Value, item.HasValue = val, true
		}
		t.Init = append(t.Init, item)
	}
	return nil
}

func initVal(f *file, v *initValue) (litmus.Value, error) {
	switch {
	case v.Atomic != nil:
		return intValue(f, v.Atomic)
	case v.Num != nil:
		return intValue(f, v.Num)
	case v.Cast != nil:
		return litmus.Addr(*v.Cast), nil
	}
	return litmus.Addr(*v.Addr), nil
}

func intValue(f *file, n *intLit) (litmus.Value, error) {
	text := n.Dec
	if n.Hex != "" {
		text = n.Hex
	}
	x, err := parseInteger(text)
	if err != nil {
		return litmus.Value{}, litmus.Errorf(position(f, n.Pos), "bad integer: %v", err)
	}
	if n.Neg {
		x = -x
	}
	return litmus.Int(x), nil
}

// parseInteger reads a decimal integer, or a hexadecimal one after 0x or
// 0X as the 64 bits of an unsigned number.
func parseInteger(text string) (int64, error) {
	if strings.HasPrefix(text, "0x") || strings.HasPrefix(text, "0X") {
		u, err := strconv.ParseUint(text[2:], 16, 64)
		return int64(u), err
	}
	return strconv.ParseInt(text, 10, 64)
}

// resolveLoc turns "0:r2", "P0:r2", "x", "[x]" into a LocRef; registers are
// canonicalised by the dialect.
func resolveLoc(f *file, d dialect, ln *locName) (litmus.LocRef, error) {
	if ln.Bracket != "" {
		return litmus.LocRef{Thread: -1, Name: ln.Bracket}, nil
	}
	if ln.Proc == nil {
		// "%x0" symbolic registers belong to no single thread.
		if strings.HasPrefix(ln.Name, "%") {
			return litmus.LocRef{Thread: -2, Name: ln.Name}, nil
		}
		return litmus.LocRef{Thread: -1, Name: ln.Name}, nil
	}
	return threadReg(f, d, position(f, ln.Pos), *ln.Proc, ln.Name)
}

func threadReg(f *file, d dialect, pos litmus.Pos, proc, name string) (litmus.LocRef, error) {
	p := strings.TrimPrefix(proc, "P")
	n, err := strconv.Atoi(p)
	if err != nil {
		return litmus.LocRef{}, litmus.Errorf(pos, "expected a thread number before ':', found %q", proc)
	}
	reg, ok := d.register(name)
	if !ok {
		return litmus.LocRef{}, litmus.Errorf(pos, "%q is not a register of this architecture", name)
	}
	return litmus.LocRef{Thread: n, Name: reg}, nil
}

// trimFinal blanks what herd ignores after the condition: a ';' ending it
// and anything after (old tests carry "with ..." model notes or "<< >>"
// blocks there). "final" is an old spelling of "exists".
func trimFinal(sec section) section {
	b := []byte(sec.text)
	depth := 0
	start := -1
	for i := 0; i < len(b); i++ {
		switch b[i] {
		case '(', '[':
			depth++
		case ')', ']':
			depth--
		case '<':
			if start >= 0 && i+1 < len(b) && b[i+1] == '<' {
				blankFrom(b, i)
				i = len(b)
			}
		case ';':
			if start >= 0 && depth == 0 {
				blankFrom(b, i)
				i = len(b)
			}
		default:
			if start < 0 && depth == 0 {
				for _, kw := range []string{"exists", "forall", "final", "~"} {
					if strings.HasPrefix(string(b[i:]), kw) && (i == 0 || !isIdentByte(b[i-1])) {
						start = i
						if kw == "final" {
							copy(b[i:], "exists")
						}
						break
					}
				}
			}
		}
	}
	sec.text = string(b)
	return sec
}

func isIdentByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

func blankFrom(b []byte, i int) {
	for ; i < len(b); i++ {
		if b[i] != '\n' {
			b[i] = ' '
		}
	}
}

func parseFinal(t *litmus.Test, d dialect, sec section) error {
	sec = trimFinal(sec)
	fp, err := finalParser().ParseString(sec.f.name, sec.padded())
	if err != nil {
		return grammarError(sec.f, err)
	}
	var uses []locUse
	if fp.Locations != nil {
		for _, ln := range fp.Locations.Locs {
			loc, err := resolveLoc(sec.f, d, ln)
			if err != nil {
				return err
			}
			t.Locations = append(t.Locations, loc)
			uses = append(uses, locUse{pos: position(sec.f, ln.Pos), loc: loc})
		}
	}
	if fp.Filter != nil {
		if t.Filter, err = lowerProp(sec.f, d, fp.Filter); err != nil {
			return err
		}
		uses = propUses(uses, t.Filter)
		setWidths(t, t.Filter)
	}
	t.Cond.Pos = position(sec.f, fp.Pos)
	switch {
	case fp.Quant == "forall":
		t.Cond.Quant = litmus.Forall
	case strings.HasPrefix(fp.Quant, "~"):
		t.Cond.Quant = litmus.NotExists
	}
	if fp.Prop == nil {
		// herd reads a test with no condition as "forall (true)".
		t.Cond.Quant, t.Cond.Prop = litmus.Forall, litmus.PropTrue{}
		return checkFinalUses(t, uses)
	}
	if t.Cond.Prop, err = lowerProp(sec.f, d, fp.Prop); err != nil {
		return err
	}
	setWidths(t, t.Cond.Prop)
	return checkFinalUses(t, propUses(uses, t.Cond.Prop))
}

func lowerProp(f *file, d dialect, e *propExpr) (litmus.Prop, error) {
	left, err := lowerOr(f, d, e.Left)
	if err != nil || e.Right == nil {
		return left, err
	}
	right, err := lowerProp(f, d, e.Right)
	if err != nil {
		return nil, err
	}
	return &litmus.PropImply{A: left, B: right}, nil
}

func lowerOr(f *file, d dialect, e *propOr) (litmus.Prop, error) {
	return lowerChain(e.Terms, func(term *propAnd) (litmus.Prop, error) { return lowerAnd(f, d, term) },
		func(a, b litmus.Prop) litmus.Prop { return &litmus.PropOr{A: a, B: b} })
}

func lowerAnd(f *file, d dialect, e *propAnd) (litmus.Prop, error) {
	return lowerChain(e.Factors, func(fac *propUnary) (litmus.Prop, error) { return lowerUnary(f, d, fac) },
		func(a, b litmus.Prop) litmus.Prop { return &litmus.PropAnd{A: a, B: b} })
}

// lowerChain lowers the operands of a chain of one connective and joins
// them from the left: "a \/ b \/ c" is (a \/ b) \/ c.
func lowerChain[T any](operands []T, lower func(T) (litmus.Prop, error), join func(a, b litmus.Prop) litmus.Prop) (litmus.Prop, error) {
	var out litmus.Prop
	for _, o := range operands {
		p, err := lower(o)
		if err != nil {
			return nil, err
		}
		if out == nil {
			out = p
		} else {
			out = join(out, p)
		}
	}
	return out, nil
}

func lowerUnary(f *file, d dialect, e *propUnary) (litmus.Prop, error) {
	switch {
	case e.Not != nil:
		p, err := lowerUnary(f, d, e.Not)
		if err != nil {
			return nil, err
		}
		return &litmus.PropNot{P: p}, nil
	case e.Paren != nil:
		return lowerProp(f, d, e.Paren)
	case e.True:
		return litmus.PropTrue{}, nil
	case e.False:
		return litmus.PropFalse{}, nil
	}
	a := e.Atom
	loc, err := resolveLoc(f, d, a.Loc)
	if err != nil {
		return nil, err
	}
	atom := &litmus.PropAtom{Pos: position(f, a.Pos), Loc: loc}
	switch {
	case a.Other != nil:
		o, err := threadReg(f, d, position(f, a.Other.Pos), a.Other.Proc, a.Other.Name)
		if err != nil {
			return nil, err
		}
		atom.Other = &o
	case a.Num != nil:
		if atom.Value, err = intValue(f, a.Num); err != nil {
			return nil, err
		}
	default:
		atom.Value = litmus.Addr(*a.Sym)
	}
	var p litmus.Prop = atom
	if a.Neq {
		p = &litmus.PropNot{P: atom}
	}
	return p, nil
}

// IsRegister reports whether name reads as a register in the dialect of
// arch: herd's X86_64 lexer takes a bare "sp" or "ax" for one, so a
// location of that name cannot be a memory operand's symbol there.
func IsRegister(arch litmus.Arch, name string) bool {
	d, ok := dialects[arch]
	if !ok {
		return false
	}
	_, is := d.register(name)
	return is
}

// Dialects lists the architectures Parse accepts.
func Dialects() []string {
	var out []string
	for a := range dialects {
		out = append(out, string(a))
	}
	return out
}

var _ = fmt.Sprint
