// This file implements the C dialect package parser dispatches a C test
// to: the registers of the init block and the condition, and the program
// section, parsed and lowered thread by thread.

package cparse

import (
	"regexp"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/parser/cparse/csyntax"
	"github.com/litmuscheck/litmuscheck/parser/internal/litfile"
)

// Dialect reads the program of a C (LKMM) test. Calls to the functions
// Defs defines are inlined (inline.go).
type Dialect struct {
	Defs *CDefs
	// Parsed, when set, is the program section's syntax, parsed before:
	// Program lowers it with Defs instead of parsing the section again.
	Parsed *Syntax
	// AwaitLoops lowers a loop whose failed iterations have no effect as
	// its final iteration (await.go); herd7 unrolls it.
	AwaitLoops bool
}

// Syntax is a C program section as its grammar reads it, before
// lowering: what a test lowered with other definitions (another lock
// algorithm) is lowered from again, without parsing its text twice.
type Syntax struct {
	prog *csyntax.Program
	// file is the text the grammar read: the file's, or with macros
	// their expansion, which the lowering quotes.
	file *litfile.File
}

// ParseSyntax runs the C grammar on the program section, its macros, and
// those of the files of defs (nil: none), and typedefs expanded (package
// csyntax).
func ParseSyntax(prog litfile.Section, defs *CDefs) (*Syntax, error) {
	p, f, err := csyntax.ParseProgram(prog.File, prog.Padded(), macrosOf(defs))
	if err != nil {
		return nil, err
	}
	return &Syntax{prog: p, file: f}, nil
}

var cIdent = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// Register accepts any C identifier that is not a keyword: registers are
// the thread's local variables.
func (Dialect) Register(name string) (string, bool) {
	if !cIdent.MatchString(name) || csyntax.IsKeyword(name) {
		return "", false
	}
	return name, true
}

// Program parses the threads of the program section, and the functions a
// test defines before them, and lowers each thread.
func (d Dialect) Program(t *litmus.Test, prog litfile.Section) ([]*litmus.Thread, error) {
	syn := d.Parsed
	if syn == nil {
		var err error
		if syn, err = ParseSyntax(prog, d.Defs); err != nil {
			return nil, err
		}
	}
	p := syn.prog
	inited := map[int]map[string]bool{}
	for _, it := range t.Init {
		if it.Loc.IsReg() {
			if inited[it.Loc.Thread] == nil {
				inited[it.Loc.Thread] = map[string]bool{}
			}
			inited[it.Loc.Thread][it.Loc.Name] = true
		}
	}
	defs := d.Defs
	if len(p.Tops) > 0 {
		own, err := collectDefs(syn.file, p.Tops, defs.dataOrNone())
		if err != nil {
			return nil, err
		}
		if defs, err = defs.Extend(own); err != nil {
			return nil, err
		}
	}
	t.Warnings = append(t.Warnings, defs.Notes()...)
	t.LocBytes = locationBytes(p.Threads)
	t.ConsistentCuts = d.AwaitLoops
	var threads []*litmus.Thread
	var lowered []*cLowerer
	for i, th := range p.Threads {
		l, err := lowerCThread(syn.file, i, th, defs, inited[i], d.AwaitLoops)
		if err != nil {
			return nil, err
		}
		threads = append(threads, l.thr)
		lowered = append(lowered, l)
	}
	if len(threads) == 0 {
		return nil, litmus.Errorf(prog.Pos(0), "expected a thread such as \"P0(int *x) { ... }\"")
	}
	if err := declareObjects(t, defs, lowered, p.Threads); err != nil {
		return nil, err
	}
	return threads, nil
}
