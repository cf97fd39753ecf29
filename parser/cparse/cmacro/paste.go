// This file implements the operators of a macro's replacement text: ##,
// which pastes two tokens into one, and #, which makes a parameter's
// argument a string literal (C11 6.10.3.2 and 6.10.3.3), as the kernel's
// headers use them (qspinlock_types.h's _Q_SET_MASK(type) pastes
// _Q_ ## type ## _BITS).

package cmacro

import (
	"slices"
	"strings"

	"github.com/litmuscheck/litmuscheck/litmus"
)

// checkOperators refuses a body whose ## has no operand on one side, or,
// in a function-like macro, whose # is not followed by a parameter.
func checkOperators(pos litmus.Pos, name string, m *cMacro) error {
	if strings.HasPrefix(m.body, "##") || strings.HasSuffix(m.body, "##") {
		return litmus.Errorf(pos, "'##' cannot be at either end of the body of macro %s", name)
	}
	if m.params == nil {
		return nil
	}
	for i := 0; i < len(m.body); i++ {
		if m.body[i] != '#' {
			continue
		}
		if i+1 < len(m.body) && m.body[i+1] == '#' {
			i++
			continue
		}
		if _, ok := stringized(m.body[i+1:], m.params); !ok {
			return litmus.Errorf(pos, "'#' in the body of macro %s is not followed by one of its parameters", name)
		}
	}
	return nil
}

// stringized is the parameter that rest, the text after a '#', starts
// with (after blanks), and whether there is one.
func stringized(rest string, params []string) (int, bool) {
	rest = strings.TrimLeft(rest, " \t")
	n := 0
	for n < len(rest) && (isIdentStart(rest[n]) || n > 0 && isDigit(rest[n])) {
		n++
	}
	k := slices.Index(params, rest[:n])
	return k, n > 0 && k >= 0
}

// stringize is the string literal of an argument: its text with blanks
// runs made one blank, and its quotes and backslashes escaped.
func stringize(arg string) string {
	text := strings.Join(strings.Fields(arg), " ")
	text = strings.ReplaceAll(text, `\`, `\\`)
	return `"` + strings.ReplaceAll(text, `"`, `\"`) + `"`
}

// punctuators are the tokens of more than one character that two pasted
// punctuators may make.
var punctuators = []string{"->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||",
	"+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=", "##"}

// paste joins the operands of each ## of text, a substituted body, into
// one token; pos is the macro's use, for the error when the result is no
// single token.
func paste(text string, pos litmus.Pos, name string) (string, error) {
	for {
		k := strings.Index(text, "##")
		if k < 0 {
			return text, nil
		}
		left := strings.TrimRight(text[:k], " \t")
		right := strings.TrimLeft(text[k+2:], " \t")
		a, b := lastToken(left), firstToken(right)
		if joined := a + b; a != "" && b != "" && !isToken(joined) {
			return "", litmus.Errorf(pos, "pasting %q and %q in macro %s does not give a valid token", a, b, name)
		}
		text = left + right
	}
}

// lastToken is the token text ends with, as far as paste needs it: a run
// of identifier characters, or one other character.
func lastToken(text string) string {
	i := len(text)
	for i > 0 && isIdentChar(text[i-1]) {
		i--
	}
	if i == len(text) && i > 0 {
		i--
	}
	return text[i:]
}

// firstToken is the token text starts with, as lastToken.
func firstToken(text string) string {
	i := 0
	for i < len(text) && isIdentChar(text[i]) {
		i++
	}
	if i == 0 && len(text) > 0 {
		i = 1
	}
	return text[:i]
}

// isToken reports whether s is one token: an identifier or a number, or
// a punctuator.
func isToken(s string) bool {
	if isIdentChar(s[0]) {
		return !strings.ContainsFunc(s, func(r rune) bool { return r > 127 || !isIdentChar(byte(r)) })
	}
	return len(s) == 1 || slices.Contains(punctuators, s)
}

func isIdentChar(c byte) bool { return isIdentStart(c) || isDigit(c) }
