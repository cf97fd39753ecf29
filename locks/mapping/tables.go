// This file implements the mapping tables: for each target, the
// instruction sequence each kernel primitive becomes. The facts are those
// of the kernel sources (arch/*/include/asm/{barrier,cmpxchg,atomic*,
// synch}.h), summarised in docs/locks-compile.md.
//
// A template is a list of instructions in the target's herd dialect, with
// placeholders the compiler fills:
//
//	{d}     the register that receives the value read (the old value)
//	{a}     the address operand: a register holding it (POWER, ARMv8) or
//	        a memory operand "(x)" / "(%rbx)" (x86)
//	{s}     the register holding the value to store (or the operand)
//	{e}     the register holding the value cmpxchg expects
//	{t}     a scratch register, {t2} another; {f} a status register
//	        (STXR's Ws)
//	{skip}  a fresh label: where a failed cmpxchg goes
//	{abort} the thread's abort label: a failed store-conditional means
//	        this was not the spin loop's final iteration
//	{acq}   POWER's acquire barrier: lwsync, or isync on the variant
//	{op}    the instruction of an atomic_fetch_<op>/atomic_<op>
//
// A line "{skip}:" places the label.

package mapping

import "github.com/litmuscheck/litmuscheck/litmus"

// A Table maps kernel primitives to instruction templates for one
// architecture.
type Table struct {
	// Arch is the herd dialect of the templates.
	Arch litmus.Arch
	// Prims maps a primitive (see Prims) to its template.
	Prims map[string][]string
	// Ops maps the operation of atomic_fetch_<op> and atomic_<op> to the
	// instruction {op} stands for; an operation missing here cannot be
	// compiled for the table's target.
	Ops map[litmus.BinOp]string
	// Prep, for an operation, is the instructions computing {t} from {s}
	// that run first; {s} then stands for {t}.
	Prep map[litmus.BinOp][]string
	// NoReturnAs names, for an operation whose atomic_<op> the target has
	// no instruction for, the primitive atomic_<op> compiles as instead.
	NoReturnAs map[litmus.BinOp]string
}

// Prims lists the primitives every table maps: the marked accesses and
// the barriers, then the read-modify-writes. The ordering variants of xchg, cmpxchg and
// atomic_fetch_<op> carry the suffixes _relaxed, _acquire, _release and
// none (fully ordered). try_cmpxchg compiles as cmpxchg, atomic_read and
// atomic_set as READ_ONCE and WRITE_ONCE, smp_cond_load_relaxed and
// smp_cond_load_acquire as the final iteration of their loop: READ_ONCE
// or smp_cond_load_acquire's read, and a branch (the generic
// smp_cond_load_acquire is the relaxed loop then smp_rmb, the order of
// smp_load_acquire on POWER and x86; arm64's is LDAR); atomic_<op>_return and
// atomic_<op>_return_* as the atomic_fetch_<op> of the same ordering;
// atomic_add_unless(v, a, u) as atomic_fetch_add_unless (fully ordered
// when it adds), {e} holding u and {s} a.
var Prims = []string{
	"READ_ONCE", "WRITE_ONCE",
	"smp_mb", "smp_rmb", "smp_wmb",
	"smp_store_release", "smp_load_acquire", "smp_cond_load_acquire",
	"smp_mb__before_atomic", "smp_mb__after_atomic", "smp_mb__after_spinlock",
	"smp_mb__after_unlock_lock", "barrier",
	"xchg_relaxed", "xchg_acquire", "xchg_release", "xchg",
	"cmpxchg_relaxed", "cmpxchg_acquire", "cmpxchg_release", "cmpxchg",
	"atomic_fetch_op_relaxed", "atomic_fetch_op_acquire", "atomic_fetch_op_release", "atomic_fetch_op",
	"atomic_op", "atomic_fetch_add_unless",
}

func seq(parts ...[]string) []string {
	var out []string
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

func lines(l ...string) []string { return l }

// POWER (arch/powerpc): PPC_ACQUIRE_BARRIER is {acq}, PPC_RELEASE_BARRIER
// is lwsync, the fully ordered RMWs are bracketed by sync
// (PPC_ATOMIC_ENTRY_BARRIER, PPC_ATOMIC_EXIT_BARRIER), and the barrier
// after a cmpxchg's store-conditional is skipped when the comparison fails
// (it sits before the "2:" label).
var (
	ppcXchg    = lines("lwarx {d},r0,{a}", "stwcx. {s},r0,{a}", "bne {abort}")
	ppcCmpHead = lines("lwarx {d},r0,{a}", "cmpw {d},{e}", "bne {skip}", "stwcx. {s},r0,{a}", "bne {abort}")
	ppcFetch   = lines("lwarx {d},r0,{a}", "{op} {t},{d},{s}", "stwcx. {t},r0,{a}", "bne {abort}")
	skip       = lines("{skip}:")
)

// Power is the POWER table (ppc64).
var Power = &Table{
	Arch: litmus.ArchPPC,
	Prims: map[string][]string{
		"READ_ONCE":                 lines("lwz {d},0({a})"),
		"WRITE_ONCE":                lines("stw {s},0({a})"),
		"smp_mb":                    lines("sync"),
		"smp_rmb":                   lines("lwsync"),
		"smp_wmb":                   lines("lwsync"),
		"smp_store_release":         lines("lwsync", "stw {s},0({a})"),
		"smp_load_acquire":          lines("lwz {d},0({a})", "lwsync"),
		"smp_cond_load_acquire":     lines("lwz {d},0({a})", "lwsync"),
		"smp_mb__before_atomic":     lines("sync"),
		"smp_mb__after_atomic":      lines("sync"),
		"smp_mb__after_spinlock":    lines("sync"),
		"smp_mb__after_unlock_lock": lines("sync"),
		"barrier":                   nil,
		"xchg_relaxed":              ppcXchg,
		"xchg_acquire":              seq(ppcXchg, lines("{acq}")),
		"xchg_release":              seq(lines("lwsync"), ppcXchg),
		"xchg":                      seq(lines("sync"), ppcXchg, lines("sync")),
		"cmpxchg_relaxed":           seq(ppcCmpHead, skip),
		"cmpxchg_acquire":           seq(ppcCmpHead, lines("{acq}"), skip),
		"cmpxchg_release":           seq(lines("lwsync"), ppcCmpHead, skip),
		"cmpxchg":                   seq(lines("sync"), ppcCmpHead, lines("sync"), skip),
		"atomic_fetch_op_relaxed":   ppcFetch,
		"atomic_fetch_op_acquire":   seq(ppcFetch, lines("{acq}")),
		"atomic_fetch_op_release":   seq(lines("lwsync"), ppcFetch),
		"atomic_fetch_op":           seq(lines("sync"), ppcFetch, lines("sync")),
		"atomic_op":                 ppcFetch,
		// arch_atomic_fetch_add_unless: the entry sync runs even when
		// the value is u.
		"atomic_fetch_add_unless": lines("sync", "lwarx {d},r0,{a}", "cmpw {d},{e}", "beq {skip}",
			"add {t},{d},{s}", "stwcx. {t},r0,{a}", "bne {abort}", "sync", "{skip}:"),
	},
	Ops: map[litmus.BinOp]string{
		litmus.OpAdd: "add", litmus.OpSub: "sub", litmus.OpOr: "or",
		litmus.OpXor: "xor", litmus.OpAnd: "and", litmus.OpAndNot: "and",
	},
	// The kernel's andc is not in herd's PPC: and with the complement,
	// computed as -1 xor {s}.
	Prep: map[litmus.BinOp][]string{
		litmus.OpAndNot: lines("li {t},-1", "xor {t},{t},{s}"),
	},
}

// ARMv8 with LL/SC atomics (arch/arm64/include/asm/atomic_ll_sc.h,
// cmpxchg.h): acquire forms load with LDAXR, release forms store with
// STLXR, and the fully ordered forms are release + DMB ISH, the barrier
// skipped when a cmpxchg's comparison fails.
func a64LLSC(ld, st string) []string {
	return lines(ld+" {d},[{a}]", st+" {f},{s},[{a}]", "CBNZ {f},{abort}")
}

func a64Cmp(ld, st string) []string {
	return lines(ld+" {d},[{a}]", "EOR {t},{d},{e}", "CBNZ {t},{skip}", st+" {f},{s},[{a}]", "CBNZ {f},{abort}")
}

func a64Fetch(ld, st string) []string {
	return lines(ld+" {d},[{a}]", "{op} {t},{d},{s}", st+" {f},{t},[{a}]", "CBNZ {f},{abort}")
}

// a64AddUnlessHead starts the generic atomic_fetch_add_unless: c =
// atomic_read(v), done if c == u, else try c -> c + a.
var a64AddUnlessHead = lines("LDR {d},[{a}]", "CMP {d},{e}", "B.EQ {skip}", "ADD {t},{d},{s}")

var a64Common = map[string][]string{
	"READ_ONCE":                 lines("LDR {d},[{a}]"),
	"WRITE_ONCE":                lines("STR {s},[{a}]"),
	"smp_mb":                    lines("DMB ISH"),
	"smp_rmb":                   lines("DMB ISHLD"),
	"smp_wmb":                   lines("DMB ISHST"),
	"smp_store_release":         lines("STLR {s},[{a}]"),
	"smp_load_acquire":          lines("LDAR {d},[{a}]"),
	"smp_cond_load_acquire":     lines("LDAR {d},[{a}]"),
	"smp_mb__before_atomic":     lines("DMB ISH"),
	"smp_mb__after_atomic":      lines("DMB ISH"),
	"smp_mb__after_spinlock":    lines("DMB ISH"),
	"smp_mb__after_unlock_lock": nil,
	"barrier":                   nil,
}

func withCommon(m map[string][]string) map[string][]string {
	for k, v := range a64Common {
		m[k] = v
	}
	return m
}

// ARMv8 is the ARMv8 table with LL/SC atomics.
var ARMv8 = &Table{
	Arch: litmus.ArchAArch64,
	Prims: withCommon(map[string][]string{
		"xchg_relaxed":            a64LLSC("LDXR", "STXR"),
		"xchg_acquire":            a64LLSC("LDAXR", "STXR"),
		"xchg_release":            a64LLSC("LDXR", "STLXR"),
		"xchg":                    seq(a64LLSC("LDXR", "STLXR"), lines("DMB ISH")),
		"cmpxchg_relaxed":         seq(a64Cmp("LDXR", "STXR"), skip),
		"cmpxchg_acquire":         seq(a64Cmp("LDAXR", "STXR"), skip),
		"cmpxchg_release":         seq(a64Cmp("LDXR", "STLXR"), skip),
		"cmpxchg":                 seq(a64Cmp("LDXR", "STLXR"), lines("DMB ISH"), skip),
		"atomic_fetch_op_relaxed": a64Fetch("LDXR", "STXR"),
		"atomic_fetch_op_acquire": a64Fetch("LDAXR", "STXR"),
		"atomic_fetch_op_release": a64Fetch("LDXR", "STLXR"),
		"atomic_fetch_op":         seq(a64Fetch("LDXR", "STLXR"), lines("DMB ISH")),
		"atomic_op":               a64Fetch("LDXR", "STXR"),
		// arm64 has no atomic_fetch_add_unless of its own: the generic
		// loop's final iteration, atomic_read, then a full try_cmpxchg.
		"atomic_fetch_add_unless": seq(a64AddUnlessHead,
			lines("LDXR {t2},[{a}]", "EOR {f},{t2},{d}", "CBNZ {f},{abort}", "STLXR {f},{t},[{a}]", "CBNZ {f},{abort}", "DMB ISH", "{skip}:")),
	}),
	Ops: map[litmus.BinOp]string{
		litmus.OpAdd: "ADD", litmus.OpSub: "SUB", litmus.OpOr: "ORR",
		litmus.OpXor: "EOR", litmus.OpAnd: "AND", litmus.OpAndNot: "BIC",
	},
}

// ARMv8LSE is the ARMv8 table with LSE atomics (atomic_lse.h, cmpxchg.h):
// one instruction each, suffixed A (acquire), L (release) or AL (fully
// ordered). {op} is the operation of LD<op> and ST<op> (atomic_<op>). A
// fetch-and-sub adds the negated operand (NEG), a fetch-and-and clears the
// complemented one (MVN), as the kernel does.
var ARMv8LSE = &Table{
	Arch: litmus.ArchAArch64,
	Prims: withCommon(map[string][]string{
		"xchg_relaxed":            lines("SWP {s},{d},[{a}]"),
		"xchg_acquire":            lines("SWPA {s},{d},[{a}]"),
		"xchg_release":            lines("SWPL {s},{d},[{a}]"),
		"xchg":                    lines("SWPAL {s},{d},[{a}]"),
		"cmpxchg_relaxed":         lines("MOV {d},{e}", "CAS {d},{s},[{a}]"),
		"cmpxchg_acquire":         lines("MOV {d},{e}", "CASA {d},{s},[{a}]"),
		"cmpxchg_release":         lines("MOV {d},{e}", "CASL {d},{s},[{a}]"),
		"cmpxchg":                 lines("MOV {d},{e}", "CASAL {d},{s},[{a}]"),
		"atomic_fetch_op_relaxed": lines("LD{op} {s},{d},[{a}]"),
		"atomic_fetch_op_acquire": lines("LD{op}A {s},{d},[{a}]"),
		"atomic_fetch_op_release": lines("LD{op}L {s},{d},[{a}]"),
		"atomic_fetch_op":         lines("LD{op}AL {s},{d},[{a}]"),
		"atomic_op":               lines("ST{op} {s},[{a}]"),
		"atomic_fetch_add_unless": seq(a64AddUnlessHead,
			lines("MOV {t2},{d}", "CASAL {t2},{t},[{a}]", "CMP {t2},{d}", "B.NE {abort}", "{skip}:")),
	}),
	Ops: map[litmus.BinOp]string{
		litmus.OpAdd: "ADD", litmus.OpSub: "ADD", litmus.OpOr: "SET",
		litmus.OpXor: "EOR", litmus.OpAnd: "CLR", litmus.OpAndNot: "CLR",
	},
	Prep: map[litmus.BinOp][]string{
		litmus.OpSub: lines("NEG {t},{s}"), litmus.OpAnd: lines("MVN {t},{s}"),
	},
}

// X86 is the x86-64 table (arch/x86/include/asm/{barrier,cmpxchg}.h), in
// herd's X86_64 dialect. smp_mb is MFENCE (the kernel's "lock; addl
// $0,-4(%rsp)" orders the same way under x86-TSO); smp_rmb, smp_wmb and
// the acquire/release forms are compiler barriers only; every RMW is a
// locked instruction whatever its ordering suffix. cmpxchg is "lock
// cmpxchg" with the expected value in rax. herd's X86_64 has no xadd, so
// atomic_fetch_<op> is the final iteration of the kernel's try_cmpxchg
// loop, the form atomic_fetch_or takes anyway; atomic_<op> is "lock <op>"
// where herd accepts the prefix (add, and sub as the add of the negated
// operand, and xor) and that loop for or, and and andnot (herd gives
// "Illegal lock prefix" on or and parses and only unsized). herd's X86_64
// has no sub, neg or not: -s is (s xor -1) + 1, and ~s is s xor -1.
var X86 = &Table{
	Arch: litmus.ArchX86_64,
	Prims: map[string][]string{
		"READ_ONCE":                 lines("movq {a},{d}"),
		"WRITE_ONCE":                lines("movq {s},{a}"),
		"smp_mb":                    lines("mfence"),
		"smp_rmb":                   nil,
		"smp_wmb":                   nil,
		"smp_store_release":         lines("movq {s},{a}"),
		"smp_load_acquire":          lines("movq {a},{d}"),
		"smp_cond_load_acquire":     lines("movq {a},{d}"),
		"smp_mb__before_atomic":     nil,
		"smp_mb__after_atomic":      nil,
		"smp_mb__after_spinlock":    nil,
		"smp_mb__after_unlock_lock": nil,
		"barrier":                   nil,
		"xchg_relaxed":              x86Xchg,
		"xchg_acquire":              x86Xchg,
		"xchg_release":              x86Xchg,
		"xchg":                      x86Xchg,
		"cmpxchg_relaxed":           x86Cmpxchg,
		"cmpxchg_acquire":           x86Cmpxchg,
		"cmpxchg_release":           x86Cmpxchg,
		"cmpxchg":                   x86Cmpxchg,
		"atomic_fetch_op_relaxed":   x86Fetch,
		"atomic_fetch_op_acquire":   x86Fetch,
		"atomic_fetch_op_release":   x86Fetch,
		"atomic_fetch_op":           x86Fetch,
		"atomic_op":                 lines("lock {op} {s},{a}"),
		// The generic loop's final iteration, as on arm64.
		"atomic_fetch_add_unless": lines("movq {a},{d}", "cmpq {e},{d}", "je {skip}", "movq {d},{t}", "addq {s},{t}",
			"movq {d},%rax", "lock cmpxchgq {a},{t}", "jne {abort}", "{skip}:"),
	},
	Ops: map[litmus.BinOp]string{
		litmus.OpAdd: "addq", litmus.OpSub: "addq", litmus.OpOr: "orq", litmus.OpXor: "xorq",
		litmus.OpAnd: "and", litmus.OpAndNot: "and",
	},
	Prep: map[litmus.BinOp][]string{
		litmus.OpSub:    lines("movq {s},{t}", "xorq $-1,{t}", "addq $1,{t}"),
		litmus.OpAndNot: lines("movq {s},{t}", "xorq $-1,{t}"),
	},
	NoReturnAs: map[litmus.BinOp]string{
		litmus.OpOr: "atomic_fetch_op_relaxed", litmus.OpAnd: "atomic_fetch_op_relaxed", litmus.OpAndNot: "atomic_fetch_op_relaxed",
	},
}

var (
	x86Xchg    = lines("movq {s},{d}", "xchgq {a},{d}")
	x86Cmpxchg = lines("movq {e},%rax", "lock cmpxchgq {a},{s}", "movq %rax,{d}")
	x86Fetch   = lines("movq {a},%rax", "movq %rax,{t}", "{op} {s},{t}", "lock cmpxchgq {a},{t}", "jne {abort}", "movq %rax,{d}")
)
