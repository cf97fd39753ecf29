// This file implements Compile, which turns a C test, lowered to the IR,
// into an assembly test for a target: each IR instruction becomes the
// target table's template for the kernel primitive it came from.

package locks

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/locks/mapping"
	"github.com/litmuscheck/litmuscheck/parser"
)

// A Target is an architecture C tests compile to, with the model that
// checks the compiled tests.
type Target struct {
	// Name is the --model name.
	Name string
	// Title heads the target's column in tables and reports.
	Title string
	Table *mapping.Table
	// Acquire is what {acq} stands for (POWER's PPC_ACQUIRE_BARRIER).
	Acquire string
	// Model is the name of the model that checks the compiled test.
	Model string
	// Doc says what the target is.
	Doc string
	// registers, when above 0, bounds the machine registers the compiler
	// takes from the pool (a test makes the pool small to make threads
	// share registers).
	registers int
}

// Targets are the hardware targets, in the order of the proof table.
var Targets = []*Target{
	{Name: "power", Title: "POWER", Table: mapping.Power, Acquire: "lwsync", Model: "power",
		Doc: "ppc64, acquire barrier lwsync (as patched at boot on every CPU with lwsync)"},
	{Name: "power-isync", Title: "POWER isync", Table: mapping.Power, Acquire: "isync", Model: "power",
		Doc: "ppc64, acquire barrier isync (the source's PPC_ACQUIRE_BARRIER before boot patching)"},
	{Name: "armv8", Title: "ARMv8", Table: mapping.ARMv8, Model: "armv8",
		Doc: "arm64 with LL/SC atomics (LDXR/STXR)"},
	{Name: "armv8-lse", Title: "ARMv8 LSE", Table: mapping.ARMv8LSE, Model: "armv8",
		Doc: "arm64 with LSE atomics (CAS, SWP, LD<op>)"},
	{Name: "tso", Title: "TSO", Table: mapping.X86, Model: "x86-tso",
		Doc: "x86-64 in herd's X86_64 dialect, under x86-TSO with locked RMWs in coherence order (models.X86TSO)"},
	{Name: "riscv", Title: "RISC-V", Table: mapping.RISCV, Model: "riscv",
		Doc: "RV64 without Zabha and Zacas (the kernel's compiled-in default), under RVWMO"},
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
	mixed, err := compilesMixed(t, target)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", t.Name, err)
	}
	threads, err := compileThreads(t, target, mixed)
	if err != nil {
		return nil, err
	}
	comp := &Compiled{Target: target, Source: t, CRegs: map[litmus.LocRef]litmus.LocRef{}}
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
	writeInit(&b, t, threads, mapLoc)
	first := linesIn(&b) + 1
	writeColumns(&b, threads)
	writeConditions(&b, t, threads, mapLoc)
	comp.Text = b.String()
	asm, err := parser.Parse(t.File, comp.Text)
	if err != nil {
		return nil, fmt.Errorf("%s: the %s assembly does not parse (should never happen): %v\n%s", t.Name, target.Title, err, comp.Text)
	}
	markSpins(asm, threads, first)
	markChoices(asm, threads, first)
	markAwait(asm, threads, first)
	attributeToC(asm, threads, first)
	// The C test's names, which its condition's warnings speak of, and
	// its locations' widths, which its values must fit.
	asm.Unused = t.Unused
	asm.LocBytes = t.LocBytes
	asm.ConsistentCuts = t.ConsistentCuts
	asm.Objects = t.Objects
	comp.Test = asm
	return comp, nil
}

// compilesMixed reports whether t compiles for target with every access
// at its exact width (mixedSizes).
func compilesMixed(t *litmus.Test, target *Target) (bool, error) {
	if target.Table.Arch == litmus.ArchRISCV {
		// As the LKMM, RISC-V runs a test whose sizes change nothing, at
		// the word's width.
		return false, refuseMixedOnRISCV(t)
	}
	return mixedSizes(t), nil
}

// compileThreads compiles the threads of t for target.
func compileThreads(t *litmus.Test, target *Target, mixed bool) ([]*threadComp, error) {
	syn := syntaxFor(target.Table.Arch)
	if target.registers > 0 {
		syn = fewRegisters{syn, target.registers}
	}
	observed := map[litmus.LocRef]bool{}
	for _, l := range append(append(litmus.PropLocs(t.Cond.Prop), propLocs(t.Filter)...), t.Locations...) {
		if l.IsReg() {
			observed[l] = true
		}
	}
	var threads []*threadComp
	for _, th := range t.Threads {
		tc, err := compileOneThread(t, th, target, syn, observed, mixed)
		if err != nil {
			return nil, fmt.Errorf("%s: P%d: %w", t.Name, th.ID, err)
		}
		threads = append(threads, tc)
	}
	return threads, nil
}

// compileOneThread compiles the thread th of t; observed are the registers
// t's final state shows.
func compileOneThread(t *litmus.Test, th *litmus.Thread, target *Target, syn syntax, observed map[litmus.LocRef]bool, mixed bool) (*threadComp, error) {
	var tc *threadComp
	var err error
	// A thread that needs more machine registers than the target has
	// is compiled again reusing the registers of dead IR registers, and
	// then sharing them between IR registers whose live ranges never
	// meet (compile_share.go); one that fits keeps one register per IR
	// register.
	for attempt := range 3 {
		tc = newThreadComp(target, syn, th)
		tc.mixed, tc.reuse, tc.locBytes = mixed, attempt > 0, t.LocBytes
		if attempt == 2 {
			tc.shared = &sharing{}
		}
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
		if err = tc.compile(); !errors.Is(err, errOutOfRegs) {
			break
		}
	}
	return tc, err
}

// writeInit prints the init block: the C test's, then the address
// registers.
func writeInit(b *strings.Builder, t *litmus.Test, threads []*threadComp, mapLoc func(litmus.LocRef) litmus.LocRef) {
	var init []string
	types := declaredTypes(t)
	for _, it := range t.Init {
		switch {
		case it.Loc.Thread == -1 && it.Size > 0:
			// A location laid out in word slots (a struct, a per-CPU
			// variable): an array of words, addressed in bytes.
			init = append(init, fmt.Sprintf("int %s[%d];", it.Loc.Name, it.Size))
		case it.Loc.Thread == -1:
			init = append(init, fmt.Sprintf("%s%s=%s;", types[it.Loc.Name], it.Loc.Name, it.Value))
			delete(types, it.Loc.Name)
		case it.Loc.Thread >= 0:
			r := mapLoc(it.Loc)
			init = append(init, fmt.Sprintf("%d:%s=%s;", r.Thread, r.Name, it.Value))
		}
	}
	for _, loc := range slices.Sorted(maps.Keys(types)) {
		init = append(init, fmt.Sprintf("%s%s=0;", types[loc], loc))
	}
	for _, tc := range threads {
		init = append(init, tc.init...)
	}
	b.WriteString("{\n")
	for _, s := range init {
		b.WriteString(s + "\n")
	}
	b.WriteString("}\n")
}

// writeConditions prints what follows the threads: the locations, the
// filter, with the flags of the threads' aborts, and the condition, on
// the compiled registers.
func writeConditions(b *strings.Builder, t *litmus.Test, threads []*threadComp, mapLoc func(litmus.LocRef) litmus.LocRef) {
	if len(t.Locations) > 0 {
		var ls []string
		for _, l := range t.Locations {
			ls = append(ls, litmus.FormatLocSource(mapLoc(l))+";")
		}
		fmt.Fprintf(b, "locations [%s]\n", strings.Join(ls, " "))
	}
	var filter []string
	if t.Filter != nil {
		filter = append(filter, litmus.FormatPropSource(mapProp(t.Filter, mapLoc)))
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
		fmt.Fprintf(b, "filter (%s)\n", strings.Join(filter, " /\\ "))
	}
	fmt.Fprintf(b, "%s (%s)\n", t.Cond.Quant, formatCond(mapProp(t.Cond.Prop, mapLoc)))
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

// markSpins sets Spin on the branches of asm to the spin labels of
// threads: the compiled form of a spin's failed final attempt, which
// hangs when the value it read is final. The program rows of asm's text
// start on line first. When the spin's condition has several tests
// (spinTests), its compiled attempt is several branches: Spin then spans
// the instructions compiled from the IR attempt, so that a hang counts
// every read that decided it (litmus.Instr.Spin).
func markSpins(asm *litmus.Test, threads []*threadComp, first int) {
	for t, tc := range threads {
		if tc.spin == "" || t >= len(asm.Threads) {
			continue
		}
		code := asm.Threads[t].Code
		irPC := func(k int) int {
			row := code[k].Pos.Line - first - 1 - len(tc.prologue)
			if row < 0 || row >= len(tc.pcs) {
				return -1
			}
			return tc.pcs[row]
		}
		for i := range code {
			text := strings.TrimSpace(code[i].Text)
			if code[i].Op != litmus.OpBranch || !strings.HasSuffix(text, tc.spin) {
				continue
			}
			if k := len(text) - len(tc.spin) - 1; k < 0 || (text[k] != ' ' && text[k] != ',' && text[k] != '\t') {
				continue
			}
			code[i].Spin = 1
			p := irPC(i)
			if p < 0 || !spinTests(tc.th.Code, p) {
				continue
			}
			start := p - tc.th.Code[p].Spin
			k := i
			for k > 0 && irPC(k-1) >= start && irPC(k-1) <= p {
				k--
			}
			code[i].Spin = i - k + 1
		}
	}
}

// spinTests reports whether the spin whose exit test is code[p] tests
// several conditions ("VAL || READ_ONCE(*p)"), which compile to several
// branches, or makes a choice (OpChoose), which the explorer must find in
// the compiled attempt (a failed attempt that depends on one never hangs).
func spinTests(code []litmus.Instr, p int) bool {
	in := &code[p]
	if in.Op != litmus.OpAssume || in.Spin == 0 {
		return false
	}
	for _, a := range code[max(p-in.Spin, 0):p] {
		if a.Op == litmus.OpChoose {
			return true
		}
	}
	several := false
	litmus.WalkExpr(in.Cond, func(e litmus.Expr) {
		if b, ok := e.(*litmus.Binary); ok && (b.Op == litmus.OpLOr || b.Op == litmus.OpLAnd) {
			several = true
		}
	})
	return several
}

// markChoices makes the moves of 0 that compile a choice (OpChoose) the
// choices again in asm, whose program rows start on line first: herd7
// runs the text with 0, litmuscheck runs both outcomes, as the comment
// on each such line says.
func markChoices(asm *litmus.Test, threads []*threadComp, first int) {
	for t, tc := range threads {
		if len(tc.choices) == 0 || t >= len(asm.Threads) {
			continue
		}
		rows := map[int]bool{}
		for _, i := range tc.choices {
			rows[first+1+len(tc.prologue)+i] = true
		}
		code := asm.Threads[t].Code
		for k, in := range code {
			if rows[in.Pos.Line] && in.Op == litmus.OpMove && in.Dst != "" {
				code[k] = litmus.Instr{Pos: in.Pos, Op: litmus.OpChoose, Text: in.Text, Dst: in.Dst}
			}
		}
	}
}

// choiceNote is the comment on the move that compiles the choice in:
// the helper it came from, and how each tool reads the move.
func choiceNote(in *litmus.Instr) string {
	name := in.Text
	if i := strings.IndexFunc(name, func(r rune) bool { return r != '_' && !unicode.IsLetter(r) && !unicode.IsDigit(r) }); i >= 0 {
		name = name[:i]
	}
	if name == "" {
		name = "a choice"
	} else {
		name += "()"
	}
	return name + ": litmuscheck tries 0 and 1, herd7 0"
}
