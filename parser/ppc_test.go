package parser

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/parser/internal/asm"
	"github.com/litmuscheck/litmuscheck/parser/internal/litfile"
)

// ppcTest wraps the rows of a one-thread program in a PPC test.
func ppcTest(rows string) string {
	// r0 and %x0 hold addresses too: the cases use them as address
	// registers, and an address register nothing sets is an error.
	return "PPC t\n{ 0:r2=x; 0:r0=y; %x0=x; }\n P0 ;\n" + rows + "exists (x=0)\n"
}

// Shorthands for expected IR.
var (
	ppcR   = litmus.R
	ppcK   = litmus.C
	ppcBin = litmus.Bin
)

func ppcCmp(a, b litmus.Expr) litmus.Expr {
	return &litmus.Ite{Cond: ppcBin(litmus.OpLt, a, b), Then: ppcK(8),
		Else: &litmus.Ite{Cond: ppcBin(litmus.OpGt, a, b), Then: ppcK(4), Else: ppcK(2)}}
}

func ppcBit(op litmus.BinOp, bit int64) litmus.Expr {
	return ppcBin(op, ppcBin(litmus.OpAnd, ppcR("cr0"), ppcK(bit)), ppcK(0))
}

// The reads of "stwcx. r3,r4,r2" that its writes depend on.
var (
	ppcResv       = ppcBin(litmus.OpLOr, ppcR("RES"), ppcR("RESADDR"))
	ppcStwcxReads = ppcBin(litmus.OpLOr, ppcBin(litmus.OpLOr, ppcR("r3"), ppcBin(litmus.OpAdd, ppcR("r4"), ppcR("r2"))), ppcResv)
)

func ppcMove(text, dst string, src litmus.Expr) litmus.Instr {
	return litmus.Instr{Op: litmus.OpMove, Text: text, Dst: dst, Src: src}
}

var ppcValids = []struct {
	rows string
	want []litmus.Instr
}{
	{" li r1,-3 ;\n", []litmus.Instr{ppcMove("li r1,-3", "r1", ppcK(-3))}},
	{" mr r1,r2 ;\n", []litmus.Instr{ppcMove("mr r1,r2", "r1", ppcR("r2"))}},
	{" xor r3,r1,r1 ;\n", []litmus.Instr{ppcMove("xor r3,r1,r1", "r3", ppcBin(litmus.OpXor, ppcR("r1"), ppcR("r1")))}},
	{" subf r3,r1,r2 ;\n", []litmus.Instr{ppcMove("subf r3,r1,r2", "r3", ppcBin(litmus.OpSub, ppcR("r2"), ppcR("r1")))}},
	{" add. r3,r1,r2 ;\n", []litmus.Instr{
		ppcMove("add. r3,r1,r2", "r3", ppcBin(litmus.OpAdd, ppcR("r1"), ppcR("r2"))),
		ppcMove("add. r3,r1,r2", "cr0", ppcCmp(ppcR("r3"), ppcK(0))),
	}},
	{" addi r1,r1,1 ;\n", []litmus.Instr{ppcMove("addi r1,r1,1", "r1", ppcBin(litmus.OpAdd, ppcR("r1"), ppcK(1)))}},
	{" addi r1,r0,5 ;\n", []litmus.Instr{ppcMove("addi r1,r0,5", "r1", ppcK(5))}},
	{" subi r1,r2,5 ;\n", []litmus.Instr{ppcMove("subi r1,r2,5", "r1", ppcBin(litmus.OpAdd, ppcR("r2"), ppcK(-5)))}},
	{" andi. r1,r2,0 ;\n", []litmus.Instr{
		ppcMove("andi. r1,r2,0", "r1", ppcBin(litmus.OpAnd, ppcR("r2"), ppcK(0))),
		ppcMove("andi. r1,r2,0", "cr0", ppcCmp(ppcR("r1"), ppcK(0))),
	}},
	{" cmpw r1,r2 ;\n", []litmus.Instr{ppcMove("cmpw r1,r2", "cr0", ppcCmp(ppcR("r1"), ppcR("r2")))}},
	{" cmpwi cr1,r1,2 ;\n", []litmus.Instr{ppcMove("cmpwi cr1,r1,2", "cr1", ppcCmp(ppcR("r1"), ppcK(2)))}},
	{" lwz r1,0(r2) ;\n", []litmus.Instr{{Op: litmus.OpLoad, Text: "lwz r1,0(r2)", Dst: "r1", Addr: ppcR("r2")}}},
	{" ld r1,8,r2 ;\n", []litmus.Instr{{Op: litmus.OpLoad, Text: "ld r1,8,r2", Dst: "r1", Addr: ppcBin(litmus.OpAdd, ppcR("r2"), ppcK(8))}}},
	{" lwz r1,0(r0) ;\n", []litmus.Instr{{Op: litmus.OpLoad, Text: "lwz r1,0(r0)", Dst: "r1", Addr: ppcR("r0")}}},
	{" lwzx r1,r3,r2 ;\n", []litmus.Instr{{Op: litmus.OpLoad, Text: "lwzx r1,r3,r2", Dst: "r1", Addr: ppcBin(litmus.OpAdd, ppcR("r3"), ppcR("r2"))}}},
	{" ldx r1,r0,r2 ;\n", []litmus.Instr{{Op: litmus.OpLoad, Text: "ldx r1,r0,r2", Dst: "r1", Addr: ppcR("r2")}}},
	{" lwzu r1,4(r2) ;\n", []litmus.Instr{
		{Op: litmus.OpLoad, Text: "lwzu r1,4(r2)", Dst: "r1", Addr: ppcBin(litmus.OpAdd, ppcR("r2"), ppcK(4))},
		ppcMove("lwzu r1,4(r2)", "r2", ppcBin(litmus.OpAdd, ppcR("r2"), ppcK(4))),
	}},
	{" stw %t0,0(%x0) ;\n", []litmus.Instr{{Op: litmus.OpStore, Text: "stw %t0,0(%x0)", Src: ppcR("%t0"), Addr: ppcR("%x0")}}},
	{" stdx r1,r3,r2 ;\n", []litmus.Instr{{Op: litmus.OpStore, Text: "stdx r1,r3,r2", Src: ppcR("r1"), Addr: ppcBin(litmus.OpAdd, ppcR("r3"), ppcR("r2"))}}},
	{" stwu r1,0(r2) ;\n", []litmus.Instr{
		{Op: litmus.OpStore, Text: "stwu r1,0(r2)", Src: ppcR("r1"), Addr: ppcR("r2")},
		ppcMove("stwu r1,0(r2)", "r2", ppcR("r2")),
	}},
	{" lwarx r1,r0,r2 ;\n stwcx. r3,r4,r2 ;\n", []litmus.Instr{
		ppcMove("lwarx r1,r0,r2", "RESADDR", ppcR("r2")),
		ppcMove("lwarx r1,r0,r2", "RES", ppcBin(litmus.OpXchg, ppcR("r2"), ppcK(1))),
		{Op: litmus.OpLoadReserve, Text: "lwarx r1,r0,r2", Dst: "r1", Addr: ppcR("r2"), RTags: []string{"X"}},
		{Op: litmus.OpStoreCond, Text: "stwcx. r3,r4,r2", Src: ppcBin(litmus.OpXchg, ppcResv, ppcR("r3")),
			Addr: ppcBin(litmus.OpAdd, ppcR("r4"), ppcR("r2")), WTags: []string{"X"},
			Status: "cr0", StatusOK: litmus.Int(2), StatusFail: litmus.Int(0)},
		ppcMove("stwcx. r3,r4,r2", "cr0", ppcBin(litmus.OpXchg, ppcStwcxReads, ppcR("cr0"))),
		ppcMove("stwcx. r3,r4,r2", "RES", ppcBin(litmus.OpXchg, ppcStwcxReads, ppcK(0))),
	}},
	{" lwarx r1,r4,r2,1 ;\n", []litmus.Instr{
		ppcMove("lwarx r1,r4,r2,1", "RESADDR", ppcBin(litmus.OpAdd, ppcR("r4"), ppcR("r2"))),
		ppcMove("lwarx r1,r4,r2,1", "RES", ppcBin(litmus.OpXchg, ppcBin(litmus.OpAdd, ppcR("r4"), ppcR("r2")), ppcK(1))),
		{Op: litmus.OpLoadReserve, Text: "lwarx r1,r4,r2,1", Dst: "r1", Addr: ppcBin(litmus.OpAdd, ppcR("r4"), ppcR("r2")), RTags: []string{"X"}},
	}},
	{" sync ;\n lwsync ;\n eieio ;\n isync ;\n", []litmus.Instr{
		{Op: litmus.OpFence, Text: "sync", FTags: []string{"SYNC"}},
		{Op: litmus.OpFence, Text: "lwsync", FTags: []string{"LWSYNC"}},
		{Op: litmus.OpFence, Text: "eieio", FTags: []string{"EIEIO"}},
		{Op: litmus.OpFence, Text: "isync", FTags: []string{"ISYNC"}},
	}},
	{" nop ;\n dcbf r1,r2 ;\n com \"note\" ;\n", []litmus.Instr{
		{Op: litmus.OpNop, Text: "nop"}, {Op: litmus.OpNop, Text: "dcbf r1,r2"}, {Op: litmus.OpNop, Text: `com "note"`},
	}},
	{" L0: ;\n beq L0 ;\n bne L1 ;\n L1: blt L0 ;\n bge L0 ;\n bgt L0 ;\n ble L0 ;\n b End ;\n End: ;\n", []litmus.Instr{
		{Op: litmus.OpBranch, Text: "beq L0", Cond: ppcBit(litmus.OpNe, 2), Target: 0},
		{Op: litmus.OpBranch, Text: "bne L1", Cond: ppcBit(litmus.OpEq, 2), Target: 2},
		{Op: litmus.OpBranch, Text: "blt L0", Cond: ppcBit(litmus.OpNe, 8), Target: 0},
		{Op: litmus.OpBranch, Text: "bge L0", Cond: ppcBit(litmus.OpEq, 8), Target: 0},
		{Op: litmus.OpBranch, Text: "bgt L0", Cond: ppcBit(litmus.OpNe, 4), Target: 0},
		{Op: litmus.OpBranch, Text: "ble L0", Cond: ppcBit(litmus.OpEq, 4), Target: 0},
		{Op: litmus.OpBranch, Text: "b End", Target: 7},
	}},
	{" li r1,1 (* one *) ;\n", []litmus.Instr{ppcMove("li r1,1", "r1", ppcK(1))}},
}

func TestPPCValid(t *testing.T) {
	for _, tc := range ppcValids {
		test, err := Parse("t.litmus", ppcTest(tc.rows))
		if err != nil {
			t.Errorf("%q: %v", tc.rows, err)
			continue
		}
		got := test.Threads[0].Code
		// Access widths have a test of their own (TestAccessSizes).
		if diff := cmp.Diff(tc.want, got, cmpopts.IgnoreFields(litmus.Instr{}, "Pos", "Size")); diff != "" {
			t.Errorf("%q: (-want +got)\n%s", tc.rows, diff)
		}
	}
}

// TestPPCThread checks the thread-level facts: positions, registers, and
// a label that ends a thread.
func TestPPCThread(t *testing.T) {
	src := "PPC t\n{ 0:r2=x; 1:R2=x; 0:r3=y; }\n P0           | P1 ;\n lwz r1,0(r2) | L: ;\n Lx: stwx r1,r0,r3 | b L ;\nexists (0:r1=0)\n"
	test, err := Parse("t.litmus", src)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := test.Init[1].Loc, (litmus.LocRef{Thread: 1, Name: "r2"}); got != want {
		t.Errorf("init register: got %v, want %v", got, want)
	}
	p0, p1 := test.Threads[0], test.Threads[1]
	if diff := cmp.Diff([]string{"r2", "r1", "r3"}, p0.Regs); diff != "" {
		t.Errorf("P0 registers (-want +got)\n%s", diff)
	}
	want := []litmus.Pos{{File: "t.litmus", Line: 4, Col: 2}, {File: "t.litmus", Line: 5, Col: 6}}
	got := []litmus.Pos{p0.Code[0].Pos, p0.Code[1].Pos}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("positions (-want +got)\n%s", diff)
	}
	if len(p1.Code) != 1 || p1.Code[0].Target != 0 {
		t.Errorf("P1: got %+v, want one branch to 0", p1.Code)
	}
}

var ppcInvalids = []struct{ rows, err string }{
	{" lwz r1,0( ;\n", `t.litmus:4:12: unexpected token "<EOF>" (expected <ident> ")")`},
	{" lwz r1,,r2 ;\n", `t.litmus:4:9: unexpected token "," (expected operand)`},
	{" lwz r1,0(x) ;\n", `t.litmus:4:9: expected a register in "lwz" displacement, found "x"`},
	{" lwz r1,r2 ;\n", `t.litmus:4:2: bad operands for "lwz" (expected rD,d(rA) or rD,d,rA)`},
	{" stwcx. r1,r0 ;\n", `t.litmus:4:2: bad operands for "stwcx." (expected rS,rA,rB)`},
	{" cmpw cr9,r1,r2 ;\n", `t.litmus:4:2: bad operands for "cmpw" (expected [crN,]rA,rB)`},
	{" sync r1 ;\n", `t.litmus:4:2: bad operands for "sync" (expected no operands)`},
	{" beq r1 ;\n", `t.litmus:4:2: bad operands for "beq" (expected a label)`},
	{" li r1,0x10 ;\n", `t.litmus:4:9: unexpected token "x10"`},
	{" foo r1 ;\n", `t.litmus:4:2: unknown instruction "foo"`},
	{" LWZ r1,0(r2) ;\n", `t.litmus:4:2: unknown instruction "LWZ"`},
	{" nor r1,r2,r3 ;\n", `t.litmus:4:2: unsupported: instruction "nor"`},
	{" mflr r1 ;\n", `t.litmus:4:2: unsupported: instruction "mflr"`},
	{" b L9 ;\n", `t.litmus:4:2: undefined label "L9"`},
	{" L: L: nop ;\n", `t.litmus:4:5: label "L" is defined twice`},
	{" @ ;\n", `t.litmus:4:2: lexer: invalid input text "@ "`},
	{" foo ;\n b L9 ;\n", "t.litmus:4:2: unknown instruction \"foo\"\nt.litmus:5:2: undefined label \"L9\""},
}

func TestPPCInvalid(t *testing.T) {
	for _, tc := range ppcInvalids {
		_, err := Parse("t.litmus", ppcTest(tc.rows))
		if err == nil {
			t.Errorf("%q: no error, want %s", tc.rows, tc.err)
			continue
		}
		if got := err.Error(); got != tc.err {
			t.Errorf("%q:\ngot  %s\nwant %s", tc.rows, got, tc.err)
		}
	}
}

// ppcProgram lowers the program of src, a PPC test, without parsing the
// other sections. A common error is one of the section split or of the
// column layout, which the PPC dialect does not own.
func ppcProgram(name, src string) (threads []*litmus.Thread, common, err error) {
	secs, err := litfile.Split(litfile.NewFile(name, src))
	if err != nil {
		return nil, err, nil
	}
	if err := asm.CheckColumns(secs.Program); err != nil {
		return nil, err, nil
	}
	threads, err = asm.PPC{}.Program(nil, secs.Program)
	return threads, nil, err
}

// TestPPCCorpus lowers the program of every PPC test of the corpus and
// fails on any error of the PPC dialect; errors of the common grammar
// (sections, columns, init block, condition) are only counted.
func TestPPCCorpus(t *testing.T) {
	files, _ := filepath.Glob("../../shared/corpus/ppc/*.litmus")
	if len(files) == 0 {
		missingShared(t, "../shared/corpus/ppc")
	}
	files = corpusSample(files)
	common := 0
	for _, f := range files {
		// A test that parses has its program lowered (ParseWith runs the
		// PPC dialect's program, which reads nothing else of the test):
		// only a failed parse needs the program lowered on its own to
		// tell the PPC dialect's errors from the common grammar's.
		_, perr := corpusParsed(t, f)
		if perr == nil {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		_, cerr, err := ppcProgram(f, string(src))
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		if cerr == nil {
			cerr = perr
		}
		if cerr != nil {
			common++
			t.Logf("common grammar: %v", cerr)
		}
	}
	t.Logf("%d files, %d with errors in the common grammar", len(files), common)
}
