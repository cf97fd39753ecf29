// This file implements the refusal, before the grammar runs, of what
// kernel code holds and C tests have no model for: inline assembly, named
// with its position instead of the grammar's complaint about its
// template. String literals are read (WARN's and printk's formats), and
// refused where a value is needed.

package csyntax

import (
	"strings"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/parser/internal/litfile"
)

// asmWords are the spellings of GCC's inline assembly.
var asmWords = []string{"__asm__", "__asm", "asm"}

// refuseUnmodelled is the unsupported error for the first inline
// assembly of text, a section of f, outside comments and string
// literals; nil when it has none.
func refuseUnmodelled(f *litfile.File, text string) error {
	for i := 0; i < len(text); i++ {
		rest := text[i:]
		switch {
		case strings.HasPrefix(rest, "//"):
			k := strings.IndexByte(rest, '\n')
			if k < 0 {
				return nil
			}
			i += k
		case strings.HasPrefix(rest, "/*"):
			if k := strings.Index(rest[2:], "*/"); k >= 0 {
				i += k + 3
			} else {
				return nil
			}
		case rest[0] == '\'':
			if k := strings.IndexByte(rest[1:], '\''); k >= 0 {
				i += k + 1
			}
		case rest[0] == '"':
			for i++; i < len(text) && text[i] != '"' && text[i] != '\n'; i++ {
				if text[i] == '\\' {
					i++
				}
			}
		case isWordStart(text, i):
			for _, w := range asmWords {
				if strings.HasPrefix(rest, w) && !isWordChar(rest, len(w)) {
					return litmus.Unsupported(f.Pos(i), "inline assembly ("+w+"): write the primitive the assembly implements instead")
				}
			}
		}
	}
	return nil
}

// isWordStart reports whether an identifier starts at text[i].
func isWordStart(text string, i int) bool {
	c := text[i]
	return (c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') && (i == 0 || !isWordChar(text, i-1))
}

// isWordChar reports whether text[i] is part of an identifier.
func isWordChar(text string, i int) bool {
	if i >= len(text) {
		return false
	}
	c := text[i]
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}
