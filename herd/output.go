// This file implements herd7's output format for a result, line for line,
// so that scripts written for herd7 read litmuscheck's output unchanged.

package herd

import (
	"crypto/md5"
	"fmt"
	"io"

	"github.com/litmuscheck/litmuscheck/litmus"
)

// WriteResult writes r in herd7's format, ending with the Hash line and the
// blank line herd7 prints after each test.
func WriteResult(w io.Writer, r *litmus.Result) {
	t := r.Test
	kind := "Allowed"
	switch t.Cond.Quant {
	case litmus.NotExists:
		kind = "Forbidden"
	case litmus.Forall:
		kind = "Required"
	}
	fmt.Fprintf(w, "Test %s %s\n", t.Name, kind)
	fmt.Fprintf(w, "States %d\n", len(r.States))
	f := r.StateFormatter()
	r.WriteStateLines(w, func(dst []byte, st litmus.State) []byte { return append(f.Append(dst, st), '\n') })
	ok := "No"
	if r.Validated() {
		ok = "Ok"
	}
	if r.LoopCut {
		ok = "Loop " + ok
	}
	fmt.Fprintln(w, ok)
	fmt.Fprintln(w, "Witnesses")
	pos, neg := r.Positive, r.Negative
	if t.Cond.Quant == litmus.NotExists {
		pos, neg = neg, pos
	}
	fmt.Fprintf(w, "Positive: %d Negative: %d\n", pos, neg)
	for _, f := range r.Flags {
		fmt.Fprintf(w, "Flag %s\n", f)
	}
	fmt.Fprintf(w, "Condition %s (%s)\n", t.Cond.Quant, formatCondition(t.Cond.Prop, r.Hexa))
	fmt.Fprintf(w, "Observation %s %s %d %d\n", t.Name, r.Verdict(), r.Positive, r.Negative)
	hash := t.Hash
	if hash == "" {
		// A test built in memory (a compiled C test) has no herd hash.
		hash = fmt.Sprintf("%x", md5.Sum([]byte(t.Source)))
	}
	fmt.Fprintf(w, "Hash=%s\n\n", hash)
}

// formatCondition prints the condition's proposition as herd's Condition
// line does, in hexadecimal under -hexa.
func formatCondition(p litmus.Prop, hexa bool) string {
	if hexa {
		return litmus.FormatPropHexa(p)
	}
	return litmus.FormatProp(p)
}
