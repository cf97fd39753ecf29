package main

import (
	"fmt"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestStreamOrderedOneJob: on one goroutine each result is emitted as soon
// as its item ends, before the next item starts: what a killed run printed
// is every test it finished.
func TestStreamOrderedOneJob(t *testing.T) {
	var log []string
	streamOrdered(3, 1, func(i int) int {
		log = append(log, fmt.Sprint("work ", i))
		return i * 10
	}, func(i, v int) {
		log = append(log, fmt.Sprint("emit ", i, "=", v))
	})
	want := []string{"work 0", "emit 0=0", "work 1", "emit 1=10", "work 2", "emit 2=20"}
	if d := cmp.Diff(want, log); d != "" {
		t.Errorf("events (-want +got):\n%s", d)
	}
}

// TestStreamOrderedKeepsInputOrder: the first item ends last; the others
// wait for it and everything comes out in input order, once each.
func TestStreamOrderedKeepsInputOrder(t *testing.T) {
	const n = 6
	lastDone := make(chan struct{})
	var mu sync.Mutex
	finished := 0
	var emitted []int
	streamOrdered(n, 2, func(i int) int {
		if i == 0 {
			<-lastDone
			return 0
		}
		mu.Lock()
		finished++
		if finished == n-1 {
			close(lastDone)
		}
		mu.Unlock()
		return i
	}, func(i, v int) {
		if i != v {
			t.Errorf("emit(%d, %d): result of another item", i, v)
		}
		emitted = append(emitted, i)
	})
	if d := cmp.Diff([]int{0, 1, 2, 3, 4, 5}, emitted); d != "" {
		t.Errorf("emitted (-want +got):\n%s", d)
	}
}
