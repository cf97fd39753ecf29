// This file implements processCPU where the process's CPU time is not
// read: the benchmarks then report it as 0.

//go:build !unix

package cat

import "time"

func processCPU() time.Duration { return 0 }
