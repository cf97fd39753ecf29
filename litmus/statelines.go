// This file implements the printing of many final states: a ring's million
// lines are formatted in chunks on every core and written in order, so
// that the output is the same as one loop's.

package litmus

import (
	"bufio"
	"io"
	"runtime"
)

// stateChunk is the number of states one goroutine formats at a time;
// below two chunks the states are printed in one loop.
const stateChunk = 1 << 12

// WriteStateLines writes line(dst, st), which appends st's line to dst,
// for every state of r in order. line must be safe for concurrent use.
func (r *Result) WriteStateLines(w io.Writer, line func(dst []byte, st State) []byte) {
	states := r.States
	workers := runtime.GOMAXPROCS(0)
	if len(states) < 2*stateChunk || workers < 2 {
		bw := bufio.NewWriterSize(w, 1<<16)
		var buf []byte
		for _, st := range states {
			buf = line(buf[:0], st)
			bw.Write(buf)
		}
		bw.Flush()
		return
	}
	// The chunks in flight, in order: at most twice as many as workers,
	// each formatted into one of as many buffers, which the writer hands
	// back: the text in memory stays a few chunks long.
	type chunk struct {
		text []byte
		done chan struct{}
	}
	window := 2 * workers
	pending := make(chan *chunk, window)
	free := make(chan []byte, window)
	for range window {
		free <- nil
	}
	go func() {
		for start := 0; start < len(states); start += stateChunk {
			c := &chunk{done: make(chan struct{})}
			buf := <-free
			pending <- c
			go func(part []State) {
				for _, st := range part {
					buf = line(buf, st)
				}
				c.text = buf
				close(c.done)
			}(states[start:min(start+stateChunk, len(states))])
		}
		close(pending)
	}()
	for c := range pending {
		<-c.done
		w.Write(c.text)
		free <- c.text[:0]
	}
}
