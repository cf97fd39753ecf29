package main

import (
	"regexp"
	"strings"
	"testing"
)

// TestMacros runs C tests with the primitives of a --macros .def file:
// a user's new primitive is lowered to its events, a weakened kernel
// primitive changes the verdict, and a macro that cannot be lowered is
// refused at its place in the .def file.
func TestMacros(t *testing.T) {
	const dir = "testdata/macros/"
	observation := regexp.MustCompile(`(?m)^Observation \S+ (\w+)`)
	for _, c := range []struct {
		name    string
		args    []string
		code    int
		verdict string // herd's Observation word, or "" for an error
		stderr  string
	}{
		{"kernel primitives", []string{"--model", "lkmm", dir + "mp-kernel.in"}, 0, "Never", ""},
		{"weakened release and acquire", []string{"--model", "lkmm", "--macros", dir + "weak.def", dir + "mp-kernel.in"}, 0, "Sometimes", ""},
		{"new primitives", []string{"--model", "lkmm", "--macros", dir + "user.def", dir + "mp-user.in"}, 0, "Never", ""},
		{"new primitives in armv8", []string{"--model", "armv8", "--macros", dir + "user.def", dir + "mp-user.in"}, 0, "Never", ""},
		{"new primitives without their file", []string{"--model", "lkmm", dir + "mp-user.in"}, 2, "", `mp-user.in:8:2: unknown function "my_store_release"`},
		{"a macro that cannot be lowered", []string{"--model", "lkmm", "--macros", dir + "user.def", dir + "mp-twice.in"}, 2, "",
			"mp-twice.in:8:2: my_store_twice: " + dir + "user.def:4:61: unsupported: parameter X used twice in macro my_store_twice"},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, out, errs := runCLI(append([]string{"--format", "herd"}, c.args...)...)
			if code != c.code {
				t.Errorf("exit %d, want %d; stderr %q", code, c.code, errs)
			}
			got := ""
			if m := observation.FindStringSubmatch(out); m != nil {
				got = m[1]
			}
			if got != c.verdict {
				t.Errorf("verdict %q, want %q; stdout:\n%s", got, c.verdict, out)
			}
			if !strings.Contains(errs, c.stderr) {
				t.Errorf("stderr %q, want it to contain %q", errs, c.stderr)
			}
		})
	}
}
