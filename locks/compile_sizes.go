// This file implements the compilation of mixed-size C tests: accesses to
// bytes and halfwords of a word (the qspinlock's locked, pending,
// locked_pending and tail) become the target's byte and halfword
// instructions at the member's address, big-endian on POWER, and every
// other access of the test moves exactly 4 bytes, so that the hardware
// models' mixed-size semantics see the widths the kernel's code has.

package locks

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/litmuscheck/litmuscheck/litmus"
)

// wordBytes is the width of a C test's locations and of its word
// accesses (Instr.Size 0): a C int, the qspinlock's u32 val.
const wordBytes = 4

// mixedSizes reports whether t accesses memory at a width other than
// the word's, or inside a location at an offset: then its compilations
// give every access its exact width.
func mixedSizes(t *litmus.Test) bool { return mixedAccess(t) != nil }

// mixedAccess is t's first access at a width other than the word's or
// at an offset inside a location, nil when it has none.
func mixedAccess(t *litmus.Test) *litmus.Instr {
	var first *litmus.Instr
	eachAccess(t, func(in *litmus.Instr) bool {
		if _, k := staticLocation(t, in.Addr); k != 0 || accessBytes(in) != wordBytes {
			first = in
		}
		return first == nil
	})
	return first
}

// compiledBytes is the width a compiled test gives the C location sym,
// of the widths locBytes (litmus.Test.LocBytes): its own when the C test
// gives it a byte or halfword type, else the word's, in which the
// compiled tests hold wider types too.
func compiledBytes(locBytes map[string]int, sym string) int {
	if n := locBytes[sym]; n != 0 {
		return min(n, wordBytes)
	}
	return wordBytes
}

// declaredTypes are the C types, "uint8_t " and the like, that the
// compilation of t declares its locations with, by location: those of
// a mixed-size test whose width is not the word's, or that no access
// whose address is known before the run reads or writes whole (an int
// stored to through a (u16 *) cast, or through a pointer a register
// holds), so that the hardware models' mixed-size semantics see the
// location's width and keep the bytes a narrow access leaves alone.
func declaredTypes(t *litmus.Test) map[string]string {
	out := map[string]string{}
	if !mixedSizes(t) {
		return out
	}
	widths := locationWidths(t)
	for loc := range t.LocBytes {
		n := compiledBytes(t.LocBytes, loc)
		if n != wordBytes || !widths[loc][n] {
			out[loc] = map[int]string{1: "uint8_t ", 2: "uint16_t ", 4: "int "}[n]
		}
	}
	return out
}

// lkmmMixedError is the LKMM column's refusal of the mixed-size access
// at its position; it is ErrLKMMMixedSize.
type lkmmMixedError struct{ err error }

func (e *lkmmMixedError) Error() string        { return e.err.Error() }
func (e *lkmmMixedError) Unwrap() error        { return e.err }
func (e *lkmmMixedError) Is(target error) bool { return target == ErrLKMMMixedSize }

// riscvMixedError is the RISC-V column's refusal of the mixed-size access
// at its position; it is ErrRISCVMixedSize.
type riscvMixedError struct{ err error }

func (e *riscvMixedError) Error() string        { return e.err.Error() }
func (e *riscvMixedError) Unwrap() error        { return e.err }
func (e *riscvMixedError) Is(target error) bool { return target == ErrRISCVMixedSize }

// refuseMixedInLKMM is the LKMM column's refusal of t, nil when t has no
// mixed-size access.
func refuseMixedInLKMM(t *litmus.Test) error {
	if err := refuseSizeless(t, "the LKMM column", "the LKMM", "the hardware columns"); err != nil {
		return &lkmmMixedError{err}
	}
	return nil
}

// refuseMixedOnRISCV is the RISC-V column's refusal of t: herd7's RISC-V
// has no mixed-size semantics (its AMOs fail under -variant mixed), so the
// column runs what the LKMM runs, a test whose sizes change nothing.
func refuseMixedOnRISCV(t *litmus.Test) error {
	if err := refuseSizeless(t, "the RISC-V column", "herd7's RISC-V", "the other hardware columns"); err != nil {
		return &riscvMixedError{err}
	}
	return nil
}

// refuseSizeless is the refusal of t by a column whose model has no
// sizes (model, in column), nil when t's sizes change nothing there;
// others names the columns that run t at its widths.
func refuseSizeless(t *litmus.Test, column, model, others string) error {
	widths := locationWidths(t)
	in, narrowValue := lkmmMixedAccess(t, widths)
	if in == nil {
		return refuseNarrowInit(t, widths, column, model)
	}
	what := "an access"
	if in.Text != "" {
		what = fmt.Sprintf("%q", in.Text)
	}
	n := accessBytes(in)
	plural := map[bool]string{true: "s"}[n > 1]
	if narrowValue {
		return litmus.Unsupported(in.Pos, fmt.Sprintf("mixed-size access in %s: %s writes its %d-byte location a value that may not fit it, and %s, which has no sizes, would not truncate it (%s run the test at its widths)",
			column, what, n, model, others))
	}
	sym, k := staticLocation(t, in.Addr)
	size := compiledBytes(t.LocBytes, sym)
	return litmus.Unsupported(in.Pos, fmt.Sprintf("mixed-size access in %s: %s accesses %d byte%s at offset %d of its %d-byte location, and %s has no mixed-size semantics (%s run the test at its widths)",
		column, what, n, plural, k, size, model, others))
}

// refuseNarrowInit refuses an init item that gives a location read and
// written at one width other than the word's a value that width may not
// hold (see fitsNarrow); widths are locationWidths(t).
func refuseNarrowInit(t *litmus.Test, widths map[string]map[int]bool, column, model string) error {
	for _, it := range t.Init {
		if it.Loc.IsReg() || !it.HasValue || len(widths[it.Loc.Name]) != 1 {
			continue
		}
		for n := range widths[it.Loc.Name] { // its one width
			if n != wordBytes && !fitsBytes(it.Value, n) {
				return litmus.Unsupported(it.Pos, fmt.Sprintf("mixed-size access in %s: the init block gives %s, a %d-byte location, %s, which may not fit it, and %s, which has no sizes, would not truncate it",
					column, it.Loc.Name, n, it.Value, model))
			}
		}
	}
	return nil
}

// locationWidths are the widths, in bytes, at which t accesses each
// location its code names before the run.
func locationWidths(t *litmus.Test) map[string]map[int]bool {
	widths := map[string]map[int]bool{}
	eachAccess(t, func(in *litmus.Instr) bool {
		if sym, _ := staticLocation(t, in.Addr); sym != "" {
			if widths[sym] == nil {
				widths[sym] = map[int]bool{}
			}
			widths[sym][accessBytes(in)] = true
		}
		return true
	})
	return widths
}

// lkmmMixedAccess is t's first access that the LKMM, which has no sizes,
// cannot run: one at an offset inside its location, one at a width other
// than the word's to a location also accessed at another width (the byte
// or halfword access, which a reader looks for first), or one at a width
// other than the word's through an address not known before the run. A
// location that every access reads and writes at one width (a u8 flag)
// runs as it is, as long as nothing writes it a value that its width
// would truncate (narrowValue): then sizes change nothing in the model.
// widths are locationWidths(t).
func lkmmMixedAccess(t *litmus.Test, widths map[string]map[int]bool) (first *litmus.Instr, narrowValue bool) {
	eachAccess(t, func(in *litmus.Instr) bool {
		sym, k := staticLocation(t, in.Addr)
		n := accessBytes(in)
		switch {
		case k != 0 || n != wordBytes && (sym == "" || len(widths[sym]) > 1 || t.LocBytes[sym] != 0 && compiledBytes(t.LocBytes, sym) > n):
			first = in
		case n != wordBytes && !fitsNarrow(in, n):
			first, narrowValue = in, true
		}
		return first == nil
	})
	return first, narrowValue
}

// fitsNarrow reports whether in, an access of n bytes, leaves its location
// a value that n bytes hold whether signed or unsigned: it reads, or
// stores a constant from 0 to the largest signed n-byte value. Anything
// else (an RMW, a computed value) may need the truncation the LKMM lacks.
func fitsNarrow(in *litmus.Instr, n int) bool {
	switch in.Op {
	case litmus.OpLoad:
		return true
	case litmus.OpStore:
		c, ok := in.Src.(*litmus.Const)
		return ok && fitsBytes(c.V, n)
	}
	return false
}

// fitsBytes reports whether v is an integer that n bytes hold, signed or
// unsigned.
func fitsBytes(v litmus.Value, n int) bool {
	return v.Sym == "" && v.Var == 0 && v.Off >= 0 && v.Off < 1<<(8*n-1)
}

// eachAccess calls f on each memory access of t, thread by thread, while
// f returns true.
func eachAccess(t *litmus.Test, f func(*litmus.Instr) bool) {
	for _, th := range t.Threads {
		for i := range th.Code {
			in := &th.Code[i]
			if in.Addr == nil || in.Op == litmus.OpFence {
				continue
			}
			if !f(in) {
				return
			}
		}
	}
}

// staticLocation is the location an address of t names before the run
// and its offset, or "" for an address computed from registers. In a
// location laid out in word slots (Test.Objects) the location is the
// slot, "nodes[3]", and an address into one computed from registers
// (a pointer to a node) reaches a slot at offset 0.
func staticLocation(t *litmus.Test, addr litmus.Expr) (string, int64) {
	base, k := splitOffset(addr)
	c, ok := base.(*litmus.Const)
	switch {
	case ok && c.V.IsAddr() && t.Objects[c.V.Sym] != 0:
		return fmt.Sprintf("%s[%d]", c.V.Sym, k/wordBytes), k % wordBytes
	case ok && c.V.IsAddr():
		return c.V.Sym, k
	case len(t.Objects) > 0 && k%wordBytes == 0:
		// A slot through a pointer: the front end makes no other
		// offset from a register.
		return "", 0
	}
	return "", k
}

// splitOffset splits an address into its base and a constant byte
// offset: l+2 is (l, 2).
func splitOffset(e litmus.Expr) (litmus.Expr, int64) {
	switch x := e.(type) {
	case *litmus.Const:
		if x.V.IsAddr() && x.V.Off != 0 {
			return &litmus.Const{V: litmus.Addr(x.V.Sym)}, x.V.Off
		}
	case *litmus.Binary:
		if k, ok := x.Y.(*litmus.Const); ok && x.Op == litmus.OpAdd && !k.V.IsAddr() {
			base, off := splitOffset(x.X)
			return base, off + k.V.Off
		}
	}
	return e, 0
}

// accessBytes is the width of in's access in a mixed-size compilation.
func accessBytes(in *litmus.Instr) int {
	if in.Size == 0 {
		return wordBytes
	}
	return int(in.Size)
}

// placed is the byte offset, on the target, of an access of n bytes whose
// least significant byte is byte off of the word counted from the least
// significant one (the offsets of a C test, c_struct.go): the same on a
// little-endian target, mirrored on big-endian POWER, where
// qspinlock_types.h puts locked at byte 3 and tail at byte 0. The
// location a names is a word unless the C test declares it narrower (a
// u8 flag), whose access then starts at its address on either target.
func (tc *threadComp) placed(a litmus.Expr, off int64, n int) int64 {
	if tc.target.Table.Arch != litmus.ArchPPC {
		return off
	}
	size := int64(wordBytes)
	if c, ok := a.(*litmus.Const); ok && c.V.IsAddr() {
		size = int64(compiledBytes(tc.locBytes, c.V.Sym))
	}
	return size - off - int64(n)
}

// offsetForm reports whether every memory operand of tmpl takes an
// immediate offset (POWER's D-form "0({a})", ARMv8's LDR and STR, any
// x86 operand); else the address with its offset goes in a register.
func offsetForm(arch litmus.Arch, tmpl []string) bool {
	for _, line := range tmpl {
		if !strings.Contains(line, "{a}") {
			continue
		}
		switch arch {
		case litmus.ArchPPC:
			if !strings.Contains(line, "0({a})") {
				return false
			}
		case litmus.ArchAArch64:
			m, _, _ := strings.Cut(line, " ")
			if m != "LDR" && m != "STR" {
				return false
			}
		}
	}
	return true
}

// withOffset writes the memory operand of register r at offset k.
func (tc *threadComp) withOffset(r string, k int64) string {
	switch tc.target.Table.Arch {
	case litmus.ArchAArch64:
		return fmt.Sprintf("%s,#%d", r, k)
	case litmus.ArchX86_64:
		return fmt.Sprintf("%d(%%%s)", k, r)
	}
	return r // POWER: the offset replaces the 0 of "0({a})"
}

var (
	x86RegToken = regexp.MustCompile(`%(r[a-z0-9]+)`)
	a64RegToken = regexp.MustCompile(`\bX([0-9]+)\b`)
)

// x86Narrow names the n-byte part of a 64-bit x86 register.
func x86Narrow(full string, n int) string {
	if strings.HasPrefix(full, "r") && len(full) > 1 && full[1] >= '0' && full[1] <= '9' {
		return full + map[int]string{4: "d", 2: "w", 1: "b"}[n]
	}
	b := full[1:] // ax, bx, si...
	switch n {
	case 4:
		return "e" + b
	case 2:
		return b
	}
	if b[1] == 'x' {
		return b[:1] + "l"
	}
	return b + "l"
}

// sized rewrites one filled template line that accesses memory for an
// access of n bytes: the byte, halfword or word form of its instruction,
// with registers of that width. A byte or halfword RMW on POWER is a
// masked word loop (compile_subword.go) and does not come here.
func sized(arch litmus.Arch, line string, n int) string {
	m, rest, _ := strings.Cut(line, " ")
	switch arch {
	case litmus.ArchPPC:
		forms := map[string][3]string{"lwz": {"lbz", "lhz", "lwz"}, "stw": {"stb", "sth", "stw"}}
		if f, ok := forms[m]; ok {
			return f[map[int]int{1: 0, 2: 1, 4: 2}[n]] + " " + rest
		}
		return line
	case litmus.ArchAArch64:
		// Data registers are W registers; the address, inside [], stays X.
		ops, addr, _ := strings.Cut(rest, "[")
		ops = a64RegToken.ReplaceAllString(ops, "W$1")
		if n < wordBytes {
			m += map[int]string{1: "B", 2: "H"}[n]
		}
		if addr == "" {
			return m + " " + ops
		}
		return m + " " + ops + "[" + addr
	case litmus.ArchX86_64:
		if strings.HasSuffix(m, "q") {
			m = strings.TrimSuffix(m, "q") + map[int]string{4: "l", 2: "w", 1: "b"}[n]
		}
		// Registers outside the memory operand's parentheses take the
		// access's width; the base register keeps its 64 bits.
		var b strings.Builder
		depth := 0
		last := 0
		for i := 0; i < len(rest); i++ {
			switch rest[i] {
			case '(':
				depth++
			case ')':
				depth--
			case '%':
				if depth == 0 {
					loc := x86RegToken.FindStringSubmatchIndex(rest[i:])
					if loc != nil && loc[0] == 0 {
						b.WriteString(rest[last:i])
						b.WriteString("%" + x86Narrow(rest[i+loc[2]:i+loc[3]], n))
						last = i + loc[1]
						i = last - 1
					}
				}
			}
		}
		b.WriteString(rest[last:])
		if strings.HasPrefix(line, "lock ") {
			// "lock {op} ...": the operation is the second word.
			op, tail, _ := strings.Cut(b.String(), " ")
			if strings.HasSuffix(op, "q") {
				op = strings.TrimSuffix(op, "q") + map[int]string{4: "l", 2: "w", 1: "b"}[n]
			}
			return "lock " + op + " " + tail
		}
		return m + " " + b.String()
	}
	return line
}

// withPPCOffset puts offset k in the D-form memory operands of tmpl
// ("0({a})"), which withOffset leaves to the template on POWER.
func withPPCOffset(tmpl []string, k int64) []string {
	out := make([]string, len(tmpl))
	for i, l := range tmpl {
		out[i] = strings.ReplaceAll(l, "0({a})", fmt.Sprintf("%d({a})", k))
	}
	return out
}
