package cmacro

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/litmuscheck/litmuscheck/parser/internal/litfile"
)

// TestConditionals: #if, #ifdef, #ifndef, #elif and #else keep the branch
// the kernel's compiler keeps, with no CONFIG_ option set and the
// little-endian layout's macros defined; the excluded lines stay as blank
// lines, so that positions after them are unchanged; malformed
// conditionals are errors at their line.
func TestConditionals(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"ifdef endian", "#ifdef __LITTLE_ENDIAN\nle\n#else\nbe\n#endif\n", "le"},
		{"ifndef", "#ifndef queued_spin_is_locked\nown\n#endif\n", "own"},
		{"undefined option is 0", "#if CONFIG_NR_CPUS < (1U << 14)\nsmall\n#else\nbig\n#endif\n", "small"},
		{"elif chain", "#define B 8\n#if B == 1\none\n#elif B == 8 && defined(B)\neight\n#elif 1\nlate\n#else\nnone\n#endif\n", "eight"},
		{"nested in an excluded branch", "#if 0\n#if 1\nin\n#endif\n#define X 1\n#else\nout\n#endif\n#ifdef X\nx\n#endif\n", "out"},
		{"defined without parentheses", "#if defined __LITTLE_ENDIAN || 0\nyes\n#endif\n", "yes"},
		{"macro value", "#define N (1 << 3)\n#if N % 3 == 2 ? 1 : 0\nten\n#endif\n", "ten"},
		{"endif without if", "#endif\n", "t.c:1:1: #endif without #if"},
		{"if without endif", "x\n#if 1\ny\n", "t.c:2:1: #if without #endif"},
		{"else after else", "#if 1\n#else\n#else\n#endif\n", "t.c:3:1: #else after #else"},
		{"bad expression", "#if 1 +\n#endif\n", "t.c:1:1: expected a value in #if"},
		{"include", "#include <linux/atomic.h>\n", "t.c:1:1: unsupported: #include: the preprocessor's #define, #undef and conditionals only"},
	}
	for _, tt := range tests {
		out, err := Preprocess(litfile.NewFile("t.c", tt.src), tt.src)
		got := strings.Join(strings.Fields(out), " ")
		if err != nil {
			got = err.Error()
		} else if n := strings.Count(out, "\n"); n != strings.Count(tt.src, "\n") {
			t.Errorf("%s: %d lines out of %d", tt.name, n, strings.Count(tt.src, "\n"))
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tt.name, diff)
		}
	}
}
