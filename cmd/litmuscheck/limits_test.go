package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMaxMemory checks that --max-memory stops a run with its message and
// exit status 2, that a bad size is refused and that 0 lifts the bound.
func TestMaxMemory(t *testing.T) {
	var src strings.Builder
	src.WriteString("X86 paths\n{ x=0; }\n P0 | P1 ;\n")
	for i := 0; i < 12; i++ {
		src.WriteString(" MOV EAX,[x] | MOV [x],$1 ;\n")
	}
	src.WriteString("exists (0:EAX=0)\n")
	file := filepath.Join(t.TempDir(), "paths.litmus")
	if err := os.WriteFile(file, []byte(src.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errs := runCLI("--max-memory", "1KiB", file)
	want := "litmuscheck: " + file + ": memory limit of 1 KiB reached while "
	if code != 2 || !strings.HasPrefix(errs, want) {
		t.Errorf("exit %d, stderr %q; want 2 and %q", code, errs, want)
	}
	if code, _, _ := runCLI("--max-memory", "4XB", file); code != 2 {
		t.Errorf("--max-memory 4XB: exit %d, want 2", code)
	}
	if code, _, errs := runCLI("--max-memory", "0", "--model", "sc", "../../tests/SB.litmus"); code != 0 {
		t.Errorf("--max-memory 0: exit %d, stderr %q; want 0", code, errs)
	}
}
