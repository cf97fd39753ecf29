package locks

import (
	"context"
	"errors"
	"strings"
	"testing"

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
		run, err := RunC(context.Background(), "members.litmus", src, nil, c, litmus.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if c.Target == nil {
			if !errors.Is(run.Err, ErrLKMMMixedSize) || run.Verdict() != "unsupported" {
				t.Errorf("LKMM: %s (%v), want the refusal", run.Verdict(), run.Err)
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

// TestPPCRefusesSubwordRMW: herd's PPC has no lbarx or lharx, so a byte
// RMW does not compile for POWER, and says so.
func TestPPCRefusesSubwordRMW(t *testing.T) {
	src := "C t\n{ l = 0; }\nP0(struct qspinlock *l)\n{\n\tint r0 = xchg_relaxed(&l->tail, 1);\n}\nexists (0:r0=0)\n"
	c, _ := ColumnByName("power")
	run, err := RunC(context.Background(), "t.litmus", src, nil, c, litmus.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if run.Result != nil || run.Failure() != Unsupported || !strings.Contains(run.Err.Error(), "lharx") {
		t.Errorf("POWER: %s (%v), want unsupported naming lharx", run.Verdict(), run.Err)
	}
}
