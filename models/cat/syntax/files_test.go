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
