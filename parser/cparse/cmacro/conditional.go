// This file implements the preprocessor's conditional inclusion: #if,
// #ifdef, #ifndef, #elif, #else and #endif, with the integer constant
// expressions of #if and #elif (defined, the C operators, an identifier
// that is no macro read as 0), so that kernel headers pasted with their
// configuration choices read as the kernel's compiler reads them.

package cmacro

import (
	"slices"
	"strconv"
	"strings"

	"github.com/litmuscheck/litmuscheck/litmus"
)

// Predefined are the macros every program starts with. A C test's member
// offsets are the little-endian layout's (the compilations for big-endian
// POWER mirror them), so the little-endian branch of a header such as
// qspinlock_types.h is the one that describes them; no CONFIG_ option is
// set, so each #ifdef CONFIG_... takes the kernel's default branch unless
// the program defines the option itself.
var Predefined = map[string]string{"__LITTLE_ENDIAN": "1234", "__ORDER_LITTLE_ENDIAN__": "1234", "__BYTE_ORDER__": "1234"}

// A condFrame is one open #if: whether its current branch is included,
// whether some branch of it has been, and where it opened.
type condFrame struct {
	active, taken, sawElse bool
	pos                    litmus.Pos
}

// skipping reports whether the text at p.i is in an excluded branch.
func (p *preprocessor) skipping() bool { return p.excludedOutside(len(p.conds)) }

// excludedOutside reports whether one of the n outermost open #ifs is in
// an excluded branch.
func (p *preprocessor) excludedOutside(n int) bool {
	for _, c := range p.conds[:n] {
		if !c.active {
			return true
		}
	}
	return false
}

// conditional handles a conditional directive, reporting whether name
// was one.
func (p *preprocessor) conditional(pos litmus.Pos, name, rest string) (bool, error) {
	outer := p.skipping()
	top := func() (*condFrame, error) {
		if len(p.conds) == 0 {
			return nil, litmus.Errorf(pos, "#%s without #if", name)
		}
		return &p.conds[len(p.conds)-1], nil
	}
	switch name {
	case "ifdef", "ifndef":
		id := strings.TrimSpace(rest)
		if id == "" {
			return true, litmus.Errorf(pos, "expected a macro name after #%s", name)
		}
		_, defined := p.macros[id]
		on := defined == (name == "ifdef")
		p.conds = append(p.conds, condFrame{active: on, taken: on, pos: pos})
	case "if":
		on := false
		if !outer {
			v, err := p.evalCondition(pos, rest)
			if err != nil {
				return true, err
			}
			on = v != 0
		}
		p.conds = append(p.conds, condFrame{active: on, taken: on, pos: pos})
	case "elif":
		c, err := top()
		if err != nil {
			return true, err
		}
		if c.sawElse {
			return true, litmus.Errorf(pos, "#elif after #else")
		}
		c.active = false
		if !c.taken && !p.excludedOutside(len(p.conds)-1) {
			v, err := p.evalCondition(pos, rest)
			if err != nil {
				return true, err
			}
			c.active, c.taken = v != 0, v != 0
		}
	case "else":
		c, err := top()
		if err != nil {
			return true, err
		}
		if c.sawElse {
			return true, litmus.Errorf(pos, "#else after #else")
		}
		c.active, c.taken, c.sawElse = !c.taken, true, true
	case "endif":
		if _, err := top(); err != nil {
			return true, err
		}
		p.conds = p.conds[:len(p.conds)-1]
	default:
		return false, nil
	}
	return true, nil
}

// evalCondition is the value of the constant expression of an #if or
// #elif: defined NAME and defined(NAME) first, then the macros expanded,
// then an identifier left over read as 0, as C says.
func (p *preprocessor) evalCondition(pos litmus.Pos, text string) (int64, error) {
	text, err := p.replaceDefined(pos, text)
	if err != nil {
		return 0, err
	}
	text, err = p.rescan(text, map[string]bool{}, 0, pos)
	if err != nil {
		return 0, err
	}
	e := &condExpr{pos: pos, toks: condTokens(text)}
	v, err := e.ternary()
	if err == nil && e.i < len(e.toks) {
		err = litmus.Errorf(pos, "expected an operator in #if, found %q", e.toks[e.i])
	}
	return v, err
}

// replaceDefined replaces each "defined NAME" and "defined(NAME)" of text
// by 1 or 0.
func (p *preprocessor) replaceDefined(pos litmus.Pos, text string) (string, error) {
	var b strings.Builder
	for {
		i := strings.Index(text, "defined")
		if i < 0 {
			b.WriteString(text)
			return b.String(), nil
		}
		end := i + len("defined")
		if i > 0 && (isIdentStart(text[i-1]) || isDigit(text[i-1])) || end < len(text) && (isIdentStart(text[end]) || isDigit(text[end])) {
			b.WriteString(text[:end])
			text = text[end:]
			continue
		}
		rest := strings.TrimLeft(text[end:], " \t")
		paren := strings.HasPrefix(rest, "(")
		if paren {
			rest = strings.TrimLeft(rest[1:], " \t")
		}
		n := 0
		for n < len(rest) && (isIdentStart(rest[n]) || n > 0 && isDigit(rest[n])) {
			n++
		}
		if n == 0 {
			return "", litmus.Errorf(pos, "expected a macro name after defined in #if")
		}
		name, after := rest[:n], rest[n:]
		if paren {
			after = strings.TrimLeft(after, " \t")
			if !strings.HasPrefix(after, ")") {
				return "", litmus.Errorf(pos, "expected ')' after defined(%s in #if", name)
			}
			after = after[1:]
		}
		_, ok := p.macros[name]
		b.WriteString(text[:i])
		b.WriteString(map[bool]string{true: " 1 ", false: " 0 "}[ok])
		text = after
	}
}

// condTokens splits an expanded #if expression into numbers,
// identifiers and operators.
func condTokens(s string) []string {
	var out []string
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n':
			i++
		case isIdentStart(c) || isDigit(c):
			j := i
			for j < len(s) && (isIdentStart(s[j]) || isDigit(s[j])) {
				j++
			}
			out = append(out, s[i:j])
			i = j
		default:
			op := s[i : i+1]
			for _, two := range []string{"<<", ">>", "<=", ">=", "==", "!=", "&&", "||"} {
				if strings.HasPrefix(s[i:], two) {
					op = two
				}
			}
			out = append(out, op)
			i += len(op)
		}
	}
	return out
}

// A condExpr evaluates the tokens of an #if expression by precedence
// climbing.
type condExpr struct {
	pos  litmus.Pos
	toks []string
	i    int
}

func (e *condExpr) peek() string {
	if e.i < len(e.toks) {
		return e.toks[e.i]
	}
	return ""
}

// condLevels are C's binary operators from the loosest to the tightest.
var condLevels = [][]string{{"||"}, {"&&"}, {"|"}, {"^"}, {"&"}, {"==", "!="}, {"<", "<=", ">", ">="}, {"<<", ">>"}, {"+", "-"}, {"*", "/", "%"}}

func (e *condExpr) ternary() (int64, error) {
	c, err := e.binary(0)
	if err != nil || e.peek() != "?" {
		return c, err
	}
	e.i++
	a, err := e.ternary()
	if err != nil {
		return 0, err
	}
	if e.peek() != ":" {
		return 0, litmus.Errorf(e.pos, "expected ':' in #if")
	}
	e.i++
	b, err := e.ternary()
	if c != 0 {
		return a, err
	}
	return b, err
}

func (e *condExpr) binary(level int) (int64, error) {
	if level == len(condLevels) {
		return e.unary()
	}
	x, err := e.binary(level + 1)
	for err == nil {
		op := e.peek()
		if !slices.Contains(condLevels[level], op) {
			break
		}
		e.i++
		var y int64
		if y, err = e.binary(level + 1); err == nil {
			x, err = e.apply(op, x, y)
		}
	}
	return x, err
}

func (e *condExpr) apply(op string, x, y int64) (int64, error) {
	b := func(v bool) int64 {
		if v {
			return 1
		}
		return 0
	}
	switch op {
	case "||":
		return b(x != 0 || y != 0), nil
	case "&&":
		return b(x != 0 && y != 0), nil
	case "|":
		return x | y, nil
	case "^":
		return x ^ y, nil
	case "&":
		return x & y, nil
	case "==":
		return b(x == y), nil
	case "!=":
		return b(x != y), nil
	case "<":
		return b(x < y), nil
	case "<=":
		return b(x <= y), nil
	case ">":
		return b(x > y), nil
	case ">=":
		return b(x >= y), nil
	case "<<":
		return x << uint64(y&63), nil
	case ">>":
		return x >> uint64(y&63), nil
	case "+":
		return x + y, nil
	case "-":
		return x - y, nil
	case "*":
		return x * y, nil
	}
	if y == 0 {
		return 0, litmus.Errorf(e.pos, "division by zero in #if")
	}
	if op == "/" {
		return x / y, nil
	}
	return x % y, nil
}

func (e *condExpr) unary() (int64, error) {
	switch tok := e.peek(); tok {
	case "!", "~", "-", "+":
		e.i++
		v, err := e.unary()
		switch tok {
		case "!":
			if v == 0 {
				return 1, err
			}
			return 0, err
		case "~":
			return ^v, err
		case "-":
			return -v, err
		}
		return v, err
	case "(":
		e.i++
		v, err := e.ternary()
		if err == nil && e.peek() != ")" {
			err = litmus.Errorf(e.pos, "expected ')' in #if")
		}
		e.i++
		return v, err
	case "":
		return 0, litmus.Errorf(e.pos, "expected a value in #if")
	default:
		e.i++
		if isIdentStart(tok[0]) {
			return 0, nil // not a macro: 0
		}
		lit := strings.TrimRight(strings.ToLower(tok), "ul")
		v, err := strconv.ParseInt(lit, 0, 64)
		if err != nil {
			if u, uerr := strconv.ParseUint(lit, 0, 64); uerr == nil {
				return int64(u), nil
			}
			return 0, litmus.Errorf(e.pos, "expected an integer in #if, found %q", tok)
		}
		return v, nil
	}
}

// unclosed is the error for an #if left open at the end of the text.
func (p *preprocessor) unclosed() error {
	if len(p.conds) == 0 {
		return nil
	}
	c := p.conds[len(p.conds)-1]
	return litmus.Errorf(c.pos, "#if without #endif")
}
