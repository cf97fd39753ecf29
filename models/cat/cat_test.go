// This file tests the interpreter on our own cat files under testdata:
// each language construct, verdicts of small tests, a model edit, and
// errors at file:line:col.

package cat

import (
	"context"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/litmuscheck/litmuscheck/explore"
	"github.com/litmuscheck/litmuscheck/herd"
	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/models/cat/syntax"
	"github.com/litmuscheck/litmuscheck/parser"
)

func parseLitmus(t *testing.T, name string) *litmus.Test {
	t.Helper()
	lt, err := parser.ParseFile(filepath.Join("../../tests", name))
	if err != nil {
		t.Fatal(err)
	}
	return lt
}

// verdict explores lt under p and returns the observation and flags.
func verdict(t *testing.T, p *Program, lt *litmus.Test) (string, []string) {
	t.Helper()
	res, err := explore.Explore(context.Background(), lt, p.Model(), explore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	herd.WriteResult(&b, res)
	var obs string
	var flags []string
	for _, line := range strings.Split(b.String(), "\n") {
		f := strings.Fields(line)
		switch {
		case len(f) >= 3 && f[0] == "Observation":
			obs = f[2]
		case len(f) == 2 && f[0] == "Flag":
			flags = append(flags, f[1])
		}
	}
	sort.Strings(flags)
	return obs, flags
}

func TestVerdicts(t *testing.T) {
	for _, c := range []struct {
		model    string
		variants []string
		test     string
		want     string
		flags    []string
	}{
		{"tso.cat", nil, "SB.litmus", "Sometimes", nil},
		{"tso.cat", nil, "SB+mfences.litmus", "Never", nil},
		{"tso.cat", nil, "MP.litmus", "Never", nil},
		// The model edit: the same model without the fence in ghb.
		{"nofence.cat", nil, "SB+mfences.litmus", "Sometimes", nil},
		{"features.cat", nil, "SB.litmus", "Sometimes", nil},
		{"features.cat", []string{"strict"}, "SB.litmus", "Sometimes", []string{"strict-flag"}},
		{"features.cat", nil, "MP.litmus", "Sometimes", []string{"has-ww"}},
	} {
		t.Run(c.model+"/"+strings.Join(c.variants, ",")+"/"+c.test, func(t *testing.T) {
			p, err := Load(Options{Model: filepath.Join("testdata", c.model), Variants: c.variants})
			if err != nil {
				t.Fatal(err)
			}
			obs, flags := verdict(t, p, parseLitmus(t, c.test))
			if d := cmp.Diff(c.want, obs); d != "" {
				t.Errorf("observation (-want +got):\n%s", d)
			}
			if d := cmp.Diff(c.flags, flags); d != "" {
				t.Errorf("flags (-want +got):\n%s", d)
			}
		})
	}
}

// TestModelEdit edits herd's x86tso.cat as a user would, removing the
// fence from ghb, and checks that SB+mfences goes from Never to
// Sometimes.
func TestModelEdit(t *testing.T) {
	needShared(t)
	src, err := os.ReadFile(filepath.Join(reference, "x86tso.cat"))
	if err != nil {
		t.Fatal(err)
	}
	const rule = "let ghb = mfence | implied"
	if !strings.Contains(string(src), rule) {
		t.Fatalf("x86tso.cat has no line %q", rule)
	}
	dir := t.TempDir()
	edited := strings.Replace(string(src), rule, "let ghb = implied", 1)
	if err := os.WriteFile(filepath.Join(dir, "x86tso.cat"), []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	lt := parseLitmus(t, "SB+mfences.litmus")
	for _, c := range []struct{ dir, want string }{{reference, "Never"}, {dir, "Sometimes"}} {
		p, err := Load(Options{Model: filepath.Join(c.dir, "x86tso.cat"), Path: []string{reference}})
		if err != nil {
			t.Fatal(err)
		}
		if obs, _ := verdict(t, p, lt); obs != c.want {
			t.Errorf("%s: SB+mfences is %s, want %s", c.dir, obs, c.want)
		}
	}
}

func TestErrors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"let x = rf | W", "bad.cat:1:14: type mismatch: | of relation and event set"},
		{"let x = nosuch", "bad.cat:1:9: unknown identifier nosuch"},
		{"acyclic W", "bad.cat:1:9: type mismatch: acyclic of event set, want a relation"},
		{"let = po", `bad.cat:1:5: unexpected token "="`},
		{"include \"missing.cat\"", `bad.cat:1:1: include "missing.cat": cannot find missing.cat`},
		{"let rec f(x) = f(x)\nlet y = f(po)", "calls nested deeper than"},
		{"let x = po\n  let y = [po]", "bad.cat:2:11: type mismatch: [relation], want an event set"},
		{"let x = domain(W)", "bad.cat:1:15: type mismatch: domain or range of event set, want a relation"},
		{"let x = po (* open (* *)", "bad.cat:1:12: comment not closed"},
		{"let f = IC.IALLUIS | DC.CVAU | DMB.NSHLD | Exp | NExp\nlet g = DMB.ISHH", "bad.cat:2:9: unknown identifier DMB.ISHH"},
		{"let rec x = po | x when acyclic x", "bad.cat:1:25: unsupported: let rec ... when"},
		{"if \"v\"\n  let rec x = po when empty x\nend", "bad.cat:2:23: unsupported: let rec ... when"},
	} {
		dir := t.TempDir()
		path := filepath.Join(dir, "bad.cat")
		if err := os.WriteFile(path, []byte(c.src), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := Load(Options{Model: path})
		if err == nil {
			t.Errorf("%q: no error, want %q", c.src, c.want)
			continue
		}
		got := strings.ReplaceAll(err.Error(), dir+string(os.PathSeparator), "")
		if !strings.Contains(got, c.want) {
			t.Errorf("%q: error %q, want %q", c.src, got, c.want)
		}
	}
}

// TestErrorsPerTest checks that an error met while checking one test's
// candidates (here a failed assert) is that test's alone: the tests
// explored after it, with the same Program, get their verdicts.
func TestErrorsPerTest(t *testing.T) {
	p, err := Load(Options{Model: filepath.Join("testdata", "assert.cat")})
	if err != nil {
		t.Fatal(err)
	}
	const failed = "assert.cat:2:8: assertion no-fence failed, check input test"
	for _, c := range []struct{ test, want string }{
		{"SB+mfences.litmus", failed},
		{"SB.litmus", "Sometimes"},
		{"SB+mfences.litmus", failed},
		{"MP.litmus", "Sometimes"},
	} {
		lt := parseLitmus(t, c.test)
		res, err := explore.Explore(context.Background(), lt, p.Model(), explore.Options{Workers: 2})
		var got string
		switch {
		case err != nil:
			got = err.Error()
			if i := strings.Index(got, "assert.cat:"); i >= 0 {
				got = got[i:]
			}
		default:
			var b strings.Builder
			herd.WriteResult(&b, res)
			for _, line := range strings.Split(b.String(), "\n") {
				if f := strings.Fields(line); len(f) >= 3 && f[0] == "Observation" {
					got = f[2]
				}
			}
		}
		if d := cmp.Diff(c.want, got); d != "" {
			t.Errorf("%s (-want +got):\n%s", c.test, d)
		}
	}
}

// FuzzParse checks that no input makes the parser or a dry run panic.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"let x = po | rf", "acyclic po as a", "let rec f x = f x", "match 'a with || 'a -> 0 end", "(* (* *) *) let x = [W]; po"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		file, err := syntax.Parse("fuzz.cat", src)
		if err != nil {
			return
		}
		p := newProgram("fuzz", Options{}, sources{main: &source{file: file}, files: map[string]*source{}})
		_, _, _ = p.eval(&litmus.Execution{}, "")
	})
}
