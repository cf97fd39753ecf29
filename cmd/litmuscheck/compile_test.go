package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestShowAsmRoundTrip: the PPC test --show-asm prints parses and gets the
// C test's verdict under POWER.
func TestShowAsmRoundTrip(t *testing.T) {
	code, asm, errs := runCLI("--show-asm", "--model", "power", "../../tests/unlock_release.litmus")
	if code != 0 {
		t.Fatalf("--show-asm: exit %d, stderr %q", code, errs)
	}
	if !strings.HasPrefix(asm, "PPC unlock_release\n") {
		t.Fatalf("--show-asm printed no PPC test:\n%s", asm)
	}
	file := filepath.Join(t.TempDir(), "unlock_release.ppc.litmus")
	if err := os.WriteFile(file, []byte(asm), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runCLI("--format", "herd", file)
	if code != 0 {
		t.Fatalf("compiled test: exit %d, stderr %q", code, errs)
	}
	code, c, errs := runCLI("--format", "herd", "--model", "power", "../../tests/unlock_release.litmus")
	if code != 0 {
		t.Fatalf("C test under power: exit %d, stderr %q", code, errs)
	}
	verdict := func(s string) string {
		for _, l := range strings.Split(s, "\n") {
			if strings.HasPrefix(l, "Observation ") {
				return l
			}
		}
		return ""
	}
	if verdict(out) == "" || verdict(out) != verdict(c) {
		t.Errorf("compiled test says %q, the C test under power %q", verdict(out), verdict(c))
	}
	if !strings.Contains(verdict(out), " Never ") {
		t.Errorf("unlock_release under POWER: %q, want Never", verdict(out))
	}
}

// TestAllModels: a C test runs in every column, one line each, and a
// "Result:" comment is checked against the LKMM column (with --lock, the
// LKMM runs the algorithm too).
func TestAllModels(t *testing.T) {
	code, out, errs := runCLI("../../tests/unlock_release.litmus")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	for _, col := range []string{"LKMM", "POWER", "POWER isync", "ARMv8", "ARMv8 LSE", "TSO"} {
		if !strings.Contains(out, "\n    "+col+" ") {
			t.Errorf("no %s line:\n%s", col, out)
		}
	}
	file := filepath.Join(t.TempDir(), "mp-lock-never.litmus")
	if err := os.WriteFile(file, []byte(mpLockNever), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errs = runCLI("--lock", "write-once", file)
	if want := file + ": LKMM: Result: Never expected, Sometimes found under LKMM\n"; code != 1 || errs != want {
		t.Errorf("Result: Never under write-once: exit %d, stderr %q", code, errs)
	}
}

// mpLockNever claims Never for a hand-off that --lock write-once breaks.
const mpLockNever = `C mp-lock-never
(* Result: Never *)
{
	l = 1;
}
P0(int *x, spinlock_t *l)
{
	WRITE_ONCE(*x, 1);
	spin_unlock(l);
}
P1(int *x, spinlock_t *l)
{
	int r0;

	spin_lock(l);
	r0 = READ_ONCE(*x);
}
exists (1:r0=0)
`

func TestLockErrors(t *testing.T) {
	tests := []struct {
		args   []string
		code   int
		stderr string
	}{
		{[]string{"--lock", "clh", "../../tests/unlock_release.litmus"}, 2,
			"litmuscheck: unknown lock algorithm \"clh\" (known: qspinlock, qspinlock-mb, generic, ppc-simple, ppc-simple-mb, pv-cmpxchg, pv-cmpxchg-release, pv-cmpxchg-relaxed, write-once, pv-wait-norecheck, osq-late-clear, ticket, ticket-relaxed-wait, ticket-relaxed-unlock, qspinlock-pending-mask, qspinlock-pending, qspinlock-pending-mb, qspinlock-pending-relaxed-wait, qspinlock-mcs-relaxed, qspinlock-mcs-no-release, qspinlock-mcs-no-acquire, osq-prev-cpu, pv-slow-relaxed, pv-unlock-no-rmb, pv-kick-node-no-mb, ppc-qspinlock, ppc-qspinlock-no-acquire, ppc-qspinlock-no-release, ppc-qspinlock-mcs-no-release, ppc-qspinlock-mcs-no-ctrl-rmb, ppc-qspinlock-mcs-no-acquire, ppc-qspinlock-mcs-no-rmb, mutex-relaxed-lock, mutex-relaxed-unlock, osq-unlink-plain, qrwlock-sub-unlock, qrwlock-write-once-unlock, qrwlock-relaxed-read-lock, qrwlock-relaxed-read-unlock)\n"},
		{[]string{"--show-asm", "../../tests/SB.litmus"}, 2,
			"litmuscheck: ../../tests/SB.litmus: --show-asm applies to C tests, this one is X86\n"},
	}
	for _, tc := range tests {
		code, _, errs := runCLI(tc.args...)
		if code != tc.code {
			t.Errorf("%v: exit %d, want %d", tc.args, code, tc.code)
		}
		if diff := cmp.Diff(tc.stderr, errs); diff != "" {
			t.Errorf("%v: stderr (-want +got):\n%s", tc.args, diff)
		}
	}
}

// TestModelOnAssembly: the column names also pick a model for assembly
// tests of their dialect.
func TestModelOnAssembly(t *testing.T) {
	code, out, errs := runCLI("--model", "armv8-lse", "--format", "herd", "../../tests/locks/asm/crossed-locking.aarch64-lse.litmus")
	if code != 0 || !strings.Contains(out, "Observation crossed-locking Sometimes") {
		t.Errorf("exit %d, stderr %q, output:\n%s", code, errs, out)
	}
}

// TestSpinNoteFollowsCode: the side-by-side header says what spin_* run as
// when the code calls them, and not when only a comment names them.
func TestSpinNoteFollowsCode(t *testing.T) {
	const note = "[spin_*: LKMM's lock events under LKMM, qspinlock on hardware]"
	tests := []struct {
		name, src string
		want      bool
	}{
		{"call", "C t\n{}\nP0(spinlock_t *l, int *x) { spin_lock(l); WRITE_ONCE(*x, 1); spin_unlock(l); }\nexists (x=1)\n", true},
		{"comment only", "C t\n(* spin_lock(l) is only named here *)\n{}\nP0(int *x) { WRITE_ONCE(*x, 1); } // spin_unlock(l)\nexists (x=1)\n", false},
	}
	for _, tc := range tests {
		_, out, _ := runCLI(writeTest(t, "t.litmus", tc.src))
		if got := strings.Contains(out, note); got != tc.want {
			t.Errorf("%s: note shown %v, want %v:\n%s", tc.name, got, tc.want, out)
		}
	}
}

// TestShowAsmChoice: a need_resched() compiles to a move of 0 whose
// comment says so; the C test runs both outcomes under POWER, and the
// printed text, as herd7 would read it, only the 0.
func TestShowAsmChoice(t *testing.T) {
	const src = "../../tests/kernelc/need-resched.litmus"
	code, asm, errs := runCLI("--show-asm", "--model", "power", src)
	if code != 0 {
		t.Fatalf("--show-asm: exit %d, stderr %q", code, errs)
	}
	if !strings.Contains(asm, " li r1,0 (* need_resched(): litmuscheck tries 0 and 1, herd7 0 *) ;\n") {
		t.Errorf("no commented move of 0:\n%s", asm)
	}
	file := filepath.Join(t.TempDir(), "need-resched.ppc.litmus")
	if err := os.WriteFile(file, []byte(asm), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--format", "herd", "--model", "power", src}, "Observation need-resched Sometimes 1 1"},
		{[]string{"--format", "herd", file}, "Observation need-resched Never 0 1"},
	} {
		_, out, errs := runCLI(tc.args...)
		if !strings.Contains(out, "\n"+tc.want+"\n") {
			t.Errorf("%v: want %q in\n%s\nstderr %q", tc.args, tc.want, out, errs)
		}
	}
}

// TestShowAsmWithoutHardware: --show-asm with the LKMM alone has nothing
// to print and says so, exit 2 (it once printed a nil result).
func TestShowAsmWithoutHardware(t *testing.T) {
	code, out, errs := runCLI("--show-asm", "--model", "lkmm", "../../tests/kernelc/need-resched.litmus")
	if code != 2 || out != "" || !strings.Contains(errs, "--show-asm prints the compiled tests of the hardware columns") {
		t.Errorf("exit %d, stdout %q, stderr %q; want exit 2 and the error", code, out, errs)
	}
}
