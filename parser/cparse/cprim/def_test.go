package cprim

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/litmuscheck/litmuscheck/litmus"
)

func TestParseDef(t *testing.T) {
	ms, err := ParseDef("t.def", "// c\n  READ_ONCE(X) __load{ONCE}(X)\nf(X,V) {\n __store{ONCE}(X,V);\n}\n")
	if err != nil {
		t.Fatal(err)
	}
	want := []MacroDef{
		{Pos: litmus.Pos{File: "t.def", Line: 2, Col: 3}, Name: "READ_ONCE", Params: []string{"X"}, Body: "__load{ONCE}(X)", BodyPos: litmus.Pos{File: "t.def", Line: 2, Col: 16}},
		{Pos: litmus.Pos{File: "t.def", Line: 3, Col: 1}, Name: "f", Params: []string{"X", "V"}, Body: "{\n __store{ONCE}(X,V);\n}", BodyPos: litmus.Pos{File: "t.def", Line: 3, Col: 8}},
	}
	if d := cmp.Diff(want, ms); d != "" {
		t.Error(d)
	}
}
