// This file implements the RISC-V instructions herd7 gives a semantics to:
// arithmetic, branches, loads and stores with their .aq and .rl
// annotations, lr and sc, the AMOs and the fences, each lowered with the
// events and annotations of herd7's RISCVSem.ml.

package asm

import (
	"fmt"
	"strings"

	"github.com/litmuscheck/litmuscheck/herd"
	"github.com/litmuscheck/litmuscheck/litmus"
)

// rvUnsupported are the instructions herd7's lexer knows and its RISC-V
// semantics refuses ("not implemented (yet)" or "not handled"), with why.
var rvUnsupported = map[string]string{
	"sltiu": "not implemented by herd7", "srai": "not implemented by herd7",
	"sltu": "not implemented by herd7", "sra": "not implemented by herd7",
	"srl": "not implemented by herd7", "srliw": "not implemented by herd7",
	"sraiw": "not implemented by herd7", "srlw": "not implemented by herd7",
	"sraw": "not implemented by herd7", "bltu": "not implemented by herd7",
	"bgeu": "not implemented by herd7", "auipc": "not handled by herd7",
	"la": "label addresses", "ret": "not handled by herd7",
}

// rvUpper are the mnemonics herd's lexer also knows in capitals.
var rvUpper = map[string]string{"NOP": "nop", "MV": "mv", "RET": "ret"}

// rvLookup finds the lowering of mnemonic m; why is set for an instruction
// herd7 knows but does not run.
func rvLookup(m string) (spec rvSpec, why string, ok bool) {
	if up, ok := rvUpper[m]; ok {
		m = up
	}
	if s, ok := rvFixed[m]; ok {
		return s, "", true
	}
	if s, why, ok := rvMemory(m); ok || why != "" {
		return s, why, ok
	}
	return rvSpec{}, rvUnsupported[m], false
}

// rvFixed are the instructions whose mnemonic carries no width or
// annotation.
var rvFixed = func() map[string]rvSpec {
	const rrr, rrk = "rd,rs1,rs2", "rd,rs1,imm"
	op := func(o litmus.BinOp) rvSpec {
		return rvSpec{"rrr", rrr, func(b *asmBuilder, a []rvOperand) error {
			rvSet(b, a[0].reg, litmus.Bin(o, rvRead(a[1].reg), rvRead(a[2].reg)))
			return nil
		}}
	}
	imm := func(o litmus.BinOp) rvSpec {
		return rvSpec{"rrk", rrk, func(b *asmBuilder, a []rvOperand) error {
			rvSet(b, a[0].reg, litmus.Bin(o, rvRead(a[1].reg), litmus.C(a[2].k)))
			return nil
		}}
	}
	// herd's Op.Lt gives 1 or 0, as slt does; its ShiftRight, srli's, is
	// logical.
	branch := func(o litmus.BinOp) rvSpec {
		return rvSpec{"rrl", "rs1,rs2,label", func(b *asmBuilder, a []rvOperand) error {
			b.branch(litmus.Bin(o, rvRead(a[0].reg), rvRead(a[1].reg)), a[2].name)
			return nil
		}}
	}
	fence := func(tag string) rvSpec {
		return rvSpec{"", "no operands", func(b *asmBuilder, _ []rvOperand) error {
			b.emit(litmus.Instr{Op: litmus.OpFence, FTags: []string{tag}})
			return nil
		}}
	}
	return map[string]rvSpec{
		// herd computes the W forms on whole registers, as their 64-bit
		// counterparts.
		"add": op(litmus.OpAdd), "addw": op(litmus.OpAdd), "sub": op(litmus.OpSub), "subw": op(litmus.OpSub),
		"and": op(litmus.OpAnd), "or": op(litmus.OpOr), "xor": op(litmus.OpXor),
		"sll": op(litmus.OpShl), "sllw": op(litmus.OpShl), "slt": op(litmus.OpLt),
		"addi": imm(litmus.OpAdd), "addiw": imm(litmus.OpAdd), "andi": imm(litmus.OpAnd),
		"ori": imm(litmus.OpOr), "xori": imm(litmus.OpXor), "slli": imm(litmus.OpShl),
		"slliw": imm(litmus.OpShl), "srli": imm(litmus.OpUShr), "slti": imm(litmus.OpLt),
		"li": {"rk", "rd,imm", func(b *asmBuilder, a []rvOperand) error {
			rvSet(b, a[0].reg, litmus.C(a[1].k))
			return nil
		}},
		"lui": {"rk", "rd,imm", func(b *asmBuilder, a []rvOperand) error {
			rvSet(b, a[0].reg, litmus.C(a[1].k<<12))
			return nil
		}},
		"mv": {"rr", "rd,rs", func(b *asmBuilder, a []rvOperand) error {
			rvSet(b, a[0].reg, rvRead(a[1].reg))
			return nil
		}},
		"sext.w": {"rr", "rd,rs", func(b *asmBuilder, a []rvOperand) error {
			rvSet(b, a[0].reg, &litmus.Unary{Op: litmus.OpSext32, X: rvRead(a[1].reg)})
			return nil
		}},
		"nop": {"", "no operands", func(b *asmBuilder, _ []rvOperand) error {
			b.emit(litmus.Instr{Op: litmus.OpNop})
			return nil
		}},
		"j": {"l", "label", func(b *asmBuilder, a []rvOperand) error {
			b.branch(nil, a[0].name)
			return nil
		}},
		"beq": branch(litmus.OpEq), "bne": branch(litmus.OpNe),
		"blt": branch(litmus.OpLt), "bge": branch(litmus.OpGe),
		"fence.tso": fence("Fence.tso"), "fence.i": fence("Fence.i"),
		"fence": {"|ll", "no operands, or pred,succ (r, w, rw, ir, ow or iorw)", rvFence},
	}
}()

// rvFenceSets maps the access sets of "fence pred,succ" to the one herd's
// fence event sets name: herd treats input as read and output as write.
var rvFenceSets = map[string]string{"r": "r", "ir": "r", "w": "w", "ow": "w", "rw": "rw", "iorw": "rw"}

// rvFence lowers "fence", which orders rw,rw, and "fence pred,succ".
func rvFence(b *asmBuilder, a []rvOperand) error {
	tag := "Fence.rw.rw"
	if len(a) == 2 {
		p, okp := rvFenceSets[a[0].name]
		s, oks := rvFenceSets[a[1].name]
		if !okp || !oks {
			return fmt.Errorf("bad fence %s,%s (expected r, w, rw, ir, ow or iorw)", a[0].name, a[1].name)
		}
		tag = "Fence." + p + "." + s
	}
	b.emit(litmus.Instr{Op: litmus.OpFence, FTags: []string{tag}})
	return nil
}

// rvWidths are the access widths of the mnemonics' width letter, in bytes
// (0: the 4-byte word).
var rvWidths = map[byte]uint8{'b': 1, 'h': 2, 'w': 0, 'd': 8}

// rvOrders maps an ordering suffix to herd's annotation: Acq, Rel or
// AcqRel, "" for none.
var rvOrders = map[string]string{"": "", ".aq": "Acq", ".rl": "Rel", ".aqrl": "AcqRel", ".aq.rl": "AcqRel"}

// rvAMOOps are the AMOs' operations.
var rvAMOOps = map[string]litmus.BinOp{
	"swap": litmus.OpXchg, "add": litmus.OpAdd, "and": litmus.OpAnd, "or": litmus.OpOr,
	"xor": litmus.OpXor, "max": litmus.OpMax, "min": litmus.OpMin,
}

// rvMemory decodes the memory instructions: l{b,h,w,d}[u], s{b,h,w,d},
// lr.{w,d}, sc.{w,d} and amo<op>.{w,d}, each with the ordering suffixes
// herd's lexer lists for it.
func rvMemory(m string) (rvSpec, string, bool) {
	for _, amo := range []string{"amomaxu", "amominu"} {
		if strings.HasPrefix(m, amo+".") {
			return rvSpec{}, "not implemented by herd7", false
		}
	}
	base, order := herd.RISCVSplitOrder(m)
	ann := rvOrders[order]
	switch {
	case strings.HasPrefix(base, "amo"):
		name, w, ok := strings.Cut(base[3:], ".")
		op, known := rvAMOOps[name]
		if !ok || !known || (w != "w" && w != "d") {
			return rvSpec{}, "", false
		}
		return rvAMO(op, rvWidths[w[0]], ann), "", true
	case base == "lr.w" || base == "lr.d":
		if ann == "Rel" { // herd's lexer reads lr.w.rl as lr.w
			ann = ""
		}
		return rvLoadReserve(rvWidths[base[3]], ann), "", true
	case base == "sc.w" || base == "sc.d":
		if ann == "Acq" { // and sc.w.aq as sc.w
			ann = ""
		}
		return rvStoreCond(rvWidths[base[3]], ann), "", true
	case len(base) == 2 && base[0] == 's' && strings.IndexByte("bhwd", base[1]) >= 0 && ann != "Acq":
		return rvStore(rvWidths[base[1]], ann), "", true
	case base[0] == 'l' && ann != "Rel" && (len(base) == 2 && strings.IndexByte("bhwd", base[1]) >= 0 ||
		len(base) == 3 && base[2] == 'u' && strings.IndexByte("bhw", base[1]) >= 0):
		return rvLoad(rvWidths[base[1]], ann), "", true
	}
	return rvSpec{}, "", false
}

// rvTags are the tags of an access: X for the atomic ones, and its
// ordering annotation.
func rvTags(atomic bool, ann string) []string {
	var tags []string
	if atomic {
		tags = append(tags, rvTagX)
	}
	if ann != "" {
		tags = append(tags, ann)
	}
	return tags
}

func rvLoad(size uint8, ann string) rvSpec {
	return rvSpec{"rd", "rd,imm(rs1)", func(b *asmBuilder, a []rvOperand) error {
		b.emit(litmus.Instr{Op: litmus.OpLoad, Dst: rvDest(a[0].reg), Addr: rvAddr(a[1]), Size: size, RTags: rvTags(false, ann)})
		return nil
	}}
}

func rvStore(size uint8, ann string) rvSpec {
	return rvSpec{"rd", "rs2,imm(rs1)", func(b *asmBuilder, a []rvOperand) error {
		b.emit(litmus.Instr{Op: litmus.OpStore, Src: rvRead(a[0].reg), Addr: rvAddr(a[1]), Size: size, WTags: rvTags(false, ann)})
		return nil
	}}
}

// rvZeroOffset refuses a memory operand with an offset, which lr, sc and
// the AMOs do not take.
func rvZeroOffset(o rvOperand) error {
	if o.k != 0 {
		return fmt.Errorf("expected a memory operand without offset, (rs1) or 0(rs1)")
	}
	return nil
}

func rvLoadReserve(size uint8, ann string) rvSpec {
	return rvSpec{"rd", "rd,(rs1)", func(b *asmBuilder, a []rvOperand) error {
		if err := rvZeroOffset(a[1]); err != nil {
			return err
		}
		b.emit(litmus.Instr{Op: litmus.OpLoadReserve, Dst: rvDest(a[0].reg), Addr: rvRead(a[1].reg), Size: size, RTags: rvTags(true, ann)})
		return nil
	}}
}

// rvStoreCond lowers sc: rd receives 0 on success and 1 on failure.
func rvStoreCond(size uint8, ann string) rvSpec {
	return rvSpec{"rrd", "rd,rs2,(rs1)", func(b *asmBuilder, a []rvOperand) error {
		if err := rvZeroOffset(a[2]); err != nil {
			return err
		}
		b.emit(litmus.Instr{Op: litmus.OpStoreCond, Src: rvRead(a[1].reg), Addr: rvRead(a[2].reg), Size: size,
			WTags: rvTags(true, ann), Status: rvDest(a[0].reg), StatusOK: litmus.Int(0), StatusFail: litmus.Int(1), StatusDeps: true})
		return nil
	}}
}

// rvAMO lowers an AMO: one event that reads and writes (herd's Amo
// action), tagged X, AMO and its annotation.
func rvAMO(op litmus.BinOp, size uint8, ann string) rvSpec {
	return rvSpec{"rrd", "rd,rs2,(rs1)", func(b *asmBuilder, a []rvOperand) error {
		if err := rvZeroOffset(a[2]); err != nil {
			return err
		}
		tags := append(rvTags(true, ann), rvTagAMO)
		b.emit(litmus.Instr{Op: litmus.OpRMW, RMWOp: op, Dst: rvDest(a[0].reg), Addr: rvRead(a[2].reg), Src: rvRead(a[1].reg),
			Size: size, RTags: tags, WTags: tags, OneEvent: true, Wrap: litmus.OpSext32})
		return nil
	}}
}
