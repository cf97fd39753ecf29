package parser

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/parser/cparse/cprim"
)

// TestAtomicLongLowering: an atomic_long_* call lowers to the instructions
// of the atomic_* call it stands for, tags included; a .def file's
// redefinition of the atomic_* primitive applies to it; names that stand
// for nothing are refused.
func TestAtomicLongLowering(t *testing.T) {
	stmts := []string{
		"r0 = atomic_read(x);",
		"atomic_set_release(x, 2);",
		"r0 = atomic_add_return_acquire(512, x);",
		"atomic_sub(255, x);",
		"r0 = atomic_fetch_or_relaxed(1, x);",
		"r0 = atomic_xchg_release(x, 3);",
		"r0 = atomic_cmpxchg_acquire(x, 0, 1);",
		"r1 = 0;\n\tr0 = atomic_try_cmpxchg_acquire(x, &r1, 256);",
		"r1 = 256;\n\tr0 = atomic_try_cmpxchg_release(x, &r1, 0);",
		"r0 = atomic_cond_read_acquire(x, !(VAL & 255));",
		"r0 = atomic_dec_and_test(x);",
		"r0 = atomic_add_unless(x, 1, 0);",
	}
	ignoreText := cmpopts.IgnoreFields(litmus.Instr{}, "Text", "Pos")
	for _, s := range stmts {
		long := strings.ReplaceAll(s, "atomic_", "atomic_long_")
		want, err := lowerThread(t, s, nil)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		got, err := lowerThread(t, long, nil)
		if err != nil {
			t.Errorf("%s: %v", long, err)
			continue
		}
		if diff := cmp.Diff(want, got, ignoreText); diff != "" {
			t.Errorf("%s lowers unlike %s (-atomic +atomic_long):\n%s", long, s, diff)
		}
	}

	ms, err := cprim.ParseDef("my.def", "atomic_read(X) smp_load_acquire(X)\n")
	if err != nil {
		t.Fatal(err)
	}
	code, err := lowerThread(t, "r0 = atomic_long_read(x);", cprim.NewPrims(ms))
	if err != nil {
		t.Fatal(err)
	}
	if len(code) != 1 || !cmp.Equal(code[0].RTags, []string{litmus.TagAcquire}) {
		t.Errorf("atomic_long_read under a .def atomic_read(X) smp_load_acquire(X): %+v, want one acquire load", code)
	}

	for _, bad := range []string{"r0 = atomic_long_frobnicate(x);", "r0 = atomic_long_(x);"} {
		if _, err := lowerThread(t, bad, nil); err == nil || !strings.Contains(err.Error(), "unknown function") {
			t.Errorf("%s: %v, want an unknown function", bad, err)
		}
	}
}

// TestAtomicLongUserFunction: a test's own function may not take the name
// of an atomic_long_* operation.
func TestAtomicLongUserFunction(t *testing.T) {
	src := "C T\n{}\nint atomic_long_read(atomic_long_t *v) { return 0; }\nP0(int *x) {\n\tint r0;\n\tr0 = atomic_long_read(x);\n}\nexists (0:r0=0)\n"
	_, err := ParseWith("T.litmus", src, Options{})
	if err == nil || !strings.Contains(err.Error(), "would redefine a kernel primitive") {
		t.Errorf("%v, want the refusal of a function named atomic_long_read", err)
	}
}
