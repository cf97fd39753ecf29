// This file tests reading the files beside a model: .def macros and .cfg
// configurations.

package syntax

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParseDef(t *testing.T) {
	d, err := ParseDef("t.def", "// c\nREAD_ONCE(X) __load{ONCE}(X)\nsmp_mb() { __fence{MB}; }\nf(X,V) {\n __store{ONCE}(X,V);\n}\n")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range d.Macros {
		got = append(got, m.Name+"("+strings.Join(m.Params, ",")+") "+m.Body)
	}
	want := []string{"READ_ONCE(X) __load{ONCE}(X)", "smp_mb() { __fence{MB}; }", "f(X,V) {\n __store{ONCE}(X,V);\n}"}
	if d := cmp.Diff(want, got); d != "" {
		t.Error(d)
	}
	if _, err := ParseDef("t.def", "f(X { "); err == nil {
		t.Error("no error for a malformed macro")
	}
}

func TestParseConf(t *testing.T) {
	src := "# a comment\nmodel linux-kernel.cat\ngraph columns\nbell linux-kernel.bell\nmodel other.cat\nvariant a,b\nmacros linux-kernel.def\nvariant c\nshowevents\n"
	want := Conf{Model: "linux-kernel.cat", Bell: "linux-kernel.bell", Macros: "linux-kernel.def", Variants: []string{"a", "b", "c"}}
	if d := cmp.Diff(want, ParseConf(src)); d != "" {
		t.Errorf("ParseConf (-want +got):\n%s", d)
	}
}
