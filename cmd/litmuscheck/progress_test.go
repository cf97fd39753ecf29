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
	p := startProgress(&b, 3, "tests")
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
	p := newProgress(&b, 3, "tests", time.Hour)
	p.Add()
	p.Add()
	if b.Len() != 0 {
		t.Fatalf("drawn before the delay: %q", b.String())
	}
	p.show()
	drawn := b.String()
	p.Add()
	p.Finish()
	if !strings.Contains(drawn, "tests") || !strings.Contains(drawn, "(2/3)") || !strings.HasSuffix(b.String(), "\r") {
		t.Errorf("drawn %q then %q; want the description, the count, and the line cleared", drawn, b.String())
	}
}
