// This file implements the lexer of herd's cat language: names with dashes
// and dots, 'tags, nested (* *) comments, // and # line comments, and the
// keywords set apart from names so that the grammar never binds one.

package syntax

import (
	"io"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// keywords are the reserved words of cat and bell files.
var keywords = map[string]bool{
	"let": true, "rec": true, "and": true, "when": true, "acyclic": true,
	"irreflexive": true, "show": true, "unshow": true, "empty": true,
	"subset": true, "as": true, "fun": true, "in": true,
	"undefined_unless": true, "flag": true, "assert": true, "include": true,
	"variant": true, "begin": true, "end": true, "procedure": true,
	"call": true, "enum": true, "debug": true, "match": true, "with": true,
	"forall": true, "from": true, "do": true, "try": true, "if": true,
	"then": true, "else": true, "catdep": true, "instructions": true,
	"default": true, "not": true,
}

// baseLexer splits the text; nested comments need a state of their own.
var baseLexer = lexer.MustStateful(lexer.Rules{
	"Root": {
		{Name: "CommentOpen", Pattern: `\(\*`, Action: lexer.Push("Comment")},
		{Name: "LineComment", Pattern: `(//|#)[^\n]*`},
		{Name: "Whitespace", Pattern: `[ \t\r\n]+`},
		{Name: "String", Pattern: `"[^"]*"`},
		{Name: "Tag", Pattern: `'_?[A-Za-z][A-Za-z0-9_.\-]*'?`},
		{Name: "Ident", Pattern: `_?[A-Za-z][A-Za-z0-9_.\-]*'?`},
		{Name: "Inv", Pattern: `-1`},
		{Name: "Op", Pattern: `\|\||&&|\+\+|->|[|&*~+^\\?=;,(){}\[\]_0]`},
	},
	"Comment": {
		{Name: "CommentOpen", Pattern: `\(\*`, Action: lexer.Push("Comment")},
		{Name: "CommentClose", Pattern: `\*\)`, Action: lexer.Pop()},
		{Name: "CommentText", Pattern: `[^(*]+|[(*]`},
	},
})

// catLexer is baseLexer with keywords retyped as Keyword tokens and
// comments dropped.
type catLexer struct{}

var keywordType = lexer.TokenType(-100)

func (catLexer) Symbols() map[string]lexer.TokenType {
	s := map[string]lexer.TokenType{}
	for k, v := range baseLexer.Symbols() {
		s[k] = v
	}
	s["Keyword"] = keywordType
	return s
}

func (catLexer) Lex(filename string, r io.Reader) (lexer.Lexer, error) {
	l, err := baseLexer.Lex(filename, r)
	if err != nil {
		return nil, err
	}
	return &keywordLexer{l: l, syms: baseLexer.Symbols()}, nil
}

type keywordLexer struct {
	l    lexer.Lexer
	syms map[string]lexer.TokenType
	// open is the nesting of comments, and where the outermost began.
	open  int
	start lexer.Position
}

func (k *keywordLexer) Next() (lexer.Token, error) {
	for {
		t, err := k.l.Next()
		if err != nil {
			return t, err
		}
		switch t.Type {
		case lexer.EOF:
			if k.open > 0 {
				return t, participle.Errorf(k.start, "comment not closed: expected *)")
			}
		case k.syms["CommentOpen"]:
			if k.open == 0 {
				k.start = t.Pos
			}
			k.open++
			continue
		case k.syms["CommentClose"]:
			k.open--
			continue
		case k.syms["CommentText"], k.syms["LineComment"], k.syms["Whitespace"]:
			continue
		case k.syms["Ident"]:
			if keywords[t.Value] {
				t.Type = keywordType
			}
		}
		return t, nil
	}
}
