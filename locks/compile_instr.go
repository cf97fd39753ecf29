// This file implements the compilation of one IR instruction: the kernel
// primitive it came from (Primitive) and the target table's template for
// it, with its placeholders filled.

package locks

import (
	"fmt"
	"slices"
	"strings"

	"github.com/litmuscheck/litmuscheck/litmus"
)

// suffixes maps the ordering annotation of an RMW to its kernel suffix.
var suffixes = map[string]string{litmus.TagOnce: "_relaxed", litmus.TagAcquire: "_acquire", litmus.TagRelease: "_release", litmus.TagMB: ""}

var fencePrims = map[string]string{
	litmus.TagMB: "smp_mb", litmus.TagRmb: "smp_rmb", litmus.TagWmb: "smp_wmb",
	litmus.TagBeforeAtomic: "smp_mb__before_atomic", litmus.TagAfterAtomic: "smp_mb__after_atomic",
	litmus.TagAfterSpinlock: "smp_mb__after_spinlock", litmus.TagAfterUnlockLock: "smp_mb__after_unlock_lock",
	litmus.TagBarrier: "barrier",
}

func oneTag(tags []string) string {
	if len(tags) == 1 {
		return tags[0]
	}
	if len(tags) == 0 {
		return ""
	}
	return strings.Join(tags, ",")
}

// Primitive names the kernel primitive an IR instruction of a C test came
// from, as the tables key it, or "" when it is none of them (an
// OpMove, a branch, or a construct no table maps).
func Primitive(in *litmus.Instr) string {
	tag := oneTag(in.RTags)
	switch in.Op {
	case litmus.OpLoad:
		switch tag {
		case "", litmus.TagOnce:
			return "READ_ONCE"
		case litmus.TagAcquire:
			return "smp_load_acquire"
		}
	case litmus.OpStore:
		switch oneTag(in.WTags) {
		case "", litmus.TagOnce:
			return "WRITE_ONCE"
		case litmus.TagRelease:
			return "smp_store_release"
		}
	case litmus.OpFence:
		if in.Addr == nil {
			return fencePrims[oneTag(in.FTags)]
		}
	case litmus.OpRMW:
		if tag == litmus.TagNoreturn {
			return "atomic_op"
		}
		suf, ok := suffixes[tag]
		if !ok {
			return ""
		}
		if in.RMWOp == litmus.OpXchg {
			return "xchg" + suf
		}
		return "atomic_fetch_op" + suf
	case litmus.OpCAS:
		if in.AddUnless && in.FailTags == nil && tag == litmus.TagMB {
			return "atomic_fetch_add_unless"
		}
		if in.AddUnless || in.FailTags != nil {
			return ""
		}
		if suf, ok := suffixes[tag]; ok {
			return "cmpxchg" + suf
		}
	}
	return ""
}

// spinFinal reports whether the instruction at tc.pc is the read of a
// spin's final attempt (smp_cond_load_*): the next instruction that is
// not a register move or a choice is the spin's exit test.
func (tc *threadComp) spinFinal() bool {
	code := tc.th.Code
	for pc := tc.pc + 1; pc < len(code); pc++ {
		if code[pc].Op != litmus.OpMove && code[pc].Op != litmus.OpChoose {
			return code[pc].Op == litmus.OpAssume && code[pc].Spin > 0
		}
	}
	return false
}

// valueOperand puts the value e, if any, in a register and names it in ops
// as the operand name.
func (tc *threadComp) valueOperand(e litmus.Expr, name string, ops map[string]string) (string, error) {
	if e == nil {
		return "", nil
	}
	r, err := tc.value(tc.resolve(e, false))
	if err != nil {
		return "", err
	}
	ops[name] = tc.syn.asm(r)
	return r, nil
}

// instr compiles one IR instruction.
func (tc *threadComp) instr(in *litmus.Instr) error {
	switch in.Op {
	case litmus.OpNop:
		return nil
	case litmus.OpMove:
		return tc.move(in)
	case litmus.OpBranch:
		label := tc.labels[in.Target]
		if in.Cond == nil {
			tc.emit(tc.syn.jump(label))
			return nil
		}
		return tc.branch(tc.resolve(in.Cond, false), label, true)
	case litmus.OpAssume:
		if in.Spin > 0 {
			return tc.branch(tc.resolve(in.Cond, false), tc.spinLabel(), false)
		}
		return tc.branch(tc.resolve(in.Cond, false), tc.abortLabel(), false)
	case litmus.OpChoose:
		// herd's assembly has no choice: a move of 0, which markChoices
		// reads back as the choice.
		tc.choices = append(tc.choices, len(tc.body))
		tc.emit(tc.syn.li(tc.reg(in.Dst), 0) + " (* " + choiceNote(in) + " *)")
		return nil
	}
	prim, tmpl, err := tc.template(in)
	if err != nil {
		return err
	}
	ops := map[string]string{}
	var word *subwordField
	if tc.maskedRMW(in, tmpl) {
		f, err := tc.field(in, prim)
		if err != nil {
			return err
		}
		word = &f
	}
	// Operands, read before the destination is written.
	tmpl, addrRegs, err := tc.addressOperand(in, tmpl, word, ops)
	if err != nil {
		return err
	}
	src, err := tc.valueOperand(in.Src, "s", ops)
	if err != nil {
		return err
	}
	exp, err := tc.valueOperand(in.Expect, "e", ops)
	if err != nil {
		return err
	}
	if strings.HasPrefix(prim, "atomic_") {
		if err := tc.atomicOperation(in, ops); err != nil {
			return err
		}
	}
	if word != nil {
		exp = tc.maskedOperands(in, *word, exp, ops)
		tmpl = maskedTemplate(tmpl, *word)
	}
	final, d := tc.destination(in, src, exp, addrRegs, ops)
	tmpl = tc.placeholders(in, tmpl, ops)
	if err := tc.emitTemplate(in, prim, tmpl, d, word != nil, ops); err != nil {
		return err
	}
	return tc.result(in, final, d, src)
}

// move compiles a register move.
func (tc *threadComp) move(in *litmus.Instr) error {
	if isBool(in.Src) && tc.canBeLazy(in.Dst, tc.pc) {
		tc.lazy[in.Dst] = tc.resolve(in.Src, true)
		return nil
	}
	// On x86, where registers are few, a register that only ever holds
	// a constant (an inlined fragment's constant argument) is that
	// constant where it is read: a constant carries no dependency, so
	// the code orders the same.
	if k, ok := in.Src.(*litmus.Const); ok && tc.syn.direct() && !k.V.IsAddr() && !tc.observed[in.Dst] && tc.canBeLazy(in.Dst, tc.pc) {
		tc.lazy[in.Dst] = k
		return nil
	}
	return tc.into(tc.reg(in.Dst), tc.resolve(in.Src, false))
}

// template finds the kernel primitive in came from and the target
// table's template for it.
func (tc *threadComp) template(in *litmus.Instr) (string, []string, error) {
	prim := Primitive(in)
	if prim == "" && rcuOnly(in) {
		return "", nil, fmt.Errorf("%w: RCU and SRCU are defined by the LKMM alone (tags %s)", ErrNoMapping, strings.Join(append(append(in.RTags, in.WTags...), in.FTags...), ","))
	}
	if prim == "" {
		return "", nil, fmt.Errorf("no %s instruction for this primitive (tags %s)", tc.target.Title, strings.Join(append(append(in.RTags, in.WTags...), in.FTags...), ","))
	}
	if alt, ok := tc.target.Table.NoReturnAs[in.RMWOp]; ok && prim == "atomic_op" {
		prim = alt
	}
	if prim == "smp_load_acquire" && tc.spinFinal() {
		prim = "smp_cond_load_acquire"
	}
	tmpl, ok := tc.target.Table.Prims[prim]
	if !ok {
		return "", nil, fmt.Errorf("the %s table has no %s", tc.target.Title, prim)
	}
	return prim, tmpl, nil
}

// addressOperand names in ops, as "a", the memory operand of in, if any,
// the word that holds it for a masked RMW (word not nil), and returns
// tmpl, for an offset, adjusted, and the registers the address is in.
func (tc *threadComp) addressOperand(in *litmus.Instr, tmpl []string, word *subwordField, ops map[string]string) ([]string, []string, error) {
	if in.Addr == nil {
		return tmpl, nil, nil
	}
	var addrRegs []string
	a := tc.resolve(in.Addr, false)
	var off int64
	if tc.mixed {
		// The member's address on the target, with its offset in
		// the instruction when the instruction takes one.
		a, off = splitOffset(a)
		off = tc.placed(a, off, accessBytes(in))
		if word != nil {
			off = word.wordOff
		}
		if off != 0 && !offsetForm(tc.target.Table.Arch, tmpl) {
			a, off = litmus.Bin(litmus.OpAdd, a, litmus.C(off)), 0
		}
	}
	if c, ok := a.(*litmus.Const); ok && c.V.IsAddr() && c.V.Off == 0 && tc.syn.names(c.V.Sym) && off == 0 {
		ops["a"] = tc.syn.mem("", c.V.Sym)
	} else {
		r, err := tc.value(a)
		if err != nil {
			return tmpl, nil, err
		}
		ops["a"] = tc.syn.mem(r, "")
		if off != 0 {
			ops["a"] = tc.withOffset(r, off)
			tmpl = withPPCOffset(tmpl, off)
		}
		addrRegs = append(addrRegs, r)
	}
	return tmpl, addrRegs, nil
}

// atomicOperation names in ops, as "op", the target's instruction for
// the operation of an atomic_* primitive, preparing its operand "s" when
// the target's instruction takes another form of it.
func (tc *threadComp) atomicOperation(in *litmus.Instr, ops map[string]string) error {
	m, ok := tc.target.Table.Ops[in.RMWOp]
	if !ok {
		return fmt.Errorf("the %s table has no atomic %s", tc.target.Title, opName(in.RMWOp))
	}
	ops["op"] = m
	if p, ok := tc.target.Table.Prep[in.RMWOp]; ok {
		t := tc.temp()
		for _, line := range p {
			tc.emit(fill(line, map[string]string{"t": tc.syn.asm(t), "s": ops["s"]}))
		}
		ops["s"] = tc.syn.asm(t)
	}
	return nil
}

// destination returns the register of in's IR result, final ("" for
// none), and the register d the template writes, named "d" in ops.
func (tc *threadComp) destination(in *litmus.Instr, src, exp string, addrRegs []string, ops map[string]string) (final, d string) {
	// The destination: a scratch register when the IR result is dropped,
	// returns the new value, or shares a register with an operand.
	if in.Dst != "" {
		final = tc.reg(in.Dst)
	}
	d = final
	clash := d == src || d == exp || slices.Contains(addrRegs, d)
	if d == "" || in.ReturnNew || clash {
		d = tc.temp()
	}
	ops["d"] = tc.syn.asm(d)
	return final, d
}

// placeholders names in ops the scratch registers and labels tmpl uses,
// and {acq}, and returns tmpl as the target runs it.
func (tc *threadComp) placeholders(in *litmus.Instr, tmpl []string, ops map[string]string) []string {
	for _, p := range []string{"t", "t2", "f"} {
		if usesPlaceholder(tmpl, p) {
			r := tc.temp()
			ops[p] = tc.syn.asm(r)
			if p == "f" {
				ops[p] = tc.syn.status(r)
			}
		}
	}
	if usesPlaceholder(tmpl, "skip") {
		ops["skip"] = tc.newLabel()
	}
	if usesPlaceholder(tmpl, "abort") {
		ops["abort"] = tc.abortLabel()
	}
	ops["acq"] = tc.target.Acquire
	if c, ok := in.Expect.(*litmus.Const); (!ok || c.V.IsAddr()) && tc.target.Table.Arch == litmus.ArchAArch64 {
		tmpl = comparePointer(tmpl)
	}
	return tmpl
}

// emitTemplate emits the lines of tmpl, filled with ops, for in's
// primitive prim writing register d; a masked RMW's accesses are words.
func (tc *threadComp) emitTemplate(in *litmus.Instr, prim string, tmpl []string, d string, masked bool, ops map[string]string) error {
	if tc.mixed && tc.target.Table.Arch == litmus.ArchX86_64 && accessBytes(in) < wordBytes {
		// An x86 byte or halfword load writes the low part of its
		// register alone (there is no movzx in herd's X86_64): clear the
		// rest first, as the kernel's movzbl does.
		switch {
		case in.Op == litmus.OpLoad:
			tc.emit(tc.syn.li(d, 0))
		case strings.HasPrefix(prim, "atomic_"):
			return fmt.Errorf("unsupported: a %d-byte atomic_fetch_<op> on x86 (its cmpxchg loop reads into rax)", accessBytes(in))
		}
	}
	for _, line := range tmpl {
		filled := fill(line, ops)
		if tc.mixed && !masked && strings.Contains(line, "{a}") {
			filled = sized(tc.target.Table.Arch, filled, accessBytes(in))
		}
		tc.emit(filled)
	}
	return nil
}

// result puts in's IR result in its register final from d, the register
// the template wrote, computing the new value of an RMW that returns it
// from the old one and the operand src.
func (tc *threadComp) result(in *litmus.Instr, final, d, src string) error {
	switch {
	case final == "":
	case in.ReturnNew:
		s, err := tc.syn.arith(tc.target.Table, in.RMWOp, final, d, src)
		if err != nil {
			return err
		}
		tc.emit(s...)
	case d != final:
		tc.emit(tc.syn.mov(final, d))
	}
	return nil
}

func usesPlaceholder(tmpl []string, p string) bool {
	for _, l := range tmpl {
		if strings.Contains(l, "{"+p+"}") {
			return true
		}
	}
	return false
}

// fill replaces the placeholders of a template line.
func fill(line string, ops map[string]string) string {
	var b strings.Builder
	for {
		i := strings.IndexByte(line, '{')
		if i < 0 {
			b.WriteString(line)
			return b.String()
		}
		j := strings.IndexByte(line[i:], '}')
		if j < 0 {
			panic("should never happen: unclosed placeholder in " + line)
		}
		name := line[i+1 : i+j]
		v, ok := ops[name]
		if !ok {
			panic("should never happen: no value for {" + name + "}")
		}
		b.WriteString(line[:i])
		b.WriteString(v)
		line = line[i+j+1:]
	}
}

// comparePointer rewrites the LL/SC cmpxchg test "EOR t,d,e; CBNZ t,skip"
// as "CMP d,e; B.NE skip" for an expected value that is an address or
// may be one (a register: the OSQ's node pointer, this_cpu_ptr's result):
// herd's AArch64 computes no EOR of two addresses, and the compare reads
// the same registers, so the branch has the same dependencies.
func comparePointer(tmpl []string) []string {
	out := append([]string(nil), tmpl...)
	for i := 0; i+1 < len(out); i++ {
		if out[i] == "EOR {t},{d},{e}" && out[i+1] == "CBNZ {t},{skip}" {
			out[i], out[i+1] = "CMP {d},{e}", "B.NE {skip}"
		}
	}
	return out
}
