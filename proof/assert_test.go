package proof

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestModelNames: Models and the assertions take a column's --model name
// or the title the CLI prints, in any case.
func TestModelNames(t *testing.T) {
	tests := []struct{ name, want string }{
		{"lkmm", "lkmm"}, {"LKMM", "lkmm"}, {"Lkmm", "lkmm"},
		{"power", "power"}, {"POWER", "power"},
		{"power-isync", "power-isync"}, {"POWER isync", "power-isync"}, {"power ISYNC", "power-isync"}, {"POWER-ISYNC", "power-isync"},
		{"armv8", "armv8"}, {"ARMv8", "armv8"},
		{"armv8-lse", "armv8-lse"}, {"ARMv8 LSE", "armv8-lse"},
		{"tso", "tso"}, {"TSO", "tso"},
		{"riscv", "riscv"}, {"RISC-V", "riscv"}, {"risc-v", "riscv"}, {"RISCV", "riscv"},
	}
	for _, tc := range tests {
		cols, err := config{models: []string{tc.name}}.columns()
		if err != nil || len(cols) != 1 || cols[0].Name != tc.want {
			t.Errorf("Models(%q): %v %v, want the column %s", tc.name, cols, err, tc.want)
		}
	}
	for _, all := range []string{"all", "ALL", All} {
		if cols, err := (config{models: []string{all}}).columns(); err != nil || len(cols) != 7 {
			t.Errorf("Models(%q): %d columns, %v; want all 7", all, len(cols), err)
		}
	}
	// Named twice and out of order: each column once, in report order.
	cols, err := config{models: []string{"TSO", "lkmm", "tso", "LKMM"}}.columns()
	if err != nil || len(cols) != 2 || cols[0].Name != "lkmm" || cols[1].Name != "tso" {
		t.Errorf("Models(TSO, lkmm, tso, LKMM): %v %v, want lkmm then tso", cols, err)
	}
}

// TestModelNamesInProofs: the names the CLI prints run and assert, and an
// unknown name is refused with the names known, by Models and by an
// assertion alike.
func TestModelNamesInProofs(t *testing.T) {
	known := `(known, in any case: lkmm (LKMM), power (POWER), power-isync (POWER isync), armv8 (ARMv8), armv8-lse (ARMv8 LSE), tso (TSO), riscv (RISC-V), or proof.All)`
	src := handoff("smp_store_release(l, 0);")
	tests := []struct {
		name  string
		proof func(tb testing.TB)
		want  []string
	}{
		{"titles", func(tb testing.TB) {
			r := Check(tb, src, Lock("qspinlock"), Models("LKMM", "risc-v", "POWER isync"))
			r.Never("LKMM", "RISC-V", "power-isync")
			if got := []string{r.Verdict("lkmm"), r.Verdict("Risc-V"), r.Verdict("POWER ISYNC"), r.Verdict("tso")}; !cmp.Equal(got, []string{"Never", "Never", "Never", ""}) {
				tb.Errorf("verdicts %q", got)
			}
		}, nil},
		{"unknown-model", func(tb testing.TB) { Check(tb, src, Models("LKMM", "x86")) },
			[]string{`proof: unknown model "x86" ` + known}},
		{"unknown-assert", func(tb testing.TB) { Check(tb, src, Lock("qspinlock"), Models("lkmm")).Never("x86") },
			[]string{`proof: test handoff (unknown-assert.litmus): unknown model "x86" ` + known}},
	}
	for _, tc := range tests {
		tb := record(tc.name, tc.proof)
		if diff := cmp.Diff(tc.want, tb.errors); diff != "" {
			t.Errorf("%s (-want +got)\n%s", tc.name, diff)
		}
	}
}

// reads1 is the hand-off with the condition that P1 reads P0's write,
// which every execution reaches when the unlock is a release.
func reads1(unlock string) string {
	return strings.Replace(handoff(unlock), "exists (1:r0=0)", "exists (1:r0=1)", 1)
}

// TestAlways: Always passes where every execution reaches the condition
// and fails, naming the litmus test and the column, with an execution
// that does not reach it, where some do not or none survives.
func TestAlways(t *testing.T) {
	breaking := `; the breaking execution:
    P0:
      P0:W[x]=1{ONCE}                          WRITE_ONCE(*x, 1)
      P0:W[l]=0{ONCE}                          WRITE_ONCE(*l, 0)
    P1:
      P1:R[l]=0{ACQUIRE}  reads from P0:W[l]=0{ONCE} atomic_try_cmpxchg_acquire(l, &val, 1)
      P1:W[l]=1{ACQUIRE}                       atomic_try_cmpxchg_acquire(l, &val, 1)
      P1:R[x]=0{ONCE}  reads from init[x]=0    READ_ONCE(*x)
    co[l]: init[l]=1 -> P0:W[l]=0{ONCE} -> P1:W[l]=1{ACQUIRE}
    co[x]: init[x]=0 -> P0:W[x]=1{ONCE}`
	weak := reads1("WRITE_ONCE(*l, 0);")
	vacuous := "C v\n{}\nP0(int *x) { int r0 = READ_ONCE(*x); __assume(r0 == 1); }\nexists (0:r0=1)\n"
	tests := []struct {
		name  string
		proof func(tb testing.TB)
		want  []string
	}{
		{"holds", func(tb testing.TB) { Check(tb, reads1("smp_store_release(l, 0);"), Lock("qspinlock")).Always() }, nil},
		{"tso-only", func(tb testing.TB) { Check(tb, weak, Lock("qspinlock"), Models("tso", "lkmm")).Always("TSO") }, nil},
		{"sometimes", func(tb testing.TB) { Check(tb, weak, Lock("qspinlock"), Models("lkmm", "tso")).Always() }, []string{
			"proof: test handoff (sometimes.litmus), column LKMM: Sometimes, expected Always: 1 of 2 executions do not reach 1:r0=1 (1:r0=0;)" + breaking}},
		// The explorer's witness of a ~exists already misses the
		// condition: the same execution, without running again.
		{"not-exists", func(tb testing.TB) {
			Check(tb, strings.Replace(weak, "exists", "~exists", 1), Lock("qspinlock"), Models("lkmm")).Always()
		}, []string{"proof: test handoff (not-exists.litmus), column LKMM: Sometimes, expected Always: 1 of 2 executions do not reach 1:r0=1 (1:r0=0;)" + breaking}},
		{"never", func(tb testing.TB) {
			Check(tb, handoff("smp_store_release(l, 0);"), Lock("qspinlock"), Models("lkmm")).Always()
		}, []string{
			"proof: test handoff (never.litmus), column LKMM: Never, expected Always: 1 of 1 executions do not reach 1:r0=0 (1:r0=1;); the breaking execution:"}},
		// AllowVacuous lets a Never stand, never an Always.
		{"vacuous", func(tb testing.TB) { Check(tb, vacuous, Models("lkmm"), AllowVacuous()).Always() }, []string{
			"proof: test v (vacuous.litmus), column LKMM: Never (vacuous: no execution survives), expected Always: 0 of 0 executions reach 0:r0=1"}},
		{"named", func(tb testing.TB) {
			CheckFile(tb, "testdata/handoff.litmus", FragmentFile("testdata/my-lock.frag"), Models("lkmm")).Always()
		}, []string{
			"proof: test handoff (testdata/handoff.litmus), column LKMM: Never, expected Always: 1 of 1 executions do not reach 1:r0=0 (1:r0=1;); the breaking execution:"}},
	}
	for _, tc := range tests {
		tb := record(tc.name, tc.proof)
		got := tb.errors
		// Past the first line the executions are checked in full once,
		// in "sometimes".
		for i := range got {
			if tc.name != "sometimes" && tc.name != "not-exists" {
				got[i], _, _ = strings.Cut(got[i], "\n")
			}
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s (-want +got)\n%s", tc.name, diff)
		}
	}
}

// TestSometimes: Sometimes asserts that some execution reaches the
// condition, so it passes on an Always too, and its failure names the
// litmus test and the column.
func TestSometimes(t *testing.T) {
	tests := []struct {
		name  string
		proof func(tb testing.TB)
		want  []string
	}{
		{"always", func(tb testing.TB) { Check(tb, reads1("smp_store_release(l, 0);"), Lock("qspinlock")).Sometimes() }, nil},
		{"herd-sometimes", func(tb testing.TB) {
			Check(tb, reads1("WRITE_ONCE(*l, 0);"), Lock("qspinlock"), Models("lkmm", "power")).Sometimes()
		}, nil},
		{"never", func(tb testing.TB) {
			Check(tb, handoff("smp_store_release(l, 0);"), Lock("qspinlock"), Models("lkmm", "ARMv8")).Sometimes("armv8")
		}, []string{"proof: test handoff (never.litmus), column ARMv8: Never, expected Sometimes: 0 of 1 executions reach 1:r0=0; the execution the model forbids, in the compiled code:"}},
	}
	for _, tc := range tests {
		tb := record(tc.name, tc.proof)
		for i := range tb.errors {
			tb.errors[i], _, _ = strings.Cut(tb.errors[i], "\n")
		}
		if diff := cmp.Diff(tc.want, tb.errors); diff != "" {
			t.Errorf("%s (-want +got)\n%s", tc.name, diff)
		}
	}
}

// TestNeverNamesTestAndColumn: a failed Never names the litmus test, by
// the name in its header and its file, and the column; on a ~exists test
// it shows an execution that reaches the condition, as on an exists one.
func TestNeverNamesTestAndColumn(t *testing.T) {
	weak := handoff("WRITE_ONCE(*l, 0);")
	exists := record("T", func(tb testing.TB) { Check(tb, weak, Name("mine.litmus"), Models("RISC-V")).Never() })
	want := "proof: test handoff (mine.litmus), column RISC-V: Sometimes, expected Never: 1 of 2 executions reach 1:r0=0 (1:r0=0;); the breaking execution, in the compiled code:\n"
	if len(exists.errors) != 1 || !strings.HasPrefix(exists.errors[0], want) {
		t.Fatalf("Never on exists: %q, want one error starting %q", exists.errors, want)
	}
	notExists := record("T", func(tb testing.TB) {
		Check(tb, strings.Replace(weak, "exists", "~exists", 1), Name("mine.litmus"), Models("riscv")).Never()
	})
	if diff := cmp.Diff(exists.errors, notExists.errors); diff != "" {
		t.Errorf("Never on ~exists (-exists +~exists)\n%s", diff)
	}
}
