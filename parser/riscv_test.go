package parser

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/litmuscheck/litmuscheck/litmus"
)

// rvTest wraps one thread of code in a minimal RISCV test.
func rvTest(code ...string) string {
	var b strings.Builder
	b.WriteString("RISCV T\n{\n0:x6=x;\n}\n P0 ;\n")
	for _, c := range code {
		b.WriteString(" " + c + " ;\n")
	}
	b.WriteString("exists (0:x5=1)\n")
	return b.String()
}

func TestRISCVLowering(t *testing.T) {
	x6 := R("x6")
	word := func(e litmus.Expr) litmus.Expr { return &litmus.Unary{Op: litmus.OpSext32, X: e} }
	amo := func(op litmus.BinOp, dst string, src litmus.Expr, size uint8, tags ...string) litmus.Instr {
		tags = append(append([]string{"X"}, tags...), "AMO")
		return litmus.Instr{Op: litmus.OpRMW, RMWOp: op, Dst: dst, Addr: x6, Src: src, Size: size,
			RTags: tags, WTags: tags, OneEvent: true, Wrap: litmus.OpSext32}
	}
	tests := []struct {
		code []string
		want []litmus.Instr
	}{
		{[]string{"li x5,1"}, []litmus.Instr{{Op: litmus.OpMove, Dst: "x5", Src: C(1)}}},
		// herd's RISC-V values are 32-bit.
		{[]string{"li x5,4294967295"}, []litmus.Instr{{Op: litmus.OpMove, Dst: "x5", Src: C(-1)}}},
		{[]string{"lui x5,1"}, []litmus.Instr{{Op: litmus.OpMove, Dst: "x5", Src: C(4096)}}},
		{[]string{"mv t0,a0"}, []litmus.Instr{{Op: litmus.OpMove, Dst: "x5", Src: R("x10")}}},
		{[]string{"addi x5,x0,3"}, []litmus.Instr{{Op: litmus.OpMove, Dst: "x5", Src: word(Bin(litmus.OpAdd, C(0), C(3)))}}},
		{[]string{"xor x0,x5,x5"}, nil},
		{[]string{"srli x5,x7,1"}, []litmus.Instr{{Op: litmus.OpMove, Dst: "x5", Src: word(Bin(litmus.OpUShr, R("x7"), C(1)))}}},
		{[]string{"lw x5,0(x6)"}, []litmus.Instr{{Op: litmus.OpLoad, Dst: "x5", Addr: x6}}},
		{[]string{"lw.aq x5,4(x6)"}, []litmus.Instr{{Op: litmus.OpLoad, Dst: "x5", Addr: Bin(litmus.OpAdd, x6, C(4)), RTags: []string{"Acq"}}}},
		{[]string{"ld.aq.rl x5,(x6)"}, []litmus.Instr{{Op: litmus.OpLoad, Dst: "x5", Addr: x6, Size: 8, RTags: []string{"AcqRel"}}}},
		{[]string{"lbu x5,0(x6)"}, []litmus.Instr{{Op: litmus.OpLoad, Dst: "x5", Addr: x6, Size: 1}}},
		{[]string{"sw.rl x0,0(x6)"}, []litmus.Instr{{Op: litmus.OpStore, Src: C(0), Addr: x6, WTags: []string{"Rel"}}}},
		{[]string{"sh x5,0(x6)"}, []litmus.Instr{{Op: litmus.OpStore, Src: R("x5"), Addr: x6, Size: 2}}},
		// The lexer drops lr's .rl and sc's .aq.
		{[]string{"lr.w.rl x5,(x6)"}, []litmus.Instr{{Op: litmus.OpLoadReserve, Dst: "x5", Addr: x6, RTags: []string{"X"}}}},
		{[]string{"sc.w.aq x7,x5,0(x6)"}, []litmus.Instr{{Op: litmus.OpStoreCond, Src: R("x5"), Addr: x6, WTags: []string{"X"},
			Status: "x7", StatusOK: litmus.Int(0), StatusFail: litmus.Int(1), StatusDeps: true}}},
		{[]string{"sc.d.aqrl x0,x5,(x6)"}, []litmus.Instr{{Op: litmus.OpStoreCond, Src: R("x5"), Addr: x6, Size: 8, WTags: []string{"X", "AcqRel"},
			StatusOK: litmus.Int(0), StatusFail: litmus.Int(1), StatusDeps: true}}},
		{[]string{"amoswap.w.aqrl x5,x7,(x6)"}, []litmus.Instr{amo(litmus.OpXchg, "x5", R("x7"), 0, "AcqRel")}},
		{[]string{"amoadd.d x0,x7,(x6)"}, []litmus.Instr{amo(litmus.OpAdd, "", R("x7"), 8)}},
		{[]string{"amoor.w.aq x5,x0,(x6)"}, []litmus.Instr{amo(litmus.OpOr, "x5", C(0), 0, "Acq")}},
		{[]string{"amomax.w.rl x5,x7,(x6)"}, []litmus.Instr{amo(litmus.OpMax, "x5", R("x7"), 0, "Rel")}},
		{[]string{"fence"}, []litmus.Instr{{Op: litmus.OpFence, FTags: []string{"Fence.rw.rw"}}}},
		{[]string{"fence r,w"}, []litmus.Instr{{Op: litmus.OpFence, FTags: []string{"Fence.r.w"}}}},
		{[]string{"fence iorw,ow"}, []litmus.Instr{{Op: litmus.OpFence, FTags: []string{"Fence.rw.w"}}}},
		{[]string{"fence.tso"}, []litmus.Instr{{Op: litmus.OpFence, FTags: []string{"Fence.tso"}}}},
		{[]string{"L: bne x5,x0,L"}, []litmus.Instr{{Op: litmus.OpBranch, Cond: Bin(litmus.OpNe, R("x5"), C(0))}}},
		{[]string{"blt x5,x7,L", "L:"}, []litmus.Instr{{Op: litmus.OpBranch, Cond: Bin(litmus.OpLt, R("x5"), R("x7")), Target: 1}}},
	}
	ignore := cmpopts.IgnoreFields(litmus.Instr{}, "Pos", "Text")
	for _, tt := range tests {
		t.Run(strings.Join(tt.code, "; "), func(t *testing.T) {
			test, err := Parse("t.litmus", rvTest(tt.code...))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, test.Threads[0].Code, ignore, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("lowering mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestRISCVErrors(t *testing.T) {
	tests := []struct {
		code string
		want string
	}{
		{"foo x5,x6", `t.litmus:6:2: unknown instruction "foo"`},
		{"srl x5,x6,x7", `t.litmus:6:2: unsupported: instruction "srl" (not implemented by herd7)`},
		{"amomaxu.w x5,x6,(x7)", `t.litmus:6:2: unsupported: instruction "amomaxu.w" (not implemented by herd7)`},
		{"auipc x5,2", `t.litmus:6:2: unsupported: instruction "auipc" (not handled by herd7)`},
		{"lw.rl x5,0(x6)", `t.litmus:6:2: unknown instruction "lw.rl"`},
		{"amoswap.h x5,x6,(x7)", `t.litmus:6:2: unknown instruction "amoswap.h"`},
		{"lw x5,x6", `t.litmus:6:2: bad operands for "lw" (expected rd,imm(rs1))`},
		{"lr.w x5,4(x6)", `t.litmus:6:2: expected a memory operand without offset, (rs1) or 0(rs1)`},
		{"fence rw,q", `t.litmus:6:2: bad fence rw,q (expected r, w, rw, ir, ow or iorw)`},
		{"lw x5,0(y)", `t.litmus:6:8: expected a register in "lw" memory operand, found "y"`},
		{"j Nowhere", `t.litmus:6:2: undefined label "Nowhere"`},
	}
	for _, tt := range tests {
		_, err := Parse("t.litmus", rvTest(tt.code))
		if err == nil || err.Error() != tt.want {
			t.Errorf("%s: got %v, want %s", tt.code, err, tt.want)
		}
	}
}
