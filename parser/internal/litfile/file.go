// This file implements a litmus file's text with its line index, the
// sections cut from it, and the conversion of their offsets to positions.

package litfile

import (
	"strings"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/litmuscheck/litmuscheck/litmus"
)

// A File is the whole source with a line index for offset-to-position.
type File struct {
	Name  string
	Src   string
	lines []int // byte offset of each line start
}

// NewFile indexes src, read from the file name.
func NewFile(name, src string) *File {
	f := &File{Name: name, Src: src, lines: []int{0}}
	for i := 0; i < len(src); i++ {
		if src[i] == '\n' {
			f.lines = append(f.lines, i+1)
		}
	}
	return f
}

// Pos converts a byte offset to a position; columns count bytes from 1.
func (f *File) Pos(off int) litmus.Pos {
	lo, hi := 0, len(f.lines)
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		if f.lines[mid] <= off {
			lo = mid
		} else {
			hi = mid
		}
	}
	return litmus.Pos{File: f.Name, Line: lo + 1, Col: off - f.lines[lo] + 1}
}

// Position is the position in f of a grammar's node, which a grammar run
// over f's whole text (or a Padded section of it) gives.
func Position(f *File, p lexer.Position) litmus.Pos {
	return litmus.Pos{File: f.Name, Line: p.Line, Col: p.Column}
}

// A Section is a piece of the source text together with where it starts.
type Section struct {
	Text  string
	Start int // byte offset in the file
	File  *File
}

// Pos is the position of the byte off of the section.
func (s Section) Pos(off int) litmus.Pos { return s.File.Pos(s.Start + off) }

// Padded returns the source with everything outside the section blanked,
// newlines kept, so that a grammar run over it reports file positions.
func (s Section) Padded() string {
	var b strings.Builder
	b.Grow(s.Start + len(s.Text))
	for i := 0; i < s.Start; i++ {
		if s.File.Src[i] == '\n' {
			b.WriteByte('\n')
		} else {
			b.WriteByte(' ')
		}
	}
	b.WriteString(s.Text)
	return b.String()
}

// Sub returns the part of s from byte i to j.
func (s Section) Sub(i, j int) Section {
	return Section{Text: s.Text[i:j], Start: s.Start + i, File: s.File}
}
