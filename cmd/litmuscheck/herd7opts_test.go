package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParseHerdArgs(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "k.cfg")
	if err := os.WriteFile(cfg, []byte("# kernel-like\nmacros k.def\nbell k.bell\nmodel k.cat\ngraph columns\nshowevents noregs\nsquished true\nmovelabel true\nfontsize 8\nedgeattr hb,color,indigo\nunroll 5\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		args []string
		want herdOptions
		err  string
	}{
		{"files only", []string{"a.litmus", "b.litmus"}, herdOptions{show: "none", files: []string{"a.litmus", "b.litmus"}}, ""},
		{"conf sets model, bell, macros, unroll, graph", []string{"-conf", cfg, "T.litmus"},
			herdOptions{show: "none", model: "k.cat", bell: "k.bell", macros: "k.def", unroll: 5, unrollSet: true, graph: "columns", files: []string{"T.litmus"}}, ""},
		{"later option overrides conf", []string{"-conf", cfg, "-unroll", "0", "-variant", "lkmmv2,mixed"},
			herdOptions{show: "none", model: "k.cat", bell: "k.bell", macros: "k.def", unroll: 0, unrollSet: true, graph: "columns", variants: []string{"lkmmv2", "mixed"}}, ""},
		{"conf through -I", []string{"-I", dir, "-conf", "k.cfg"},
			herdOptions{show: "none", include: []string{dir}, model: "k.cat", bell: "k.bell", macros: "k.def", unroll: 5, unrollSet: true, graph: "columns"}, ""},
		{"model, cat, timeout, candidates", []string{"-cat", "ppc.cat", "-timeout", "1.5", "-candidates", "true", "-q", "-v", "-v"},
			herdOptions{show: "none", model: "ppc.cat", timeout: 1.5, candidate: true, quiet: true, verbose: 2}, ""},
		{"show, nshow, o", []string{"-show", "prop", "-nshow", "2", "-o", "out"}, herdOptions{show: "prop", nshow: 2, outDir: "out"}, ""},
		{"display only accepted", []string{"-squished", "true", "-fontsize", "8", "-showevents", "all"}, herdOptions{show: "none"}, ""},
		{"through none, speedcheck false", []string{"-through", "none", "-speedcheck", "false"}, herdOptions{show: "none"}, ""},
		{"version, help", []string{"-version", "--help"}, herdOptions{show: "none", version: true, help: true}, ""},
		{"unknown option", []string{"-foo", "T.litmus"}, herdOptions{}, "unknown option '-foo'."},
		{"bad boolean", []string{"-candidates", "T.litmus"}, herdOptions{}, "wrong argument 'T.litmus'; option '-candidates' expects a boolean."},
		{"bad integer", []string{"-unroll", "abc"}, herdOptions{}, "wrong argument 'abc'; option '-unroll' expects an integer."},
		{"bad tag", []string{"-speedcheck", "xx"}, herdOptions{}, "bad tag for -speedcheck, allowed tag are false,true,fast."},
		{"speedcheck true", []string{"-speedcheck", "true"}, herdOptions{show: "none", speedcheck: true}, ""},
		{"unsupported speedcheck", []string{"-speedcheck", "fast"}, herdOptions{}, "option '-speedcheck fast': unsupported by litmuscheck (false or true)."},
		{"unsupported through", []string{"-through", "all"}, herdOptions{}, "option '-through all': unsupported by litmuscheck (only -through none)."},
		{"unsupported skipchecks", []string{"-skipchecks", "sc"}, herdOptions{}, "option '-skipchecks' skips a model's checks: unsupported by litmuscheck."},
		{"unsupported conds", []string{"-conds", "c.txt"}, herdOptions{}, "option '-conds' replaces the tests' conditions: unsupported by litmuscheck."},
		{"unsupported show all", []string{"-show", "all"}, herdOptions{}, "option '-show all': unsupported by litmuscheck (prop, cond, wit or none)."},
		{"missing argument", []string{"-model"}, herdOptions{}, "option '-model' needs an argument."},
		{"missing conf", []string{"-conf", filepath.Join(dir, "none.cfg")}, herdOptions{}, "Cannot find file " + filepath.Join(dir, "none.cfg")},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := parseHerdArgs(tc.args)
			if tc.err != "" {
				if err == nil || err.Error() != tc.err {
					t.Fatalf("err = %v, want %s", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, *got, cmp.AllowUnexported(herdOptions{})); diff != "" {
				t.Errorf("(-want +got)\n%s", diff)
			}
		})
	}
}

func TestHerdUnrollMapping(t *testing.T) {
	for _, tc := range []struct {
		o    herdOptions
		want int
	}{{herdOptions{}, 0}, {herdOptions{unroll: 0, unrollSet: true}, -1}, {herdOptions{unroll: 3, unrollSet: true}, 3}} {
		if got := herdUnroll(&tc.o); got != tc.want {
			t.Errorf("herdUnroll(%+v) = %d, want %d", tc.o, got, tc.want)
		}
	}
}

func TestHerdMode(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		want bool
	}{{"herd7", nil, true}, {"litmuscheck", []string{"-conf", "x.cfg"}, true}, {"litmuscheck", []string{"--model", "sc"}, false},
		{"litmuscheck", []string{"-j", "2"}, false}, {"litmuscheck", []string{"conform"}, false}} {
		got := tc.name == herdName || (len(tc.args) > 0 && herdFirstOption(tc.args[0]))
		if got != tc.want {
			t.Errorf("%s %v: herd mode %v, want %v", tc.name, tc.args, got, tc.want)
		}
	}
}

// TestHerdSpeedcheck: -speedcheck true keeps only the executions that
// satisfy the proposition, as herd7 7.58 prints them (the expected blocks
// are herd7's output for these tests, its Time line left out); a test
// whose loops the bound cuts is refused.
func TestHerdSpeedcheck(t *testing.T) {
	for _, tc := range []struct{ file, want string }{
		{"testdata/speedcheck-exists.litmus", `Test SB Allowed
States 1
0:EAX=0;
Ok
Witnesses
Positive: 2 Negative: 0
Condition exists (0:EAX=0)
Observation SB Always 2 0
`},
		{"testdata/speedcheck-notexists.litmus", `Test sbn Forbidden
States 1
0:EAX=0;
No
Witnesses
Positive: 0 Negative: 2
Condition ~exists (0:EAX=0)
Observation sbn Always 2 0
`},
	} {
		var stdout, stderr bytes.Buffer
		if code := runAs("herd7", []string{"-speedcheck", "true", tc.file}, &stdout, &stderr); code != 0 {
			t.Fatalf("%s: exit %d: %s", tc.file, code, stderr.String())
		}
		got, _, _ := strings.Cut(stdout.String(), "Time ")
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s (-herd7 +ours):\n%s", tc.file, diff)
		}
	}
	var stdout, stderr bytes.Buffer
	if code := runAs("herd7", []string{"-speedcheck", "true", "testdata/loop-never.litmus"}, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), "unsupported by litmuscheck: -speedcheck true") {
		t.Errorf("a cut loop: exit %d, stderr %q; want 2 and unsupported", code, stderr.String())
	}
}

// TestHerdLKMMOnAssembly: linux-kernel.cat on an assembly test prints no
// result (herd7 fails on lock.cat's LKR), never the LKMM's verdict on
// instructions it does not define.
func TestHerdLKMMOnAssembly(t *testing.T) {
	var stdout, stderr bytes.Buffer
	code := runAs("herd7", []string{"-model", "linux-kernel.cat", "-bell", "linux-kernel.bell", "-macros", "linux-kernel.def",
		"-variant", "lkmmv2", "../../tests/SB.litmus"}, &stdout, &stderr)
	if code != 2 || stdout.Len() != 0 || !strings.Contains(stderr.String(), "linux-kernel.cat applies to C tests only") {
		t.Errorf("exit %d, stdout %q, stderr %q; want 2, nothing, the refusal", code, stdout.String(), stderr.String())
	}
}

// TestHerdGraphLayout: -graph cluster or free draws the columns layout,
// the only one litmuscheck has, and says so.
func TestHerdGraphLayout(t *testing.T) {
	dir := t.TempDir()
	var stdout, stderr bytes.Buffer
	code := runAs("herd7", []string{"-graph", "cluster", "-show", "prop", "-o", dir, "../../tests/SB.litmus"}, &stdout, &stderr)
	if code != 0 || !strings.Contains(stderr.String(), "-graph cluster: litmuscheck draws herd's columns layout only") {
		t.Errorf("exit %d, stderr %q; want 0 and the warning", code, stderr.String())
	}
	if _, err := os.Stat(filepath.Join(dir, "SB.dot")); err != nil {
		t.Errorf("no picture: %v", err)
	}
}

// TestHerdModeUserErrorsAndDuplicates: as herd7, the herd mode warns about
// a test it cannot parse or a file it cannot open and exits 0, and runs
// only the first of two tests of one name; a construct litmuscheck
// refuses is its own failure, exit 2.
func TestHerdModeUserErrorsAndDuplicates(t *testing.T) {
	good := "X86 t\n{ x=0; }\n P0          ;\n MOV [x],$1  ;\nexists (x=1)\n"
	dir := t.TempDir()
	write := func(name, src string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	a, b := write("a.litmus", good), write("b.litmus", good)
	bad := write("bad.litmus", "X86 bad\n{ }\n P0 ;\n FOO ;\nexists (x=1)\n")
	var out, errs bytes.Buffer
	code := runAs(herdName, []string{"-model", "x86tso.cat", a, b, bad, filepath.Join(dir, "none.litmus")}, &out, &errs)
	if code != 0 || strings.Count(out.String(), "Test t Allowed") != 1 || !strings.Contains(errs.String(), "bad.litmus") {
		t.Errorf("exit %d\n%s%s", code, out.String(), errs.String())
	}
	deep := write("deep.litmus", "C deep\n{}\nP0(int *x) {"+strings.Repeat("{", 300)+strings.Repeat("}", 300)+"}\nexists (x=1)\n")
	if code := runAs(herdName, []string{deep}, &out, &errs); code != 2 {
		t.Errorf("a test litmuscheck refuses: exit %d, want 2", code)
	}
}
