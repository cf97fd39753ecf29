// This file implements the C preprocessor's macros in the program of a C
// test and in files of functions: object-like and function-like #define,
// #undef, and the expansion of macros where they are used (conditionals
// are conditional.go), so that kernel
// code pasted with its #defines reads as the kernel's compiler reads it.

package cmacro

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/parser/internal/litfile"
)

// A cMacro is a #define: its parameters (nil for an object-like macro)
// and its replacement text.
type cMacro struct {
	params []string
	body   string
	// value, for a builtin, computes the expansion from the arguments.
	value func(p *preprocessor, args []string) string
}

// maxExpansion bounds the rescans of one expansion, against a macro that
// grows without end through another.
const maxExpansion = 64

// Preprocess expands the macros of text, a padded section of f: each
// directive line is blanked (newlines kept), and each use of a macro
// defined above it is replaced by its expansion, which keeps the lines of
// the text where they were; a use's columns after an expansion move. It
// returns text itself when it has no directive.
func Preprocess(f *litfile.File, text string) (string, error) {
	out, _, err := PreprocessAfter(f, text, nil)
	return out, err
}

// Macros are the macros defined at the end of a file, for the files read
// after it (a header given before the file of functions that uses it).
type Macros struct{ defined map[string]*cMacro }

// PreprocessAfter is Preprocess with the macros of earlier files defined
// first (nil: none); it also returns the macros defined at the end.
func PreprocessAfter(f *litfile.File, text string, before *Macros) (string, *Macros, error) {
	if !strings.Contains(text, "#") && !usesBuiltin(text) && (before == nil || !before.usedIn(text)) {
		return text, before, nil
	}
	p := &preprocessor{f: f, src: text, macros: map[string]*cMacro{}}
	for name, body := range Predefined {
		p.macros[name] = &cMacro{body: body}
	}
	for name, m := range builtins {
		p.macros[name] = m
	}
	if before != nil {
		maps.Copy(p.macros, before.defined)
	}
	if err := p.run(); err != nil {
		return "", nil, err
	}
	if err := p.unclosed(); err != nil {
		return "", nil, err
	}
	return p.out.String(), &Macros{defined: p.macros}, nil
}

// With is m with the object-like macros names[i] standing for bodies[i]
// added: the typedef names a file leaves defined, which the files after
// it read as the types they name.
func (m *Macros) With(names, bodies []string) *Macros {
	if len(names) == 0 {
		return m
	}
	out := &Macros{defined: map[string]*cMacro{}}
	if m != nil {
		maps.Copy(out.defined, m.defined)
	}
	for i, n := range names {
		out.defined[n] = &cMacro{body: bodies[i]}
	}
	return out
}

// Without is m less the macros named names: a file's own typedef of a
// name an earlier file defined is read as written.
func (m *Macros) Without(names []string) *Macros {
	if m == nil || len(names) == 0 {
		return m
	}
	out := &Macros{defined: maps.Clone(m.defined)}
	for _, n := range names {
		delete(out.defined, n)
	}
	return out
}

// usedIn reports whether text names one of the macros.
func (m *Macros) usedIn(text string) bool {
	for name := range m.defined {
		if strings.Contains(text, name) {
			return true
		}
	}
	return false
}

type preprocessor struct {
	f      *litfile.File
	src    string
	i      int
	out    strings.Builder
	macros map[string]*cMacro
	// use, when set, is where the expansion being rescanned was used:
	// its text has no position in the file of its own.
	use *litmus.Pos
	// conds are the open #if directives, outermost first.
	conds []condFrame
}

// pos is the position of the byte off of src.
func (p *preprocessor) pos(off int) litmus.Pos {
	if p.use != nil {
		return *p.use
	}
	return p.f.Pos(off)
}

// run copies src to out, handling directives at the start of a line and
// expanding identifiers outside comments and literals.
func (p *preprocessor) run() error {
	lineStart := true
	for p.i < len(p.src) {
		c := p.src[p.i]
		switch {
		case lineStart && (c == ' ' || c == '\t'):
			p.out.WriteByte(c)
			p.i++
			continue
		case lineStart && c == '#':
			if err := p.directive(); err != nil {
				return err
			}
			continue
		case p.skipping():
			// An excluded line: blank, its newlines kept.
			if c == '\n' {
				p.out.WriteByte(c)
			} else {
				p.out.WriteByte(' ')
			}
			p.i++
		case strings.HasPrefix(p.src[p.i:], "//"), strings.HasPrefix(p.src[p.i:], "/*"), c == '"', c == '\'':
			p.copyOpaque()
		case isDigit(c):
			// A number's letters (0x1fU) are no identifier.
			p.out.WriteString(p.ident())
		case isIdentStart(c):
			name := p.ident()
			text, err := p.expand(name, map[string]bool{}, 0)
			if err != nil {
				return err
			}
			p.out.WriteString(text)
		default:
			p.out.WriteByte(c)
			p.i++
		}
		lineStart = c == '\n'
	}
	return nil
}

// copyOpaque copies a comment or a literal as it is.
func (p *preprocessor) copyOpaque() {
	start := p.i
	switch rest := p.src[p.i:]; {
	case strings.HasPrefix(rest, "//"):
		end := strings.IndexByte(rest, '\n')
		if end < 0 {
			end = len(rest)
		}
		p.i += end
	case strings.HasPrefix(rest, "/*"):
		end := strings.Index(rest[2:], "*/")
		if end < 0 {
			p.i = len(p.src)
		} else {
			p.i += end + 4
		}
	default:
		quote := rest[0]
		p.i++
		for p.i < len(p.src) && p.src[p.i] != quote && p.src[p.i] != '\n' {
			if p.src[p.i] == '\\' {
				p.i++
			}
			p.i++
		}
		p.i = min(p.i+1, len(p.src))
	}
	p.out.WriteString(p.src[start:p.i])
}

// directive reads the directive at p.i, up to the end of its logical line
// (a line ending in a backslash goes on), and blanks it in the output.
func (p *preprocessor) directive() error {
	start := p.i
	var line strings.Builder
	for p.i < len(p.src) && p.src[p.i] != '\n' {
		if p.src[p.i] == '\\' && p.i+1 < len(p.src) && p.src[p.i+1] == '\n' {
			line.WriteByte(' ')
			p.out.WriteString(" \n")
			p.i += 2
			continue
		}
		line.WriteByte(p.src[p.i])
		p.out.WriteByte(' ')
		p.i++
	}
	pos := p.f.Pos(start)
	fields := strings.Fields(strings.TrimPrefix(line.String(), "#"))
	if len(fields) == 0 {
		return nil // the null directive
	}
	rest := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(strings.TrimPrefix(line.String(), "#")), fields[0]))
	if handled, err := p.conditional(pos, fields[0], rest); handled || err != nil {
		return err
	}
	if p.skipping() {
		return nil
	}
	switch fields[0] {
	case "define":
		return p.define(pos, rest)
	case "undef":
		if len(fields) != 2 {
			return litmus.Errorf(pos, "expected a macro name after #undef")
		}
		delete(p.macros, fields[1])
		return nil
	}
	return litmus.Unsupported(pos, fmt.Sprintf("#%s: the preprocessor's #define, #undef and conditionals only", fields[0]))
}

// define records "NAME body" or "NAME(a, b) body".
func (p *preprocessor) define(pos litmus.Pos, def string) error {
	n := 0
	for n < len(def) && (isIdentStart(def[n]) || n > 0 && isDigit(def[n])) {
		n++
	}
	if n == 0 {
		return litmus.Errorf(pos, "expected a macro name after #define")
	}
	name, rest := def[:n], withoutComments(def[n:])
	m := &cMacro{body: strings.TrimSpace(rest)}
	if strings.HasPrefix(rest, "(") {
		end := strings.IndexByte(rest, ')')
		if end < 0 {
			return litmus.Errorf(pos, "expected ')' closing the parameters of %s", name)
		}
		m.params = []string{}
		for _, prm := range strings.Split(rest[1:end], ",") {
			if prm = strings.TrimSpace(prm); prm != "" {
				m.params = append(m.params, prm)
			}
		}
		m.body = strings.TrimSpace(rest[end+1:])
	}
	if err := checkOperators(pos, name, m); err != nil {
		return err
	}
	p.macros[name] = m
	return nil
}

// withoutComments is text with each comment made one blank, as C's
// translation does before it reads directives: a comment after a
// macro's body is no part of it.
func withoutComments(text string) string {
	var b strings.Builder
	for i := 0; i < len(text); i++ {
		switch {
		case strings.HasPrefix(text[i:], "//"):
			return b.String()
		case strings.HasPrefix(text[i:], "/*"):
			end := strings.Index(text[i+2:], "*/")
			if end < 0 {
				return b.String()
			}
			b.WriteByte(' ')
			i += end + 3
		default:
			b.WriteByte(text[i])
		}
	}
	return b.String()
}

// ident reads an identifier at p.i.
func (p *preprocessor) ident() string {
	start := p.i
	for p.i < len(p.src) && (isIdentStart(p.src[p.i]) || isDigit(p.src[p.i])) {
		p.i++
	}
	return p.src[start:p.i]
}

// expand is the text a use of name at p.i (just past the name) stands for:
// the name itself unless it is a macro not being expanded already; a
// function-like macro's arguments are read from p.src, and the newlines
// among them follow its expansion, so that the lines after stay put.
func (p *preprocessor) expand(name string, active map[string]bool, depth int) (string, error) {
	m, ok := p.macros[name]
	if !ok || active[name] {
		return name, nil
	}
	at := p.pos(p.i - len(name))
	if depth > maxExpansion {
		return "", litmus.Unsupported(at, fmt.Sprintf("macro %s expands more than %d times", name, maxExpansion))
	}
	body, newlines := m.body, ""
	if m.params != nil {
		j := p.i
		for j < len(p.src) && strings.IndexByte(" \t\n", p.src[j]) >= 0 {
			j++
		}
		if j >= len(p.src) || p.src[j] != '(' {
			return name, nil // a function-like macro's name alone
		}
		args, end, err := p.arguments(j, name, at)
		if err != nil {
			return "", err
		}
		newlines = strings.Repeat("\n", strings.Count(p.src[p.i:end], "\n"))
		p.i = end
		if len(args) != len(m.params) && !(len(m.params) == 0 && len(args) == 1 && strings.TrimSpace(args[0]) == "") {
			return "", litmus.Errorf(at, "macro %s takes %d arguments, found %d", name, len(m.params), len(args))
		}
		body = substitute(m.body, m.params, args)
		if m.value != nil {
			body = m.value(p, args)
		}
	}
	body, err := paste(body, at, name)
	if err != nil {
		return "", err
	}
	active[name] = true
	defer delete(active, name)
	text, err := p.rescan(body, active, depth+1, at)
	return text + newlines, err
}

// arguments reads the arguments of a macro call whose '(' is at j: the
// text between top-level commas, and the offset past the ')'.
func (p *preprocessor) arguments(j int, name string, at litmus.Pos) ([]string, int, error) {
	var args []string
	depth, start := 0, j+1
	for k := j; k < len(p.src); k++ {
		switch p.src[k] {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return append(args, strings.ReplaceAll(p.src[start:k], "\n", " ")), k + 1, nil
			}
		case ',':
			if depth == 1 {
				args = append(args, strings.ReplaceAll(p.src[start:k], "\n", " "))
				start = k + 1
			}
		}
	}
	return nil, 0, litmus.Errorf(at, "expected ')' closing the arguments of macro %s", name)
}

// rescan expands the macros of the text of an expansion used at at.
func (p *preprocessor) rescan(text string, active map[string]bool, depth int, at litmus.Pos) (string, error) {
	sub := &preprocessor{f: p.f, src: text, macros: p.macros, use: &at}
	for sub.i < len(sub.src) {
		c := sub.src[sub.i]
		if !isIdentStart(c) {
			sub.out.WriteByte(c)
			sub.i++
			continue
		}
		name := sub.ident()
		out, err := sub.expand(name, active, depth)
		if err != nil {
			return "", err
		}
		sub.out.WriteString(out)
	}
	return sub.out.String(), nil
}

// substitute replaces each parameter of body by the text of its
// argument, as C does: no parentheses are added, which is why kernel
// macros put their own around each parameter; "#param" is the argument
// as a string literal. The arguments are not expanded first: the rescan
// of the whole expands them, and an operand of ## is not to be.
func substitute(body string, params, args []string) string {
	var b strings.Builder
	for i := 0; i < len(body); {
		if body[i] == '#' && !strings.HasPrefix(body[i:], "##") && (i == 0 || body[i-1] != '#') {
			if k, ok := stringized(body[i+1:], params); ok {
				b.WriteString(stringize(args[k]))
				rest := strings.TrimLeft(body[i+1:], " \t")
				i = len(body) - len(rest) + len(params[k])
				continue
			}
		}
		if !isIdentStart(body[i]) {
			b.WriteByte(body[i])
			i++
			continue
		}
		j := i
		for j < len(body) && (isIdentStart(body[j]) || isDigit(body[j])) {
			j++
		}
		word := body[i:j]
		if k := slices.Index(params, word); k >= 0 {
			b.WriteString(strings.TrimSpace(args[k]))
		} else {
			b.WriteString(word)
		}
		i = j
	}
	return b.String()
}

func isIdentStart(c byte) bool { return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isDigit(c byte) bool      { return c >= '0' && c <= '9' }
