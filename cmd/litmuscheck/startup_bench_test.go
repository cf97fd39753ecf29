package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"testing"
	"time"
)

// BenchmarkHerd7StartUp measures the herd7 mode's cost on a tiny test, a
// process per call as scripts run it, against herd7's own when herd7 is
// on the PATH: the median of each, and their ratio (herd7-ratio, which
// should stay under 1.2). Run with
//
//	go test ./cmd/litmuscheck -run '^$' -bench Herd7StartUp -benchtime 40x
func BenchmarkHerd7StartUp(b *testing.B) {
	dir := b.TempDir()
	ours := filepath.Join(dir, "herd7")
	if out, err := exec.Command("go", "build", "-o", ours, ".").CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	test, err := filepath.Abs("../../tests/SB.litmus")
	if err != nil {
		b.Fatal(err)
	}
	median := func(bin string) time.Duration {
		var times []time.Duration
		for i := 0; i < b.N; i++ {
			cmd := exec.Command(bin, test)
			cmd.Stdout, cmd.Stderr = nil, nil
			start := time.Now()
			if err := cmd.Run(); err != nil {
				b.Fatalf("%s: %v", bin, err)
			}
			times = append(times, time.Since(start))
		}
		sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
		return times[len(times)/2]
	}
	b.ResetTimer()
	mine := median(ours)
	b.ReportMetric(float64(mine.Microseconds())/1000, "ms/call")
	if herd, err := exec.LookPath("herd7"); err == nil && os.Getenv("LITMUSCHECK_NO_HERD") == "" {
		theirs := median(herd)
		b.ReportMetric(float64(theirs.Microseconds())/1000, "herd7-ms/call")
		b.ReportMetric(float64(mine)/float64(theirs), "herd7-ratio")
	}
}
