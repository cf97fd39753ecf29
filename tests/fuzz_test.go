package tests

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"litmuscheck/litmus"
	"litmuscheck/models"
	"litmuscheck/parser"
)

// FuzzExplore checks that any test the parser accepts runs to a result or
// an error, never a panic. Run with
// go test ./tests -run '^$' -fuzz FuzzExplore -fuzztime 60s
func FuzzExplore(f *testing.F) {
	for _, pattern := range []string{"*.litmus", "lkmm/*.litmus", "locks/asm/*.litmus"} {
		files, _ := filepath.Glob(pattern)
		for _, file := range files {
			if src, err := os.ReadFile(file); err == nil {
				f.Add(string(src))
			}
		}
	}
	f.Fuzz(func(t *testing.T, src string) {
		test, err := parser.Parse("fuzz.litmus", src)
		if err != nil {
			return
		}
		m, err := models.ForArch(test.Arch)
		if err != nil {
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
		defer cancel()
		litmus.Explore(ctx, test, m, litmus.Options{PathLimit: 1000})
	})
}
