// This file implements loading a cat model (with its bell file, includes
// and configuration) into a Program, and running a Program as a
// litmus.Model: one evaluation per candidate, with the lets that do not
// depend on rf or co kept in Execution.Memo for the candidates of one
// combination of paths.

package cat

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/models"
	"github.com/litmuscheck/litmuscheck/parser"
	"github.com/litmuscheck/litmuscheck/rel"
)

// Options say which files make a model and how to run it.
type Options struct {
	Model  string   // the .cat file
	Bell   string   // a .bell file, run before the model
	Macros string   // a .def file of C primitives
	Conf   string   // a herd .cfg file naming model, bell and macros
	Path   []string // the search path (-I)
	// Variants are herd's -variant names, for if "name" tests.
	Variants []string
}

// A Program is a loaded model.
type Program struct {
	name  string
	main  *File
	bell  *File
	defs  *DefFile
	prims *parser.Prims
	files map[string]*File // included files, by the name used
	opts  Options
	// syms number the names of the files; the interpreter binds or
	// reads _, rf and co itself.
	syms                        symbols
	symUnderscore, symRF, symCO sym
	// dynSyms mark the built-ins that depend on rf or co.
	dynSyms []bool
	// variants are the names of opts.Variants.
	variants map[string]bool
}

// Load reads the model's files and checks them on an empty execution,
// so that an unknown name or a type error is reported before any test.
func Load(o Options) (*Program, error) {
	if o.Conf != "" {
		if err := readConf(&o); err != nil {
			return nil, err
		}
	}
	if o.Model == "" {
		return nil, errors.New("no cat model given")
	}
	l := &Loader{Path: o.Path}
	main, path, err := l.Load(o.Model)
	if err != nil {
		return nil, err
	}
	p := &Program{name: strings.TrimSuffix(filepath.Base(path), ".cat"), main: main, files: map[string]*File{}, opts: o}
	dir := filepath.Dir(path)
	if err := p.loadIncludes(l, main, dir); err != nil {
		return nil, err
	}
	if o.Bell != "" {
		bell, bpath, err := l.Load(o.Bell)
		if err != nil {
			return nil, err
		}
		p.bell = bell
		if err := p.loadIncludes(l, bell, filepath.Dir(bpath)); err != nil {
			return nil, err
		}
	}
	if o.Macros != "" {
		mpath, err := Find(o.Macros, o.Path)
		if err != nil {
			return nil, err
		}
		if p.defs, err = ParseDefFile(mpath); err != nil {
			return nil, err
		}
		p.prims = p.defs.Prims()
	}
	p.prepare()
	// A dry run on no events finds unknown names and type errors.
	x := &litmus.Execution{}
	if _, _, err := p.eval(x, ""); err != nil {
		return nil, err
	}
	return p, nil
}

// prepare numbers the program's names and nodes and finds its last
// binders of rf and co, once its files are read.
func (p *Program) prepare() {
	p.variants = map[string]bool{}
	for _, v := range p.opts.Variants {
		p.variants[v] = true
	}
	p.numberNames()
	for l, name := range p.finalBinders() {
		l.final = name
	}
	p.numberNodes()
}

// includeDir is the directory where the includes of the file at path are
// looked up first: none for a file of our stdlib.
func includeDir(path string) string {
	if isStdlib(path) {
		return stdlibPrefix
	}
	return filepath.Dir(path)
}

// loadIncludes parses every file f includes, wherever the include is.
func (p *Program) loadIncludes(l *Loader, f *File, dir string) error {
	var walk func(ss []*Stmt) error
	walk = func(ss []*Stmt) error {
		for _, s := range ss {
			switch {
			case s.Let != nil && s.Let.When != nil:
				// herd stops the fixpoint and rejects the candidate when
				// the test fails at a step; nothing here does that yet.
				return litmus.Unsupported(pos(s.Let.When.Pos), "let rec ... when")
			case s.Include != nil:
				name := s.Include.Path
				if _, ok := p.files[name]; ok {
					continue
				}
				sub := &Loader{Path: l.Path, files: l.files}
				if !isStdlib(dir) {
					sub.Path = append([]string{dir}, l.Path...)
				}
				inc, ipath, err := sub.Load(name)
				if err != nil {
					return litmus.Errorf(pos(s.Include.Pos), "include %q: %v", name, err)
				}
				if l.files == nil {
					l.files = sub.files
				}
				p.files[name] = inc
				if err := p.loadIncludes(l, inc, includeDir(ipath)); err != nil {
					return err
				}
			case s.If != nil:
				if err := walk(s.If.Then); err != nil {
					return err
				}
				if err := walk(s.If.Else); err != nil {
					return err
				}
			case s.Procedure != nil:
				if err := walk(s.Procedure.Body); err != nil {
					return err
				}
			case s.Match != nil:
				for _, c := range s.Match.Clauses {
					if err := walk(c.Stmts); err != nil {
						return err
					}
				}
			case s.Forall != nil:
				if err := walk(s.Forall.Body); err != nil {
					return err
				}
			}
		}
		return nil
	}
	return walk(f.Stmts)
}

// eval runs the program on x for dialect arch ("" accepts the tags of
// every dialect).
func (p *Program) eval(x *litmus.Execution, arch litmus.Arch) ([]Result, bool, error) {
	m, _ := x.Memo.(*memo)
	if m == nil && arch != "" {
		m = &memo{}
		x.Memo = m
	}
	var in *interp
	if m == nil || m.running {
		in = new(interp)
	} else {
		// The memo's interpreter, cleared: nothing of an evaluation
		// keeps it once done, and a shape's candidates are evaluated
		// one at a time (the flag guards a nested Explain).
		in = &m.in
		m.running = true
		defer func() { m.running = false }()
	}
	*in = interp{prog: p, x: x, arch: arch, n: x.N, all: rel.AllEvents(x.N), memo: m}
	if x.N == 0 {
		in.all = rel.Set{}
	}
	in.variants = p.variants
	if arch == "" {
		in.tags = map[string]bool{}
		for _, ts := range dialectTags {
			for t := range ts {
				in.tags[t] = true
			}
		}
	}
	if x.PO.IsZero() {
		fillEmpty(x)
	}
	in.setShape()
	if in.memo != nil {
		in.slab = &in.memo.slab
		in.slab.reset()
		in.memo.scopes.reset()
	}
	if in.memo == nil {
		if in.tags == nil {
			in.tags = map[string]bool{}
		}
	} else {
		if in.memo.tags == nil {
			in.memo.tags = map[string]bool{}
		}
		in.tags = in.memo.tags
	}
	if in.memo != nil {
		in.memo.gen++
		in.gen = in.memo.gen
		in.dynBuiltins = in.memo.dynBuiltins
	}
	if x.Arena != nil {
		x.Arena.Reset()
	}
	in.rf = x.RF
	if x.RF.IsZero() {
		in.rf = in.empty
	} else if !setEmpty(in.shape.lockEv) {
		// herd's rf links plain accesses only: lock.cat builds the
		// reads-from of lock events itself.
		plain := setDiff(in.all, in.shape.lockEv)
		in.rf = in.inArena(x.RF).Restrict(plain, plain)
	}
	in.rf = in.inArena(in.rf)
	// herd's final writes are memory stores (no lock event is one) on
	// the locations the final state shows: herd fixes no last write for
	// the others, so lock.cat's lock-final cannot see them.
	in.fw = setInter(finalWrites(x, x.CO, in.writes()), in.shape.observed)
	var t *topEnv
	if in.memo != nil && in.memo.top != nil {
		// The previous candidate's table, emptied: its slices are reused.
		t = in.memo.top
		t.reset()
	} else {
		t = &topEnv{hist: make([][]versioned, len(p.syms.names))}
		if in.memo != nil {
			in.memo.top = t
		}
	}
	env := t.view()
	if in.memo != nil {
		// The results of the last candidate CheckErr has read.
		in.results, in.memo.results = in.memo.results[:0], nil
		in.including, in.frames = in.memo.including[:0], in.memo.frames[:0]
		defer func() { in.memo.including, in.memo.frames = in.including[:0], in.frames[:0] }()
	}
	var ok = true
	var err error
	if p.bell != nil {
		in.catdep = p.main.CatDep
		in.push(p.main.Stmts, true)
		in.catdep = p.bell.CatDep
		env, ok, err = in.run(p.bell.Stmts, env, true)
		in.pop()
	}
	if err == nil && ok && !in.done {
		in.catdep = p.main.CatDep
		env, ok, err = in.run(p.main.Stmts, env, true)
	}
	if err == nil && ok && !in.done {
		ok = in.matchesCandidate(env)
		err = in.lazyErr
	}
	if err == nil && (ok || arch == "") {
		// The dry run checks the flags too, for their type errors.
		err = in.resolvePending()
	}
	return in.results, ok, err
}

// A shapeConsts holds what a candidate's evaluation derives from its
// shape alone: kept in the memo, computed once per shape.
type shapeConsts struct {
	empty, id, full rel.Rel
	// emptyV and idV are empty and id as values, boxed once.
	emptyV, idV Value
	// lockEv are lock.cat's lock events, observed the events on the
	// locations the final state shows.
	lockEv, observed rel.Set
	cpo, cloc        rel.Rel
	// builtins are the values of the built-in names that depend on
	// neither rf nor co, by symbol.
	builtins []builtinEntry
}

// setShape sets in.shape: the memo's, or computed for this evaluation.
func (in *interp) setShape() {
	if in.memo != nil && in.memo.shape != nil {
		in.shape = in.memo.shape
	} else {
		x := in.x
		in.shape = &shapeConsts{
			empty:    rel.NewRel(x.N),
			id:       rel.Identity(x.N, in.all),
			full:     rel.Cartesian(x.N, in.all, in.all),
			observed: observedEvents(x),
			builtins: make([]builtinEntry, len(in.prog.syms.names)),
		}
		in.shape.lockEv = in.computeLockEvents()
		in.shape.emptyV, in.shape.idV = &relVal{in.shape.empty}, &relVal{in.shape.id}
		if in.memo != nil {
			in.memo.shape = in.shape
		}
	}
	in.empty, in.id, in.full = in.shape.empty, in.shape.id, in.shape.full
}

// observedEvents are the events on the memory locations x's final state
// shows.
func observedEvents(x *litmus.Execution) rel.Set {
	var s rel.Set
	for _, l := range models.ObservedMemory(x.Test) {
		for i := range x.Events {
			if x.Events[i].Loc == l {
				s = s.Add(i)
			}
		}
	}
	return s
}

// fillEmpty gives an execution with no events empty relations.
func fillEmpty(x *litmus.Execution) {
	e := rel.NewRel(x.N)
	for _, r := range []*rel.Rel{&x.PO, &x.Loc, &x.Int, &x.RF, &x.CO, &x.RMW, &x.Addr, &x.Data, &x.Ctrl} {
		if r.IsZero() {
			*r = e
		}
	}
}

// Check implements litmus.Model; the explorer calls CheckErr.
func (p *Program) Check(x *litmus.Execution) (bool, []string) {
	return models.DropCheckErr(p.CheckErr(x))
}

// CheckErr implements litmus.FallibleModel: an error (a name the
// dialect does not define, a failed assert) ends the exploration of
// x's test with that error, and no other exploration sees it.
func (p *Program) CheckErr(x *litmus.Execution) (bool, []string, error) {
	x = herdView(x)
	res, ok, err := p.eval(x, x.Test.Arch)
	if m, isMemo := x.Memo.(*memo); isMemo {
		// Read below, before the worker's next candidate refills it.
		m.results = res
	}
	if err != nil || !ok {
		return false, nil, err
	}
	var flags []string
	for _, r := range res {
		raised := (r.Mode == "flag" && r.Holds) || (r.Mode == "undefined_unless" && !r.Holds)
		if raised && !slices.Contains(flags, r.Name) {
			flags = append(flags, r.Name)
		}
	}
	return true, flags, nil
}

// herdView is x as herd builds its events (litmus.OneEventView: an AMO
// of RISC-V is one event). A view shares x's memo, created here when x
// has none: the view's shape follows x's.
func herdView(x *litmus.Execution) *litmus.Execution {
	v := litmus.OneEventView(x)
	if v == x {
		return x
	}
	if x.Memo == nil && x.Test.Arch != "" {
		x.Memo = &memo{}
	}
	v.Memo = x.Memo
	return v
}

// Explain names each required test x fails.
func (p *Program) Explain(x *litmus.Execution) []string {
	x = herdView(x)
	res, _, err := p.eval(x, x.Test.Arch)
	if err != nil {
		return []string{err.Error()}
	}
	var out []string
	for _, r := range res {
		if r.Mode != "" || r.Holds {
			continue
		}
		line := string(r.Kind) + " " + r.Name + " fails"
		if r.Kind == Acyclic && !r.Not {
			if cyc := r.Rel.Cycle(); cyc != nil {
				parts := make([]string, 0, len(cyc)+1)
				for _, ev := range append(cyc, cyc[0]) {
					parts = append(parts, x.Describe(ev))
				}
				line += ": " + strings.Join(parts, " -> ")
			}
		}
		out = append(out, line)
	}
	return out
}

// Prims are the C primitives of the model's .def file, nil without one.
func (p *Program) Prims() *parser.Prims {
	return p.prims
}

// Name implements litmus.Model.
func (p *Program) Name() string { return p.name }

// ValueCycles implements litmus.CycleModel: a C model may allow a cycle
// through plain accesses, as the LKMM does.
func (p *Program) ValueCycles() bool { return p.bell != nil }

// Model wraps p as a models.Model for the CLI.
func (p *Program) Model() *models.Model {
	return &models.Model{
		ModelName: p.name,
		Doc:       fmt.Sprintf("cat model %s, interpreted", p.opts.Model),
		Cycles:    p.ValueCycles(),
		// The explorer's cuts of incoherent candidates, for files known
		// to forbid them (claims.go).
		Incoherent: !p.coherent(),
		// Lock events are built as herd's lock.cat builds them: a model
		// that includes another lock.cat refuses tests that have them.
		UnknownLocks: !p.lockEventsKnown(),
		// The memo holds what the program computes without rf or co:
		// values reach it only through different-values and
		// same-values, which depend on rf.
		Shape: true,
		// The interpreter reads lock events as lock.cat does (with.go):
		// the program's rf of a lock-read must be the explorer's, and
		// lock.cat's is the write immediately co-before its lock-write.
		// Only a lock.cat known to say so is taken at its word.
		LocksAtomic: p.knownLockCat(),
		// Every rmw pair, for the LKMM's files known to forbid them
		// (claims.go).
		Atomic: p.knownLKMM(),
		Eval:   p.CheckErr,
		Why:    p.Explain,
	}
}
