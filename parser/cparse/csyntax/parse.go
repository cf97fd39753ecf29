// This file implements the runs of the grammar: on a C test's program
// section and on a file of functions, each after the preprocessor
// (package cmacro) and typedefs (package ctypedef).

package csyntax

import (
	"fmt"
	"reflect"
	"regexp"
	"strings"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/parser/cparse/cmacro"
	"github.com/litmuscheck/litmuscheck/parser/cparse/ctypedef"
	"github.com/litmuscheck/litmuscheck/parser/internal/litfile"
)

// expand runs the preprocessor, with the macros and typedef names of
// earlier files, and typedefs on text, a padded section of f, and gives
// the text the grammar reads and the file it is, f itself when nothing
// changed, and the macros and typedef names at its end.
func expand(f *litfile.File, text string, before *cmacro.Macros) (string, *litfile.File, *cmacro.Macros, error) {
	if before == nil {
		before = cmacro.Initial()
	}
	expanded, after, err := cmacro.PreprocessAfter(f, text, before.Without(ctypedef.Defined(text)))
	var names, types []string
	if err == nil {
		expanded, names, types, err = ctypedef.Expand(f, expanded)
	}
	if err != nil {
		return "", nil, nil, err
	}
	// The typedef names hold in the files after this one, as its macros.
	after = after.With(names, types)
	if expanded != text {
		f = litfile.NewFile(f.Name, expanded)
	}
	return expanded, f, after, refuseUnmodelled(f, expanded)
}

// ParseProgram parses text, the padded program section of the test file
// f, with the macros of its files of functions (nil: none); it returns
// the program and the file whose text the grammar read, which the
// lowering quotes.
func ParseProgram(f *litfile.File, text string, macros *cmacro.Macros) (*Program, *litfile.File, error) {
	expanded, f, _, err := expand(f, text, macros)
	if err != nil {
		return nil, nil, err
	}
	p, err := cParser().ParseString(f.Name, expanded)
	if err != nil {
		return nil, nil, typeNameHint(expanded, litfile.GrammarError(f, err))
	}
	members(reflect.ValueOf(p))
	return p, f, nil
}

// ParseDefs parses src, a file of functions named name, after the
// macros of earlier files (nil: none); it returns them, the file whose
// text the grammar read and the macros at its end.
func ParseDefs(name, src string, before *cmacro.Macros) (*DefsFile, *litfile.File, *cmacro.Macros, error) {
	expanded, f, after, err := expand(litfile.NewFile(name, src), src, before)
	if err != nil {
		return nil, nil, nil, err
	}
	if err := litfile.CheckNesting(litfile.Section{Text: expanded, File: f}, litfile.CText); err != nil {
		return nil, nil, nil, err
	}
	p, err := cDefsParser().ParseString(name, expanded)
	if err != nil {
		return nil, nil, nil, typeNameHint(expanded, litfile.GrammarError(f, err))
	}
	members(reflect.ValueOf(p))
	return p, f, after, nil
}

// members rewrites, everywhere below v, a Unary that selects members of
// an expression ("(e)->mcs", "f(x)->next") as a Unary of a Member whose
// Of is the expression, so that the lowering meets every member access
// as a Member.
func members(v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			return
		}
		if u, ok := v.Interface().(*Unary); ok && len(u.Sels) > 0 {
			of := *u
			of.Sels, of.Post = nil, ""
			*u = Unary{Pos: u.Pos, Member: &Member{Pos: u.Pos, Of: &of, Sels: u.Sels, EndPos: u.EndPos}, Post: u.Post, EndPos: u.EndPos}
		}
		members(v.Elem())
	case reflect.Struct:
		for i := range v.NumField() {
			members(v.Field(i))
		}
	case reflect.Slice:
		for i := range v.Len() {
			members(v.Index(i))
		}
	}
}

// declaredAs matches a name used as a type where the grammar stopped:
// "pend_val_t v", "pend_word_t *w".
var declaredAs = regexp.MustCompile(`^([A-Za-z_][A-Za-z0-9_]*)\s*\**\s*[A-Za-z_][A-Za-z0-9_]*\s*[=;,)\[]`)

// typeNameHint names what a grammar error at a name used as a type
// means: a typedef or struct the text does not define (yet).
func typeNameHint(text string, e *litmus.Error) error {
	lines := strings.Split(text, "\n")
	if e.Pos.Line < 1 || e.Pos.Line > len(lines) || e.Pos.Col < 1 || e.Pos.Col > len(lines[e.Pos.Line-1]) {
		return e
	}
	m := declaredAs.FindStringSubmatch(lines[e.Pos.Line-1][e.Pos.Col-1:])
	if m == nil || IsKeyword(m[1]) || !strings.Contains(e.Msg, fmt.Sprintf("%q", m[1])) {
		return e
	}
	return &litmus.Error{Pos: e.Pos, Msg: fmt.Sprintf("unknown type name %q (a typedef or struct must be defined before its use; a header given with --fragments comes before the files that use it)", m[1])}
}
