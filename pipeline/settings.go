// This file implements the settings of a run: what the user asked of the
// pipeline, shared by every test of one invocation.

package pipeline

import (
	"context"
	"fmt"
	"time"

	"github.com/litmuscheck/litmuscheck/explore"
	"github.com/litmuscheck/litmuscheck/locks"
	"github.com/litmuscheck/litmuscheck/parser/cparse"
)

// Settings are what a run asks of the pipeline.
type Settings struct {
	// Spec is the model the user asked for (Spec.Resolve).
	Spec Spec
	// Lock, when set, is the algorithm spin_* run as in every column;
	// nil runs the LKMM's lock events in its column and
	// locks.DefaultAlgorithm on hardware.
	Lock *locks.Algorithm
	// UserDefs are the user's C functions, which C tests may call.
	UserDefs *cparse.CDefs
	// Explore tunes the explorer; Workers is how many goroutines explore
	// one test.
	Explore explore.Options
	// Timeout bounds a test and, for a C test, each column (0: none).
	Timeout time.Duration
	// Deadline, when set, ends the test: Timeout from its start.
	Deadline time.Time
	// Speedcheck keeps only the executions that satisfy the condition's
	// proposition, as herd7's -speedcheck true.
	Speedcheck bool
	// ShowAsm compiles a C test for its hardware columns without running
	// it: the Outcome holds the assembly tests.
	ShowAsm bool
	// Hexa prints integers in hexadecimal in herd's format.
	Hexa bool
	// AwaitLoops lowers a C loop whose failed iterations have no effect
	// as its final iteration, with hang detection (parser.Options): for
	// litmuscheck's own outputs; herd's format unrolls as herd7 does.
	AwaitLoops bool
	// Stage, when set, hears which part of a test runs (a C test's
	// column), for a progress report.
	Stage func(string)
}

// context is the context a test runs under. Its deadline, once File has
// set Deadline, covers every phase from parsing on, so that Timeout
// bounds the whole test, not each phase.
func (s Settings) Context() (context.Context, context.CancelFunc) {
	switch {
	case !s.Deadline.IsZero():
		return context.WithDeadline(context.Background(), s.Deadline)
	case s.Timeout > 0:
		return context.WithTimeout(context.Background(), s.Timeout)
	}
	return context.WithCancel(context.Background())
}

// A TimeoutError is a test, or a column of one, that the timeout stopped.
type TimeoutError struct{ After time.Duration }

func (e TimeoutError) Error() string { return fmt.Sprintf("timed out after %v", e.After) }
func (e TimeoutError) Unwrap() error { return context.DeadlineExceeded }
