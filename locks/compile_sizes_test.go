package locks

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/litmuscheck/litmuscheck/explore"
	"github.com/litmuscheck/litmuscheck/litmus"
)

// TestCompileMembers: the qspinlock's byte and halfword members compile to
// the targets' byte and halfword instructions at the member's address
// (big-endian on POWER) and run under the mixed-size hardware models: a
// word reader sees the byte unlock clear the locked byte alone, and the
// halfword store set locked_pending alone. The LKMM column refuses.
func TestCompileMembers(t *testing.T) {
	src := `C members
{ l = 0; }
P0(struct qspinlock *l)
{
	WRITE_ONCE(l->val, 0x10101);
	smp_store_release(&l->locked, 0);
	WRITE_ONCE(l->locked_pending, 1);
}
P1(struct qspinlock *l)
{
	int r0 = atomic_read(&l->val);
}
exists (1:r0=0x10100)
`
	want := map[string][]string{
		"power":     {"stb r", ",3(r", "sth r", ",2(r"},
		"armv8":     {"STLRB W", "STRH W"},
		"armv8-lse": {"STLRB W", "STRH W"},
		"tso":       {"movb %", "movw %", "movl "},
	}
	for _, c := range Columns {
		run, err := RunC(context.Background(), "members.litmus", src, nil, c, explore.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if refusal := sizelessRefusal(c); refusal != nil {
			if !errors.Is(run.Err, refusal) || run.Verdict() != "unsupported" {
				t.Errorf("%s: %s (%v), want the refusal", c.Title, run.Verdict(), run.Err)
			}
			continue
		}
		if run.Result == nil {
			t.Errorf("%s: %v", c.Title, run.Err)
			continue
		}
		if got := run.Verdict(); got != "Sometimes" {
			t.Errorf("%s: %s, want Sometimes (0x10100 between the byte and the halfword store):\n%s", c.Title, got, run.Compiled.Text)
		}
		for _, s := range want[c.Name] {
			if !strings.Contains(run.Compiled.Text, s) {
				t.Errorf("%s: no %q in the compiled test:\n%s", c.Title, s, run.Compiled.Text)
			}
		}
	}
}

// sizelessRefusal is the refusal of mixed-size tests by column c, whose
// model has no sizes (the LKMM, herd7's RISC-V), nil for the columns that
// run them at their widths.
func sizelessRefusal(c Column) error {
	switch {
	case c.Target == nil:
		return ErrLKMMMixedSize
	case c.Target.Table.Arch == litmus.ArchRISCV:
		return ErrRISCVMixedSize
	}
	return nil
}

// TestPPCSubwordRMW: a byte or halfword xchg or cmpxchg on POWER is the
// kernel's masked loop on the word around it (lwarx, the field compared
// and replaced, stwcx. of the word), so a byte store to another member
// between the two is never lost, the field's old value is the RMW's
// result, and a failed compare writes nothing. Every hardware column gives
// the same verdict; a location narrower than a word has no word around it
// and is refused.
func TestPPCSubwordRMW(t *testing.T) {
	tests := []struct {
		name, src string
		verdict   string // every hardware column's but RISC-V's
		power     []string
		refused   string // POWER's refusal, when it refuses
	}{
		{"cmpxchg keeps a concurrent byte",
			"C t\n{ l = 0; }\nP0(struct qspinlock *l)\n{\n\tint r0 = cmpxchg(&l->locked, 0, 1);\n}\n" +
				"P1(struct qspinlock *l)\n{\n\tWRITE_ONCE(l->pending, 1);\n}\nexists (~l=0x101)\n",
			"Never", []string{"lwarx r4,r0,r1", "andi. r8,r4,255", "stwcx. r6,r0,r1", "stb r2,2(r1)"}, ""},
		{"halfword xchg and byte cmpxchg results",
			"C t\n{ l = 0x10001; }\nP0(struct qspinlock *l)\n{\n\tint r0 = xchg_relaxed(&l->tail, 3);\n" +
				"\tint r1 = cmpxchg_release(&l->locked, 1, 0);\n}\nP1(struct qspinlock *l)\n{\n\tWRITE_ONCE(l->pending, 1);\n}\n" +
				"exists (0:r0=1 /\\ 0:r1=1 /\\ l=0x30100)\n",
			"Always", []string{"li r7,4294901760", "divw r9,r9,r8", "mullw r4,r4,r8"}, ""},
		{"failed cmpxchg writes nothing",
			"C t\n{ l = 0x1; }\nP0(struct qspinlock *l)\n{\n\tint r0 = cmpxchg_relaxed(&l->pending, 1, 0);\n}\n" +
				"P1(struct qspinlock *l)\n{\n\tWRITE_ONCE(l->locked, 0);\n}\nexists (0:r0=0 /\\ ~l=0)\n",
			"Never", []string{"bne L0_1"}, ""},
		{"a u8 location has no word around it",
			"C t\n{}\nP0(u8 *x, int *y)\n{\n\tint r0 = xchg(x, 1);\n\tWRITE_ONCE(*y, 1);\n}\nexists (0:r0=0)\n",
			"Always", nil, "1-byte read-modify-write on POWER of x"},
	}
	for _, tc := range tests {
		for _, c := range Columns {
			if sizelessRefusal(c) != nil && tc.refused == "" {
				continue
			}
			run, err := RunC(context.Background(), "t.litmus", tc.src, nil, c, explore.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if tc.refused != "" && c.Name == "power" {
				if run.Failure() != Unsupported || !strings.Contains(run.Err.Error(), tc.refused) {
					t.Errorf("%s: POWER: %s (%v), want unsupported naming %q", tc.name, run.Verdict(), run.Err, tc.refused)
				}
				continue
			}
			if tc.refused != "" {
				continue
			}
			if got := run.Verdict(); got != tc.verdict {
				t.Errorf("%s: %s: %s (%v), want %s", tc.name, c.Title, got, run.Err, tc.verdict)
			}
			if c.Name != "power" {
				continue
			}
			for _, s := range tc.power {
				if !strings.Contains(run.Compiled.Text, s) {
					t.Errorf("%s: no %q in the POWER test:\n%s", tc.name, s, run.Compiled.Text)
				}
			}
		}
	}
}

// TestLKMMOneWidthALocation: the LKMM column runs a test whose every
// location is accessed at one width, a byte flag included, and refuses one
// that reads or writes a location at two widths or inside it at an
// offset, or gives a byte a value it cannot hold in the init block; the
// RISC-V column, sizeless in herd7 too, runs and refuses the same; the
// other hardware columns run them all. A store of 256 to a u8 is C's store of
// 0 (the lowering converts the value), so the LKMM runs it and agrees.
func TestLKMMOneWidthALocation(t *testing.T) {
	mp := func(reader string) string {
		return "C mp\n{}\nP0(u8 *x, int *y)\n{\n\tWRITE_ONCE(*x, 1);\n\tsmp_store_release(y, 1);\n}\n" +
			"P1(u8 *x, int *y)\n{\n\tint r0 = smp_load_acquire(y);\n\tint r1 = " + reader + ";\n}\nexists (1:r0=1 /\\ 1:r1=0)\n"
	}
	tests := []struct {
		name, src string
		lkmm      string // the LKMM's verdict, or the refusal's position
		hardware  string
	}{
		{"bytes", mp("READ_ONCE(*x)"), "Never", "Never"},
		{"byte and word", "C mp\n{}\nP0(u8 *x, int *y)\n{\n\tWRITE_ONCE(*x, 1);\n\tsmp_store_release(y, 1);\n}\n" +
			"P1(int *x, int *y)\n{\n\tint r0 = smp_load_acquire(y);\n\tint r1 = READ_ONCE(*x);\n}\nexists (1:r0=1 /\\ 1:r1=0)\n", "mp.litmus:5:2", "Never"},
		// C stores 256 to a byte as 0: r1=0 is then every execution's.
		{"byte written 256", strings.Replace(mp("READ_ONCE(*x)"), "WRITE_ONCE(*x, 1)", "WRITE_ONCE(*x, 256)", 1), "Sometimes", "Sometimes"},
		// The LKMM would keep 300 where a byte holds 44: its Never would
		// be false.
		{"byte initialised to 300", strings.Replace(mp("READ_ONCE(*x)"), "{}", "{ x = 300; }", 1), "mp.litmus:2:3", "Never"},
		{"qspinlock byte and word", "C mp\n{}\nP0(struct qspinlock *l, int *y)\n{\n\tWRITE_ONCE(l->locked, 1);\n\tsmp_store_release(y, 1);\n}\n" +
			"P1(struct qspinlock *l, int *y)\n{\n\tint r0 = smp_load_acquire(y);\n\tint r1 = atomic_read(&l->val);\n}\nexists (1:r0=1 /\\ 1:r1=0)\n", "mp.litmus:5:2", "Never"},
	}
	for _, tc := range tests {
		for _, c := range Columns {
			run, err := RunC(context.Background(), "mp.litmus", tc.src, nil, c, explore.Options{})
			if err != nil {
				t.Fatal(err)
			}
			got, want := run.Verdict(), tc.hardware
			refusal := sizelessRefusal(c)
			if refusal != nil {
				want = tc.lkmm
			}
			if refusal != nil && strings.Contains(tc.lkmm, ":") {
				want = "unsupported"
				if !errors.Is(run.Err, refusal) || !strings.Contains(run.Err.Error(), tc.lkmm+":") {
					t.Errorf("%s: %s: %v, want the refusal at %s", tc.name, c.Title, run.Err, tc.lkmm)
				}
			}
			if got != want {
				t.Errorf("%s: %s: %s (%v), want %s", tc.name, c.Title, got, run.Err, want)
			}
		}
	}
}
