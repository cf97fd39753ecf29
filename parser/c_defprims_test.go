package parser

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/parser/cparse"
	"github.com/litmuscheck/litmuscheck/parser/cparse/cprim"
)

func loadPrims(t *testing.T, path string) *cprim.Prims {
	t.Helper()
	ms, err := cprim.ParseDefFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return cprim.NewPrims(ms)
}

// lowerThread parses a one-thread C test with body and returns its code.
func lowerThread(t *testing.T, body string, prims *cprim.Prims) ([]litmus.Instr, error) {
	t.Helper()
	src := "C T\n{}\nP0(int *x, int *y) {\n\tint r0;\n\tint r1;\n" + body + "\n}\nexists (0:r0=0)\n"
	test, err := ParseWith("T.litmus", src, Options{CDefs: (*cparse.CDefs)(nil).WithPrims(prims)})
	if err != nil {
		return nil, err
	}
	return test.Threads[0].Code, nil
}

// TestDefPrimsKernel lowers herd's linux-kernel.def and finds every macro
// the same as the parser's own table of kernel primitives.
func TestDefPrimsKernel(t *testing.T) {
	path := filepath.Join("..", "..", "shared", "models-reference", "linux-kernel.def")
	if _, err := os.Stat(path); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal(err)
		}
		t.Skip(err)
	}
	ps := loadPrims(t, path)
	ms, _ := cprim.ParseDefFile(path)
	if len(ms) < 100 {
		t.Fatalf("%d macros in %s", len(ms), path)
	}
	for _, m := range ms {
		got, ok, err := ps.Lookup(m.Name)
		if err != nil || !ok {
			t.Errorf("%s: not lowered: %v", m.Name, err)
			continue
		}
		want, ok := cprim.Kernel(m.Name)
		if !ok {
			t.Errorf("%s: not a kernel primitive of the parser", m.Name)
			continue
		}
		if got.Kind == cprim.Seq {
			// smp_store_mb: the same instructions as the table's.
			if want.Kind != cprim.StoreMb {
				t.Errorf("%s: a sequence, the table's kind is %d", m.Name, want.Kind)
			}
			continue
		}
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("%s: table (-) and .def (+) differ:\n%s", m.Name, d)
		}
	}
	// The sequence lowers to the table's instructions.
	want, err := lowerThread(t, "smp_store_mb(*x, 1);", nil)
	if err != nil {
		t.Fatal(err)
	}
	got, err := lowerThread(t, "smp_store_mb(*x, 1);", ps)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("smp_store_mb: table (-) and .def (+) differ:\n%s", d)
	}
}

// TestDefPrimsLower runs calls of the primitives testdata/defprims/user.def
// adds and compares each with the kernel primitives it amounts to.
func TestDefPrimsLower(t *testing.T) {
	ps := loadPrims(t, filepath.Join("testdata", "defprims", "user.def"))
	for _, c := range []struct{ user, kernel string }{
		{"my_store_release(x, 1);", "smp_store_release(x, 1);"},
		{"r0 = my_load_acquire(y);", "r0 = smp_load_acquire(y);"},
		{"my_write_once(*x, 2);", "WRITE_ONCE(*x, 2);"},
		{"r0 = my_swap(3, x);", "r0 = xchg(x, 3);"},
		{"r0 = my_fetch_or(x, 4);", "r0 = atomic_fetch_or_acquire(4, x);"},
		{"r0 = my_dec_and_test(x);", "r0 = atomic_dec_and_test(x);"},
		{"r0 = my_read(y);", "r0 = smp_load_acquire(y);"},
		{"my_full_store(x, 1);", "smp_mb(); smp_store_release(x, 1);"},
		{"my_wmb();", "smp_wmb();"},
	} {
		t.Run(c.user, func(t *testing.T) {
			want, err := lowerThread(t, c.kernel, nil)
			if err != nil {
				t.Fatal(err)
			}
			got, err := lowerThread(t, c.user, ps)
			if err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(want, got, cmpopts.IgnoreFields(litmus.Instr{}, "Pos", "Text")); d != "" {
				t.Errorf("kernel (-) and user (+) primitive differ:\n%s", d)
			}
		})
	}
}

// TestDefPrimsRefused checks that a call of a macro the parser cannot
// lower is refused with the macro's place in the .def file.
func TestDefPrimsRefused(t *testing.T) {
	def := filepath.Join("testdata", "defprims", "user.def")
	ps := loadPrims(t, def)
	for _, c := range []struct{ call, want string }{
		{"my_twice(*x, 1);", def + ":11:51: unsupported: parameter X used twice in macro my_twice"},
		{"my_const(*x);", def + ":12:31: unsupported: argument \"2\" of __store"},
		{"my_c(*x);", def + ":13:13: unsupported: macro body"},
	} {
		t.Run(c.call, func(t *testing.T) {
			_, err := lowerThread(t, c.call, ps)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("got %v, want an error containing %q", err, c.want)
			}
		})
	}
	// A .def file without the primitive leaves the kernel's.
	if _, err := lowerThread(t, "smp_mb();", ps); err != nil {
		t.Errorf("smp_mb: %v", err)
	}
}
