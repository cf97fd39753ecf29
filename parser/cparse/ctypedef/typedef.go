// This file implements the reading of typedefs and the replacement of
// their names.

package ctypedef

import (
	"regexp"
	"strings"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/parser/internal/litfile"
)

var (
	typedefWord  = regexp.MustCompile(`\btypedef\b`)
	typedefTag   = regexp.MustCompile(`^\s*(struct|union)\s*([A-Za-z_][A-Za-z0-9_]*)?\s*(\{)?`)
	typedefAlias = regexp.MustCompile(`^([^;{}()]*?)\b([A-Za-z_][A-Za-z0-9_]*)\s*;`)
	typedefTail  = regexp.MustCompile(`^\s*([A-Za-z_][A-Za-z0-9_]*)\s*;`)
)

// Expand returns text, read from f, with its typedefs made
// struct definitions and their names replaced by the types they name
// (text itself when it has no typedef), and the names it defines with
// those types, in order.
func Expand(f *litfile.File, text string) (expanded string, names, types []string, err error) {
	if !typedefWord.MatchString(text) {
		return text, nil, nil, nil
	}
	var out strings.Builder
	for {
		loc := nextTypedef(text)
		if loc == nil {
			out.WriteString(text)
			return out.String(), names, types, nil
		}
		out.WriteString(text[:loc[0]])
		// The lines before are the file's, so the position is the
		// typedef's line; its column may have moved with a name
		// replaced before it on that line.
		at := litfile.NewFile(f.Name, out.String()+text[loc[0]:]).Pos(out.Len())
		repl, name, typ, rest, err := oneTypedef(at, text, loc[0], loc[1])
		if err != nil {
			return "", nil, nil, err
		}
		out.WriteString(repl)
		names, types = append(names, name), append(types, typ)
		text = replaceTypeName(rest, name, typ)
	}
}

// Defined lists the names text's typedefs define, as far as they read
// before the preprocessor has run.
func Defined(text string) []string {
	_, names, _, _ := Expand(litfile.NewFile("", text), text)
	return names
}

// nextTypedef is where the first typedef keyword of text outside its
// comments is, nil when there is none.
func nextTypedef(text string) []int {
	for _, loc := range typedefWord.FindAllStringIndex(text, -1) {
		if !inComment(text, loc[0]) {
			return loc
		}
	}
	return nil
}

// inComment reports whether the byte at of text is inside a // or /* */
// comment.
func inComment(text string, at int) bool {
	for i := 0; i < at; i++ {
		switch {
		case strings.HasPrefix(text[i:], "//"):
			end := strings.IndexByte(text[i:], '\n')
			if end < 0 || i+end > at {
				return true
			}
			i += end
		case strings.HasPrefix(text[i:], "/*"):
			end := strings.Index(text[i+2:], "*/")
			if end < 0 || i+2+end+2 > at {
				return true
			}
			i += end + 3
		}
	}
	return false
}

// oneTypedef reads the typedef whose keyword spans text[at:end]: what
// replaces it (the struct definition, or blanks), the name it defines,
// the type the name stands for, and the text after it.
func oneTypedef(pos litmus.Pos, text string, at, end int) (repl, name, typ, rest string, err error) {
	after := text[end:]
	if m := typedefTag.FindStringSubmatchIndex(after); m != nil {
		kind, tag := after[m[2]:m[3]], ""
		if m[4] >= 0 {
			tag = after[m[4]:m[5]]
		}
		if kind == "union" {
			return "", "", "", "", litmus.Unsupported(pos, "a typedef of a union (two views of one word)")
		}
		if m[6] < 0 {
			// "typedef struct foo foo_t;": an alias of the struct.
			t := typedefTail.FindStringSubmatchIndex(after[m[1]:])
			if tag == "" || t == nil {
				return "", "", "", "", litmus.Errorf(pos, "expected \"typedef struct name alias;\" or \"typedef struct { ... } alias;\"")
			}
			name = after[m[1]+t[2] : m[1]+t[3]]
			return blank(text[at : end+m[1]+t[1]]), name, "struct " + tag, after[m[1]+t[1]:], nil
		}
		close := matchingBrace(after, m[1]-1)
		if close < 0 {
			return "", "", "", "", litmus.Errorf(pos, "expected \"}\" to end the struct of this typedef")
		}
		t := typedefTail.FindStringSubmatchIndex(after[close+1:])
		if t == nil {
			return "", "", "", "", litmus.Errorf(pos, "expected the typedef's name and \";\" after \"}\"")
		}
		name = after[close+1+t[2] : close+1+t[3]]
		if tag == "" {
			tag = name
		}
		head := "struct " + tag + " {"
		repl = padTo(head, text[at:end+m[1]]) + after[m[1]:close+1] + padTo(";", after[close+1:close+1+t[1]])
		return repl, name, "struct " + tag, after[close+1+t[1]:], nil
	}
	m := typedefAlias.FindStringSubmatchIndex(after)
	if m == nil || strings.TrimSpace(after[m[2]:m[3]]) == "" {
		return "", "", "", "", litmus.Unsupported(pos, "this typedef (only of a struct or an integer or pointer type, \"typedef u32 name;\")")
	}
	return blank(text[at : end+m[1]]), after[m[4]:m[5]], strings.TrimSpace(after[m[2]:m[3]]), after[m[1]:], nil
}

// matchingBrace is the index of the "}" that closes the "{" at open in
// s, -1 when none does.
func matchingBrace(s string, open int) int {
	depth := 0
	for i := open; i < len(s); i++ {
		switch s[i] {
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

// replaceTypeName replaces each use of the typedef name in text by typ:
// a whole word that is not a member ("x.name", "p->name").
func replaceTypeName(text, name, typ string) string {
	word := regexp.MustCompile(`(\.|->)?\s*\b` + regexp.QuoteMeta(name) + `\b`)
	return word.ReplaceAllStringFunc(text, func(s string) string {
		if strings.HasPrefix(s, ".") || strings.HasPrefix(s, "->") {
			return s
		}
		return strings.Replace(s, name, typ, 1)
	})
}

// blank is s with every character but newlines a space, so that the
// lines after it keep their numbers.
func blank(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '\n' {
			return '\n'
		}
		return ' '
	}, s)
}

// padTo is repl followed by the newlines of orig, so that the text it
// replaces keeps its line count.
func padTo(repl, orig string) string {
	return repl + strings.Repeat("\n", strings.Count(orig, "\n"))
}
