// This file implements loading a cat model: finding its files on the
// search path (or in our stdlib), reading its configuration, bell, macros
// and includes, and resolving them into a Program.

package cat

import (
	"crypto/sha256"
	"embed"
	"errors"
	"os"
	"path/filepath"
	"strings"

	"github.com/litmuscheck/litmuscheck/herd"
	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/models/cat/internal/resolve"
	"github.com/litmuscheck/litmuscheck/models/cat/syntax"
	"github.com/litmuscheck/litmuscheck/parser/cparse/cprim"
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
	opts  Options
	prims *cprim.Prims
	// src are the files as read, whose digests claims.go trusts.
	src sources
	// code is the model as the evaluator runs it.
	code *resolve.Program
	// dynSyms mark the built-ins that depend on rf or co, by symbol.
	dynSyms []bool
	// enums are the values of the enums by resolve.Enum.Index, boxed
	// once: each candidate binds them.
	enums []Value
}

// sources are the files of a model.
type sources struct {
	main, bell *source
	// files are the included ones, by the name used.
	files map[string]*source
}

// A source is a file read and parsed.
type source struct {
	file *syntax.File
	// digest is the SHA-256 of the file's text, meaning that of its
	// normal form (syntax.Normalize).
	digest, meaning [32]byte
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
	l := &loader{path: o.Path}
	main, path, err := l.load(o.Model)
	if err != nil {
		return nil, err
	}
	src := sources{main: main, files: map[string]*source{}}
	if err := src.loadIncludes(l, main.file, filepath.Dir(path)); err != nil {
		return nil, err
	}
	if o.Bell != "" {
		bell, bpath, err := l.load(o.Bell)
		if err != nil {
			return nil, err
		}
		src.bell = bell
		if err := src.loadIncludes(l, bell.file, filepath.Dir(bpath)); err != nil {
			return nil, err
		}
	}
	var prims *cprim.Prims
	if o.Macros != "" {
		mpath, err := Find(o.Macros, o.Path)
		if err != nil {
			return nil, err
		}
		defs, err := syntax.ParseDefFile(mpath)
		if err != nil {
			return nil, err
		}
		prims = defs.Prims()
	}
	p := newProgram(strings.TrimSuffix(filepath.Base(path), ".cat"), o, src)
	p.prims = prims
	// A dry run on no events finds unknown names and type errors.
	x := &litmus.Execution{}
	if _, _, err := p.eval(x, ""); err != nil {
		return nil, err
	}
	return p, nil
}

// newProgram resolves the files read for the options' variants.
func newProgram(name string, o Options, src sources) *Program {
	p := &Program{name: name, opts: o, src: src}
	in := resolve.Input{Main: src.main.file, Included: map[string]*syntax.File{}, Variants: map[string]bool{}}
	if src.bell != nil {
		in.Bell = src.bell.file
	}
	for n, f := range src.files {
		in.Included[n] = f.file
	}
	for _, v := range o.Variants {
		in.Variants[v] = true
	}
	p.code = resolve.Resolve(in)
	p.dynSyms = make([]bool, len(p.code.Syms.Names))
	for i, n := range p.code.Syms.Names {
		p.dynSyms[i] = dynNames[n]
	}
	for _, e := range p.code.Enums {
		vals := make(valSet, len(e.Tags))
		for i, t := range e.Tags {
			vals[i] = tagVal(t)
		}
		p.enums = append(p.enums, vals)
	}
	return p
}

// readConf fills o from a herd .cfg file, read as herd7 reads it
// (herd.ParseConfig, "key value" or "key = value"): its model (or cat),
// bell and macros, unless the options already name them, and its
// variants. The other keys set up herd's graphs and output, which a
// model does not depend on.
func readConf(o *Options) error {
	path, err := Find(o.Conf, o.Path)
	if err != nil {
		return err
	}
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	settings, err := herd.ParseConfig(path, f)
	if err != nil {
		return err
	}
	first := func(field *string, v string) {
		if *field == "" {
			*field = v
		}
	}
	// As herd7 applies a file's settings in order, the last line of a
	// key wins.
	var model, bell, macros string
	for _, s := range settings {
		switch s.Key {
		case "model", "cat":
			model = s.Value
		case "bell":
			bell = s.Value
		case "macros":
			macros = s.Value
		case "variant":
			o.Variants = append(o.Variants, strings.Split(s.Value, ",")...)
		}
	}
	first(&o.Model, model)
	first(&o.Bell, bell)
	first(&o.Macros, macros)
	return nil
}

// LoadPrims reads the .def file name, found on the search path, and
// lowers its macros.
func LoadPrims(name string, searchPath []string) (*cprim.Prims, error) {
	path, err := Find(name, searchPath)
	if err != nil {
		return nil, err
	}
	d, err := syntax.ParseDefFile(path)
	if err != nil {
		return nil, err
	}
	return d.Prims(), nil
}

// Find locates name: as given when it is a path that exists, else in
// each directory of the search path in turn.
func Find(name string, path []string) (string, error) {
	if strings.ContainsRune(name, os.PathSeparator) || len(path) == 0 {
		if _, err := os.Stat(name); err == nil {
			return name, nil
		}
	}
	for _, d := range path {
		p := filepath.Join(d, name)
		if _, err := os.Stat(p); err == nil {
			return p, nil
		}
	}
	if _, err := os.Stat(name); err == nil {
		return name, nil
	}
	return "", errors.New("cannot find " + name + " (search path: " + strings.Join(append([]string{"."}, path...), ", ") + ")")
}

// A loader reads and parses files once each.
type loader struct {
	path  []string
	files map[string]*source
}

// stdlib holds our own text of the files herd ships in its library
// directory that herd's models include; a file of the same name on the
// search path takes precedence.
//
//go:embed stdlib/*.cat
var stdlib embed.FS

// stdlibPrefix names the files of stdlib in positions.
const stdlibPrefix = "(litmuscheck)/"

func isStdlib(path string) bool { return strings.HasPrefix(path, stdlibPrefix) }

// load finds and parses name: on the search path, else in stdlib.
func (l *loader) load(name string) (*source, string, error) {
	var text []byte
	p, err := Find(name, l.path)
	if err != nil {
		lib, libErr := stdlib.ReadFile("stdlib/" + name)
		if libErr != nil {
			return nil, "", err
		}
		p, text = stdlibPrefix+name, lib
	}
	if s, ok := l.files[p]; ok {
		return s, p, nil
	}
	if text == nil {
		if text, err = os.ReadFile(p); err != nil {
			return nil, "", err
		}
	}
	f, err := syntax.Parse(p, string(text))
	if err != nil {
		return nil, "", err
	}
	s := &source{file: f, digest: sha256.Sum256(text), meaning: sha256.Sum256([]byte(syntax.Normalize(string(text))))}
	if l.files == nil {
		l.files = map[string]*source{}
	}
	l.files[p] = s
	return s, p, nil
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
func (src *sources) loadIncludes(l *loader, f *syntax.File, dir string) error {
	var walk func(ss []*syntax.Stmt) error
	walk = func(ss []*syntax.Stmt) error {
		for _, s := range ss {
			if err := src.loadInclude(l, s, dir); err != nil {
				return err
			}
			for _, body := range nested(s) {
				if err := walk(body); err != nil {
					return err
				}
			}
		}
		return nil
	}
	return walk(f.Stmts)
}

// loadInclude reads the file s includes, if it includes one, and its
// includes in turn.
func (src *sources) loadInclude(l *loader, s *syntax.Stmt, dir string) error {
	switch {
	case s.Let != nil && s.Let.When != nil:
		// herd stops the fixpoint and rejects the candidate when the
		// test fails at a step; nothing here does that yet.
		return litmus.Unsupported(syntax.LitmusPos(s.Let.When.Pos), "let rec ... when")
	case s.Include != nil:
		name := s.Include.Path
		if _, ok := src.files[name]; ok {
			return nil
		}
		sub := &loader{path: l.path, files: l.files}
		if !isStdlib(dir) {
			sub.path = append([]string{dir}, l.path...)
		}
		inc, ipath, err := sub.load(name)
		if err != nil {
			return litmus.Errorf(syntax.LitmusPos(s.Include.Pos), "include %q: %v", name, err)
		}
		if l.files == nil {
			l.files = sub.files
		}
		src.files[name] = inc
		return src.loadIncludes(l, inc.file, includeDir(ipath))
	}
	return nil
}

// nested are the statement lists inside s.
func nested(s *syntax.Stmt) [][]*syntax.Stmt {
	switch {
	case s.If != nil:
		return [][]*syntax.Stmt{s.If.Then, s.If.Else}
	case s.Procedure != nil:
		return [][]*syntax.Stmt{s.Procedure.Body}
	case s.Match != nil:
		var out [][]*syntax.Stmt
		for _, c := range s.Match.Clauses {
			out = append(out, c.Stmts)
		}
		return out
	case s.Forall != nil:
		return [][]*syntax.Stmt{s.Forall.Body}
	}
	return nil
}
