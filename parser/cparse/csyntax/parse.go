// This file implements the runs of the grammar: on a C test's program
// section and on a file of functions, each after the preprocessor
// (package cmacro) and typedefs (package ctypedef).

package csyntax

import (
	"github.com/litmuscheck/litmuscheck/parser/cparse/cmacro"
	"github.com/litmuscheck/litmuscheck/parser/cparse/ctypedef"
	"github.com/litmuscheck/litmuscheck/parser/internal/litfile"
)

// expand runs the preprocessor and typedefs on text, a padded section of
// f, and gives the text the grammar reads and the file it is, f itself
// when nothing changed.
func expand(f *litfile.File, text string) (string, *litfile.File, error) {
	expanded, err := cmacro.Preprocess(f, text)
	if err == nil {
		expanded, err = ctypedef.Expand(f, expanded)
	}
	if err != nil {
		return "", nil, err
	}
	if expanded != text {
		f = litfile.NewFile(f.Name, expanded)
	}
	return expanded, f, nil
}

// ParseProgram parses text, the padded program section of the test file
// f; it returns the program and the file whose text the grammar read,
// which the lowering quotes.
func ParseProgram(f *litfile.File, text string) (*Program, *litfile.File, error) {
	expanded, f, err := expand(f, text)
	if err != nil {
		return nil, nil, err
	}
	p, err := cParser().ParseString(f.Name, expanded)
	if err != nil {
		return nil, nil, litfile.GrammarError(f, err)
	}
	return p, f, nil
}

// ParseDefs parses src, a file of functions named name; it returns them
// and the file whose text the grammar read.
func ParseDefs(name, src string) (*DefsFile, *litfile.File, error) {
	expanded, f, err := expand(litfile.NewFile(name, src), src)
	if err != nil {
		return nil, nil, err
	}
	if err := litfile.CheckNesting(litfile.Section{Text: expanded, File: f}, litfile.CText); err != nil {
		return nil, nil, err
	}
	p, err := cDefsParser().ParseString(name, expanded)
	if err != nil {
		return nil, nil, litfile.GrammarError(f, err)
	}
	return p, f, nil
}
