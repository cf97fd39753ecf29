// This file tests --conf: herd's .cfg files, in both of herd's spellings
// of a setting, name the model the command runs.

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestConfKeyValue runs SB under a cat file a .cfg names, with "key
// value" and with "key = value" lines, as herd7 reads both; an unknown key
// is herd's error.
func TestConfKeyValue(t *testing.T) {
	cat, err := filepath.Abs("../../models/cat/testdata/tso.cat")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ name, cfg, want string }{
		{"blank", "model " + cat + "\n", "Sometimes"},
		{"equals", "# herd's other spelling\nmodel = " + cat + "\n", "Sometimes"},
		{"last wins", "model = nofence.cat\nmodel = " + cat + "\n", "Sometimes"},
	} {
		dir := t.TempDir()
		conf := filepath.Join(dir, "t.cfg")
		if err := os.WriteFile(conf, []byte(tc.cfg), 0o644); err != nil {
			t.Fatal(err)
		}
		code, out, stderr := runCLI("--conf", conf, "--format", "herd", "../../tests/SB.litmus")
		if code != 0 || !strings.Contains(out, "Observation SB "+tc.want) {
			t.Errorf("%s: exit %d, want an observation %s\n%s%s", tc.name, code, tc.want, out, stderr)
		}
	}
	dir := t.TempDir()
	conf := filepath.Join(dir, "bad.cfg")
	if err := os.WriteFile(conf, []byte("modle = "+cat+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := runCLI("--conf", conf, "../../tests/SB.litmus")
	if code != 2 || !strings.Contains(stderr, "Unknown key 'modle' in configuration file") {
		t.Errorf("unknown key: exit %d\n%s", code, stderr)
	}
}
