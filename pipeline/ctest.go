// This file implements a C test parsed once for all its columns: the
// LKMM's column runs its own lock events, the hardware columns a lock
// algorithm, and each column gets a copy it may rewrite.

package pipeline

import (
	"context"
	"sync"

	"github.com/litmuscheck/litmuscheck/explore"
	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/locks"
	"github.com/litmuscheck/litmuscheck/parser"
	"github.com/litmuscheck/litmuscheck/parser/cparse"
)

// A CTest is a C test parsed once, with what its columns need.
type CTest struct {
	// Source is the test as parsed: spin_* are the LKMM's lock events,
	// or the operations of Lock when it is set.
	Source *litmus.Test
	// Lock is the algorithm spin_* run as in every column, nil for the
	// LKMM's own lock events in its column and locks.DefaultAlgorithm
	// on hardware.
	Lock *locks.Algorithm
	// Adjust, when set, changes each compiled test before it runs (the
	// proof table's locks.MergeDeadCASForms).
	Adjust func(*litmus.Test)
	user   *cparse.CDefs
	// mu guards hardware: the columns of one test may run side by side.
	mu sync.Mutex
	// hardware is Source lowered with the hardware columns' algorithm,
	// when it differs from Source's (no Lock); built on first use.
	hardware *litmus.Test
}

// NewCTest prepares the C test t, parsed by Parse with lock and user.
func NewCTest(t *litmus.Test, lock *locks.Algorithm, user *cparse.CDefs) *CTest {
	return &CTest{Source: t, Lock: lock, user: user}
}

// Algorithm is the algorithm spin_* run as in column col: Lock, or with
// none the LKMM's lock events in its column (nil) and DefaultAlgorithm on
// hardware.
func (c *CTest) Algorithm(col locks.Column) (*locks.Algorithm, error) {
	return locks.ColumnAlgorithm(col, c.Lock)
}

// For is a copy of the test as column col runs it.
func (c *CTest) For(col locks.Column) (*litmus.Test, error) {
	if c.Lock != nil || col.Target == nil {
		return c.Source.Clone(), nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.hardware == nil {
		alg, err := c.Algorithm(col)
		if err != nil {
			return nil, err
		}
		defs, err := locks.Defs(alg, c.user)
		if err != nil {
			return nil, err
		}
		if c.hardware, err = parser.Relower(c.Source, defs); err != nil {
			return nil, err
		}
	}
	return c.hardware.Clone(), nil
}

// Run runs the test in column col.
func (c *CTest) Run(ctx context.Context, col locks.Column, opt explore.Options) (*locks.Run, error) {
	alg, err := c.Algorithm(col)
	if err != nil {
		return nil, err
	}
	t, err := c.For(col)
	if err != nil {
		return nil, err
	}
	return locks.RunParsed(ctx, t, alg, col, opt, c.Adjust)
}
