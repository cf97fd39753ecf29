// This file implements the errors of a parse: any error as the sorted
// litmus.ErrorList every entry point returns, and a grammar's error at its
// position in the file.

package litfile

import (
	"errors"
	"strconv"
	"strings"

	"github.com/alecthomas/participle/v2"

	"github.com/litmuscheck/litmuscheck/litmus"
)

// AsList turns any error into a sorted litmus.ErrorList.
func AsList(err error) error {
	var list litmus.ErrorList
	if errors.As(err, &list) {
		list.Sort()
		return list
	}
	var e *litmus.Error
	if errors.As(err, &e) {
		return litmus.ErrorList{e}
	}
	return litmus.ErrorList{{Msg: err.Error()}}
}

// GrammarError converts a participle error to a positioned error.
func GrammarError(f *File, err error) *litmus.Error {
	var pe participle.Error
	if errors.As(err, &pe) {
		p := pe.Position()
		return &litmus.Error{Pos: litmus.Pos{File: f.Name, Line: p.Line, Col: p.Column}, Msg: pe.Message()}
	}
	return &litmus.Error{Pos: litmus.Pos{File: f.Name}, Msg: err.Error()}
}

// ParseInteger reads a decimal integer, or a hexadecimal one after 0x or
// 0X as the 64 bits of an unsigned number, as herd's lexers do.
func ParseInteger(text string) (int64, error) {
	if strings.HasPrefix(text, "0x") || strings.HasPrefix(text, "0X") {
		u, err := strconv.ParseUint(text[2:], 16, 64)
		return int64(u), err
	}
	return strconv.ParseInt(text, 10, 64)
}
