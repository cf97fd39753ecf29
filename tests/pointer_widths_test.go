// This file checks that an access through a pointer has the width of the
// type the pointer points to however the pointer is reached: a parameter
// of an inlined function, a pointer local, a cast plus an offset (C's
// pointer arithmetic counts in elements), in every column.

package tests

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/litmuscheck/litmuscheck/pipeline"
)

func TestPointerWidths(t *testing.T) {
	// Each test starts with lock = 0x10000 and stores 1 through a byte
	// or halfword pointer: C writes only the low bytes (or the byte the
	// offset names), so the upper half survives.
	const head = "C %s\n\n{ lock = 0x10000; }\n\n"
	hardware := func(v string) map[string]string {
		return map[string]string{"lkmm": "unsupported", "power": v, "power-isync": v, "armv8": v, "armv8-lse": v, "tso": v, "riscv": "unsupported"}
	}
	for _, tc := range []struct {
		name, body string
		want       map[string]string
	}{
		{"inlined-u8-param", `static void setb(u8 *p) { WRITE_ONCE(*p, 1); }

P0(struct qspinlock *lock)
{
	setb(&lock->locked);
}

exists (lock=0x10001)
`, hardware("Always")},
		{"u8-local", `P0(struct qspinlock *lock)
{
	u8 *p = &lock->locked;

	WRITE_ONCE(*p, 1);
}

exists (lock=0x10001)
`, hardware("Always")},
		{"u16-local-cast", `P0(struct qspinlock *lock)
{
	u16 *ptr = (u16 *)lock;

	smp_store_release(ptr, 1);
}

exists (lock=0x10001)
`, hardware("Always")},
		// (u16 *)lock + 1 is the upper halfword, two bytes in.
		{"u16-cast-plus-one", `P0(struct qspinlock *lock)
{
	smp_store_release((u16 *)lock + 1, 2);
}

exists (lock=0x20000)
`, hardware("Always")},
		{"u8-cast-plus-two", `P0(struct qspinlock *lock)
{
	WRITE_ONCE(*((u8 *)lock + 2), 3);
}

exists (lock=0x30000)
`, hardware("Always")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := fmt.Sprintf(head, tc.name) + tc.body
			out := pipeline.File(tc.name+".litmus", src, pipeline.Settings{Spec: pipeline.Spec{Name: "all"}})
			if out.Err != nil {
				t.Fatal(out.Err)
			}
			got := columnVerdicts(out)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("verdicts (-want +got):\n%s", diff)
			}
		})
	}
}
