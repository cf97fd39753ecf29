// This file implements POWER's byte and halfword read-modify-writes as the
// kernel compiles them where the CPU has no lbarx or lharx
// (arch/powerpc/include/asm/cmpxchg.h, XCHG_GEN and CMPXCHG_GEN): a
// lwarx/stwcx. loop on the word that holds the field, which compares the
// field alone and stores the word with the field replaced, so that a store
// to another byte of the word between the two makes the stwcx. fail.

package locks

import (
	"fmt"
	"strings"

	"github.com/litmuscheck/litmuscheck/litmus"
)

// A subwordField is where an n-byte field lies in the word that holds it:
// the word's byte offset from the field's base address, and the field's
// shift, in bits, from the word's least significant bit.
type subwordField struct {
	bytes     int
	wordOff   int64
	shift     int64
	fieldMask int64 // the field's bits in the word
}

// valueMask is the mask of an n-byte value before its shift.
func (f subwordField) valueMask() int64 { return int64(1)<<(8*f.bytes) - 1 }

// maskedRMW reports whether in, compiled with template tmpl, is a byte or
// halfword read-modify-write that POWER runs as a word-sized lwarx/stwcx.
func (tc *threadComp) maskedRMW(in *litmus.Instr, tmpl []string) bool {
	if !tc.mixed || tc.target.Table.Arch != litmus.ArchPPC || accessBytes(in) >= wordBytes {
		return false
	}
	for _, l := range tmpl {
		if strings.HasPrefix(l, "lwarx ") {
			return true
		}
	}
	return false
}

// field is where in's access lies in its word on POWER (big-endian, as
// placed counts offsets), or the refusal of an access the kernel's masked
// loop cannot make: one into a location narrower than a word, which has
// no word around it in the test, or one that would straddle two words.
func (tc *threadComp) field(in *litmus.Instr, prim string) (subwordField, error) {
	n := accessBytes(in)
	if strings.HasPrefix(prim, "atomic_") {
		// The kernel has no byte or halfword atomic_t operations.
		return subwordField{}, fmt.Errorf("unsupported: a %d-byte atomic_fetch_<op> on POWER (the kernel's masked word loops are xchg and cmpxchg)", n)
	}
	a, off := splitOffset(tc.resolve(in.Addr, false))
	if c, ok := a.(*litmus.Const); ok && c.V.IsAddr() && compiledBytes(tc.locBytes, c.V.Sym) < wordBytes {
		return subwordField{}, fmt.Errorf("unsupported: a %d-byte read-modify-write on POWER of %s, a %d-byte location: the kernel's lwarx/stwcx. loop reads the word around it, which the test does not declare (make it a member of a word, as the qspinlock's locked byte is)",
			n, c.V.Sym, compiledBytes(tc.locBytes, c.V.Sym))
	}
	p := tc.placed(a, off, n)
	inWord := p % wordBytes
	if inWord+int64(n) > wordBytes {
		return subwordField{}, fmt.Errorf("unsupported: a %d-byte read-modify-write on POWER across two words (byte %d of a word)", n, inWord)
	}
	f := subwordField{bytes: n, wordOff: p - inWord, shift: 8 * (wordBytes - int64(n) - inWord)}
	f.fieldMask = f.valueMask() << f.shift
	return f, nil
}

// maskedOperands masks the expected value of a masked cmpxchg to the
// field's width (the kernel's old is of the field's type), and names the
// registers and constants the masked template uses.
func (tc *threadComp) maskedOperands(in *litmus.Instr, f subwordField, exp string, ops map[string]string) string {
	if exp != "" {
		if c, ok := tc.resolve(in.Expect, false).(*litmus.Const); ok && !c.V.IsAddr() {
			exp = tc.constReg(c.V.Off & f.valueMask())
		} else {
			t := tc.temp()
			tc.emit(fmt.Sprintf("andi. %s,%s,%d", t, exp, f.valueMask()))
			exp = t
		}
		ops["e"] = tc.syn.asm(exp)
	}
	for _, p := range []string{"w", "x", "nw"} {
		ops[p] = tc.syn.asm(tc.temp())
	}
	ops["vm"] = fmt.Sprint(f.valueMask())
	ops["nm"] = tc.constReg(0xffffffff &^ f.fieldMask)
	if f.shift > 0 {
		ops["fm"] = tc.constReg(f.fieldMask)
		ops["k"] = tc.constReg(int64(1) << f.shift)
	}
	return exp
}

// maskedTemplate rewrites a word template's reservation for the field f:
// the lwarx reads the word into {w} and the field into {d}, and the
// stwcx. stores {w} with the field replaced by the value it would have
// stored. herd's PPC runs neither slw nor srawi, and its rotates
// (rlwinm) wrap one bit off, so the shifts are a multiplication and a
// division of the field masked in place, which agree with the ISA's
// shifts for every value.
func maskedTemplate(tmpl []string, f subwordField) []string {
	var out []string
	for _, l := range tmpl {
		switch {
		case strings.HasPrefix(l, "lwarx {d},"):
			out = append(out, strings.Replace(l, "{d}", "{w}", 1))
			if f.shift == 0 {
				out = append(out, "andi. {d},{w},{vm}")
			} else {
				out = append(out, "and {d},{w},{fm}", "divw {d},{d},{k}")
			}
		case strings.HasPrefix(l, "stwcx. "):
			v, rest, _ := strings.Cut(strings.TrimPrefix(l, "stwcx. "), ",")
			out = append(out, "andi. {x},"+v+",{vm}")
			if f.shift > 0 {
				out = append(out, "mullw {x},{x},{k}")
			}
			out = append(out, "and {nw},{w},{nm}", "or {nw},{nw},{x}", "stwcx. {nw},"+rest)
		default:
			out = append(out, l)
		}
	}
	return out
}
