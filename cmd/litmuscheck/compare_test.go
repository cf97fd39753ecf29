package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Two herd7 logs: SB changes verdict, MP changes states, LB is only in
// the first, IRIW only in the second, 2+2W is the same (states printed in
// another order, with other spacing).
const (
	logA = `Test SB Allowed
States 3
0:EAX=0; 1:EAX=1;
0:EAX=1; 1:EAX=0;
0:EAX=1; 1:EAX=1;
No
Witnesses
Positive: 0 Negative: 3
Condition exists (0:EAX=0 /\ 1:EAX=0)
Observation SB Never 0 3
Time SB 0.01
Hash=0123

Warning: File "bad.litmus": unknown instruction (User error)
Test MP Allowed
States 2
1:EAX=0; 1:EBX=0;
1:EAX=1; 1:EBX=1;
No
Witnesses
Positive: 0 Negative: 2
Condition exists (1:EAX=1 /\ 1:EBX=0)
Observation MP Never 0 2
Test LB Allowed
States 1
0:EAX=0;
No
Witnesses
Positive: 0 Negative: 1
Condition exists (0:EAX=1)
Observation LB Never 0 1
Test 2+2W Allowed
States 2
[x]=1; [y]=2;
[x]=2;  [y]=1;
Ok
Witnesses
Positive: 1 Negative: 1
Condition exists ([x]=2 /\ [y]=2)
Observation 2+2W Sometimes 1 1
`
	logB = `Test SB Allowed
States 4
0:EAX=0; 1:EAX=0;
0:EAX=0; 1:EAX=1;
0:EAX=1; 1:EAX=0;
0:EAX=1; 1:EAX=1;
Ok
Witnesses
Positive: 1 Negative: 3
Condition exists (0:EAX=0 /\ 1:EAX=0)
Observation SB Sometimes 1 3

Test MP Allowed
States 3
1:EAX=0; 1:EBX=0;
1:EAX=0; 1:EBX=1;
1:EAX=1; 1:EBX=1;
No
Witnesses
Positive: 0 Negative: 3
Condition exists (1:EAX=1 /\ 1:EBX=0)
Observation MP Never 0 3

Test IRIW Allowed
States 1
1:EAX=0;
No
Witnesses
Positive: 0 Negative: 1
Condition exists (1:EAX=1)
Observation IRIW Never 0 1

Test 2+2W Allowed
States 2
[x]=2; [y]=1;
[x]=1; [y]=2;
Loop Ok
Witnesses
Positive: 1 Negative: 1
Condition exists ([x]=2 /\ [y]=2)
Observation 2+2W Sometimes 1 1
`
)

// The same results as jsonl, SB and MP in two models; a file that did not
// parse has its path for a name.
const (
	jsonlA = `{"test":"SB","model":"TSO","verdict":"Sometimes","states":["0:EAX=0; 1:EAX=0;","0:EAX=1; 1:EAX=1;"]}
{"test":"SB","model":"SC","verdict":"Never","states":["0:EAX=1; 1:EAX=1;"]}
{"test":"MP","model":"TSO","verdict":"Never","states":["1:EAX=0; 1:EBX=0;"]}
{"file":"t/bad.litmus","verdict":"error","error":"t/bad.litmus:1:1: unsupported"}
`
	jsonlB = `{"test":"SB","model":"TSO","verdict":"Sometimes","states":["0:EAX=1; 1:EAX=1;","0:EAX=0; 1:EAX=0;"]}

{"test":"SB","model":"SC","verdict":"Sometimes","states":["0:EAX=0; 1:EAX=0;","0:EAX=1; 1:EAX=1;"]}
{"test":"MP","model":"TSO","verdict":"Never","states":["1:EAX=0; 1:EBX=0;","1:EAX=0; 1:EBX=1;"]}
{"test":"MP","model":"SC","verdict":"Never","states":["1:EAX=0; 1:EBX=0;"]}
{"file":"t/bad.litmus","verdict":"error","error":"t/bad.litmus:1:1: unsupported"}
`
)

func TestCompare(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	a, b := write("a.log", logA), write("b.log", logB)
	ja, jb := write("a.jsonl", jsonlA), write("b.jsonl", jsonlB)
	empty := write("empty.jsonl", "")
	tests := []struct {
		name string
		a, b string
		code int
		out  string
	}{
		{"herd logs", a, b, 1, "verdict SB: Never -> Sometimes\n" +
			"states MP: +[1:EAX=0; 1:EBX=1;] (both Never)\n" +
			"only in " + a + ": LB\n" +
			"only in " + b + ": IRIW\n" +
			"compare: 3 tests in both (matched by name: a herd7 log names no model), 1 changed verdict, 1 changed states, 1 only in " + a + ", 1 only in " + b + "\n"},
		{"a log with itself", a, a, 0,
			"compare: 4 tests in both (matched by name: a herd7 log names no model), 0 changed verdict, 0 changed states, 0 only in " + a + ", 0 only in " + a + "\n"},
		{"jsonl", ja, jb, 1, "verdict SB (SC): Never -> Sometimes\n" +
			"states MP (TSO): +[1:EAX=0; 1:EBX=1;] (both Never)\n" +
			"only in " + jb + ": MP (SC)\n" +
			"compare: 4 tests in both, 1 changed verdict, 1 changed states, 0 only in " + ja + ", 1 only in " + jb + "\n"},
		{"an empty shard", empty, ja, 1, "only in " + ja + ": MP (TSO)\n" +
			"only in " + ja + ": SB (SC)\n" +
			"only in " + ja + ": SB (TSO)\n" +
			"only in " + ja + ": t/bad.litmus\n" +
			"compare: 0 tests in both, 0 changed verdict, 0 changed states, 0 only in " + empty + ", 4 only in " + ja + "\n"},
	}
	for _, tc := range tests {
		code, out, errs := runCLI("compare", tc.a, tc.b)
		if code != tc.code || errs != "" {
			t.Errorf("%s: exit %d (stderr %q), want %d", tc.name, code, errs, tc.code)
		}
		if d := cmp.Diff(tc.out, out); d != "" {
			t.Errorf("%s: output (-want +got):\n%s", tc.name, d)
		}
	}
}

// TestCompareJSONLWithHerdLog: our herd output of a run and its jsonl
// are the same result set; a jsonl with one model a test is matched to a
// herd7 log by name.
func TestCompareJSONLWithHerdLog(t *testing.T) {
	dir := t.TempDir()
	files := []string{"../../tests/SB.litmus", "../../tests/MP.litmus", "../../tests/IRIW.litmus", "../../tests/lkmm/MP+locks.litmus"}
	_, herd, _ := runCLI(append([]string{"--format", "herd"}, files...)...)
	_, jsonl, _ := runCLI(append([]string{"--format", "jsonl"}, files...)...)
	h, j := filepath.Join(dir, "run.log"), filepath.Join(dir, "run.jsonl")
	os.WriteFile(h, []byte(herd), 0o644)
	os.WriteFile(j, []byte(jsonl), 0o644)
	code, out, errs := runCLI("compare", h, j)
	want := fmt.Sprintf("compare: 4 tests in both (matched by name: a herd7 log names no model), 0 changed verdict, 0 changed states, 0 only in %s, 0 only in %s\n", h, j)
	if code != 0 || errs != "" || out != want {
		t.Errorf("exit %d, stderr %q, output %q; want 0 and %q", code, errs, out, want)
	}
	// Under SC, SB's verdict and states change.
	_, sc, _ := runCLI("--format", "jsonl", "--model", "sc", "../../tests/SB.litmus")
	s := filepath.Join(dir, "sc.jsonl")
	os.WriteFile(s, []byte(sc), 0o644)
	code, out, _ = runCLI("compare", h, s)
	if code != 1 || !containsLine(out, "verdict SB: Sometimes -> Never") {
		t.Errorf("SB under SC: exit %d, output %q", code, out)
	}
}

// TestCompareMergedShards: a directory of shards' jsonl compares equal to
// the unsharded run, and a missing shard shows as tests only in one set.
func TestCompareMergedShards(t *testing.T) {
	dir := t.TempDir()
	// The runs TestShardsPartitionTheRun checks line by line.
	whole := jsonlText(shardRun(t))
	w := filepath.Join(dir, "whole.jsonl")
	os.WriteFile(w, []byte(whole), 0o644)
	shards := filepath.Join(dir, "shards")
	os.Mkdir(shards, 0o755)
	for k := range 4 {
		part := jsonlText(shardRun(t, "--shard", fmt.Sprintf("%d/4", k)))
		os.WriteFile(filepath.Join(shards, fmt.Sprintf("shard-%d.jsonl", k)), []byte(part), 0o644)
	}
	if code, out, errs := runCLI("compare", w, shards); code != 0 || errs != "" {
		t.Errorf("whole vs merged shards: exit %d, stderr %q\n%s", code, errs, out)
	}
	os.Remove(filepath.Join(shards, "shard-2.jsonl"))
	if code, out, _ := runCLI("compare", w, shards); code != 1 || !containsLine(out, "only in "+w+": ") {
		t.Errorf("a shard missing: exit %d, output %q; want 1 and tests only in %s", code, out, w)
	}
}

// jsonlText is the jsonl file of lines.
func jsonlText(lines []string) string {
	var b strings.Builder
	for _, l := range lines {
		b.WriteString(l + "\n")
	}
	return b.String()
}

// containsLine reports whether some line of s starts with prefix.
func containsLine(s, prefix string) bool {
	for _, l := range strings.Split(s, "\n") {
		if strings.HasPrefix(l, prefix) {
			return true
		}
	}
	return false
}

// TestCompareErrors: a missing set, a bad jsonl line and a wrong number of
// arguments are exit 2.
func TestCompareErrors(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.jsonl")
	os.WriteFile(bad, []byte("{\"test\": \n"), 0o644)
	for _, args := range [][]string{{"compare", "nope", bad}, {"compare", bad, bad}, {"compare", bad}} {
		if code, _, errs := runCLI(args...); code != 2 || errs == "" {
			t.Errorf("%v: exit %d, stderr %q; want 2 and a message", args, code, errs)
		}
	}
}

// TestCompareDuplicateNames: two tests of one name are paired in order of
// appearance, and a change in the second is not hidden by the first.
func TestCompareDuplicateNames(t *testing.T) {
	dir := t.TempDir()
	line := func(verdict string, states ...string) string {
		return fmt.Sprintf(`{"test":"X","model":"TSO","verdict":%q,"states":%q}`+"\n", verdict, states)
	}
	a, b := filepath.Join(dir, "a.jsonl"), filepath.Join(dir, "b.jsonl")
	os.WriteFile(a, []byte(line("Never", "x=0;")+line("Sometimes", "x=1;")), 0o644)
	os.WriteFile(b, []byte(line("Never", "x=0;")+line("Never", "x=0;")), 0o644)
	code, out, errs := runCLI("compare", a, b)
	if code != 1 || !containsLine(out, "verdict X (TSO) #2: Sometimes -> Never") {
		t.Errorf("exit %d, output %q; want 1 and the second X's change", code, out)
	}
	if !strings.Contains(errs, "paired in order of appearance") {
		t.Errorf("stderr %q; want the pairing explained", errs)
	}
}
