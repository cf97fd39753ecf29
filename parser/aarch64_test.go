package parser

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/parser/internal/asm"
	"github.com/litmuscheck/litmuscheck/parser/internal/litfile"
)

// a64Test wraps one thread of code in a minimal AArch64 test.
func a64Test(code ...string) string {
	var b strings.Builder
	b.WriteString("AArch64 T\n{\n0:X1=x;\n}\n P0 ;\n")
	for _, c := range code {
		b.WriteString(" " + c + " ;\n")
	}
	b.WriteString("exists (0:X0=1)\n")
	return b.String()
}

var (
	R   = litmus.R
	C   = litmus.C
	Bin = litmus.Bin
)

func pick(e litmus.Expr) litmus.Expr { return &litmus.Unary{Op: litmus.OpPick, X: e} }

func TestAArch64Lowering(t *testing.T) {
	x1 := R("X1")
	tests := []struct {
		code []string
		want []litmus.Instr
	}{
		{[]string{"MOV W0,#1"}, []litmus.Instr{{Op: litmus.OpMove, Dst: "X0", Src: C(1)}}},
		{[]string{"MOV W0,#-1"}, []litmus.Instr{{Op: litmus.OpMove, Dst: "X0", Src: C(0xffffffff)}}},
		{[]string{"MOV X0,#-1"}, []litmus.Instr{{Op: litmus.OpMove, Dst: "X0", Src: C(-1)}}},
		{[]string{"MOV X2, X3"}, []litmus.Instr{{Op: litmus.OpMove, Dst: "X2", Src: R("X3")}}},
		{[]string{"MOV WZR,W3"}, []litmus.Instr{{Op: litmus.OpNop}}},
		{[]string{"MOV W2,WZR"}, []litmus.Instr{{Op: litmus.OpMove, Dst: "X2", Src: C(0)}}},
		{[]string{"LDR W0,[X1]"}, []litmus.Instr{{Op: litmus.OpLoad, Dst: "X0", Addr: x1}}},
		{[]string{"LDR W0,[X1,#4]"}, []litmus.Instr{{Op: litmus.OpLoad, Dst: "X0", Addr: Bin(litmus.OpAdd, x1, C(4))}}},
		{[]string{"LDR W0,[X1,#0]"}, []litmus.Instr{{Op: litmus.OpLoad, Dst: "X0", Addr: x1}}},
		{[]string{"LDR W0,[X1,W2,SXTW]"}, []litmus.Instr{{Op: litmus.OpLoad, Dst: "X0", Addr: Bin(litmus.OpAdd, x1, R("X2"))}}},
		{[]string{"LDR X0,[X1,X2,LSL #3]"}, []litmus.Instr{{Op: litmus.OpLoad, Dst: "X0", Addr: Bin(litmus.OpAdd, x1, Bin(litmus.OpShl, R("X2"), C(3)))}}},
		{[]string{"STR W2,[X3],#4"}, []litmus.Instr{
			{Op: litmus.OpStore, Addr: R("X3"), Src: R("X2")},
			{Op: litmus.OpMove, Dst: "X3", Src: Bin(litmus.OpAdd, R("X3"), C(4))},
		}},
		{[]string{"STR W2,[X3,#8]!"}, []litmus.Instr{
			{Op: litmus.OpMove, Dst: "X3", Src: Bin(litmus.OpAdd, R("X3"), C(8))},
			{Op: litmus.OpStore, Addr: R("X3"), Src: R("X2")},
		}},
		{[]string{"STR WZR,[X1]"}, []litmus.Instr{{Op: litmus.OpStore, Addr: x1, Src: C(0)}}},
		{[]string{"STRB W2,[X1]"}, []litmus.Instr{{Op: litmus.OpStore, Addr: x1, Src: Bin(litmus.OpAnd, R("X2"), C(0xff))}}},
		{[]string{"LDAR W0,[X1]"}, []litmus.Instr{{Op: litmus.OpLoad, Dst: "X0", Addr: x1, RTags: []string{"A"}}}},
		{[]string{"LDAPR W0,[X1]"}, []litmus.Instr{{Op: litmus.OpLoad, Dst: "X0", Addr: x1, RTags: []string{"Q"}}}},
		{[]string{"STLR W0,[X1]"}, []litmus.Instr{{Op: litmus.OpStore, Src: R("X0"), Addr: x1, WTags: []string{"L"}}}},
		{[]string{"LDXR W0,[X1]"}, []litmus.Instr{{Op: litmus.OpLoadReserve, Dst: "X0", Addr: x1, RTags: []string{"X"}}}},
		{[]string{"LDAXR W0,[X1]"}, []litmus.Instr{{Op: litmus.OpLoadReserve, Dst: "X0", Addr: x1, RTags: []string{"X", "A"}}}},
		{[]string{"STXR W4,W2,[X1]"}, []litmus.Instr{{
			Op: litmus.OpStoreCond, Addr: x1, Src: R("X2"), WTags: []string{"X"},
			Status: "X4", StatusOK: litmus.Int(0), StatusFail: litmus.Int(1),
		}}},
		{[]string{"STLXR W4,W2,[X1]"}, []litmus.Instr{{
			Op: litmus.OpStoreCond, Addr: x1, Src: R("X2"), WTags: []string{"X", "L"},
			Status: "X4", StatusOK: litmus.Int(0), StatusFail: litmus.Int(1),
		}}},
		{[]string{"SWPAL W2,W0,[X1]"}, []litmus.Instr{{
			Op: litmus.OpRMW, Dst: "X0", Addr: x1, Src: R("X2"), RMWOp: litmus.OpXchg,
			RTags: []string{"X", "A"}, WTags: []string{"X", "L"},
		}}},
		{[]string{"LDADDA W2,W0,[X1]"}, []litmus.Instr{{
			Op: litmus.OpRMW, Dst: "X0", Addr: x1, Src: R("X2"), RMWOp: litmus.OpAdd,
			RTags: []string{"X", "A"}, WTags: []string{"X"},
		}}},
		{[]string{"LDADDA W2,WZR,[X1]"}, []litmus.Instr{{
			Op: litmus.OpRMW, Addr: x1, Src: R("X2"), RMWOp: litmus.OpAdd,
			RTags: []string{"X", "NoRet"}, WTags: []string{"X"},
		}}},
		{[]string{"LDCLRL W2,W0,[X1]"}, []litmus.Instr{{
			Op: litmus.OpRMW, Dst: "X0", Addr: x1, Src: R("X2"), RMWOp: litmus.OpAndNot,
			RTags: []string{"X"}, WTags: []string{"X", "L"},
		}}},
		{[]string{"LDUMIN W2,W0,[X1]"}, []litmus.Instr{{
			Op: litmus.OpRMW, Dst: "X0", Addr: x1, Src: R("X2"), RMWOp: litmus.OpUMin,
			RTags: []string{"X"}, WTags: []string{"X"},
		}}},
		{[]string{"STSETL W2,[X1]"}, []litmus.Instr{{
			Op: litmus.OpRMW, Addr: x1, Src: R("X2"), RMWOp: litmus.OpOr,
			RTags: []string{"X", "NoRet"}, WTags: []string{"X", "L"},
		}}},
		{[]string{"STUMAX W2,[X1]"}, []litmus.Instr{{
			Op: litmus.OpRMW, Addr: x1, Src: R("X2"), RMWOp: litmus.OpUMax,
			RTags: []string{"X", "NoRet"}, WTags: []string{"X"},
		}}},
		{[]string{"CAS W0,W2,[X1]"}, []litmus.Instr{{
			Op: litmus.OpCAS, Dst: "X0", Addr: x1, Expect: pick(R("X0")), Src: R("X2"),
			RTags: []string{"X"}, WTags: []string{"X"}, FailTags: []string{},
			CASForms: asm.AArch64CASForms,
		}}},
		{[]string{"CASAL W0,W2,[X1]"}, []litmus.Instr{{
			Op: litmus.OpCAS, Dst: "X0", Addr: x1, Expect: pick(R("X0")), Src: R("X2"),
			RTags: []string{"X", "A"}, WTags: []string{"X", "L"}, FailTags: []string{"A"},
			CASForms: asm.AArch64CASForms,
		}}},
		{[]string{"CASA WZR,W2,[X1]"}, []litmus.Instr{{
			Op: litmus.OpCAS, Addr: x1, Expect: pick(C(0)), Src: R("X2"),
			RTags: []string{"X", "NoRet"}, WTags: []string{"X"}, FailTags: []string{"X", "NoRet"},
			CASForms: asm.AArch64CASForms,
		}}},
		{[]string{"DMB ISHLD", "DSB SY", "ISB"}, []litmus.Instr{
			{Op: litmus.OpFence, FTags: []string{"DMB.ISHLD"}},
			{Op: litmus.OpFence, FTags: []string{"DSB.SY"}},
			{Op: litmus.OpFence, FTags: []string{"ISB"}},
		}},
		{[]string{"EOR W8,W7,W7"}, []litmus.Instr{{Op: litmus.OpMove, Dst: "X8", Src: Bin(litmus.OpXor, R("X7"), R("X7"))}}},
		{[]string{"ADD X5,X1,W3,SXTW"}, []litmus.Instr{{Op: litmus.OpMove, Dst: "X5", Src: Bin(litmus.OpAdd, x1, R("X3"))}}},
		{[]string{"ORR W2,W1,#1"}, []litmus.Instr{{Op: litmus.OpMove, Dst: "X2", Src: Bin(litmus.OpOr, x1, C(1))}}},
		// A W result wraps at 32 bits, as herd's does.
		{[]string{"SUBS W2,W1,#1"}, []litmus.Instr{
			{Op: litmus.OpMove, Dst: "X2", Src: &litmus.Unary{Op: litmus.OpZext32, X: Bin(litmus.OpSub, x1, C(1))}},
			{Op: litmus.OpMove, Dst: "NZCV", Src: Bin(litmus.OpCmp, x1, C(1))},
		}},
		{[]string{"CMP W1,#0", "CSEL W0,W2,W3,EQ"}, []litmus.Instr{
			{Op: litmus.OpMove, Dst: "NZCV", Src: Bin(litmus.OpCmp, x1, C(0))},
			{Op: litmus.OpMove, Dst: "X0", Src: &litmus.Ite{
				Cond: pick(Bin(litmus.OpEq, R("NZCV"), C(0))), Then: R("X2"), Else: R("X3"),
			}},
		}},
		{[]string{"CBNZ W4,L0", "NOP", "L0:", "B L0"}, []litmus.Instr{
			{Op: litmus.OpBranch, Cond: Bin(litmus.OpNe, R("X4"), C(0)), Target: 2},
			{Op: litmus.OpNop},
			{Op: litmus.OpBranch, Target: 2},
		}},
		{[]string{"L1: B.NE L1"}, []litmus.Instr{
			{Op: litmus.OpBranch, Cond: Bin(litmus.OpNe, R("NZCV"), C(0)), Target: 0},
		}},
		{[]string{"TBNZ X1,#3,out", "out:"}, []litmus.Instr{
			{Op: litmus.OpBranch, Cond: Bin(litmus.OpNe, Bin(litmus.OpAnd, Bin(litmus.OpShr, x1, C(3)), C(1)), C(0)), Target: 1},
		}},
	}
	// Access widths have a test of their own (TestAccessSizes).
	ignore := cmpopts.IgnoreFields(litmus.Instr{}, "Pos", "Text", "Size")
	for _, tt := range tests {
		name := strings.Join(tt.code, "; ")
		t.Run(name, func(t *testing.T) {
			test, err := Parse("t.litmus", a64Test(tt.code...))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, test.Threads[0].Code, ignore); diff != "" {
				t.Errorf("lowering mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestAArch64PosText(t *testing.T) {
	test, err := Parse("t.litmus", a64Test("L0: LDR  W0, [X1] (* c *)", "STR W2,[X3],#4"))
	if err != nil {
		t.Fatal(err)
	}
	code := test.Threads[0].Code
	got := []string{}
	for _, in := range code {
		got = append(got, in.Pos.String()+" "+in.Text)
	}
	want := []string{
		"t.litmus:6:6 LDR W0, [X1]",
		"t.litmus:7:2 STR W2,[X3],#4",
		"t.litmus:7:2 STR W2,[X3],#4",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("positions (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"X1", "X0", "X3", "X2"}, test.Threads[0].Regs); diff != "" {
		t.Errorf("registers (-want +got):\n%s", diff)
	}
}

func TestAArch64Errors(t *testing.T) {
	tests := []struct {
		code string
		want string
	}{
		{"FOO W0,[X1]", "t.litmus:6:2: unknown instruction \"FOO\""},
		{"DC CIVAC,X1", "t.litmus:6:2: unsupported: instruction DC"},
		{"TLBI VAE1IS,X1", "t.litmus:6:2: unsupported: instruction TLBI"},
		{"STG X1,[X1]", "t.litmus:6:2: unsupported: instruction STG"},
		{"MRS X0,NZCV", "t.litmus:6:2: unsupported: instruction MRS"},
		{"LDP W0,W2,[X1]", "t.litmus:6:2: unsupported: instruction LDP"},
		{"B.HI L0", "t.litmus:6:2: unsupported: condition HI"},
		{"LDR W0,X1", "t.litmus:6:9: expected a memory operand such as [X1], found \"X1\""},
		{"LDR W0,[W1]", "t.litmus:6:10: expected a 64-bit base register, found \"W1\""},
		{"LDR W0,[SP]", "t.litmus:6:10: unsupported: stack pointer SP"},
		{"LDAR W0,[X1,#4]", "t.litmus:6:10: expected a memory operand [Xn] (LDAR takes no offset)"},
		{"MOV W0", "t.litmus:6:2: MOV takes 2 operands (expected MOV Rd, #imm or Rd, Rm)"},
		{"MOV W0,W1,W2", "t.litmus:6:12: unexpected operand \"W2\" (expected MOV Rd, #imm or Rd, Rm)"},
		{"MOV X31,#1", "t.litmus:6:6: expected a register, found \"X31\""},
		{"CBNZ W0,X1", "t.litmus:6:10: expected a label, found register \"X1\""},
		{"CBNZ W0,nowhere", "t.litmus:6:10: undefined label \"nowhere\""},
		{"DMB FOO", "t.litmus:6:6: expected a barrier option (SY, ST, LD, ISH, ISHST, ISHLD, OSH, ...), found \"FOO\""},
		{"NOP W0", "t.litmus:6:6: unexpected operand \"W0\" (expected NOP with no operands)"},
		{"MOV W0,[X1", "t.litmus:6:13: unexpected token \"<EOF>\" (expected \"]\" \"!\"?)"},
		{"STADDA W0,[X1]", "t.litmus:6:2: unknown instruction \"STADDA\""},
		{"ADD W0,W1,W2,ASR #2", "t.litmus:6:15: unsupported: operand shift ASR"},
	}
	for _, tt := range tests {
		t.Run(tt.code, func(t *testing.T) {
			_, err := Parse("t.litmus", a64Test(tt.code))
			got := "<nil>"
			if err != nil {
				got = err.Error()
			}
			if got != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
	t.Run("duplicate label", func(t *testing.T) {
		_, err := Parse("t.litmus", a64Test("L0:", "L0:"))
		if want := "t.litmus:7:2: label \"L0\" defined twice"; err == nil || err.Error() != want {
			t.Errorf("got %v, want %s", err, want)
		}
	})
}

// TestAArch64Corpus parses every AArch64 test of the shared corpus (a
// sample under -short: corpusSample). Errors
// in the final condition belong to the common grammar and are only
// logged.
func TestAArch64Corpus(t *testing.T) {
	dir := filepath.Join("..", "..", "shared", "corpus", "aarch64")
	files, _ := filepath.Glob(filepath.Join(dir, "*.litmus"))
	if len(files) == 0 {
		missingShared(t, dir)
	}
	files = corpusSample(files)
	bad, common := 0, 0
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		test, err := parseCorpusFile(f, string(src))
		if err != nil {
			if secs, serr := litfile.Split(litfile.NewFile(f, string(src))); serr == nil && a64InFinal(err, secs) {
				common++
				t.Logf("common grammar: %v", err)
				continue
			}
			bad++
			t.Errorf("%v", err)
			continue
		}
		for _, th := range test.Threads {
			for _, in := range th.Code {
				if in.Op == litmus.OpBranch && (in.Target < 0 || in.Target > len(th.Code)) {
					t.Errorf("%s: branch target %d out of range", in.Pos, in.Target)
				}
			}
		}
	}
	t.Logf("%d files, %d errors, %d in the common grammar", len(files), bad, common)
}

// a64InFinal reports whether err lies in the final part of the test.
func a64InFinal(err error, secs *litfile.Sections) bool {
	list, ok := err.(litmus.ErrorList)
	if !ok || len(list) == 0 {
		return false
	}
	return list[0].Pos.Line >= secs.Final.File.Pos(secs.Final.Start).Line
}
