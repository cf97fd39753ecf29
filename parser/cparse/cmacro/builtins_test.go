package cmacro

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/litmuscheck/litmuscheck/parser/internal/litfile"
)

// TestBuiltins: EXPORT_SYMBOL leaves its ";" alone, IS_ENABLED is 1 only
// for an option the program defines as 1 (or its _MODULE), a #define
// replaces a builtin, and a text without directives is expanded too.
func TestBuiltins(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"export", "void f(void) { }\nEXPORT_SYMBOL(f);\nEXPORT_SYMBOL_GPL(f);\n", "void f(void) { } ; ;"},
		{"option not set", "x = (u16 *)lock + IS_ENABLED(CONFIG_CPU_BIG_ENDIAN);\n", "x = (u16 *)lock + 0;"},
		{"option set", "#define CONFIG_X 1\nIS_ENABLED(CONFIG_X)\n", "1"},
		{"module", "#define CONFIG_X_MODULE 1\nIS_ENABLED(CONFIG_X)\n", "1"},
		{"option set otherwise", "#define CONFIG_X 2\nIS_ENABLED(CONFIG_X)\n", "0"},
		{"redefined", "#define IS_ENABLED(o) 7\nIS_ENABLED(CONFIG_X)\n", "7"},
	}
	for _, tt := range tests {
		out, err := Preprocess(litfile.NewFile("t.c", tt.src), tt.src)
		got := strings.Join(strings.Fields(out), " ")
		if err != nil {
			got = err.Error()
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tt.name, diff)
		}
	}
}
