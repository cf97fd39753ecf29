// This file implements the streaming of a run's results: items run in
// parallel, and each is emitted as soon as it and every item before it
// have finished, so output keeps the input's order and a killed run keeps
// what it printed.

package main

import "sync"

// streamOrdered runs work(0..n-1) on up to jobs goroutines and calls
// emit(i, result) in order of i, once per item, never two at once. An
// item waits in memory only while an earlier one still runs.
func streamOrdered[T any](n, jobs int, work func(i int) T, emit func(i int, v T)) {
	var mu sync.Mutex
	done := make(map[int]T)
	next := 0 // the first item not yet emitted
	forEach(n, jobs, func(i int) {
		v := work(i)
		mu.Lock()
		defer mu.Unlock()
		done[i] = v
		for {
			v, ok := done[next]
			if !ok {
				return
			}
			delete(done, next)
			emit(next, v)
			next++
		}
	})
}
