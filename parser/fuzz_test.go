package parser

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/litmuscheck/litmuscheck/parser/cparse"
)

// FuzzParse checks that no input makes the parser panic: bad input must
// come back as an error. Seeds are our own tests; run with
// go test ./parser -run '^$' -fuzz FuzzParse -fuzztime 60s
func FuzzParse(f *testing.F) {
	for _, pattern := range []string{"../tests/*.litmus", "../tests/lkmm/*.litmus", "../tests/locks/asm/*.litmus", "../tests/herd/riscv/*.litmus"} {
		files, _ := filepath.Glob(pattern)
		for _, file := range files {
			if src, err := os.ReadFile(file); err == nil {
				f.Add(string(src))
			}
		}
	}
	f.Fuzz(func(t *testing.T, src string) {
		Parse("fuzz.litmus", src)
	})
}

// TestUnterminatedComment: a block comment never closed is refused at
// its opening by the linear pre-scan; the grammars' lexers would try it
// again at every later opening, quadratic in the input (a FuzzParse input
// of many "/*" stalled the parser; testdata/fuzz/FuzzParse keeps it).
func TestUnterminatedComment(t *testing.T) {
	tests := []struct{ src, want string }{
		{"C t\n{}\nP0(int *x) {" + strings.Repeat("/* a ", 2000) + "}\nexists (x=1)\n", `t.litmus:3:13: unterminated comment: "/*" without "*/"`},
		{"C t\n{}\nP0(int *x) { // a /* b\n}\nexists (x=1)\n", ""},
		{"X86 t\n{ x=0; (* open\n}\n P0 ;\n MOV [x],$1 ;\nexists (x=1)\n", `t.litmus:2:8: unterminated comment`},
	}
	for _, tc := range tests {
		_, err := Parse("t.litmus", tc.src)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tc.want {
			t.Errorf("%.40q: %q, want %q", tc.src, got, tc.want)
		}
	}
	if _, err := cparse.ParseCDefs("f.c", "void f(int *x) { /* open\n WRITE_ONCE(*x, 1); }\n"); err == nil || !strings.Contains(err.Error(), "unterminated comment") {
		t.Errorf("ParseCDefs: %v, want the unterminated comment", err)
	}
}

// BenchmarkParseUnterminatedComments parses a C test of n unterminated
// "/*", which must grow linearly with n.
func BenchmarkParseUnterminatedComments(b *testing.B) {
	for _, n := range []int{1000, 8000} {
		src := "C t\n{}\nP0(int *x) {" + strings.Repeat("/* a ", n) + "}\nexists (x=1)\n"
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			for b.Loop() {
				Parse("t.litmus", src)
			}
		})
	}
}
