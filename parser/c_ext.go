// This file implements litmuscheck's extensions of the C dialect, which
// herd7 does not have and lock code needs:
//
//   - Function definitions, read by ParseCDefs and inlined at each call in
//     a test's threads ("void spin_lock(spinlock_t *l) { ... }"). Lock
//     algorithms are written this way (package locks), so that one C test
//     can run under each algorithm. A test may define its own functions
//     before its threads ("static void my_unlock(spinlock_t *l) { ... }",
//     c_userdefs.go); herd7 rejects such a test ("unexpected 'my_unlock'
//     (in prog)").
//   - try_cmpxchg(p, &old, new) and its _relaxed, _acquire, _release and
//     atomic_ forms: the compare-and-swap of cmpxchg that returns whether it
//     succeeded and, on failure, writes the value read to old.
//   - smp_cond_load_relaxed(p, cond) and smp_cond_load_acquire(p, cond),
//     with atomic_cond_read_relaxed and atomic_cond_read_acquire: the spin
//     loop's final, successful iteration, a READ_ONCE (or an acquire load)
//     of *p whose value VAL satisfies cond; executions where it does not are
//     dropped.
//   - __assume(cond): drops the executions in which cond is false, the
//     encoding of "spin until cond" as its final successful attempt.
//   - cpu_relax(), the body of kernel spin loops: a pause hint that is a
//     compiler barrier on every architecture, so barrier()'s F[Barrier].

package parser

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/litmuscheck/litmuscheck/litmus"
)

// CDefs are C function definitions that calls in C tests inline, and the
// primitives of a .def file (WithPrims) that calls lower to events.
type CDefs struct {
	funcs map[string]*cFunc
	order []string
	prims *Prims
	// files holds the file each function was read from, by name: merged
	// definitions come from several files, and an inlined event names
	// its own.
	files map[string]*file
}

// Names lists the functions defined, in source order.
func (d *CDefs) Names() []string { return append([]string(nil), d.order...) }

// Has reports whether d defines name.
func (d *CDefs) Has(name string) bool {
	if d == nil {
		return false
	}
	_, ok := d.funcs[name]
	return ok
}

// cDefsFile is a file of function definitions.
type cDefsFile struct {
	Pos   lexer.Position
	Funcs []*cFunc `parser:"@@*"`
}

// cFunc is "int spin_trylock(spinlock_t *l) { ... return r; }".
type cFunc struct {
	Pos    lexer.Position
	EndPos lexer.Position
	// Spec are the storage class and inline hints, which change nothing
	// once the function is inlined.
	Spec   []string  `parser:"@( \"static\" | \"inline\" | \"__always_inline\" )*"`
	Ret    *cType    `parser:"@@"`
	Stars  []string  `parser:"@\"*\"*"`
	Name   string    `parser:"@Ident"`
	Params []*cParam `parser:"\"(\" ( @@ ( \",\" @@ )* )? \")\""`
	Body   []*cStmt  `parser:"\"{\" @@* \"}\""`
}

// cReturn is "return e;" or "return;". Only the last statement of a
// function body may return.
type cReturn struct {
	Pos   lexer.Position
	Value *cExpr `parser:"\"return\" @@? \";\""`
}

var cDefsParser = sync.OnceValue(func() *participle.Parser[cDefsFile] {
	return participle.MustBuild[cDefsFile](
		participle.Lexer(cLexer),
		participle.Elide("Comment", "Whitespace"),
		participle.UseLookahead(2),
	)
})

// ParseCDefs parses C function definitions from src, read from file name.
// Each function may call the kernel primitives, the extensions of this
// file and the functions defined before it.
func ParseCDefs(name, src string) (*CDefs, error) {
	f := newFile(name, src)
	if err := checkNesting(section{text: src, f: f}, cText); err != nil {
		return nil, asList(err)
	}
	p, err := cDefsParser().ParseString(name, src)
	if err != nil {
		return nil, asList(grammarError(f, err))
	}
	return collectDefs(f, p.Funcs)
}

// collectDefs checks the functions parsed from f and indexes them.
func collectDefs(f *file, funcs []*cFunc) (*CDefs, error) {
	d := &CDefs{funcs: map[string]*cFunc{}, files: map[string]*file{}}
	for _, fn := range funcs {
		pos := position(f, fn.Pos)
		if _, dup := d.funcs[fn.Name]; dup {
			return nil, asList(litmus.Errorf(pos, "function %q defined twice", fn.Name))
		}
		for i, s := range fn.Body {
			if s.Return != nil && i != len(fn.Body)-1 {
				return nil, asList(litmus.Errorf(position(f, s.Pos), "unsupported: return before the end of %s", fn.Name))
			}
		}
		if len(fn.Params) == 1 && fn.Params[0].Name == "" && len(fn.Params[0].Stars) == 0 &&
			strings.Join(fn.Params[0].Type.Words, " ") == "void" {
			fn.Params = nil
		}
		for _, pr := range fn.Params {
			if pr.Name == "" {
				return nil, asList(litmus.Errorf(position(f, pr.Pos), "expected a parameter name"))
			}
		}
		d.funcs[fn.Name] = fn
		d.files[fn.Name] = f
		d.order = append(d.order, fn.Name)
	}
	return d, nil
}

// Merge returns the definitions of d and then of e; a name both define is
// an error.
func (d *CDefs) Merge(e *CDefs) (*CDefs, error) {
	out := &CDefs{funcs: map[string]*cFunc{}, files: map[string]*file{}, prims: d.prims}
	if e.prims != nil {
		if d.prims != nil && d.prims != e.prims {
			return nil, fmt.Errorf("primitives of two .def files")
		}
		out.prims = e.prims
	}
	for _, src := range []*CDefs{d, e} {
		for _, n := range src.order {
			if _, dup := out.funcs[n]; dup {
				return nil, fmt.Errorf("function %q defined twice", n)
			}
			out.funcs[n] = src.funcs[n]
			out.files[n] = src.files[n]
			out.order = append(out.order, n)
		}
	}
	return out, nil
}

// Lines returns the file and the first and last lines of the definition
// of function name, as its events' positions give them; ok is false when
// d does not define name.
func (d *CDefs) Lines(name string) (file string, first, last int, ok bool) {
	if d == nil {
		return "", 0, 0, false
	}
	fn, found := d.funcs[name]
	if !found {
		return "", 0, 0, false
	}
	return d.files[name].name, fn.Pos.Line, fn.EndPos.Line, true
}

// WithPrims returns d (which may be nil) with the primitives of a .def
// file: calls of them lower to their events, before the kernel's own
// primitives of the same names and after d's functions.
func (d *CDefs) WithPrims(p *Prims) *CDefs {
	out := &CDefs{funcs: map[string]*cFunc{}, files: map[string]*file{}, prims: p}
	if d != nil {
		out.funcs, out.order, out.files = d.funcs, d.order, d.files
	}
	return out
}

// Alias returns d with name defined as a copy of the function target.
func (d *CDefs) Alias(name, target string) (*CDefs, error) {
	fn, ok := d.funcs[target]
	if !ok {
		return nil, fmt.Errorf("no function %q to alias as %q", target, name)
	}
	out := &CDefs{funcs: map[string]*cFunc{}, files: map[string]*file{}, prims: d.prims}
	for _, n := range d.order {
		out.funcs[n] = d.funcs[n]
		out.files[n] = d.files[n]
		out.order = append(out.order, n)
	}
	if _, ok := out.funcs[name]; !ok {
		out.order = append(out.order, name)
	}
	out.funcs[name] = fn
	out.files[name] = d.files[target]
	return out, nil
}

// A cFrame is one call being inlined: its parameters' values and its
// locals' hidden registers. A transparent frame only binds names (VAL in
// the condition of smp_cond_load_*) and lets every other name through to
// the enclosing scope.
type cFrame struct {
	fn          *cFunc
	f           *file // the file fn was read from
	vars        map[string]litmus.Expr
	regs        map[string]string // locals and value parameters
	ret         string            // hidden register of the result, "" for void
	retType     cInt              // the C type of the result
	transparent bool
	parent      *cFrame
}

// maxInline bounds the nesting of inlined calls.
const maxInline = 16

func (l *cLowerer) depth() int {
	n := 0
	for fr := l.frame; fr != nil; fr = fr.parent {
		n++
	}
	return n
}

// frameIdent resolves an identifier inside an inlined call.
func (l *cLowerer) frameIdent(name string, pos litmus.Pos) (litmus.Expr, error) {
	for fr := l.frame; fr != nil; fr = fr.parent {
		if r, ok := fr.regs[name]; ok {
			return litmus.R(r), nil
		}
		if v, ok := fr.vars[name]; ok {
			return v, nil
		}
		if !fr.transparent {
			return nil, unknownLoc(pos, name, "a parameter or a local of "+fr.fn.Name)
		}
	}
	// Only transparent frames: thread scope.
	return l.threadIdent(name, pos)
}

// threadIdent resolves an identifier read at thread scope: a parameter is
// the address of its location, a known register its value.
func (l *cLowerer) threadIdent(name string, pos litmus.Pos) (litmus.Expr, error) {
	if l.params[name] {
		return &litmus.Const{V: litmus.Addr(name)}, nil
	}
	if !l.regs[name] && !l.inited[name] {
		return nil, unknownLoc(pos, name, fmt.Sprintf("a parameter of P%d, a local assigned before this use, or a register the init block sets", l.thr.ID))
	}
	l.useReg(name)
	return litmus.R(name), nil
}

// unknownLoc is the error for a name no scope defines; what says what it
// should have been.
func unknownLoc(pos litmus.Pos, name, what string) error {
	return litmus.Errorf(pos, "unknown location %q (expected %s)", name, what)
}

// innerFrame is the innermost frame that is a function call, or nil.
func (l *cLowerer) innerFrame() *cFrame {
	for fr := l.frame; fr != nil; fr = fr.parent {
		if !fr.transparent {
			return fr
		}
	}
	return nil
}

// declare introduces a local register and returns its IR name.
func (l *cLowerer) declare(name string) string {
	if fr := l.innerFrame(); fr != nil {
		r := l.temp()
		fr.regs[name] = r
		return r
	}
	delete(l.params, name)
	l.useReg(name)
	return name
}

// assignable returns the IR register that "name = ..." writes.
func (l *cLowerer) assignable(name string, pos litmus.Pos) (string, error) {
	if fr := l.innerFrame(); fr != nil {
		for f := l.frame; f != nil; f = f.parent {
			if r, ok := f.regs[name]; ok {
				return r, nil
			}
			if _, ok := f.vars[name]; ok {
				return "", litmus.Unsupported(pos, fmt.Sprintf("assignment to parameter %q", name))
			}
			if !f.transparent {
				break
			}
		}
		return "", unknownLoc(pos, name, "a parameter or a local of "+fr.fn.Name)
	}
	if l.params[name] {
		return "", litmus.Unsupported(pos, fmt.Sprintf("assignment to parameter %q", name))
	}
	// The caller records the register once the value is computed: in
	// "r1 = r1 + 1" the read of r1 comes first.
	return name, nil
}

// returnStmt lowers "return e;" in an inlined function.
func (l *cLowerer) returnStmt(s *cReturn, text string) error {
	fr := l.innerFrame()
	if fr == nil {
		return litmus.Unsupported(l.pos(s.Pos), "return in a thread")
	}
	if s.Value == nil {
		if fr.ret != "" {
			return litmus.Errorf(l.pos(s.Pos), "%s must return a value", fr.fn.Name)
		}
		return nil
	}
	if fr.ret == "" {
		return litmus.Errorf(l.pos(s.Pos), "%s returns no value", fr.fn.Name)
	}
	// The result has the function's type, whatever the register's.
	v, t, err := l.typedExpr(s.Value)
	if err != nil {
		return err
	}
	l.emit(litmus.Instr{Pos: l.pos(s.Pos), Text: text, Op: litmus.OpMove, Dst: fr.ret, Src: convert(v, t, fr.retType)})
	return nil
}

// inline lowers a call of a defined function: arguments are evaluated in
// the caller's scope, then the body runs in a frame of its own.
func (l *cLowerer) inline(fn *cFunc, c *cCall, dst string, want bool) (litmus.Expr, error) {
	pos := l.pos(c.Pos)
	if len(c.Args) != len(fn.Params) {
		return nil, litmus.Errorf(pos, "%s expects %d argument%s, found %d", fn.Name, len(fn.Params), plural(len(fn.Params)), len(c.Args))
	}
	void := len(fn.Stars) == 0 && len(fn.Ret.Words) == 1 && fn.Ret.Words[0] == "void"
	if want && void {
		return nil, litmus.Errorf(pos, "%s returns no value", c.Name)
	}
	if l.depth() >= maxInline {
		return nil, litmus.Errorf(pos, "unsupported: calls nested more than %d deep (recursive %s?)", maxInline, fn.Name)
	}
	fr := &cFrame{fn: fn, f: l.defs.files[c.Name], vars: map[string]litmus.Expr{}, regs: map[string]string{}, parent: l.frame}
	for i, a := range c.Args {
		v, t, err := l.typedExpr(a)
		if err != nil {
			return nil, err
		}
		p := fn.Params[i]
		if len(p.Stars) > 0 {
			fr.vars[p.Name] = v
			continue
		}
		// A value parameter is a local register the body may assign.
		r := l.temp()
		pt := intType(p.Type, 0)
		l.types[r] = pt
		l.emit(litmus.Instr{Pos: pos, Text: p.Name + " = " + l.text(a.Pos, a.EndPos), Op: litmus.OpMove, Dst: r, Src: convert(v, t, pt)})
		fr.regs[p.Name] = r
	}
	if !void {
		if dst == "" {
			dst = l.temp()
		}
		fr.ret, fr.retType = dst, intType(fn.Ret, len(fn.Stars))
	}
	saved, savedF := l.frame, l.f
	l.frame, l.f = fr, fr.f
	var err error
	for _, s := range fn.Body {
		if err = l.stmt(s); err != nil {
			break
		}
	}
	l.frame, l.f = saved, savedF
	if err != nil {
		return nil, err
	}
	if void {
		return nil, nil
	}
	return litmus.R(dst), nil
}

// An extension primitive of this file.
type cExtKind uint8

const (
	extTryCmpxchg cExtKind = iota // (p, &old, new)
	extCondLoad                   // (p, cond)
	extAssume                     // (cond)
	extRelax                      // cpu_relax()
)

type cExt struct {
	kind cExtKind
	tag  string
}

var cExts = func() map[string]cExt {
	m := map[string]cExt{"__assume": {kind: extAssume}, "cpu_relax": {kind: extRelax, tag: litmus.TagBarrier}}
	for _, o := range []struct{ suffix, tag string }{
		{"", litmus.TagMB}, {"_relaxed", litmus.TagOnce}, {"_acquire", litmus.TagAcquire}, {"_release", litmus.TagRelease},
	} {
		m["try_cmpxchg"+o.suffix] = cExt{kind: extTryCmpxchg, tag: o.tag}
		m["atomic_try_cmpxchg"+o.suffix] = cExt{kind: extTryCmpxchg, tag: o.tag}
	}
	m["smp_cond_load_relaxed"] = cExt{kind: extCondLoad, tag: litmus.TagOnce}
	m["smp_cond_load_acquire"] = cExt{kind: extCondLoad, tag: litmus.TagAcquire}
	m["atomic_cond_read_relaxed"] = cExt{kind: extCondLoad, tag: litmus.TagOnce}
	m["atomic_cond_read_acquire"] = cExt{kind: extCondLoad, tag: litmus.TagAcquire}
	return m
}()

// extCall lowers a call of a defined function or of an extension; done is
// false when c is neither, for the kernel primitives to handle.
func (l *cLowerer) extCall(c *cCall, dst string, want bool) (litmus.Expr, bool, error) {
	if l.defs != nil {
		if fn, ok := l.defs.funcs[c.Name]; ok && !l.inside(fn) {
			v, err := l.inline(fn, c, dst, want)
			return v, true, err
		}
	}
	x, ok := cExts[c.Name]
	if !ok {
		return nil, false, nil
	}
	pos, text := l.pos(c.Pos), l.text(c.Pos, c.EndPos)
	nargs := map[cExtKind]int{extTryCmpxchg: 3, extCondLoad: 2, extAssume: 1, extRelax: 0}[x.kind]
	if len(c.Args) != nargs {
		return nil, true, litmus.Errorf(pos, "%s expects %d argument%s, found %d", c.Name, nargs, plural(nargs), len(c.Args))
	}
	if want && (x.kind == extAssume || x.kind == extRelax) {
		return nil, true, litmus.Errorf(pos, "%s returns no value", c.Name)
	}
	switch x.kind {
	case extRelax:
		l.emit(litmus.Instr{Pos: pos, Text: text, Op: litmus.OpFence, FTags: []string{x.tag}})
		return nil, true, nil
	case extAssume:
		from := len(l.thr.Code)
		cond, err := l.expr(c.Args[0])
		if err != nil {
			return nil, true, err
		}
		l.emit(litmus.Instr{Pos: pos, Text: text, Op: litmus.OpAssume, Cond: cond, CtrlDep: true, Spin: acquireAttempt(l.thr.Code[from:])})
		return nil, true, nil
	case extCondLoad:
		addr, err := l.expr(c.Args[0])
		if err != nil {
			return nil, true, err
		}
		if dst == "" {
			dst = l.temp()
		}
		from := l.emit(litmus.Instr{Pos: pos, Text: text, Op: litmus.OpLoad, Dst: dst, Addr: addr, RTags: []string{x.tag}, Size: l.exprSize(c.Args[0])})
		l.frame = &cFrame{vars: map[string]litmus.Expr{"VAL": litmus.R(dst)}, transparent: true, parent: l.frame}
		cond, err := l.expr(c.Args[1])
		l.frame = l.frame.parent
		if err != nil {
			return nil, true, err
		}
		// The wait: the load and the test repeat until the test holds.
		l.emit(litmus.Instr{Pos: pos, Text: text, Op: litmus.OpAssume, Cond: cond, CtrlDep: true, Spin: len(l.thr.Code) - from})
		return litmus.R(dst), true, nil
	}
	// try_cmpxchg(p, &old, new): t = cmpxchg(p, old, new); ok = t == old;
	// old = t.
	addr, err := l.expr(c.Args[0])
	if err != nil {
		return nil, true, err
	}
	old, err := l.regArg(c.Name, c.Args[1])
	if err != nil {
		return nil, true, err
	}
	nv, nt, err := l.typedExpr(c.Args[2])
	if err != nil {
		return nil, true, err
	}
	nv = convert(nv, nt, l.exprType(c.Args[0]))
	t := l.temp()
	tags := []string{x.tag}
	l.emit(litmus.Instr{Pos: pos, Text: text, Op: litmus.OpCAS, Dst: t, Addr: addr, Expect: litmus.R(old), Src: nv, RTags: tags, WTags: tags, Size: l.exprSize(c.Args[0])})
	res := l.temp()
	if dst != "" {
		res = dst
	}
	l.emit(litmus.Instr{Pos: pos, Text: text, Op: litmus.OpMove, Dst: res, Src: litmus.Bin(litmus.OpEq, litmus.R(t), litmus.R(old))})
	l.emit(litmus.Instr{Pos: pos, Text: text, Op: litmus.OpMove, Dst: old, Src: litmus.R(t)})
	return litmus.R(res), true, nil
}

// acquireAttempt is the Spin of an __assume whose condition lowered to
// attempt: the spinning final attempt of a lock's acquire (a fragment's
// __assume(cmpxchg_acquire(...) == 0)) when it reads with acquire
// ordering, 0 for a plain assumption (a test's choice, such as the queue
// order an OSQ test fixes), which cuts the paths it contradicts.
func acquireAttempt(attempt []litmus.Instr) int {
	for _, in := range attempt {
		if slices.Contains(in.RTags, litmus.TagAcquire) {
			return len(attempt)
		}
	}
	return 0
}

// inside reports whether fn is being inlined already: a function that
// redefines a primitive may call the primitive itself.
func (l *cLowerer) inside(fn *cFunc) bool {
	for fr := l.frame; fr != nil; fr = fr.parent {
		if fr.fn == fn {
			return true
		}
	}
	return false
}

// regArg lowers the "&old" argument of try_cmpxchg to old's register.
func (l *cLowerer) regArg(name string, a *cExpr) (string, error) {
	u := single(a)
	if u == nil || u.Op != "&" || u.X.Primary == nil || u.X.Primary.Ident == "" {
		return "", litmus.Errorf(l.pos(a.Pos), "%s expects \"&r\", the address of a local variable, as its second argument", name)
	}
	// old is read (the expected value) before it is written.
	if _, _, err := l.primary(u.X.Primary); err != nil {
		return "", err
	}
	r, err := l.assignable(u.X.Primary.Ident, l.pos(a.Pos))
	if err == nil && l.innerFrame() == nil {
		l.useReg(r)
	}
	return r, err
}
