// This file implements the RISC-V mapping table: the kernel's
// arch/riscv/include/asm/{fence,barrier,atomic,cmpxchg}.h as the compiled-in
// default builds them (no Zabha, no Zacas: the alternatives patch those
// in at boot on harts that have them), in herd's RISCV dialect. The
// sources are summarised in docs/locks-compile.md, "The RISC-V column".

package mapping

import "github.com/litmuscheck/litmuscheck/litmus"

// The kernel's fences (fence.h): RISCV_ACQUIRE_BARRIER, RISCV_RELEASE_BARRIER
// and RISCV_FULL_BARRIER.
const (
	rvAcquire = "fence r,rw"
	rvRelease = "fence rw,w"
	rvFull    = "fence rw,rw"
)

// rvCmpxchg is the LR/SC loop of __arch_cmpxchg, as its final iteration:
// sc is "sc.w" or "sc.w.rl", and fence, when set, is the SC_APPEND
// barrier, which sits before the "1:" label and so is skipped when the
// comparison fails.
func rvCmpxchg(sc, fence string) []string {
	out := lines("lr.w {d},0({a})", "bne {d},{e},{skip}", sc+" {f},{s},0({a})", "bne {f},x0,{abort}")
	if fence != "" {
		out = append(out, fence)
	}
	return append(out, "{skip}:")
}

// RISCV is the RISC-V table (RV64, 32-bit operands). READ_ONCE and
// WRITE_ONCE are plain lw and sw; smp_store_release and smp_load_acquire
// are fence rw,w before the store and fence r,rw after the load; the
// relaxed RMWs are bare AMOs and LR/SC loops, the acquire and release
// forms add RISCV_ACQUIRE_BARRIER after or RISCV_RELEASE_BARRIER before,
// and the fully ordered xchg and atomic_fetch_<op> are .aqrl AMOs, the
// fully ordered cmpxchg sc.w.rl then fence rw,rw. smp_cond_load_acquire
// is the generic one: the relaxed loop, then smp_acquire__after_ctrl_dep,
// which is smp_rmb. smp_mb__after_unlock_lock is smp_mb: the default
// spinlock (the combo lock) selects ARCH_WEAK_RELEASE_ACQUIRE.
var RISCV = &Table{
	Arch: litmus.ArchRISCV,
	Prims: map[string][]string{
		"READ_ONCE":                 lines("lw {d},0({a})"),
		"WRITE_ONCE":                lines("sw {s},0({a})"),
		"smp_mb":                    lines(rvFull),
		"smp_rmb":                   lines("fence r,r"),
		"smp_wmb":                   lines("fence w,w"),
		"smp_store_release":         lines(rvRelease, "sw {s},0({a})"),
		"smp_load_acquire":          lines("lw {d},0({a})", rvAcquire),
		"smp_cond_load_acquire":     lines("lw {d},0({a})", "fence r,r"),
		"smp_mb__before_atomic":     lines(rvFull),
		"smp_mb__after_atomic":      lines(rvFull),
		"smp_mb__after_spinlock":    lines("fence iorw,iorw"),
		"smp_mb__after_unlock_lock": lines(rvFull),
		"barrier":                   nil,
		"xchg_relaxed":              lines("amoswap.w {d},{s},({a})"),
		"xchg_acquire":              lines("amoswap.w {d},{s},({a})", rvAcquire),
		"xchg_release":              lines(rvRelease, "amoswap.w {d},{s},({a})"),
		"xchg":                      lines("amoswap.w.aqrl {d},{s},({a})"),
		"cmpxchg_relaxed":           rvCmpxchg("sc.w", ""),
		"cmpxchg_acquire":           rvCmpxchg("sc.w", rvAcquire),
		"cmpxchg_release":           seq(lines(rvRelease), rvCmpxchg("sc.w", "")),
		"cmpxchg":                   rvCmpxchg("sc.w.rl", rvFull),
		"atomic_fetch_op_relaxed":   lines("{op}.w {d},{s},({a})"),
		"atomic_fetch_op_acquire":   lines("{op}.w {d},{s},({a})", rvAcquire),
		"atomic_fetch_op_release":   lines(rvRelease, "{op}.w {d},{s},({a})"),
		"atomic_fetch_op":           lines("{op}.w.aqrl {d},{s},({a})"),
		"atomic_op":                 lines("{op}.w x0,{s},({a})"),
		// _arch_atomic_fetch_add_unless: no leading fence, and the full
		// fence on success only.
		"atomic_fetch_add_unless": lines("lr.w {d},0({a})", "beq {d},{e},{skip}", "add {t},{d},{s}",
			"sc.w.rl {f},{t},0({a})", "bne {f},x0,{abort}", rvFull, "{skip}:"),
	},
	Ops: map[litmus.BinOp]string{
		litmus.OpAdd: "amoadd", litmus.OpSub: "amoadd", litmus.OpOr: "amoor",
		litmus.OpXor: "amoxor", litmus.OpAnd: "amoand", litmus.OpAndNot: "amoand",
	},
	// atomic_sub adds the negated operand; atomic_andnot is the generic
	// fetch_and of the complement.
	Prep: map[litmus.BinOp][]string{
		litmus.OpSub: lines("sub {t},x0,{s}"), litmus.OpAndNot: lines("xori {t},{s},-1"),
	},
}
