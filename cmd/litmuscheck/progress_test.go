package main

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

// TestProgressNotOnAPipe: stderr that is not a terminal gets no progress.
func TestProgressNotOnAPipe(t *testing.T) {
	var b bytes.Buffer
	p := startProgress(&b, 3, "tests", "tests")
	p.Add()
	p.Finish()
	if p != nil || b.Len() != 0 {
		t.Errorf("progress on a buffer: %v, %q", p != nil, b.String())
	}
	code, _, errs := runCLI("-j", "1", "../../tests/SB.litmus", "../../tests/MP.litmus")
	if code != 0 || errs != "" {
		t.Errorf("two files: exit %d, stderr %q", code, errs)
	}
}

// TestProgressDraws: shown late, the bar starts at the items already
// finished, and clears its line at the end.
func TestProgressDraws(t *testing.T) {
	var b bytes.Buffer
	p := newProgress(&b, 3, "tests", "tests", time.Hour)
	p.Add()
	p.Add()
	if b.Len() != 0 {
		t.Fatalf("drawn before the delay: %q", b.String())
	}
	p.show()
	drawn := b.String()
	p.Add()
	p.Finish()
	for _, want := range []string{"tests ", "(2/3, ", " tests/s)", "["} {
		if !strings.Contains(drawn, want) {
			t.Errorf("drawn %q; want %q in it (description, count, rate, elapsed)", drawn, want)
		}
	}
	if !strings.HasSuffix(b.String(), "\r") {
		t.Errorf("drawn %q then %q; want the line cleared", drawn, b.String())
	}
}

// TestProgressNamesTheSlowTest: a test running for longer than slowAfter
// is named in the bar, and the name goes once it ends.
func TestProgressNamesTheSlowTest(t *testing.T) {
	var b bytes.Buffer
	p := newProgress(&b, 3, "tests", "tests", time.Hour)
	p.show()
	p.Begin(0, "fast.litmus")
	p.Begin(1, "slow.litmus")
	start := time.Now()
	p.mu.Lock()
	p.running[0] = runningItem{name: "fast.litmus", start: start}
	p.running[1] = runningItem{name: "slow.litmus", start: start.Add(-time.Second)}
	p.describeSlow(start.Add(slowAfter / 2))
	quiet := p.slow
	p.describeSlow(start.Add(slowAfter))
	slow := p.slow
	p.mu.Unlock()
	p.End(1)
	p.End(0)
	p.mu.Lock()
	p.describeSlow(start.Add(2 * slowAfter))
	after := p.slow
	p.mu.Unlock()
	p.Finish()
	if strings.Contains(quiet, ".litmus") {
		t.Errorf("before slowAfter the bar says %q; want no name", quiet)
	}
	if !strings.Contains(slow, "slow.litmus") || strings.Contains(slow, "fast.litmus") {
		t.Errorf("after slowAfter the bar says %q; want the oldest running test, slow.litmus", slow)
	}
	if after != "tests" {
		t.Errorf("once both ended the bar says %q; want the plain description", after)
	}
	if !strings.Contains(b.String(), "slow.litmus") {
		t.Errorf("the name was not drawn: %q", b.String())
	}
}

// TestProgressTimeLeft: the time left is said only when the finished
// items predict it: three done, none running far longer than their mean;
// the running test's column is named with it.
func TestProgressTimeLeft(t *testing.T) {
	p := newProgress(&bytes.Buffer{}, 10, "tests", "tests", time.Hour)
	defer p.Finish()
	now := time.Now()
	p.mu.Lock()
	p.done, p.doneTime = 2, 4*time.Second
	_, early := p.estimateLeft(now)
	p.done, p.doneTime = 4, 8*time.Second // a mean of 2s
	p.running[0] = runningItem{name: "a.litmus", start: now.Add(-time.Second)}
	left, ok := p.estimateLeft(now)
	p.running[0] = runningItem{name: "a.litmus", start: now.Add(-10 * time.Second), stage: "ARMv8 LSE"}
	_, stuck := p.estimateLeft(now)
	desc := p.describe(now)
	p.mu.Unlock()
	if early {
		t.Errorf("an estimate after two items")
	}
	if !ok || left != 12*time.Second {
		t.Errorf("after four items of 2s, one running: %v, %v; want 12s", left, ok)
	}
	if stuck || strings.Contains(desc, "left") {
		t.Errorf("a test running for 5 times the mean still gives an estimate: %q", desc)
	}
	if !strings.Contains(desc, "running: a.litmus, ARMv8 LSE, 10s") {
		t.Errorf("description %q; want the running test and its column", desc)
	}
}
