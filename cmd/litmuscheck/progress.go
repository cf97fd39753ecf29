// This file implements the progress shown on stderr while a long run goes
// on (several files, conform, locks): done/total, rate, elapsed time, the
// test (and column) that runs longest, and the time left only when the
// run can estimate it; nothing unless stderr is a terminal, and nothing
// for the first second.

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
	// doneTime is the time the finished items took, together.
	doneTime time.Duration
}

type runningItem struct {
	name  string
	start time.Time
	// stage is the part of the item that runs (a C test's column).
	stage string
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
		// The library's prediction assumes items of one size: "4s
		// left" while one test runs for minutes. describe says it
		// only when it holds (estimateLeft).
		progressbar.OptionSetPredictTime(false),
		progressbar.OptionThrottle(100 * time.Millisecond),
		progressbar.OptionClearOnFinish(),
	}
	if p.total < 0 {
		// A spinner turns only once drawn.
		opts = append(opts, progressbar.OptionSetRenderBlankState(true))
	} else {
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

// describeSlow sets the description: the oldest item running since
// before now-slowAfter, with its stage, and the time left when it can be
// estimated. p.mu is held.
func (p *progress) describeSlow(now time.Time) {
	if p.over || p.bar == nil {
		return
	}
	desc := p.describe(now)
	if desc != p.slow {
		p.slow = desc
		p.bar.Describe(desc)
		p.bar.RenderBlank() // the bar draws itself only when counting
	}
}

// describe is the description of the run at now. p.mu is held.
func (p *progress) describe(now time.Time) string {
	var oldest runningItem
	for _, it := range p.running {
		if oldest.name == "" || it.start.Before(oldest.start) {
			oldest = it
		}
	}
	desc := p.what
	if oldest.name != "" && now.Sub(oldest.start) >= slowAfter {
		name := oldest.name
		if oldest.stage != "" {
			name += ", " + oldest.stage
		}
		desc = fmt.Sprintf("%s (running: %s, %s)", p.what, name, now.Sub(oldest.start).Truncate(time.Second))
	}
	if left, ok := p.estimateLeft(now); ok {
		desc += fmt.Sprintf(" [about %s left]", left.Round(time.Second))
	}
	return desc
}

// estimateLeft is the time the run still needs, when the items done so
// far say: at least three done, and none running for longer than three
// times their mean (a test far slower than the others makes any guess a
// lie). p.mu is held.
func (p *progress) estimateLeft(now time.Time) (time.Duration, bool) {
	if p.total < 0 || p.done < 3 || p.done >= p.total || p.doneTime <= 0 {
		return 0, false
	}
	mean := p.doneTime / time.Duration(p.done)
	for _, it := range p.running {
		if now.Sub(it.start) > 3*mean {
			return 0, false
		}
	}
	workers := max(1, len(p.running))
	return mean * time.Duration(p.total-p.done) / time.Duration(workers), true
}

// Stage notes which part of item key runs (a C test's column).
func (p *progress) Stage(key int, stage string) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if it, ok := p.running[key]; ok {
		it.stage = stage
		p.running[key] = it
	}
}

// Begin notes that item key, called name, starts.
func (p *progress) Begin(key int, name string) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.running[key] = runningItem{name: name, start: time.Now()}
}

// End notes that item key is over and counts it finished.
func (p *progress) End(key int) {
	if p == nil {
		return
	}
	p.mu.Lock()
	if it, ok := p.running[key]; ok {
		p.doneTime += time.Since(it.start)
	}
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
