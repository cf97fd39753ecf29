package tests

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/litmuscheck/litmuscheck/explore"
	"github.com/litmuscheck/litmuscheck/models"
	"github.com/litmuscheck/litmuscheck/parser"
)

// FuzzExplore checks that any test the parser accepts runs to a result or
// an error, never a panic, and that its deadline holds over every phase,
// parsing included: a run that ends long after it is a limit that does not
// hold. Run with
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
	// The grace is generous: the phases poll the deadline every few
	// milliseconds, and the machine may be loaded.
	const deadline, grace = 200 * time.Millisecond, 10 * time.Second
	f.Fuzz(func(t *testing.T, src string) {
		ctx, cancel := context.WithTimeout(context.Background(), deadline)
		defer cancel()
		done := make(chan struct{})
		go func() {
			defer close(done)
			test, err := parser.ParseContext(ctx, "fuzz.litmus", src, parser.Options{})
			if err != nil {
				return
			}
			m, err := models.ForArch(test.Arch)
			if err != nil {
				return
			}
			explore.Explore(ctx, test, m, explore.Options{PathLimit: 1000})
		}()
		select {
		case <-done:
		case <-time.After(deadline + grace):
			t.Fatalf("still running %v after its deadline of %v", grace, deadline)
		}
	})
}
