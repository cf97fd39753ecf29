package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// TestHelp: --help and -h print the usage on stdout and exit 0, for every
// command, as "help COMMAND" does.
func TestHelp(t *testing.T) {
	for _, c := range commandList() {
		var cmdArgs []string
		if c.name != "check" {
			cmdArgs = []string{c.name}
		}
		want := "usage: " + c.synopsis + "\n"
		for _, flag := range []string{"--help", "-h"} {
			code, out, errs := runCLI(append(cmdArgs, flag)...)
			if code != 0 || !strings.HasPrefix(out, want) || errs != "" {
				t.Errorf("%s %s: exit %d, stderr %q, stdout:\n%s", c.name, flag, code, errs, out)
			}
		}
		code, out, errs := runCLI("help", c.name)
		if code != 0 || !strings.HasPrefix(out, want) || errs != "" {
			t.Errorf("help %s: exit %d, stderr %q, stdout:\n%s", c.name, code, errs, out)
		}
	}
	code, out, _ := runCLI("help")
	if code != 0 || !strings.HasPrefix(out, "usage: litmuscheck [flags] FILE...\n") || !strings.Contains(out, "\n  litmuscheck conform [flags] DIR...") {
		t.Errorf("help: exit %d, stdout:\n%s", code, out)
	}
	if !strings.Contains(out, "\n      --timeout seconds ") {
		t.Errorf("help lists no --timeout:\n%s", out)
	}
	code, out, errs := runCLI("help", "nope")
	if code != 2 || out != "" || !strings.HasPrefix(errs, "litmuscheck help: unknown command \"nope\"\nusage: litmuscheck help [command]\n") {
		t.Errorf("help nope: exit %d, stdout %q, stderr %q", code, out, errs)
	}
}

// TestBadFlags: an unknown flag or a bad value prints one line on
// stderr, the error and where the usage is, exit 2, for every command.
func TestBadFlags(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--bogus", "../../tests/SB.litmus"}, "litmuscheck: unknown flag: --bogus (see litmuscheck --help)"},
		{[]string{"--timeout", "soon", "../../tests/SB.litmus"},
			`litmuscheck: invalid argument "soon" for "--timeout" flag: "soon" is neither a number of seconds nor a duration such as 3s or 500ms (see litmuscheck --help)`},
		{[]string{"-j", "many", "../../tests/SB.litmus"}, `litmuscheck: invalid argument "many" for "-j, --jobs" flag: must be an integer (see litmuscheck --help)`},
		{[]string{"conform", "--bogus", "x"}, "litmuscheck: unknown flag: --bogus (see litmuscheck help conform)"},
		{[]string{"diff", "-q", "a", "b"}, "litmuscheck: unknown shorthand flag: 'q' in -q (see litmuscheck help diff)"},
		{[]string{"barriers", "--unroll", "x", "a"}, `litmuscheck: invalid argument "x" for "--unroll" flag: must be an integer (see litmuscheck help barriers)`},
		{[]string{"locks", "--bogus"}, "litmuscheck: unknown flag: --bogus (see litmuscheck help locks)"},
	}
	for _, tc := range tests {
		code, out, errs := runCLI(tc.args...)
		if code != 2 || out != "" {
			t.Errorf("%v: exit %d, stdout %q", tc.args, code, out)
		}
		if diff := cmp.Diff(tc.want+"\n", errs); diff != "" {
			t.Errorf("%v: stderr (-want +got):\n%s", tc.args, diff)
		}
	}
}

// TestVersion: --version prints the version string, with the VCS
// revision when the build recorded one.
func TestVersion(t *testing.T) {
	code, out, errs := runCLI("--version")
	if code != 0 || errs != "" || !strings.HasPrefix(out, "litmuscheck "+version) {
		t.Errorf("exit %d, stderr %q, stdout %q", code, errs, out)
	}
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, kv := range info.Settings {
			if kv.Key == "vcs.revision" && !strings.Contains(out, kv.Value) {
				t.Errorf("%q lacks the revision %s", out, kv.Value)
			}
		}
	}
}

// TestTimeoutSeconds: --timeout takes seconds, as herd's -timeout, and Go
// durations.
func TestTimeoutSeconds(t *testing.T) {
	tests := []struct {
		in   string
		want time.Duration
	}{
		{"10", 10 * time.Second},
		{"0.5", 500 * time.Millisecond},
		{"0", 0},
		{"3s", 3 * time.Second},
		{"500ms", 500 * time.Millisecond},
		{"1m30s", 90 * time.Second},
	}
	for _, tc := range tests {
		var o options
		fs := checkFlags(nil, &o)
		if err := fs.Parse([]string{"--timeout", tc.in}); err != nil || o.timeout != tc.want {
			t.Errorf("--timeout %s: %v, error %v; want %v", tc.in, o.timeout, err, tc.want)
		}
	}
	for _, bad := range []string{"-1", "-2s", "ten", "1e300"} {
		var s seconds
		if err := s.Set(bad); err == nil {
			t.Errorf("--timeout %s accepted as %v", bad, time.Duration(s))
		}
	}
}

// TestTimeoutCoversParsing: --timeout bounds a test from its start, its
// parsing included; a large but legal condition that cannot be parsed
// within the deadline is an error, exit 2.
func TestTimeoutCoversParsing(t *testing.T) {
	var b strings.Builder
	b.WriteString("X86 wide\n{ x=0; }\n P0          ;\n MOV EAX,[x] ;\nexists (")
	for i := 0; i < 20000; i++ {
		if i > 0 {
			b.WriteString(" \\/ ")
		}
		fmt.Fprintf(&b, "0:EAX=%d", i)
	}
	b.WriteString(")\n")
	file := filepath.Join(t.TempDir(), "wide.litmus")
	if err := os.WriteFile(file, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	code := run([]string{"--timeout", "1ms", file}, &stdout, &stderr)
	if code != 2 || !strings.Contains(stderr.String(), "timed out after 1ms while parsing") {
		t.Errorf("exit %d, stderr %q; want exit 2 and a time-out", code, stderr.String())
	}
}
