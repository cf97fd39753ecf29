package decide_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/litmuscheck/litmuscheck/explore"
	"github.com/litmuscheck/litmuscheck/explore/decide"
	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/models"
	"github.com/litmuscheck/litmuscheck/pipeline"
)

// parse reads the C test src as the command does.
func parse(t *testing.T, src string) *litmus.Test {
	t.Helper()
	test, err := pipeline.Parse(context.Background(), "t.litmus", src, pipeline.Settings{AwaitLoops: true})
	if err != nil {
		t.Fatal(err)
	}
	return test
}

func lkmm(t *testing.T) *models.Model {
	t.Helper()
	m, err := models.Lookup("lkmm")
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// mp is message passing with the given accesses, and cond its condition.
func mp(write, read, cond string) string {
	y := "y"
	if write == "WRITE_ONCE" {
		y = "*y"
	}
	return fmt.Sprintf(`C mp
{}
P0(int *x, int *y) { WRITE_ONCE(*x, 1); %s(%s, 1); }
P1(int *x, int *y) { int r0; int r1; r0 = %s(%s); r1 = READ_ONCE(*x); }
%s
`, write, y, read, y, cond)
}

// summary is what a decided result must share with the full count.
type summary struct {
	Verdict  string
	Positive int
	States   []string
	Witness  bool
	Blocked  bool
}

func summarize(r *litmus.Result) summary {
	var states []string
	for _, st := range r.States {
		if r.Satisfies(st) {
			states = append(states, r.FormatState(st))
		}
	}
	return summary{r.Verdict(), r.Positive, states, r.Witness != nil, r.Blocked != nil && r.Positive == 0}
}

// TestVerdictIsTheCounts: for each quantifier and verdict, a decided
// result has the full count's verdict, its positive count and the final
// states that satisfy the proposition, and at least one of the other
// executions when there are any; with none, it is counted exactly.
func TestVerdictIsTheCounts(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		uncounted bool
	}{
		{"never", mp("smp_store_release", "smp_load_acquire", "exists (1:r0=1 /\\ 1:r1=0)"), true},
		{"sometimes", mp("WRITE_ONCE", "READ_ONCE", "exists (1:r0=1 /\\ 1:r1=0)"), true},
		{"always", mp("smp_store_release", "smp_load_acquire", "forall (1:r0=0 \\/ 1:r1=1)"), false},
		{"forall broken", mp("WRITE_ONCE", "READ_ONCE", "forall (1:r0=0 \\/ 1:r1=1)"), true},
		{"not exists", mp("WRITE_ONCE", "READ_ONCE", "~exists (1:r0=1 /\\ 1:r1=0)"), true},
		{"filtered", mp("WRITE_ONCE", "READ_ONCE", "filter (1:r0=1)\nexists (1:r1=0)"), true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			test, m := parse(t, tc.src), lkmm(t)
			if ok, err := decide.Decidable(context.Background(), test, m, explore.Options{}); !ok || err != nil {
				t.Fatalf("Decidable = %v, %v; want true", ok, err)
			}
			full, err := explore.Explore(context.Background(), test, m, explore.Options{})
			if err != nil {
				t.Fatal(err)
			}
			got, err := decide.Verdict(context.Background(), test, m, explore.Options{Workers: 2})
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(summarize(full), summarize(got)); diff != "" {
				t.Errorf("decided vs counted (-counted +decided):\n%s", diff)
			}
			if got.Uncounted != tc.uncounted {
				t.Errorf("Uncounted = %v, want %v", got.Uncounted, tc.uncounted)
			}
			if full.Negative > 0 && (got.Negative < 1 || got.Negative > full.Negative) {
				t.Errorf("Negative = %d, want from 1 to %d", got.Negative, full.Negative)
			}
			if !got.Uncounted && (got.Negative != full.Negative || len(got.States) != len(full.States)) {
				t.Errorf("counted: %d negative, %d states; want %d, %d", got.Negative, len(got.States), full.Negative, len(full.States))
			}
			if got.Proves() != full.Proves() {
				t.Errorf("Proves = %v, want %v", got.Proves(), full.Proves())
			}
		})
	}
}

// bare is a model that states nothing of its flags.
type bare struct{ explore.Model }

// TestDecidable: executions may be left out only when none of them could
// hang, be stuck, be cut or raise a flag that voids a Never.
func TestDecidable(t *testing.T) {
	for _, tc := range []struct {
		name, body string
		want       bool
	}{
		{"marked accesses", "r0 = xchg_acquire(l, 1); WRITE_ONCE(*x, 1); smp_store_release(l, 0);", true},
		{"a plain access may race", "r0 = xchg_acquire(l, 1); *x = 1; smp_store_release(l, 0);", false},
		{"a spin may hang", "WRITE_ONCE(*l, 1); while (READ_ONCE(*l)) cpu_relax(); WRITE_ONCE(*x, 1);", false},
		{"a loop the bound cuts", "r0 = 0; while (r0 < 5) { WRITE_ONCE(*x, r0); r0 = r0 + 1; }", false},
		{"a lock may be misused", "spin_lock(s); WRITE_ONCE(*x, 1); spin_unlock(s);", false},
		{"an RCU reader may be unmatched", "rcu_read_lock(); WRITE_ONCE(*x, 1); rcu_read_unlock();", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := fmt.Sprintf("C d\n{}\nP0(int *l, int *x, spinlock_t *s) { int r0; %s }\nP1(int *x) { int r1; r1 = READ_ONCE(*x); }\nexists (1:r1=1)\n", tc.body)
			got, err := decide.Decidable(context.Background(), parse(t, src), lkmm(t), explore.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Errorf("Decidable = %v, want %v", got, tc.want)
			}
		})
	}
	src := "C d\n{}\nP0(int *x) { WRITE_ONCE(*x, 1); }\nexists (x=1)\n"
	if got, _ := decide.Decidable(context.Background(), parse(t, src), bare{lkmm(t)}, explore.Options{}); got {
		t.Errorf("a model that states nothing of its flags: Decidable = true")
	}
}

// emulock is the emulated lock of the exists form: n CPUs take it by
// xchg_acquire, and the condition asks that every one got it.
func emulock(n int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "C emulock\n{}\n")
	var cond []string
	for i := range n {
		fmt.Fprintf(&b, "P%d(int *l, int *x) { int r0; int r1; r0 = xchg_acquire(l, 1); r1 = READ_ONCE(*x); WRITE_ONCE(*x, r1 + 1); smp_store_release(l, 0); }\n", i)
		cond = append(cond, fmt.Sprintf("%d:r0=0", i))
	}
	fmt.Fprintf(&b, "exists (%s /\\ ~x=%d)\n", strings.Join(cond, " /\\ "), n)
	return b.String()
}

// TestExploreDecidesWhatItCannotCount: five CPUs of the emulated lock
// have 360,763,800 executions in herd's count, far more than the first
// seconds of a run count; the run decides Never instead, a proof.
func TestExploreDecidesWhatItCannotCount(t *testing.T) {
	if testing.Short() {
		t.Skip("counts for two seconds first")
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	res, err := decide.Explore(ctx, parse(t, emulock(5)), lkmm(t), explore.Options{Workers: 2, Decide: true})
	if err != nil {
		t.Fatal(err)
	}
	if got := res.Label() + " " + res.CountText(); got != "Never 0 of at least 20 executions" || !res.Uncounted || !res.Proves() {
		t.Errorf("got %s (uncounted %v, proves %v), want a decided Never that proves", got, res.Uncounted, res.Proves())
	}
}
