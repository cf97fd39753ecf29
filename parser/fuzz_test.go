package parser

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzParse checks that no input makes the parser panic: bad input must
// come back as an error. Seeds are our own tests; run with
// go test ./parser -run '^$' -fuzz FuzzParse -fuzztime 60s
func FuzzParse(f *testing.F) {
	for _, pattern := range []string{"../tests/*.litmus", "../tests/lkmm/*.litmus", "../tests/locks/asm/*.litmus"} {
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
