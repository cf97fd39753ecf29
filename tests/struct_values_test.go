// This file checks the members of a qspinlock held by value: each is the
// bits of the word it names, in every column that can compute them.

package tests

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/litmuscheck/litmuscheck/pipeline"
)

// TestQspinlockValueMembers: "struct qspinlock val = READ_ONCE(*lock)"
// and val's bytes and halfwords. Herd's X86_64 has no shift right: the
// TSO column computes it a bit at a time. RISC-V cannot read a u32
// unsigned, so that column refuses the shift by name rather than guess.
func TestQspinlockValueMembers(t *testing.T) {
	const src = `C qspinlock-value
{ lock = 0x10203; }

P0(struct qspinlock *lock)
{
	struct qspinlock val = READ_ONCE(*lock);
	int r1 = val.pending;
	int r2 = val.tail;
	int r3 = val.locked_pending;
	int r4 = val.locked;
}

exists (0:r1=2 /\ 0:r2=1 /\ 0:r3=0x203 /\ 0:r4=3)
`
	out := pipeline.File("qspinlock-value.litmus", src, pipeline.Settings{Spec: pipeline.Spec{Name: "all"}})
	if out.Err != nil {
		t.Fatal(out.Err)
	}
	got := columnVerdicts(out)
	for _, r := range out.Runs {
		if r.Err != nil && !strings.Contains(r.Err.Error(), "unsupported: an unsigned shift right") {
			t.Errorf("%s: %v, want the unsigned shift's refusal", r.Column.Title, r.Err)
		}
	}
	want := map[string]string{"lkmm": "Always", "power": "Always", "power-isync": "Always", "armv8": "Always", "armv8-lse": "Always",
		"tso": "Always", "riscv": "unsupported"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("verdicts (-want +got):\n%s", diff)
	}
}

// TestQspinlockHeaderDefinition: qspinlock_types.h's little-endian
// definition, pasted above the code, is the dialect's own layout and is
// accepted (run in ARMv8: the LKMM has no mixed sizes); a definition
// that moves a member is refused, naming it.
func TestQspinlockHeaderDefinition(t *testing.T) {
	const header = `typedef struct qspinlock {
	union {
		atomic_t val;
		struct {
			u8	locked;
			u8	pending;
		};
		struct {
			u16	locked_pending;
			u16	tail;
		};
	};
} arch_spinlock_t;
`
	const body = `
P0(arch_spinlock_t *lock)
{
	WRITE_ONCE(lock->pending, 1);
	int r1 = READ_ONCE(lock->locked_pending);
	int r2 = atomic_read(&lock->val);
}

exists (0:r1=0x100 /\ 0:r2=0x100)
`
	tests := []struct {
		name, header, want string
	}{
		{"as-the-kernel", header, "Always"},
		{"moved", strings.Replace(header, "u8	locked;\n\t\t\tu8	pending;", "u8	pending;\n\t\t\tu8	locked;", 1),
			"unsupported: a definition of struct qspinlock whose member locked takes 1 bytes at offset 1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := "C qspinlock-header\n{ }\n\n" + tc.header + body
			out := pipeline.File("qspinlock-header.litmus", src, pipeline.Settings{Spec: pipeline.Spec{Name: "armv8"}})
			if out.Err != nil {
				if !strings.Contains(out.Err.Error(), tc.want) {
					t.Fatalf("error %v, want %q", out.Err, tc.want)
				}
				return
			}
			for _, r := range out.Runs {
				if got := r.Verdict(); got != tc.want {
					t.Errorf("%s: %s (%v), want %s", r.Column.Title, got, r.Err, tc.want)
				}
			}
		})
	}
}
