// This file implements herd7's output format for a result, line for line,
// so that scripts written for herd7 read litmuscheck's output unchanged.
package litmus

import (
	"crypto/md5"
	"fmt"
	"io"
	"strings"
)

// FormatLoc prints a register as "1:r0" and a location as "[x]".
func FormatLoc(l LocRef) string {
	if l.IsReg() {
		return fmt.Sprintf("%d:%s", l.Thread, l.Name)
	}
	return "[" + l.Name + "]"
}

// FormatState prints a final state as herd does: "1:r0=0; [x]=1;".
func FormatState(observed []LocRef, st State) string { return formatState(ArchC, observed, st) }

// formatState prints a state; an X86_64 memory location is printed as
// herd prints it, as its 32-bit int: two values that differ above bit 31
// print alike and still count as two states.
func formatState(arch Arch, observed []LocRef, st State) string {
	var b strings.Builder
	for i, l := range observed {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(FormatLoc(l))
		b.WriteByte('=')
		v := st.Values[i]
		if arch == ArchX86_64 && !l.IsReg() && v.Sym == "" {
			v = Int(int64(int32(v.Off)))
		}
		b.WriteString(v.String())
		b.WriteByte(';')
	}
	return b.String()
}

// FormatState prints a final state of r as herd does.
func (r *Result) FormatState(st State) string { return formatState(r.Test.Arch, r.Observed, st) }

// FormatProp prints a proposition in herd's normal form: "/\" binds
// tighter than "\/", which binds tighter than "=>"; negation prints as
// "not (P)".
func FormatProp(p Prop) string { return formatProp(p, 0) }

// Precedence levels: 0 implication, 1 disjunction, 2 conjunction.
func formatProp(p Prop, ctx int) string {
	paren := func(s string, level int) string {
		if level < ctx {
			return "(" + s + ")"
		}
		return s
	}
	switch p := p.(type) {
	case PropTrue:
		return "true"
	case PropFalse:
		return "false"
	case *PropAtom:
		rhs := p.Value.String()
		if p.Other != nil {
			rhs = FormatLoc(*p.Other)
			if !p.Other.IsReg() {
				rhs = p.Other.Name
			}
		}
		return FormatLoc(p.Loc) + "=" + rhs
	case *PropNot:
		return "not (" + formatProp(p.P, 0) + ")"
	case *PropAnd:
		return paren(formatProp(p.A, 2)+" /\\ "+formatProp(p.B, 2), 2)
	case *PropOr:
		return paren(formatProp(p.A, 1)+" \\/ "+formatProp(p.B, 1), 1)
	case *PropImply:
		return paren(formatProp(p.A, 1)+" => "+formatProp(p.B, 0), 0)
	}
	return "?"
}

// Validated reports whether the test's condition holds of the result: some
// execution satisfies an exists, none satisfies a ~exists, all satisfy a
// forall.
func (r *Result) Validated() bool {
	switch r.Test.Cond.Quant {
	case NotExists:
		return r.Positive == 0
	case Forall:
		return r.Negative == 0
	}
	return r.Positive > 0
}

// WriteHerd writes r in herd7's format, ending with a Hash line (an md5 of
// the source; herd hashes a normalised test, so the two differ).
func (r *Result) WriteHerd(w io.Writer) {
	t := r.Test
	kind := "Allowed"
	switch t.Cond.Quant {
	case NotExists:
		kind = "Forbidden"
	case Forall:
		kind = "Required"
	}
	fmt.Fprintf(w, "Test %s %s\n", t.Name, kind)
	fmt.Fprintf(w, "States %d\n", len(r.States))
	for _, st := range r.States {
		fmt.Fprintln(w, r.FormatState(st))
	}
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
	if t.Cond.Quant == NotExists {
		pos, neg = neg, pos
	}
	fmt.Fprintf(w, "Positive: %d Negative: %d\n", pos, neg)
	for _, f := range r.Flags {
		fmt.Fprintf(w, "Flag %s\n", f)
	}
	fmt.Fprintf(w, "Condition %s (%s)\n", t.Cond.Quant, FormatProp(t.Cond.Prop))
	fmt.Fprintf(w, "Observation %s %s %d %d\n", t.Name, r.Verdict(), r.Positive, r.Negative)
	fmt.Fprintf(w, "Hash=%x\n", md5.Sum([]byte(t.Source)))
}

// Satisfies reports whether a final state of r satisfies the condition's
// proposition.
func (r *Result) Satisfies(st State) bool {
	return EvalProp(r.Test.Cond.Prop, func(l LocRef) Value {
		for i, o := range r.Observed {
			if o == l {
				return st.Values[i]
			}
		}
		return Value{}
	})
}
