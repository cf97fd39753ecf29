// This file implements source positions and the positioned error list that
// every phase reports through.

package litmus

import (
	"errors"
	"fmt"
	"sort"
	"strings"
)

// A Pos is a position in a litmus source file. Line and Col start at 1; a
// zero Line means the position is unknown.
type Pos struct {
	File string
	Line int
	Col  int
}

// String formats the position as file:line:col, leaving out what is unknown.
func (p Pos) String() string {
	switch {
	case p.Line == 0 && p.File == "":
		return "-"
	case p.Line == 0:
		return p.File
	case p.File == "":
		return fmt.Sprintf("%d:%d", p.Line, p.Col)
	}
	return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
}

// An Error is a problem with the input at a position.
type Error struct {
	Pos Pos
	Msg string
}

func (e *Error) Error() string { return e.Pos.String() + ": " + e.Msg }

// Errorf returns an *Error at pos.
func Errorf(pos Pos, format string, args ...any) *Error {
	return &Error{Pos: pos, Msg: fmt.Sprintf(format, args...)}
}

// Unsupported returns the error for a construct that is valid herd input but
// that litmuscheck does not implement.
func Unsupported(pos Pos, construct string) *Error {
	return &Error{Pos: pos, Msg: unsupportedPrefix + " " + construct}
}

// unsupportedPrefix starts the message of every Unsupported error.
const unsupportedPrefix = "unsupported:"

// IsUnsupported reports whether err is, or holds, an Unsupported error:
// a refusal of valid input that litmuscheck does not implement, which is
// ours to report, not the input's fault.
func IsUnsupported(err error) bool {
	var list ErrorList
	var one *Error
	switch {
	case errors.As(err, &list):
		for _, e := range list {
			if strings.HasPrefix(e.Msg, unsupportedPrefix) {
				return true
			}
		}
	case errors.As(err, &one):
		return strings.HasPrefix(one.Msg, unsupportedPrefix)
	}
	return false
}

// An ErrorList is a list of positioned errors, sorted by Sort.
type ErrorList []*Error

// Add appends an error at pos.
func (l *ErrorList) Add(pos Pos, msg string) { *l = append(*l, &Error{Pos: pos, Msg: msg}) }

// Sort orders the list by file, line, column and message.
func (l ErrorList) Sort() {
	sort.SliceStable(l, func(i, j int) bool {
		a, b := l[i], l[j]
		if a.Pos.File != b.Pos.File {
			return a.Pos.File < b.Pos.File
		}
		if a.Pos.Line != b.Pos.Line {
			return a.Pos.Line < b.Pos.Line
		}
		if a.Pos.Col != b.Pos.Col {
			return a.Pos.Col < b.Pos.Col
		}
		return a.Msg < b.Msg
	})
}

func (l ErrorList) Error() string {
	var b strings.Builder
	for i, e := range l {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(e.Error())
	}
	return b.String()
}

// Err returns nil for an empty list and the sorted list otherwise.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	l.Sort()
	return l
}
