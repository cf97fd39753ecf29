// This file runs conform over the project's own herd7-checked tests: the
// C-semantics twins and assembly tests of tests/csem and the families of
// tests/herd, each NAME.litmus beside herd7 7.58's NAME.litmus.expected.

package main

import (
	"regexp"
	"testing"
)

// TestOwnHerdTests: every one of the project's own herd7-checked tests
// conforms, output for output.
func TestOwnHerdTests(t *testing.T) {
	code, out, errs := runCLI("conform", "../../tests/csem", "../../tests/herd")
	m := regexp.MustCompile(`conform: (\d+)/(\d+) match, (\d+)/(\d+) verdicts, 0 errors`).FindStringSubmatch(out)
	if code != 0 || m == nil || m[1] != m[2] || m[2] == "0" {
		t.Fatalf("conform: exit %d\n%s%s", code, out, errs)
	}
}
