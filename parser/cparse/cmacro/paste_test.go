package cmacro

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/litmuscheck/litmuscheck/parser/internal/litfile"
)

// qspinlockTypes is include/asm-generic/qspinlock_types.h's masks, for
// NR_CPUS below 16K, as the kernel has them.
const qspinlockTypes = `#define _Q_SET_MASK(type)	(((1U << _Q_ ## type ## _BITS) - 1)\
				      << _Q_ ## type ## _OFFSET)
#define _Q_LOCKED_OFFSET	0
#define _Q_LOCKED_BITS		8
#define _Q_LOCKED_MASK		_Q_SET_MASK(LOCKED)
#define _Q_PENDING_OFFSET	(_Q_LOCKED_OFFSET + _Q_LOCKED_BITS)
#define _Q_PENDING_BITS		8
#define _Q_PENDING_MASK		_Q_SET_MASK(PENDING)
#define _Q_TAIL_IDX_OFFSET	(_Q_PENDING_OFFSET + _Q_PENDING_BITS)
#define _Q_TAIL_IDX_BITS	2
#define _Q_TAIL_IDX_MASK	_Q_SET_MASK(TAIL_IDX)
`

// TestPasteAndStringize: ## pastes its operands' spellings, parameters
// replaced by their arguments unexpanded, and the result is rescanned; #
// makes an argument a string; what C forbids is an error at the line of
// the #define or of the use.
func TestPasteAndStringize(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"qspinlock locked mask", qspinlockTypes + "_Q_LOCKED_MASK\n", "(((1U << 8) - 1) << 0)"},
		{"qspinlock pending mask", qspinlockTypes + "_Q_PENDING_MASK\n", "(((1U << 8) - 1) << (0 + 8))"},
		{"qspinlock tail index mask", qspinlockTypes + "_Q_TAIL_IDX_MASK\n", "(((1U << 2) - 1) << ((0 + 8) + 8))"},
		{"parameter and literal", "#define REG(n) r ## n\nREG(0) = REG(12);\n", "r0 = r12;"},
		{"pasted name is a macro", "#define lock_x 7\n#define LOCK(s) lock_ ## s\nLOCK(x)\n", "7"},
		{"argument not expanded before pasting", "#define y z\n#define CAT(a, b) a ## b\nCAT(x, y)\n", "xy"},
		{"argument expanded elsewhere", "#define y z\n#define TWO(a) a ## _1 a\nTWO(y)\n", "y_1 z"},
		{"object-like", "#define AB ab ## cd\nAB\n", "abcd"},
		{"punctuators", "#define ARROW(p, m) p - ## > m\nARROW(n, next)\n", "n -> next"},
		{"stringize", "#define STR(x) #x\nSTR(a  +  \"b\")\n", `"a + \"b\""`},
		{"comments after a body", "#define S(n) struct n /* W */\n#define T 1 // one\nS(foo) { T };\n", "struct foo { 1 };"},
		{"paste at the start", "#define BAD ## x\n", "t.c:1:1: '##' cannot be at either end of the body of macro BAD"},
		{"paste at the end", "#define BAD(a) a ##\n", "t.c:1:1: '##' cannot be at either end of the body of macro BAD"},
		{"# without a parameter", "#define BAD(a) # b\n", "t.c:1:1: '#' in the body of macro BAD is not followed by one of its parameters"},
		{"no single token", "#define BAD(a) a ## +\nx\nBAD(y)\n", `t.c:3:1: pasting "y" and "+" in macro BAD does not give a valid token`},
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
