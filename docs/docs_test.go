package docs

import (
	"strings"
	"testing"
)

func TestScenario(t *testing.T) {
	got := Scenario("crossed-locking")
	if !strings.HasPrefix(got, "CPU0 takes lock A") || strings.Contains(got, "###") {
		t.Errorf("crossed-locking's paragraph: %q", got)
	}
	if got := Scenario("no-such-scenario"); got != "" {
		t.Errorf("unknown scenario: %q", got)
	}
}
