// This file implements Compile, which turns a C test, lowered to the IR,
// into an assembly test for a target: each IR instruction becomes the
// target table's template for the kernel primitive it came from.
package locks

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/parser"
)

// A Target is an architecture C tests compile to, with the model that
// checks the compiled tests.
type Target struct {
	// Name is the --model name.
	Name string
	// Title heads the target's column in tables and reports.
	Title string
	Table *Table
	// Acquire is what {acq} stands for (POWER's PPC_ACQUIRE_BARRIER).
	Acquire string
	// Model is the name of the model that checks the compiled test.
	Model string
	// Doc says what the target is.
	Doc string
}

// Targets are the hardware targets, in the order of the proof table.
var Targets = []*Target{
	{Name: "power", Title: "POWER", Table: Power, Acquire: "lwsync", Model: "power",
		Doc: "ppc64, acquire barrier lwsync (as patched at boot on every CPU with lwsync)"},
	{Name: "power-isync", Title: "POWER isync", Table: Power, Acquire: "isync", Model: "power",
		Doc: "ppc64, acquire barrier isync (the source's PPC_ACQUIRE_BARRIER before boot patching)"},
	{Name: "armv8", Title: "ARMv8", Table: ARMv8, Model: "armv8",
		Doc: "arm64 with LL/SC atomics (LDXR/STXR)"},
	{Name: "armv8-lse", Title: "ARMv8 LSE", Table: ARMv8LSE, Model: "armv8",
		Doc: "arm64 with LSE atomics (CAS, SWP, LD<op>)"},
	{Name: "tso", Title: "TSO", Table: X86, Model: "x86-tso",
		Doc: "x86-64 in herd's X86_64 dialect, under x86-TSO with locked RMWs in coherence order (models.X86TSO)"},
}

// TargetByName finds a target by its --model name.
func TargetByName(name string) *Target {
	name = strings.ToLower(name)
	for _, t := range Targets {
		if t.Name == name {
			return t
		}
	}
	return nil
}

// A Compiled is a C test compiled for a target.
type Compiled struct {
	Target *Target
	// Source is the C test.
	Source *litmus.Test
	// Text is the assembly test in the target's herd dialect.
	Text string
	// Test is Text as the parser reads it: what runs.
	Test *litmus.Test
	// CRegs maps the registers of Test that stand for C registers to
	// those C registers, so that results read in the C test's terms.
	CRegs map[litmus.LocRef]litmus.LocRef
}

// Compile compiles the C test t for target. t's lock operations must
// already be expanded (as lock fragments do): a native LKMM spin_lock has
// no instruction sequence.
func Compile(t *litmus.Test, target *Target) (*Compiled, error) {
	if t.Arch != litmus.ArchC {
		return nil, fmt.Errorf("%s: only C tests compile, this one is %s", t.Name, t.Arch)
	}
	syn := syntaxFor(target.Table.Arch)
	observed := map[litmus.LocRef]bool{}
	for _, l := range append(append(litmus.PropLocs(t.Cond.Prop), propLocs(t.Filter)...), t.Locations...) {
		if l.IsReg() {
			observed[l] = true
		}
	}
	comp := &Compiled{Target: target, Source: t, CRegs: map[litmus.LocRef]litmus.LocRef{}}
	var threads []*threadComp
	for _, th := range t.Threads {
		tc := newThreadComp(target, syn, th)
		for l := range observed {
			if l.Thread == th.ID {
				tc.observed[l.Name] = true
			}
		}
		// Registers the init block sets get machine registers first.
		for _, it := range t.Init {
			if it.Loc.Thread == th.ID {
				tc.preset = append(tc.preset, it.Loc.Name)
			}
		}
		if err := tc.compile(); err != nil {
			return nil, fmt.Errorf("%s: P%d: %w", t.Name, th.ID, err)
		}
		threads = append(threads, tc)
	}
	mapLoc := func(l litmus.LocRef) litmus.LocRef {
		if !l.IsReg() || l.Thread >= len(threads) {
			return l
		}
		r := litmus.LocRef{Thread: l.Thread, Name: threads[l.Thread].reg(l.Name)}
		comp.CRegs[r] = l
		return r
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s\n", target.Table.Arch, t.Name)
	fmt.Fprintf(&b, "(* %s compiled by litmuscheck for %s: %s *)\n", t.Name, target.Title, target.Doc)
	// Init: the C test's, then the address registers.
	var init []string
	for _, it := range t.Init {
		switch {
		case it.Loc.Thread == -1:
			init = append(init, fmt.Sprintf("%s=%s;", it.Loc.Name, it.Value))
		case it.Loc.Thread >= 0:
			r := mapLoc(it.Loc)
			init = append(init, fmt.Sprintf("%d:%s=%s;", r.Thread, r.Name, it.Value))
		}
	}
	for _, tc := range threads {
		init = append(init, tc.init...)
	}
	b.WriteString("{\n")
	for _, s := range init {
		b.WriteString(s + "\n")
	}
	b.WriteString("}\n")
	first := linesIn(&b) + 1
	writeColumns(&b, threads)
	if len(t.Locations) > 0 {
		var ls []string
		for _, l := range t.Locations {
			ls = append(ls, formatLoc(mapLoc(l))+";")
		}
		fmt.Fprintf(&b, "locations [%s]\n", strings.Join(ls, " "))
	}
	var filter []string
	if t.Filter != nil {
		filter = append(filter, formatProp(mapProp(t.Filter, mapLoc)))
	}
	for _, tc := range threads {
		if tc.flag != "" {
			filter = append(filter, fmt.Sprintf("%d:%s=0", tc.th.ID, tc.flag))
		}
	}
	if len(filter) == 1 && t.Filter != nil {
		filter[0] = formatCond(mapProp(t.Filter, mapLoc))
	}
	if len(filter) > 0 {
		fmt.Fprintf(&b, "filter (%s)\n", strings.Join(filter, " /\\ "))
	}
	fmt.Fprintf(&b, "%s (%s)\n", t.Cond.Quant, formatCond(mapProp(t.Cond.Prop, mapLoc)))
	comp.Text = b.String()
	asm, err := parser.Parse(t.File, comp.Text)
	if err != nil {
		return nil, fmt.Errorf("%s: the %s assembly does not parse (should never happen): %v\n%s", t.Name, target.Title, err, comp.Text)
	}
	markSpins(asm, threads)
	attributeToC(asm, threads, first)
	comp.Test = asm
	return comp, nil
}

func propLocs(p litmus.Prop) []litmus.LocRef {
	if p == nil {
		return nil
	}
	return litmus.PropLocs(p)
}

// writeColumns prints the threads side by side, as herd's tests do.
func writeColumns(b *strings.Builder, threads []*threadComp) {
	// herd refuses a header with no row under it, so a test whose threads
	// all compile to nothing (barrier() on x86) gets one empty row.
	rows := 1
	width := make([]int, len(threads))
	for i, tc := range threads {
		rows = max(rows, len(tc.out))
		width[i] = len("P" + strconv.Itoa(tc.th.ID))
		for _, s := range tc.out {
			width[i] = max(width[i], len(s))
		}
	}
	line := func(cell func(i int) string) {
		for i := range threads {
			if i > 0 {
				b.WriteString(" |")
			}
			fmt.Fprintf(b, " %-*s", width[i], cell(i))
		}
		b.WriteString(" ;\n")
	}
	line(func(i int) string { return "P" + strconv.Itoa(threads[i].th.ID) })
	for r := 0; r < rows; r++ {
		line(func(i int) string {
			if r < len(threads[i].out) {
				return threads[i].out[r]
			}
			return ""
		})
	}
}

// threadComp compiles one thread.
type threadComp struct {
	// origins are the C positions of body's lines (origin.go).
	origins []litmus.Pos
	target  *Target
	syn     syntax
	th      *litmus.Thread

	// Set up before compiling (valid for the whole thread).
	observed map[string]bool // IR registers the condition reads
	preset   []string        // IR registers the init block sets
	assigns  map[string][]int
	uses     map[string][]int
	spans    [][2]int // forward branches: (branch, target) pcs
	labels   map[int]string

	// Built while compiling.
	free     []string
	regs     map[string]string // IR register -> machine register
	addrs    map[string]string // location -> register holding its address
	consts   map[int64]string
	prologue []string
	body     []string
	init     []string
	lazy     map[string]litmus.Expr // IR register -> symbolic boolean
	temps    []string               // scratch of the instruction being compiled
	tempFree []string
	nlabel   int
	abort    string // abort label, "" until used
	spin     string // label of the failed attempts of spins, "" until used
	flag     string // abort flag register
	pc       int
	out      []string
}

func newThreadComp(target *Target, syn syntax, th *litmus.Thread) *threadComp {
	return &threadComp{
		target: target, syn: syn, th: th,
		observed: map[string]bool{}, assigns: map[string][]int{}, uses: map[string][]int{},
		labels: map[int]string{},
		free:   append([]string(nil), syn.pool()...),
		regs:   map[string]string{}, addrs: map[string]string{}, consts: map[int64]string{},
		lazy: map[string]litmus.Expr{},
	}
}

// alloc takes a machine register for good.
func (tc *threadComp) alloc() string {
	if len(tc.free) == 0 {
		panic(errOutOfRegs)
	}
	r := tc.free[0]
	tc.free = tc.free[1:]
	return r
}

type compileError struct{ msg string }

var errOutOfRegs = compileError{"out of machine registers"}

// temp takes a scratch register for the instruction being compiled.
func (tc *threadComp) temp() string {
	var r string
	if len(tc.tempFree) > 0 {
		r, tc.tempFree = tc.tempFree[0], tc.tempFree[1:]
	} else {
		r = tc.alloc()
	}
	tc.temps = append(tc.temps, r)
	return r
}

func (tc *threadComp) releaseTemps() {
	tc.tempFree = append(tc.tempFree, tc.temps...)
	tc.temps = nil
}

// reg is the machine register of an IR register.
func (tc *threadComp) reg(name string) string {
	if r, ok := tc.regs[name]; ok {
		return r
	}
	r := tc.alloc()
	tc.regs[name] = r
	return r
}

// addrReg is a register holding the address of loc, set by the init block.
func (tc *threadComp) addrReg(loc string) string {
	if r, ok := tc.addrs[loc]; ok {
		return r
	}
	r := tc.alloc()
	tc.addrs[loc] = r
	tc.init = append(tc.init, fmt.Sprintf("%d:%s=%s;", tc.th.ID, r, loc))
	return r
}

// constReg is a register holding k: one set at the start of the thread,
// or on x86, where registers are few, a scratch register set just before
// the instruction that needs it.
func (tc *threadComp) constReg(k int64) string {
	if tc.syn.direct() {
		r := tc.temp()
		tc.emit(tc.syn.li(r, k))
		return r
	}
	if r, ok := tc.consts[k]; ok {
		return r
	}
	r := tc.alloc()
	tc.consts[k] = r
	tc.prologue = append(tc.prologue, tc.syn.li(r, k))
	return r
}

func (tc *threadComp) newLabel() string {
	tc.nlabel++
	return fmt.Sprintf("L%d_%d", tc.th.ID, tc.nlabel)
}

func (tc *threadComp) emit(s ...string) {
	tc.body = append(tc.body, s...)
	for range s {
		tc.origins = append(tc.origins, tc.origin())
	}
}

// compile compiles the thread into tc.out.
func (tc *threadComp) compile() (err error) {
	defer func() {
		if r := recover(); r != nil {
			ce, ok := r.(compileError)
			if !ok {
				panic(r)
			}
			err = fmt.Errorf("%s", ce.msg)
		}
	}()
	code := tc.th.Code
	for _, r := range tc.preset {
		tc.reg(r)
	}
	tc.analyse()
	for pc := range code {
		tc.pc = pc
		if l, ok := tc.labels[pc]; ok {
			tc.emit(l + ":")
		}
		if err := tc.instr(&code[pc]); err != nil {
			return fmt.Errorf("%s: %w", describe(&code[pc]), err)
		}
		tc.releaseTemps()
	}
	tc.pc = len(code)
	if l, ok := tc.labels[len(code)]; ok {
		tc.emit(l + ":")
	}
	// Booleans the condition reads, after the last memory access.
	var names []string
	for n := range tc.observed {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if e, ok := tc.lazy[n]; ok {
			if err := tc.materialize(tc.reg(n), e); err != nil {
				return err
			}
		}
		tc.reg(n)
	}
	if tc.abort != "" {
		tc.flag = tc.alloc()
		end := tc.newLabel()
		tc.emit(tc.syn.jump(end))
		if tc.spin != "" {
			tc.emit(tc.spin + ":")
		}
		tc.emit(tc.abort+":", tc.syn.li(tc.flag, 1), end+":")
	}
	tc.out = append(tc.prologue, tc.body...)
	return nil
}

func describe(in *litmus.Instr) string {
	if in.Text != "" {
		return strconv.Quote(in.Text)
	}
	return in.Op.String()
}

// analyse finds the branch targets, the forward-branch spans and, for each
// register, where it is assigned and read.
func (tc *threadComp) analyse() {
	for pc := range tc.th.Code {
		in := &tc.th.Code[pc]
		if in.Op == litmus.OpBranch {
			if _, ok := tc.labels[in.Target]; !ok {
				tc.labels[in.Target] = tc.newLabel()
			}
			if in.Target > pc {
				tc.spans = append(tc.spans, [2]int{pc, in.Target})
			}
		}
		if in.Dst != "" {
			tc.assigns[in.Dst] = append(tc.assigns[in.Dst], pc)
		}
		for _, e := range []litmus.Expr{in.Addr, in.Src, in.Expect, in.Cond} {
			for _, r := range exprRegs(e) {
				tc.uses[r] = append(tc.uses[r], pc)
			}
		}
	}
}

func exprRegs(e litmus.Expr) []string {
	var out []string
	litmus.WalkExpr(e, func(e litmus.Expr) {
		if r, ok := e.(*litmus.RegRef); ok {
			out = append(out, r.Name)
		}
	})
	return out
}

// inSpan reports whether pc lies inside the forward branch s: after the
// branch and before its target.
func inSpan(s [2]int, pc int) bool { return pc > s[0] && pc < s[1] }

// canBeLazy reports whether the boolean assigned to r at pc may stay
// symbolic: r is assigned once, every use is reached only through pc, and
// if the condition reads r, pc is not conditional.
func (tc *threadComp) canBeLazy(r string, pc int) bool {
	if len(tc.assigns[r]) != 1 {
		return false
	}
	for _, s := range tc.spans {
		if !inSpan(s, pc) {
			continue
		}
		if tc.observed[r] {
			return false
		}
		for _, u := range tc.uses[r] {
			if !inSpan(s, u) {
				return false
			}
		}
	}
	for _, u := range tc.uses[r] {
		if u <= pc {
			return false
		}
	}
	return true
}

// stable reports whether IR register r holds, from pc on, the value it
// holds at pc: it is assigned at most once, and not after pc.
func (tc *threadComp) stable(r string, pc int) bool {
	a := tc.assigns[r]
	return len(a) == 0 || len(a) == 1 && a[0] < pc
}

func isBool(e litmus.Expr) bool {
	switch e := e.(type) {
	case *litmus.Binary:
		switch e.Op {
		case litmus.OpEq, litmus.OpNe, litmus.OpLt, litmus.OpLe, litmus.OpGt, litmus.OpGe, litmus.OpLAnd, litmus.OpLOr:
			return true
		}
	case *litmus.Unary:
		return e.Op == litmus.OpNot
	}
	return false
}

// resolve rewrites e over machine registers: an IR register becomes its
// machine register, or its symbolic boolean. With snap, registers whose
// value may change later are first copied to registers of their own.
func (tc *threadComp) resolve(e litmus.Expr, snap bool) litmus.Expr {
	switch e := e.(type) {
	case *litmus.RegRef:
		if l, ok := tc.lazy[e.Name]; ok {
			return l
		}
		r := tc.reg(e.Name)
		if snap && !tc.stable(e.Name, tc.pc) {
			s := tc.alloc()
			tc.emit(tc.syn.mov(s, r))
			r = s
		}
		return litmus.R(r)
	case *litmus.Unary:
		return &litmus.Unary{Op: e.Op, X: tc.resolve(e.X, snap)}
	case *litmus.Binary:
		return litmus.Bin(e.Op, tc.resolve(e.X, snap), tc.resolve(e.Y, snap))
	case *litmus.Ite:
		return &litmus.Ite{Cond: tc.resolve(e.Cond, snap), Then: tc.resolve(e.Then, snap), Else: tc.resolve(e.Else, snap)}
	}
	return e
}

// value returns a register holding the resolved expression e.
func (tc *threadComp) value(e litmus.Expr) (string, error) {
	switch e := e.(type) {
	case *litmus.Const:
		if e.V.IsAddr() {
			if e.V.Off != 0 {
				return "", fmt.Errorf("unsupported: address %s with an offset", e.V)
			}
			return tc.addrReg(e.V.Sym), nil
		}
		return tc.constReg(e.V.Off), nil
	case *litmus.RegRef:
		return e.Name, nil
	}
	d := tc.temp()
	return d, tc.into(d, e)
}

// into computes the resolved expression e into register d.
func (tc *threadComp) into(d string, e litmus.Expr) error {
	if isBool(e) {
		if mentions(e, d) {
			t := tc.temp()
			if err := tc.materialize(t, e); err != nil {
				return err
			}
			tc.emit(tc.syn.mov(d, t))
			return nil
		}
		return tc.materialize(d, e)
	}
	switch x := e.(type) {
	case *litmus.Const:
		if !x.V.IsAddr() {
			tc.emit(tc.syn.li(d, x.V.Off))
			return nil
		}
	case *litmus.Binary:
		a, err := tc.value(x.X)
		if err != nil {
			return err
		}
		if k, ok := x.Y.(*litmus.Const); ok && x.Op == litmus.OpShl && !k.V.IsAddr() && k.V.Off >= 0 && k.V.Off < 32 {
			tc.emit(tc.syn.shl(d, a, k.V.Off, tc.constReg)...)
			return nil
		}
		b, err := tc.value(x.Y)
		if err != nil {
			return err
		}
		s, err := tc.syn.arith(tc.target.Table, x.Op, d, a, b)
		if err != nil {
			return err
		}
		tc.emit(s...)
		return nil
	case *litmus.Unary, *litmus.Ite:
		return fmt.Errorf("unsupported: expression %s", formatExpr(e))
	}
	r, err := tc.value(e)
	if err != nil {
		return err
	}
	if r != d {
		tc.emit(tc.syn.mov(d, r))
	}
	return nil
}

func mentions(e litmus.Expr, r string) bool {
	for _, x := range exprRegs(e) {
		if x == r {
			return true
		}
	}
	return false
}

// materialize sets d to 1 when the resolved boolean e holds, else 0.
func (tc *threadComp) materialize(d string, e litmus.Expr) error {
	l := tc.newLabel()
	tc.emit(tc.syn.li(d, 1))
	if err := tc.branch(e, l, true); err != nil {
		return err
	}
	tc.emit(tc.syn.li(d, 0), l+":")
	return nil
}

var negated = map[litmus.BinOp]litmus.BinOp{
	litmus.OpEq: litmus.OpNe, litmus.OpNe: litmus.OpEq,
	litmus.OpLt: litmus.OpGe, litmus.OpGe: litmus.OpLt,
	litmus.OpGt: litmus.OpLe, litmus.OpLe: litmus.OpGt,
}

var mirrored = map[litmus.BinOp]litmus.BinOp{
	litmus.OpEq: litmus.OpEq, litmus.OpNe: litmus.OpNe,
	litmus.OpLt: litmus.OpGt, litmus.OpGt: litmus.OpLt,
	litmus.OpLe: litmus.OpGe, litmus.OpGe: litmus.OpLe,
}

// branch jumps to label when the resolved e is true (when) or false.
func (tc *threadComp) branch(e litmus.Expr, label string, when bool) error {
	switch x := e.(type) {
	case *litmus.Unary:
		if x.Op == litmus.OpNot {
			return tc.branch(x.X, label, !when)
		}
	case *litmus.Binary:
		switch x.Op {
		case litmus.OpLAnd, litmus.OpLOr:
			// "a && b" is true when both are; "a || b" when either is.
			and := x.Op == litmus.OpLAnd
			if and == when {
				skip := tc.newLabel()
				if err := tc.branch(x.X, skip, !when); err != nil {
					return err
				}
				if err := tc.branch(x.Y, label, when); err != nil {
					return err
				}
				tc.emit(skip + ":")
				return nil
			}
			if err := tc.branch(x.X, label, when); err != nil {
				return err
			}
			return tc.branch(x.Y, label, when)
		}
		if _, ok := negated[x.Op]; ok {
			op, a, b := x.Op, x.X, x.Y
			if c, ok := a.(*litmus.Const); ok && !c.V.IsAddr() {
				op, a, b = mirrored[op], b, a
			}
			if !when {
				op = negated[op]
			}
			ra, err := tc.value(a)
			if err != nil {
				return err
			}
			if c, ok := b.(*litmus.Const); ok && !c.V.IsAddr() {
				s, err := tc.syn.branch(op, ra, "", c.V.Off, true, label)
				tc.emit(s...)
				return err
			}
			rb, err := tc.value(b)
			if err != nil {
				return err
			}
			s, err := tc.syn.branch(op, ra, rb, 0, false, label)
			tc.emit(s...)
			return err
		}
	}
	return tc.branch(litmus.Bin(litmus.OpNe, e, litmus.C(0)), label, when)
}

// abortLabel is the thread's abort label.
func (tc *threadComp) abortLabel() string {
	if tc.abort == "" {
		tc.abort = fmt.Sprintf("Abort%d", tc.th.ID)
	}
	return tc.abort
}

// spinLabel is the label the failed attempt of a spin branches to: it
// aborts the path as abortLabel does, and markSpins makes the branches to
// it hang (see litmus/hang.go).
func (tc *threadComp) spinLabel() string {
	if tc.spin == "" {
		tc.spin = fmt.Sprintf("Spin%d", tc.th.ID)
		tc.abortLabel()
	}
	return tc.spin
}

// markSpins sets Spin on the branches of asm to the spin labels of
// threads: the compiled form of a spin's failed final attempt, which
// hangs when the value it read is final.
func markSpins(asm *litmus.Test, threads []*threadComp) {
	for t, tc := range threads {
		if tc.spin == "" || t >= len(asm.Threads) {
			continue
		}
		code := asm.Threads[t].Code
		for i := range code {
			text := strings.TrimSpace(code[i].Text)
			if code[i].Op == litmus.OpBranch && strings.HasSuffix(text, tc.spin) {
				if k := len(text) - len(tc.spin) - 1; k >= 0 && (text[k] == ' ' || text[k] == ',' || text[k] == '\t') {
					code[i].Spin = 1
				}
			}
		}
	}
}

// suffixes maps the ordering annotation of an RMW to its kernel suffix.
var suffixes = map[string]string{"ONCE": "_relaxed", "ACQUIRE": "_acquire", "RELEASE": "_release", "MB": ""}

var fencePrims = map[string]string{
	"MB": "smp_mb", "Rmb": "smp_rmb", "Wmb": "smp_wmb",
	"Before-atomic": "smp_mb__before_atomic", "After-atomic": "smp_mb__after_atomic",
	"After-spinlock": "smp_mb__after_spinlock", "After-unlock-lock": "smp_mb__after_unlock_lock",
	"Barrier": "barrier",
}

func oneTag(tags []string) string {
	if len(tags) == 1 {
		return tags[0]
	}
	if len(tags) == 0 {
		return ""
	}
	return strings.Join(tags, ",")
}

// Primitive names the kernel primitive an IR instruction of a C test came
// from, as the tables key it, or "" when it is none of them (an
// OpMove, a branch, or a construct no table maps).
func Primitive(in *litmus.Instr) string {
	tag := oneTag(in.RTags)
	switch in.Op {
	case litmus.OpLoad:
		switch tag {
		case "", "ONCE":
			return "READ_ONCE"
		case "ACQUIRE":
			return "smp_load_acquire"
		}
	case litmus.OpStore:
		switch oneTag(in.WTags) {
		case "", "ONCE":
			return "WRITE_ONCE"
		case "RELEASE":
			return "smp_store_release"
		}
	case litmus.OpFence:
		if in.Addr == nil {
			return fencePrims[oneTag(in.FTags)]
		}
	case litmus.OpRMW:
		if tag == "NORETURN" {
			return "atomic_op"
		}
		suf, ok := suffixes[tag]
		if !ok {
			return ""
		}
		if in.RMWOp == litmus.OpXchg {
			return "xchg" + suf
		}
		return "atomic_fetch_op" + suf
	case litmus.OpCAS:
		if in.AddUnless && in.FailTags == nil && tag == tagFullFence {
			return "atomic_fetch_add_unless"
		}
		if in.AddUnless || in.FailTags != nil {
			return ""
		}
		if suf, ok := suffixes[tag]; ok {
			return "cmpxchg" + suf
		}
	}
	return ""
}

// instr compiles one IR instruction.
func (tc *threadComp) instr(in *litmus.Instr) error {
	switch in.Op {
	case litmus.OpNop:
		return nil
	case litmus.OpMove:
		if isBool(in.Src) && tc.canBeLazy(in.Dst, tc.pc) {
			tc.lazy[in.Dst] = tc.resolve(in.Src, true)
			return nil
		}
		return tc.into(tc.reg(in.Dst), tc.resolve(in.Src, false))
	case litmus.OpBranch:
		label := tc.labels[in.Target]
		if in.Cond == nil {
			tc.emit(tc.syn.jump(label))
			return nil
		}
		return tc.branch(tc.resolve(in.Cond, false), label, true)
	case litmus.OpAssume:
		if in.Spin > 0 {
			return tc.branch(tc.resolve(in.Cond, false), tc.spinLabel(), false)
		}
		return tc.branch(tc.resolve(in.Cond, false), tc.abortLabel(), false)
	}
	prim := Primitive(in)
	if prim == "" && rcuOnly(in) {
		return fmt.Errorf("%w: RCU and SRCU are defined by the LKMM alone (tags %s)", ErrNoMapping, strings.Join(append(append(in.RTags, in.WTags...), in.FTags...), ","))
	}
	if prim == "" {
		return fmt.Errorf("no %s instruction for this primitive (tags %s)", tc.target.Title, strings.Join(append(append(in.RTags, in.WTags...), in.FTags...), ","))
	}
	if alt, ok := tc.target.Table.NoReturnAs[in.RMWOp]; ok && prim == "atomic_op" {
		prim = alt
	}
	tmpl, ok := tc.target.Table.Prims[prim]
	if !ok {
		return fmt.Errorf("the %s table has no %s", tc.target.Title, prim)
	}
	ops := map[string]string{}
	// Operands, read before the destination is written.
	var addrRegs []string
	if in.Addr != nil {
		a := tc.resolve(in.Addr, false)
		if c, ok := a.(*litmus.Const); ok && c.V.IsAddr() && c.V.Off == 0 && tc.syn.direct() {
			ops["a"] = tc.syn.mem("", c.V.Sym)
		} else {
			r, err := tc.value(a)
			if err != nil {
				return err
			}
			ops["a"] = tc.syn.mem(r, "")
			addrRegs = append(addrRegs, r)
		}
	}
	var src string
	if in.Src != nil {
		r, err := tc.value(tc.resolve(in.Src, false))
		if err != nil {
			return err
		}
		src = r
		ops["s"] = tc.syn.asm(r)
	}
	var exp string
	if in.Expect != nil {
		r, err := tc.value(tc.resolve(in.Expect, false))
		if err != nil {
			return err
		}
		exp = r
		ops["e"] = tc.syn.asm(r)
	}
	if strings.HasPrefix(prim, "atomic_") {
		m, ok := tc.target.Table.Ops[in.RMWOp]
		if !ok {
			return fmt.Errorf("the %s table has no atomic %s", tc.target.Title, opName(in.RMWOp))
		}
		ops["op"] = m
		if p, ok := tc.target.Table.Prep[in.RMWOp]; ok {
			t := tc.temp()
			for _, line := range p {
				tc.emit(fill(line, map[string]string{"t": tc.syn.asm(t), "s": ops["s"]}))
			}
			ops["s"] = tc.syn.asm(t)
		}
	}
	// The destination: a scratch register when the IR result is dropped,
	// returns the new value, or shares a register with an operand.
	final := ""
	if in.Dst != "" {
		final = tc.reg(in.Dst)
	}
	d := final
	clash := d == src || d == exp || contains(addrRegs, d)
	if d == "" || in.ReturnNew || clash {
		d = tc.temp()
	}
	ops["d"] = tc.syn.asm(d)
	for _, p := range []string{"t", "t2", "f"} {
		if usesPlaceholder(tmpl, p) {
			r := tc.temp()
			ops[p] = tc.syn.asm(r)
			if p == "f" {
				ops[p] = tc.syn.status(r)
			}
		}
	}
	if usesPlaceholder(tmpl, "skip") {
		ops["skip"] = tc.newLabel()
	}
	if usesPlaceholder(tmpl, "abort") {
		ops["abort"] = tc.abortLabel()
	}
	ops["acq"] = tc.target.Acquire
	for _, line := range tmpl {
		tc.emit(fill(line, ops))
	}
	switch {
	case final == "":
	case in.ReturnNew:
		s, err := tc.syn.arith(tc.target.Table, in.RMWOp, final, d, src)
		if err != nil {
			return err
		}
		tc.emit(s...)
	case d != final:
		tc.emit(tc.syn.mov(final, d))
	}
	return nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func usesPlaceholder(tmpl []string, p string) bool {
	for _, l := range tmpl {
		if strings.Contains(l, "{"+p+"}") {
			return true
		}
	}
	return false
}

// fill replaces the placeholders of a template line.
func fill(line string, ops map[string]string) string {
	var b strings.Builder
	for {
		i := strings.IndexByte(line, '{')
		if i < 0 {
			b.WriteString(line)
			return b.String()
		}
		j := strings.IndexByte(line[i:], '}')
		if j < 0 {
			panic("should never happen: unclosed placeholder in " + line)
		}
		name := line[i+1 : i+j]
		v, ok := ops[name]
		if !ok {
			panic("should never happen: no value for {" + name + "}")
		}
		b.WriteString(line[:i])
		b.WriteString(v)
		line = line[i+j+1:]
	}
}
