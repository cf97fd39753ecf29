// This file implements the split of a litmus file into its sections: the
// header line, the preamble (doc string, Key=Value lines, comments), the
// init block, the program and the final part (locations, filter,
// condition), each kept with its position.

package parser

import (
	"regexp"
	"strings"

	"github.com/litmuscheck/litmuscheck/litmus"
)

// A section is a piece of the source text together with where it starts.
type section struct {
	text  string
	start int // byte offset in the file
	f     *file
}

// file is the whole source with a line index for offset-to-position.
type file struct {
	name  string
	src   string
	lines []int // byte offset of each line start
}

func newFile(name, src string) *file {
	f := &file{name: name, src: src, lines: []int{0}}
	for i := 0; i < len(src); i++ {
		if src[i] == '\n' {
			f.lines = append(f.lines, i+1)
		}
	}
	return f
}

// pos converts a byte offset to a position; columns count bytes from 1.
func (f *file) pos(off int) litmus.Pos {
	lo, hi := 0, len(f.lines)
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		if f.lines[mid] <= off {
			lo = mid
		} else {
			hi = mid
		}
	}
	return litmus.Pos{File: f.name, Line: lo + 1, Col: off - f.lines[lo] + 1}
}

func (s section) pos(off int) litmus.Pos { return s.f.pos(s.start + off) }

// padded returns the source with everything outside the section blanked,
// newlines kept, so that a grammar run over it reports file positions.
func (s section) padded() string {
	var b strings.Builder
	b.Grow(s.start + len(s.text))
	for i := 0; i < s.start; i++ {
		if s.f.src[i] == '\n' {
			b.WriteByte('\n')
		} else {
			b.WriteByte(' ')
		}
	}
	b.WriteString(s.text)
	return b.String()
}

// sub returns the part of s from byte i to j.
func (s section) sub(i, j int) section {
	return section{text: s.text[i:j], start: s.start + i, f: s.f}
}

// sections is a test split into its parts.
type sections struct {
	arch     string
	archPos  litmus.Pos
	name     string
	preamble section
	init     section
	program  section
	final    section
	comments []string
}

var finalStart = regexp.MustCompile(`(?m)^[ \t]*(exists|~[ \t]*exists|forall|locations|filter|final)\b`)

// split cuts the file into sections.
func split(f *file) (*sections, error) {
	src := f.src
	s := &sections{}
	// Header line: architecture and name.
	i := skipSpace(src, 0)
	lineEnd := strings.IndexByte(src[i:], '\n')
	if lineEnd < 0 {
		lineEnd = len(src) - i
	}
	header := strings.Fields(src[i : i+lineEnd])
	if len(header) == 0 {
		return nil, litmus.Errorf(f.pos(i), "expected an architecture name (C, PPC, AArch64, X86, X86_64)")
	}
	s.arch = header[0]
	s.archPos = f.pos(i)
	if len(header) < 2 {
		return nil, litmus.Errorf(f.pos(i+len(header[0])), "expected a test name after %q", header[0])
	}
	// herd drops a ".litmus" suffix written into the name.
	s.name = strings.TrimSuffix(header[1], ".litmus")
	i += lineEnd
	// Preamble up to the init block's opening brace, skipping comments and
	// quoted strings.
	pre := i
	for {
		if i >= len(src) {
			return nil, litmus.Errorf(f.pos(len(src)), "expected '{' to open the init block")
		}
		c := src[i]
		switch {
		case c == '(' && strings.HasPrefix(src[i:], "(*"):
			j, err := skipComment(f, i)
			if err != nil {
				return nil, err
			}
			s.comments = append(s.comments, src[i+2:j-2])
			i = j
		case c == '"':
			// A doc string ends at its closing quote or, as herd reads
			// some old tests, at the end of its line.
			j := strings.IndexAny(src[i+1:], "\"\n")
			if j < 0 {
				return nil, litmus.Errorf(f.pos(i), "unterminated string")
			}
			s.comments = append(s.comments, src[i+1:i+1+j])
			i += j + 2
		case c == '{':
			s.preamble = section{text: src[pre:i], start: pre, f: f}
			goto init
		default:
			i++
		}
	}
init:
	{
		depth := 0
		j := i
		for ; j < len(src); j++ {
			if src[j] == '(' && strings.HasPrefix(src[j:], "(*") {
				k, err := skipComment(f, j)
				if err != nil {
					return nil, err
				}
				j = k - 1
				continue
			}
			if src[j] == '{' {
				depth++
			} else if src[j] == '}' {
				depth--
				if depth == 0 {
					break
				}
			}
		}
		if j >= len(src) {
			return nil, litmus.Errorf(f.pos(i), "unclosed init block: expected '}'")
		}
		s.init = section{text: src[i+1 : j], start: i + 1, f: f}
		i = j + 1
	}
	// Program up to the final part.
	loc := finalStart.FindStringIndex(src[i:])
	if loc == nil {
		// No condition: herd reads that as "forall (true)".
		loc = []int{len(src) - i}
	}
	// Some tests close the init block with "};".
	if k := skipSpace(src, i); k < i+loc[0] && src[k] == ';' {
		loc[0] -= k + 1 - i
		i = k + 1
	}
	s.program = section{text: src[i : i+loc[0]], start: i, f: f}
	s.final = section{text: src[i+loc[0]:], start: i + loc[0], f: f}
	return s, nil
}

func skipSpace(src string, i int) int {
	for i < len(src) && (src[i] == ' ' || src[i] == '\t' || src[i] == '\n' || src[i] == '\r') {
		i++
	}
	return i
}

// skipComment returns the offset just past the (* ... *) comment at i;
// herd's comments nest.
func skipComment(f *file, i int) (int, error) {
	depth := 0
	for j := i; j+1 < len(f.src); j++ {
		switch {
		case f.src[j] == '(' && f.src[j+1] == '*':
			depth++
			j++
		case f.src[j] == '*' && f.src[j+1] == ')':
			depth--
			j++
			if depth == 0 {
				return j + 1, nil
			}
		}
	}
	return 0, litmus.Errorf(f.pos(i), "unterminated comment")
}
