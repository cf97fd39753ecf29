// This file implements herd7's output format for a result, line for line,
// so that scripts written for herd7 read litmuscheck's output unchanged.

package litmus

import (
	"fmt"
	"strconv"
)

// FormatLoc prints a register as "1:r0" and a location as "[x]".
func FormatLoc(l LocRef) string {
	if l.IsReg() {
		return fmt.Sprintf("%d:%s", l.Thread, l.Name)
	}
	return "[" + l.Name + "]"
}

// FormatState prints a final state as herd does: "1:r0=0; [x]=1;".
func FormatState(observed []LocRef, st State) string { return formatState(nil, observed, st, false) }

// formatState prints a state of t (nil: a C test with no declared types).
func formatState(t *Test, observed []LocRef, st State, hexa bool) string {
	return string(newStateFormatter(t, observed, hexa).Append(nil, st))
}

// FormatState prints a final state of r as herd does.
func (r *Result) FormatState(st State) string { return formatState(r.Test, r.Observed, st, r.Hexa) }

// A StateFormatter prints the final states of one result as FormatState
// does, each appended to a buffer: a result may hold millions of states,
// which it prints without allocating per state.
type StateFormatter struct {
	t      *Test
	labels []string // "1:r0=", "[x]="
	casts  []herdInt
	cast   []bool
	hexa   bool
}

// StateFormatter returns the formatter of r's states.
func (r *Result) StateFormatter() *StateFormatter {
	return newStateFormatter(r.Test, r.Observed, r.Hexa)
}

func newStateFormatter(t *Test, observed []LocRef, hexa bool) *StateFormatter {
	f := &StateFormatter{t: t, hexa: hexa, casts: make([]herdInt, len(observed)), cast: make([]bool, len(observed))}
	for i, l := range observed {
		f.labels = append(f.labels, FormatLoc(l)+"=")
		f.casts[i], f.cast[i] = intCast(t, l)
	}
	return f
}

// Append appends st, as FormatState prints it, to dst.
func (f *StateFormatter) Append(dst []byte, st State) []byte {
	for i, label := range f.labels {
		if i > 0 {
			dst = append(dst, ' ')
		}
		dst = append(dst, label...)
		v := st.Value(i)
		if f.cast[i] {
			v = castValue(f.casts[i], v)
			if f.hexa && v.Sym == "" && !v.IsUnknown() {
				// herd prints the type's bits in hexadecimal, unsigned.
				v = Int(int64(uint64(v.Off) & (1<<f.casts[i].bits - 1)))
			}
		}
		if !f.hexa && v.Sym == "" && v.Var == 0 {
			dst = strconv.AppendInt(dst, v.Off, 10)
		} else {
			dst = append(dst, v.Format(f.hexa)...)
		}
		dst = append(dst, ';')
	}
	return dst
}

// printedValue is v as herd7 prints it for loc: through loc's type when
// herd7 computes on wider values than the type (intCast).
func printedValue(t *Test, loc LocRef, v Value) Value {
	c, ok := intCast(t, loc)
	if !ok {
		return v
	}
	return castValue(c, v)
}

// castValue is v through the type c.
func castValue(c herdInt, v Value) Value {
	if v.Sym != "" || v.IsUnknown() {
		return v
	}
	mask := uint64(1)<<c.bits - 1
	u := uint64(v.Off) & mask
	if c.signed && u&(1<<(c.bits-1)) != 0 {
		return Int(int64(u | ^mask))
	}
	return Int(int64(u))
}

// IntWidth is the number of low bits of loc's values that herd7 compares
// in a condition, 0 for all of them (see intCast).
func IntWidth(t *Test, loc LocRef) uint {
	c, _ := intCast(t, loc)
	return c.bits
}

// intCast returns the type through which herd7 reads loc's integers, when
// it is narrower than the values computed. herd7 computes X86_64 values,
// registers and memory alike, on 64 bits, and prints each one through the
// type the init block declares for it, "int" when none: a 32-bit int
// prints sign-extended (a register that a 32-bit instruction left holding
// 0xfffffffe prints -2), an unsigned type masked; a condition compares the
// masked values. Two values that differ above the type's width print
// alike and still count as two states.
func intCast(t *Test, loc LocRef) (herdInt, bool) {
	if t == nil || t.Arch != ArchX86_64 {
		return herdInt{}, false
	}
	typ := ""
	for _, it := range t.Init {
		if it.Loc == loc {
			typ = it.Type
		}
	}
	// 64-bit and pointer types are not in the table: they read whole.
	c, ok := herdInts[typ]
	return c, ok
}

// A herdInt is an integer type narrower than 64 bits, after herd's
// TestType: its width and signedness.
type herdInt struct {
	bits   uint
	signed bool
}

var herdInts = map[string]herdInt{
	"": {32, true}, "int": {32, true}, "int32_t": {32, true}, "signed": {32, true},
	"unsigned": {32, false}, "unsigned int": {32, false}, "uint32_t": {32, false},
	"short": {16, true}, "int16_t": {16, true}, "unsigned short": {16, false}, "uint16_t": {16, false},
	"char": {8, true}, "int8_t": {8, true}, "unsigned char": {8, false}, "uint8_t": {8, false},
}

// regLess reports whether herd7 lists register a before register b of a
// thread in a state of a test of arch. herd orders registers by its
// register type, not by name: X86's ESI comes before EDI, X86_64's rax
// before r8 (lib/X86Base.ml, lib/X86_64Base.ml); other machine registers
// run r2 before r10.
func RegLess(arch Arch, a, b string) bool {
	if order := herdRegOrder[arch]; order != nil {
		ia, oka := order[a]
		ib, okb := order[b]
		switch {
		case oka && okb:
			return ia < ib
		case oka != okb:
			return oka
		}
	}
	return naturalLess(a, b)
}

// herdRegOrder ranks the registers of the dialects whose herd7 register
// order is not the names' order.
var herdRegOrder = func() map[Arch]map[string]int {
	rank := func(names ...string) map[string]int {
		m := map[string]int{}
		for i, n := range names {
			m[n] = i
		}
		return m
	}
	return map[Arch]map[string]int{
		ArchX86: rank("EAX", "EBX", "ECX", "EDX", "ESI", "EDI", "EBP", "ESP", "EIP", "ZF", "SF", "CF"),
		ArchX86_64: rank("rip", "rax", "rbx", "rcx", "rdx", "rsi", "rdi", "rbp", "rsp",
			"r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15", "zf", "sf", "cf"),
	}
}()

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

// Satisfies reports whether a final state of r satisfies the condition's
// proposition.
func (r *Result) Satisfies(st State) bool {
	return EvalProp(r.Test.Cond.Prop, func(l LocRef) Value {
		for i, o := range r.Observed {
			if o == l {
				return st.Value(i)
			}
		}
		return Value{}
	})
}

// naturalLess orders names by their letters, then by their number.
func naturalLess(a, b string) bool {
	split := func(s string) (string, int, bool) {
		i := len(s)
		for i > 0 && s[i-1] >= '0' && s[i-1] <= '9' {
			i--
		}
		if i == len(s) {
			return s, 0, false
		}
		n := 0
		for _, c := range s[i:] {
			n = n*10 + int(c-'0')
		}
		return s[:i], n, true
	}
	pa, na, oka := split(a)
	pb, nb, okb := split(b)
	if pa != pb || !oka || !okb {
		return a < b
	}
	return na < nb
}
