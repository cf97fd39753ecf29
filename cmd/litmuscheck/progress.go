// This file implements the progress shown on stderr while a long run goes
// on (several files, conform, locks): done/total, rate, elapsed time and
// ETA, and the test that runs when it is slow; nothing unless stderr is a
// terminal, and nothing for the first second.

package main

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// progressDelay is how long a run goes on before it shows progress.
const progressDelay = time.Second

// slowAfter is how long a test runs before the bar names it, and
// slowPoll how often the bar looks.
const (
	slowAfter = 3 * time.Second
	slowPoll  = 500 * time.Millisecond
)

// A progress counts the finished items of a run and, once the delay has
// passed, draws them. A nil *progress draws nothing; its methods do
// nothing.
type progress struct {
	mu    sync.Mutex
	w     io.Writer
	total int // -1 when unknown: a spinner
	what  string
	unit  string
	done  int
	bar   *progressbar.ProgressBar
	timer *time.Timer
	over  bool
	// running holds the items begun and not ended, with their start;
	// slow is the one the description names, "" for none.
	running map[int]runningItem
	slow    string
	stop    chan struct{}
}

type runningItem struct {
	name  string
	start time.Time
}

// startProgress starts the progress of a run of total items (-1 when not
// counted) on stderr, if stderr is a terminal; unit names the items in
// the rate.
func startProgress(stderr io.Writer, total int, what, unit string) *progress {
	f, ok := stderr.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return nil
	}
	return newProgress(stderr, total, what, unit, progressDelay)
}

// newProgress is startProgress on any writer, after delay.
func newProgress(w io.Writer, total int, what, unit string, delay time.Duration) *progress {
	p := &progress{w: w, total: total, what: what, unit: unit, running: map[int]runningItem{}, stop: make(chan struct{})}
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
		// The library predicts the time left: [elapsed:ETA].
		opts = append(opts, progressbar.OptionShowCount(), progressbar.OptionShowIts(),
			progressbar.OptionSetItsString(p.unit))
	}
	p.bar = progressbar.NewOptions(p.total, opts...)
	if p.done > 0 {
		p.bar.Add(p.done)
	}
	go p.watchSlow()
}

// watchSlow names, while the run goes on, the oldest item running for
// longer than slowAfter.
func (p *progress) watchSlow() {
	tick := time.NewTicker(slowPoll)
	defer tick.Stop()
	for {
		select {
		case <-p.stop:
			return
		case now := <-tick.C:
			p.mu.Lock()
			p.describeSlow(now)
			p.mu.Unlock()
		}
	}
}

// describeSlow sets the description to the oldest item running since
// before now-slowAfter, or back to the plain one. p.mu is held.
func (p *progress) describeSlow(now time.Time) {
	if p.over || p.bar == nil {
		return
	}
	var oldest runningItem
	for _, it := range p.running {
		if oldest.name == "" || it.start.Before(oldest.start) {
			oldest = it
		}
	}
	desc := p.what
	if oldest.name != "" && now.Sub(oldest.start) >= slowAfter {
		desc = fmt.Sprintf("%s (slow: %s, %s)", p.what, oldest.name, now.Sub(oldest.start).Truncate(time.Second))
	}
	if desc != p.slow {
		p.slow = desc
		p.bar.Describe(desc)
		p.bar.RenderBlank() // the bar draws itself only when counting
	}
}

// Begin notes that item key, called name, starts.
func (p *progress) Begin(key int, name string) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.running[key] = runningItem{name, time.Now()}
}

// End notes that item key is over and counts it finished.
func (p *progress) End(key int) {
	if p == nil {
		return
	}
	p.mu.Lock()
	delete(p.running, key)
	p.mu.Unlock()
	p.Add()
}

// Printing runs print with the bar off the screen, so that a result
// printed on the same terminal does not run into it; the bar comes back
// below it.
func (p *progress) Printing(print func()) {
	if p == nil {
		print()
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.bar == nil || p.over {
		print()
		return
	}
	p.bar.Clear()
	print()
	p.bar.RenderBlank()
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
	if p.over {
		return
	}
	p.over = true
	close(p.stop)
	if p.timer != nil {
		p.timer.Stop()
	}
	if p.bar != nil {
		p.bar.Finish()
		p.bar.Exit()
	}
}
