package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestMain lets the test binary stand for litmuscheck installed as
// herd7: run through a symbolic link of that name, it is the command.
func TestMain(m *testing.M) {
	if filepath.Base(os.Args[0]) == herdName {
		os.Exit(runAs(herdName, os.Args[1:], os.Stdout, os.Stderr))
	}
	code := m.Run()
	if code == 0 && len(schemaViolations) > 0 {
		// runCLI checks every json and jsonl output of every test.
		fmt.Fprintf(os.Stderr, "records against docs/litmuscheck.schema.json:\n%s\n", strings.Join(schemaViolations, "\n"))
		code = 1
	}
	os.Exit(code)
}

// TestKernelScripts runs scripts written the way tools/memory-model's are
// (testdata/kernelscripts: herd7 $LKMM_HERD_OPTIONS T.litmus, judged by the
// tests' Result: comments) in a throwaway directory holding the kernel's
// model files from ../shared/models-reference, with herd7 on PATH a link
// to this test binary.
func TestKernelScripts(t *testing.T) {
	ref, _ := filepath.Abs("../../../shared/models-reference")
	if _, err := os.Stat(filepath.Join(ref, "linux-kernel.cfg")); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("no ../shared/models-reference/linux-kernel.cfg")
		}
		t.Skip("no ../shared/models-reference")
	}
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	bin := filepath.Join(root, "bin")
	mm := filepath.Join(root, "memory-model")
	if err := os.MkdirAll(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(exe, filepath.Join(bin, herdName)); err != nil {
		t.Fatal(err)
	}
	if err := os.CopyFS(mm, os.DirFS("testdata/kernelscripts")); err != nil {
		t.Fatal(err)
	}
	// The tests are kept as .litmus.in, out of the way of the runs over
	// testdata's .litmus files.
	ins, _ := filepath.Glob(filepath.Join(mm, "litmus", "*.litmus.in"))
	for _, in := range ins {
		if err := os.Rename(in, strings.TrimSuffix(in, ".in")); err != nil {
			t.Fatal(err)
		}
	}
	// The model's files are linked, never copied into the repository.
	for _, f := range []string{"linux-kernel.cfg", "linux-kernel.cat", "linux-kernel.bell", "linux-kernel.def", "lock.cat"} {
		if err := os.Symlink(filepath.Join(ref, f), filepath.Join(mm, f)); err != nil {
			t.Fatal(err)
		}
	}
	for _, d := range []string{"old", "new", "old/litmus", "new/litmus"} {
		if err := os.MkdirAll(filepath.Join(mm, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	sh := func(t *testing.T, opts, script, stdin string) string {
		cmd := exec.Command("sh", "-c", script)
		cmd.Dir = mm
		cmd.Stdin = strings.NewReader(stdin)
		cmd.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"), "LKMM_HERD_OPTIONS="+opts)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", script, err, out)
		}
		return string(out)
	}
	tests := "litmus/MP+rel+acq.litmus\nlitmus/SB+mbs.litmus\nlitmus/SB+onces.litmus\n"
	for _, opts := range []string{"-conf linux-kernel.cfg", "-conf linux-kernel.cfg -variant lkmmv2"} {
		t.Run(opts, func(t *testing.T) {
			out := sh(t, opts, "scripts/checkalllitmus.sh", "")
			for _, want := range []string{"Observation MP+rel+acq Never 0 3", "Observation SB+mbs Never 0 3", "Observation SB+onces Sometimes 1 3", "Hash="} {
				if !strings.Contains(out, want) {
					t.Errorf("checkalllitmus.sh: no %q in\n%s", want, out)
				}
			}
			sh(t, opts, "scripts/runlitmushist.sh old", tests)
			sh(t, opts, "scripts/runlitmushist.sh new", tests)
			out = sh(t, opts, "scripts/cmplitmushist.sh old new", tests)
			if n := strings.Count(out, "Exact output match"); n != 3 {
				t.Errorf("cmplitmushist.sh: %d exact matches, want 3\n%s", n, out)
			}
		})
	}
}
