// This file implements the lowering of the AArch64 memory accesses: loads
// and stores (plain, acquire/release, exclusive, sized, with pre- and
// post-indexing) and the atomics (CAS, SWP, LD<op>, ST<op>) with herd's
// event forms.

package asm

import (
	"strconv"
	"strings"

	"github.com/litmuscheck/litmuscheck/litmus"
)

// Loads and stores.

// a64MemKind describes a load or store mnemonic.
type a64MemKind struct {
	store     bool
	exclusive bool
	tags      []string // herd's annotation of the access
	size      int      // 8, 16 or 0 for the register size
	offset    bool     // takes an offset or post-index (LDR, STR)
}

// a64MemOp decodes LDR, STR, LDAR, LDAPR, STLR, LDXR, LDAXR, STXR, STLXR
// and their B/H forms.
func a64MemOp(op string) (a64MemKind, bool) {
	if k, ok := a64MemKinds[op]; ok {
		return k, true
	}
	size := map[byte]int{'B': 8, 'H': 16}[op[len(op)-1]]
	k, ok := a64MemKinds[op[:len(op)-1]]
	if size == 0 || !ok {
		return a64MemKind{}, false
	}
	k.size = size
	return k, true
}

var a64MemKinds = map[string]a64MemKind{
	"LDR":   {offset: true},
	"LDUR":  {offset: true},
	"STR":   {store: true, offset: true},
	"STUR":  {store: true, offset: true},
	"LDAR":  {tags: []string{"A"}},
	"LDAPR": {tags: []string{"Q"}},
	"STLR":  {store: true, tags: []string{"L"}},
	"LDXR":  {exclusive: true, tags: []string{"X"}},
	"LDAXR": {exclusive: true, tags: []string{"X", "A"}},
	"STXR":  {store: true, exclusive: true, tags: []string{"X"}},
	"STLXR": {store: true, exclusive: true, tags: []string{"X", "L"}},
}

// memory lowers a load or a store.
func (b *a64Builder) memory(in *a64Instr, k a64MemKind) error {
	args := in.Args
	var status a64Reg
	form := "Rt, [Xn]"
	if k.exclusive && k.store {
		form = "Ws, Rt, [Xn]"
	}
	if len(args) < 2 || len(args) < 3 && k.exclusive && k.store {
		return litmus.Errorf(b.pos, "missing operands (expected %s %s)", strings.ToUpper(in.Op), form)
	}
	if k.exclusive && k.store {
		var err error
		if status, err = b.reg(args[0]); err != nil {
			return err
		}
		args = args[1:]
	}
	t, err := b.reg(args[0])
	if err != nil {
		return err
	}
	if !k.offset && (args[1].Mem == nil || len(args[1].Mem.Args) > 1 && !a64ZeroOffset(args[1].Mem)) {
		return b.errorf(args[1], "expected a memory operand [Xn] (%s takes no offset)", strings.ToUpper(in.Op))
	}
	if !k.offset && len(args) > 2 {
		return b.errorf(args[2], "unexpected operand %s (expected %s %s)", argText(args[2]), strings.ToUpper(in.Op), form)
	}
	addr, err := b.address(args[1])
	if err != nil {
		return err
	}
	post, err := b.postIndex(args[1], args[2:])
	if err != nil {
		return err
	}
	in2 := litmus.Instr{Addr: addr, Size: a64Size(k.size, t)}
	switch {
	case k.store:
		in2.Op, in2.Src, in2.WTags = litmus.OpStore, b.sized(b.read(t), k.size), k.tags
		if k.exclusive {
			in2.Op = litmus.OpStoreCond
			in2.Status = b.dest(status)
			in2.StatusOK, in2.StatusFail = litmus.Int(0), litmus.Int(1)
		}
	default:
		if t.zero {
			return b.errorf(args[0], "expected a destination register, found %q", args[0].Word.Name)
		}
		in2.Op, in2.Dst, in2.RTags = litmus.OpLoad, b.dest(t), k.tags
		if k.exclusive {
			in2.Op = litmus.OpLoadReserve
		}
	}
	b.emit(in2)
	post()
	return nil
}

// a64ZeroOffset reports whether a memory operand is [Xn,#0].
func a64ZeroOffset(m *a64Mem) bool {
	if len(m.Args) != 2 || m.Args[1].Imm == nil || m.Writeback {
		return false
	}
	v, err := strconv.ParseInt(strings.TrimPrefix(strings.ToLower(m.Args[1].Imm.Value), "0x"), 16, 64)
	return err == nil && v == 0
}

// a64Size is the width in bytes of an access of bits bits (8, 16, or 0
// for the register's width) through register r: a W register moves 4
// bytes, an X register 8.
func a64Size(bits int, r a64Reg) uint8 {
	switch {
	case bits != 0:
		return uint8(bits / 8)
	case r.w:
		return 4
	}
	return 8
}

// sized masks a stored value to a byte or halfword (size in bits).
func (b *a64Builder) sized(x litmus.Expr, size int) litmus.Expr { return narrow(x, size/8) }

// Atomics (LSE).

// a64AtomicKind describes an LSE mnemonic: CAS, SWP, LD<op> or ST<op>,
// with its ordering suffix (A, L, AL) and size (B, H).
type a64AtomicKind struct {
	family  string // "CAS", "SWP", "LD", "ST"
	op      litmus.BinOp
	acquire bool
	release bool
	size    int
}

var a64AtomicOps = map[string]litmus.BinOp{
	"ADD": litmus.OpAdd, "CLR": litmus.OpAndNot, "EOR": litmus.OpXor, "SET": litmus.OpOr,
	"SMAX": litmus.OpMax, "SMIN": litmus.OpMin, "UMAX": litmus.OpUMax, "UMIN": litmus.OpUMin,
}

// a64AtomicOp decodes CAS{A,L,AL}{B,H}, SWP{A,L,AL}{B,H},
// LD<op>{A,L,AL}{B,H} and ST<op>{L}{B,H}.
func a64AtomicOp(op string) (a64AtomicKind, bool) {
	var k a64AtomicKind
	rest := ""
	switch {
	case strings.HasPrefix(op, "CAS") && !strings.HasPrefix(op, "CASP"):
		k.family, rest = "CAS", op[3:]
	case strings.HasPrefix(op, "SWP"):
		k.family, k.op, rest = "SWP", litmus.OpXchg, op[3:]
	case strings.HasPrefix(op, "LD") || strings.HasPrefix(op, "ST"):
		k.family = op[:2]
		found := false
		for name, o := range a64AtomicOps {
			if strings.HasPrefix(op[2:], name) {
				k.op, rest, found = o, op[2+len(name):], true
				break
			}
		}
		if !found {
			return k, false
		}
	default:
		return k, false
	}
	switch {
	case strings.HasSuffix(rest, "B"):
		k.size, rest = 8, rest[:len(rest)-1]
	case strings.HasSuffix(rest, "H"):
		k.size, rest = 16, rest[:len(rest)-1]
	}
	switch rest {
	case "":
	case "A":
		k.acquire = true
	case "L":
		k.release = true
	case "AL":
		k.acquire, k.release = true, true
	default:
		return k, false
	}
	if k.family == "ST" && k.acquire {
		return k, false
	}
	return k, true
}

// AArch64CASForms are the event structures herd builds for a CAS, each
// counted as a candidate of its own (herd/AArch64Sem.ml "cas": an
// alternative between success, a failure that writes the old value back,
// and a failure without a write). A success gives Rs the old value either
// from the expected value, under the CAS branch (DataFromRRs), or from the
// read (DataFromRx); a failure without a write comes with and without the
// branch ordering the write of Rs. The corpus pins these: a success
// counts twice, a failure three times, and each form keeps its own
// dependencies.
var AArch64CASForms = []litmus.CASForm{
	{Success: true, OldFromExpect: true, OldAfterCompare: true},
	{Success: true},
	{WriteBack: true},
	{OldAfterCompare: true},
	{},
}

// atomic lowers an LSE instruction, with herd's annotations: the read of
// an A/AL form is X and A, the write of an L/AL form is X and L; when the
// old value goes to the zero register the read is NoRet (and not A). A
// failed CAS reads with no annotation (A for CASA/CASAL).
func (b *a64Builder) atomic(in *a64Instr, k a64AtomicKind) error {
	form := "Rs, Rt, [Xn]"
	if k.family == "ST" {
		form = "Rs, [Xn]"
	}
	n := 3
	if k.family == "ST" {
		n = 2
	}
	if len(in.Args) != n {
		return b.want(in, n, form)
	}
	s, err := b.reg(in.Args[0])
	if err != nil {
		return err
	}
	t := a64Reg{zero: true}
	if k.family != "ST" {
		if t, err = b.reg(in.Args[1]); err != nil {
			return err
		}
	}
	if m := in.Args[n-1]; m.Mem == nil || len(m.Mem.Args) > 1 && !a64ZeroOffset(m.Mem) {
		return b.errorf(m, "expected a memory operand [Xn] (%s takes no offset)", strings.ToUpper(in.Op))
	}
	addr, err := b.address(in.Args[n-1])
	if err != nil {
		return err
	}
	rtags, wtags := []string{"X"}, []string{"X"}
	if k.acquire {
		rtags = append(rtags, "A")
	}
	if k.release {
		wtags = append(wtags, "L")
	}
	// The register that receives the old value: Rt, or Rs for CAS.
	old := t
	if k.family == "CAS" {
		old = s
	}
	if old.zero {
		rtags = []string{"X", "NoRet"}
	}
	if k.family != "CAS" {
		b.emit(litmus.Instr{
			Op: litmus.OpRMW, Dst: b.dest(old), Addr: addr, Size: a64Size(k.size, s),
			Src: b.sized(b.read(s), k.size), RMWOp: k.op,
			RTags: rtags, WTags: wtags,
		})
		return nil
	}
	fail := []string{}
	switch {
	case old.zero:
		fail = []string{"X", "NoRet"}
	case k.acquire:
		fail = []string{"A"}
	}
	b.emit(litmus.Instr{
		Op: litmus.OpCAS, Dst: b.dest(old), Addr: addr, Size: a64Size(k.size, s),
		Expect: &litmus.Unary{Op: litmus.OpPick, X: b.read(s)},
		Src:    b.sized(b.read(t), k.size),
		RTags:  rtags, WTags: wtags, FailTags: fail,
		CASForms: AArch64CASForms,
	})
	return nil
}
