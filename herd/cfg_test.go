package herd

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParseConfig(t *testing.T) {
	tests := []struct {
		name, text string
		want       []Setting
		err        string
	}{
		{"kernel style", "macros linux-kernel.def\nbell linux-kernel.bell\nmodel linux-kernel.cat\ngraph columns\nedgeattr hb,color,indigo\n",
			[]Setting{{"macros", "linux-kernel.def", 1}, {"bell", "linux-kernel.bell", 2}, {"model", "linux-kernel.cat", 3},
				{"graph", "columns", 4}, {"edgeattr", "hb,color,indigo", 5}}, ""},
		{"comments, blanks, equals", "# a comment\n\n  \nvariant = lkmmv2\nunroll\t3  \n",
			[]Setting{{"variant", "lkmmv2", 4}, {"unroll", "3", 5}}, ""},
		{"unknown key", "model x.cat\nfoo bar\n", nil, `File "t.cfg", line 2, character 8: Unknown key 'foo' in configuration file`},
		{"no value", "model\n", nil, `File "t.cfg", line 1, character 0: Unknown key in configuration file`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ParseConfig("t.cfg", strings.NewReader(tc.text))
			if tc.err != "" {
				if err == nil || err.Error() != tc.err {
					t.Fatalf("err = %v, want %s", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("(-want +got)\n%s", diff)
			}
		})
	}
}
