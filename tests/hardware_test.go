// This file checks the POWER model for soundness against real machines:
// every test whose outcome was observed on POWER hardware must be allowed.

package tests

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/litmuscheck/litmuscheck/explore"
	"github.com/litmuscheck/litmuscheck/models"
	"github.com/litmuscheck/litmuscheck/parser"
)

const corpus = "../../shared/corpus"

func TestPowerSoundOnHardware(t *testing.T) {
	f, err := os.Open(filepath.Join(corpus, "ppc", "hardware.tsv"))
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("no corpus: %v", err)
		}
		t.Skipf("no corpus: %v", err)
	}
	defer f.Close()
	var observed []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) == 2 && cols[1] == "yes" {
			observed = append(observed, cols[0])
		}
	}
	if len(observed) == 0 {
		t.Fatal("hardware.tsv lists no observed test")
	}
	if testing.Short() {
		// conform runs every one of them against herd7's verdict.
		var sample []string
		for i := 0; i < len(observed); i += 4 {
			sample = append(sample, observed[i])
		}
		observed = sample
	}
	allowed := 0
	for _, name := range observed {
		test, err := parser.ParseFile(filepath.Join(corpus, "ppc", name+".litmus"))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		res, err := explore.Explore(ctx, test, models.Power, explore.Options{})
		cancel()
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		// The observed state is the one the test's exists clause describes.
		if res.Verdict() == "Never" {
			t.Errorf("%s: observed on POWER hardware but the model says Never", name)
			continue
		}
		allowed++
	}
	t.Logf("POWER soundness: %d of %d hardware-observed tests allowed by the model", allowed, len(observed))
}
