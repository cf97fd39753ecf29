// This file implements the split of a litmus file into its sections: the
// header line, the preamble (doc string, Key=Value lines, comments), the
// init block, the program and the final part (locations, filter,
// condition), each kept with its position.

package litfile

import (
	"regexp"
	"strings"

	"github.com/litmuscheck/litmuscheck/litmus"
)

// Sections is a test split into its parts: the architecture and the name
// of its header line, its sections, and the text of the comments and doc
// strings of its preamble.
type Sections struct {
	Arch     string
	ArchPos  litmus.Pos
	Name     string
	Preamble Section
	Init     Section
	Program  Section
	Final    Section
	Comments []string
}

var finalStart = regexp.MustCompile(`(?m)^[ \t]*(exists|~[ \t]*exists|forall|locations|filter|final)\b`)

// Split cuts the file into sections.
func Split(f *File) (*Sections, error) {
	src := f.Src
	s := &Sections{}
	// Header line: architecture and name.
	i := skipSpace(src, 0)
	lineEnd := strings.IndexByte(src[i:], '\n')
	if lineEnd < 0 {
		lineEnd = len(src) - i
	}
	header := strings.Fields(src[i : i+lineEnd])
	if len(header) == 0 {
		return nil, litmus.Errorf(f.Pos(i), "expected an architecture name (C, PPC, AArch64, X86, X86_64)")
	}
	s.Arch = header[0]
	s.ArchPos = f.Pos(i)
	if len(header) < 2 {
		return nil, litmus.Errorf(f.Pos(i+len(header[0])), "expected a test name after %q", header[0])
	}
	// herd drops a ".litmus" suffix written into the name.
	s.Name = strings.TrimSuffix(header[1], ".litmus")
	i += lineEnd
	// Preamble up to the init block's opening brace, skipping comments and
	// quoted strings.
	pre := i
	for {
		if i >= len(src) {
			return nil, litmus.Errorf(f.Pos(len(src)), "expected '{' to open the init block")
		}
		c := src[i]
		switch {
		case c == '(' && strings.HasPrefix(src[i:], "(*"):
			j, err := SkipComment(f, i)
			if err != nil {
				return nil, err
			}
			s.Comments = append(s.Comments, src[i+2:j-2])
			i = j
		case c == '"':
			// A doc string ends at its closing quote or, as herd reads
			// some old tests, at the end of its line.
			j := strings.IndexAny(src[i+1:], "\"\n")
			if j < 0 {
				return nil, litmus.Errorf(f.Pos(i), "unterminated string")
			}
			s.Comments = append(s.Comments, src[i+1:i+1+j])
			i += j + 2
		case c == '{':
			s.Preamble = Section{Text: src[pre:i], Start: pre, File: f}
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
				k, err := SkipComment(f, j)
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
			return nil, litmus.Errorf(f.Pos(i), "unclosed init block: expected '}'")
		}
		s.Init = Section{Text: src[i+1 : j], Start: i + 1, File: f}
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
	s.Program = Section{Text: src[i : i+loc[0]], Start: i, File: f}
	s.Final = Section{Text: src[i+loc[0]:], Start: i + loc[0], File: f}
	return s, nil
}

func skipSpace(src string, i int) int {
	for i < len(src) && (src[i] == ' ' || src[i] == '\t' || src[i] == '\n' || src[i] == '\r') {
		i++
	}
	return i
}

// SkipComment returns the offset just past the (* ... *) comment at i;
// herd's comments nest.
func SkipComment(f *File, i int) (int, error) {
	depth := 0
	for j := i; j+1 < len(f.Src); j++ {
		switch {
		case f.Src[j] == '(' && f.Src[j+1] == '*':
			depth++
			j++
		case f.Src[j] == '*' && f.Src[j+1] == ')':
			depth--
			j++
			if depth == 0 {
				return j + 1, nil
			}
		}
	}
	return 0, litmus.Errorf(f.Pos(i), "unterminated comment")
}
