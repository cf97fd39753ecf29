// This file implements parsing a cat or bell file's text into a File, with
// errors as file:line:col.

package syntax

import (
	"errors"
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/litmuscheck/litmuscheck/litmus"
)

var catParser = sync.OnceValue(func() *participle.Parser[File] {
	return participle.MustBuild[File](
		participle.Lexer(catLexer{}),
		participle.Unquote("String"),
		participle.UseLookahead(64),
	)
})

// Parse reads one cat or bell file's text.
func Parse(filename, src string) (f *File, err error) {
	defer func() {
		// participle reports some grammar ambiguities by panicking; an
		// input that reaches one is refused, not a crash.
		if r := recover(); r != nil {
			f, err = nil, litmus.Errorf(litmus.Pos{File: filename}, "cannot parse: %v", r)
		}
	}()
	f, err = catParser().ParseString(filename, src)
	if err != nil {
		return nil, positioned(filename, err)
	}
	return f, nil
}

// positioned turns a participle error into a litmus.Error at its place.
func positioned(filename string, err error) error {
	var pe participle.Error
	if errors.As(err, &pe) {
		p := pe.Position()
		if p.Filename == "" {
			p.Filename = filename
		}
		return litmus.Errorf(LitmusPos(p), "%s", pe.Message())
	}
	return litmus.Errorf(litmus.Pos{File: filename}, "%v", err)
}

// LitmusPos converts a node's position to the one litmus errors carry.
func LitmusPos(p lexer.Position) litmus.Pos {
	return litmus.Pos{File: p.Filename, Line: p.Line, Col: p.Column}
}
