// This file implements the nesting pre-scan: a linear pass over each section
// that refuses input nested deeper than MaxNesting before the grammars, which
// recurse once per level, see it.

package litfile

import (
	"fmt"

	"github.com/litmuscheck/litmuscheck/litmus"
)

// MaxNesting is how deep parentheses, brackets, braces, prefix operators
// and chains of "=>" or "else if" may nest. Real tests nest a few levels;
// the grammars recurse once per level, so an input nested a hundred
// thousand levels deep would otherwise take seconds and gigabytes.
const MaxNesting = 200

// A NestingMode says which comments and operators a section has.
type NestingMode int

const (
	// HerdText is the init block, the final part and assembly code: herd's
	// "(* *)" comments, "~" and "not" as prefix operators, "=>" chains.
	HerdText NestingMode = iota
	// CText is C code: "//" and "/* */" comments ("(*" is C), the prefix
	// operators - ! ~ * &, and "else if" chains.
	CText
)

// CheckNesting reports the first place where sec nests deeper than
// MaxNesting. Depth counts open brackets, the prefix operators before the
// innermost one (they wrap it), the current run of prefix operators, and
// the "=>" or "else if" links of the current bracket level.
func CheckNesting(sec Section, mode NestingMode) error {
	src := sec.Text
	// frames[i] is the depth added by bracket level i: the level itself,
	// the prefix operators that wrap it and its chain links.
	var frames []int
	depth, run := 0, 0
	prefix := func(c byte) bool {
		if mode == CText {
			return c == '-' || c == '!' || c == '~' || c == '*' || c == '&'
		}
		return c == '~'
	}
	deeper := func(i int) error {
		if depth+run <= MaxNesting {
			return nil
		}
		return litmus.Unsupported(sec.Pos(i), fmt.Sprintf(
			"nesting deeper than %d levels (parentheses, brackets, braces, prefix operators, chains of => or else if)", MaxNesting))
	}
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			continue
		case mode == HerdText && c == '(' && i+1 < len(src) && src[i+1] == '*':
			if start := i; skipUntil(src, i+2, "*)") == len(src) {
				return unterminated(sec, start, "(*", "*)")
			}
			i = skipUntil(src, i+2, "*)")
			continue
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			i = skipUntil(src, i+2, "\n")
			continue
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			if start := i; skipUntil(src, i+2, "*/") == len(src) {
				return unterminated(sec, start, "/*", "*/")
			}
			i = skipUntil(src, i+2, "*/")
			continue
		case c == '(' || c == '[' || c == '{':
			frames = append(frames, 1+run)
			depth += 1 + run
			run = 0
			if err := deeper(i); err != nil {
				return err
			}
			continue
		case c == ')' || c == ']' || c == '}':
			if n := len(frames); n > 0 {
				depth -= frames[n-1]
				frames = frames[:n-1]
			}
			run = 0
			continue
		case prefix(c):
			run++
			if err := deeper(i); err != nil {
				return err
			}
			continue
		}
		at := i
		link := false
		switch {
		case mode == HerdText && c == '=' && i+1 < len(src) && src[i+1] == '>':
			link = true
			i++
		case mode == HerdText && word(src, i, "not"):
			run++
			i += len("not") - 1
			if err := deeper(at); err != nil {
				return err
			}
			continue
		case mode == CText && word(src, i, "else") && word(src, skipSpace(src, i+len("else")), "if"):
			link = true
			i += len("else") - 1
		}
		run = 0
		if link {
			depth++
			if n := len(frames); n > 0 {
				frames[n-1]++
			}
			if err := deeper(at); err != nil {
				return err
			}
		}
	}
	return nil
}

// unterminated is the error for a comment opened by open at offset i of
// sec and never closed: refused here, in one pass, because the grammars'
// lexers would try the comment again at every later opening, in time
// quadratic in the input.
func unterminated(sec Section, i int, open, close string) error {
	return litmus.Errorf(sec.Pos(i), "unterminated comment: %q without %q", open, close)
}

// skipUntil returns the offset of the last byte of the first end at or
// after i, or the end of src.
func skipUntil(src string, i int, end string) int {
	for j := i; j+len(end) <= len(src); j++ {
		if src[j:j+len(end)] == end {
			return j + len(end) - 1
		}
	}
	return len(src)
}

// word reports whether the identifier w starts at src[i].
func word(src string, i int, w string) bool {
	if i+len(w) > len(src) || src[i:i+len(w)] != w {
		return false
	}
	ident := func(c byte) bool {
		return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
	}
	if i > 0 && ident(src[i-1]) {
		return false
	}
	return i+len(w) == len(src) || !ident(src[i+len(w)])
}

// CheckNesting checks every section of s for nesting deeper than
// MaxNesting.
func (s *Sections) CheckNesting() error {
	prog := HerdText
	if s.Arch == string(litmus.ArchC) {
		prog = CText
	}
	if err := CheckNesting(s.Init, HerdText); err != nil {
		return err
	}
	if err := CheckNesting(s.Program, prog); err != nil {
		return err
	}
	return CheckNesting(s.Final, HerdText)
}
