// This file implements the progress shown on stderr while a long run goes
// on (several files, conform, locks): nothing unless stderr is a terminal,
// and nothing for the first second.
package main

import (
	"io"
	"os"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// progressDelay is how long a run goes on before it shows progress.
const progressDelay = time.Second

// A progress counts the finished items of a run and, once the delay has
// passed, draws them. A nil *progress draws nothing; its methods do
// nothing.
type progress struct {
	mu    sync.Mutex
	w     io.Writer
	total int // -1 when unknown: a spinner
	what  string
	done  int
	bar   *progressbar.ProgressBar
	timer *time.Timer
	over  bool
}

// startProgress starts the progress of a run of total items (-1 when not
// counted) on stderr, if stderr is a terminal.
func startProgress(stderr io.Writer, total int, what string) *progress {
	f, ok := stderr.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return nil
	}
	return newProgress(stderr, total, what, progressDelay)
}

// newProgress is startProgress on any writer, after delay.
func newProgress(w io.Writer, total int, what string, delay time.Duration) *progress {
	p := &progress{w: w, total: total, what: what}
	if delay <= 0 {
		p.show()
	} else {
		p.timer = time.AfterFunc(delay, p.show)
	}
	return p
}

func (p *progress) show() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.over || p.bar != nil {
		return
	}
	opts := []progressbar.Option{
		progressbar.OptionSetWriter(p.w),
		progressbar.OptionSetDescription(p.what),
		progressbar.OptionSetElapsedTime(true),
		progressbar.OptionThrottle(100 * time.Millisecond),
		progressbar.OptionClearOnFinish(),
	}
	if p.total < 0 {
		// A spinner turns only once drawn.
		opts = append(opts, progressbar.OptionSetRenderBlankState(true))
	} else {
		opts = append(opts, progressbar.OptionShowCount())
	}
	p.bar = progressbar.NewOptions(p.total, opts...)
	if p.done > 0 {
		p.bar.Add(p.done)
	}
}

// Add counts one more finished item.
func (p *progress) Add() {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done++
	if p.bar != nil {
		p.bar.Add(1)
	}
}

// Finish ends the progress and clears what it drew.
func (p *progress) Finish() {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.over = true
	if p.timer != nil {
		p.timer.Stop()
	}
	if p.bar != nil {
		p.bar.Finish()
		p.bar.Exit()
	}
}
