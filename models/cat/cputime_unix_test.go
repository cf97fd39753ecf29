// This file implements reading the process's CPU time, which the
// benchmarks report beside wall time: the machine they run on is shared.

//go:build unix

package cat

import (
	"syscall"
	"time"
)

// processCPU is the user and system CPU time the process has used.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
