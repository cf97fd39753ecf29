package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestHangOutput: a Never with hanging executions says so and exits 1, in
// the text line and in JSON; herd's format keeps herd7's lines; a
// "Result: DEADLOCK" test, every execution of which hangs, exits 0.
func TestHangOutput(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		code   int
		stdout string
	}{
		{"text", []string{"--model", "lkmm", "testdata/hang.litmus"}, 1,
			`hang                         LKMM       Never, but 1 execution hangs 0 of 0 executions satisfy exists (0:r0=1)
  Hangs: 1 execution, every execution hangs, P0 spins forever at hang.litmus:10 (reads x=0, the final value):
    P0:
      P0:R[x]=0{ACQUIRE}  reads from init[x]=0 smp_cond_load_acquire(x, VAL == 1)
`},
		{"herd", []string{"--model", "lkmm", "--format", "herd", "testdata/hang.litmus"}, 1,
			"Test hang Allowed\nStates 0\nNo\nWitnesses\nPositive: 0 Negative: 0\nCondition exists (0:r0=1)\nObservation hang Never 0 0\n"},
		{"deadlock expected", []string{"--model", "lkmm", "testdata/self-deadlock.litmus"}, 0,
			`self-deadlock                LKMM       Never, but 1 execution hangs 0 of 0 executions satisfy exists ([l]=0)
  Hangs: 1 execution, every execution hangs, P0 spins forever at self-deadlock.litmus:10 (reads l=1, the final value):
    P0:
      P0:R[l]=0{LKR}  reads from init[l]=0     spin_lock(l)
      P0:W[l]=1{LKW}                           spin_lock(l)
      P0:R[l]=1{RL}  reads from P0:W[l]=1{LKW} spin_lock(l)
    co[l]: init[l]=0 -> P0:W[l]=1{LKW}
`},
	}
	for _, tc := range tests {
		code, out, errs := runCLI(tc.args...)
		if code != tc.code {
			t.Errorf("%s: exit %d, want %d (stderr %q)", tc.name, code, tc.code, errs)
		}
		if tc.name == "herd" && len(out) > len(tc.stdout) {
			out = out[:len(tc.stdout)] // the Hash line follows
		}
		if diff := cmp.Diff(tc.stdout, out); diff != "" {
			t.Errorf("%s: stdout (-want +got):\n%s", tc.name, diff)
		}
	}
}

// TestHangJSON: every result has "hangs", and a hanging one its witness.
func TestHangJSON(t *testing.T) {
	type hang struct {
		Summary  string
		Deadlock bool
	}
	type result struct {
		Verdict string
		Hangs   *int
		Hang    *hang
	}
	tests := []struct {
		file string
		want result
	}{
		{"testdata/hang.litmus", result{"Never", ptr(1), &hang{"Hangs: 1 execution, every execution hangs, P0 spins forever at hang.litmus:10 (reads x=0, the final value)", false}}},
		{"testdata/vacuous-c.litmus", result{"Never", ptr(0), nil}},
	}
	for _, tc := range tests {
		_, out, errs := runCLI("--model", "lkmm", "--format", "json", tc.file)
		var got []result
		if err := json.Unmarshal([]byte(out), &got); err != nil || len(got) != 1 {
			t.Fatalf("%s: %v %q %q", tc.file, err, out, errs)
		}
		if diff := cmp.Diff(tc.want, got[0]); diff != "" {
			t.Errorf("%s: (-want +got):\n%s", tc.file, diff)
		}
	}
}

func ptr(n int) *int { return &n }

// TestBarriersLiveness: barriers says which annotations liveness depends
// on. P1's wait ends only once it sees P0's flag, and P0's only once P1
// sees P0's data: without the release or the acquire, P1 can read the
// old data, never writes done, and P0 spins forever.
func TestBarriersLiveness(t *testing.T) {
	code, out, errs := runCLI("barriers", "--model", "lkmm", "testdata/live-barriers.litmus")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var got []string
	for _, line := range strings.Split(out, "\n") {
		if f := strings.Fields(line); len(f) > 0 && strings.HasPrefix(f[0], "testdata/") {
			got = append(got, strings.Join(f[len(f)-3:], " "))
		}
	}
	want := []string{"Never, hangs !", "Never, hangs !"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("weakened rows (-want +got):\n%s\n%s", diff, out)
	}
	if !strings.Contains(out, "!: liveness depends on it") {
		t.Errorf("no liveness legend:\n%s", out)
	}
}
