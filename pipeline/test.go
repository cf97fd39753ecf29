// This file implements the run of one test: parsed once, run under the
// model its Spec resolves to or in each column of a C test, its outcome
// kept for the judge and the printers.

package pipeline

import (
	"context"
	"fmt"
	"time"

	"github.com/litmuscheck/litmuscheck/explore/decide"
	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/locks"
	"github.com/litmuscheck/litmuscheck/models"
)

// An Outcome is what one test's run gave.
type Outcome struct {
	// Test is the test as parsed; nil when it does not parse.
	Test *litmus.Test
	// Result and Model are a single model's run.
	Result *litmus.Result
	Model  *models.Model
	// Runs are a C test's columns, in report order.
	Runs []*locks.Run
	// C is the C test as its columns ran it, for a view that runs a
	// column again on a changed copy (barriers).
	C *CTest
	// Asm are the compiled assembly tests, with Settings.ShowAsm.
	Asm []string
	// Err is why the test has no outcome (a parse error, a timeout...).
	Err error
}

// File runs the test src, read from file name.
func File(name, src string, s Settings) Outcome {
	if s.Timeout > 0 && s.Deadline.IsZero() {
		s.Deadline = time.Now().Add(s.Timeout)
	}
	ctx, cancel := s.Context()
	t, err := Parse(ctx, name, src, s)
	cancel()
	if err == context.DeadlineExceeded {
		return Outcome{Err: fmt.Errorf("%s: timed out after %v while parsing", name, s.Timeout)}
	}
	if err != nil {
		return Outcome{Err: err}
	}
	return Test(t, s)
}

// Test runs the parsed test t.
func Test(t *litmus.Test, s Settings) Outcome {
	if s.Speedcheck {
		t.Filter = litmus.Conjoin(t.Filter, t.Cond.Prop)
	}
	choice, err := s.Spec.Resolve(t.Arch)
	if err != nil {
		return Outcome{Err: fmt.Errorf("%s: %v", t.File, err)}
	}
	if choice.Columns != nil {
		return inColumns(t, choice.Columns, s)
	}
	if s.ShowAsm {
		return Outcome{Err: fmt.Errorf("%s: --show-asm applies to C tests, this one is %s", t.File, t.Arch)}
	}
	res, err := Single(t, choice.Model, s)
	// t and the model stay with an error too: an error record names them.
	return Outcome{Result: res, Model: choice.Model, Test: t, Err: err}
}

// Single explores t under model.
func Single(t *litmus.Test, model *models.Model, s Settings) (*litmus.Result, error) {
	ctx, cancel := s.Context()
	defer cancel()
	res, err := decide.Explore(ctx, t, model, s.Explore)
	if res != nil {
		res.Hexa = s.Hexa
	}
	if err == context.DeadlineExceeded {
		return nil, fmt.Errorf("%s: %w", t.File, TimeoutError{s.Timeout})
	}
	return res, err
}

// inColumns runs the C test t in each column, or with ShowAsm compiles
// it for each hardware column.
func inColumns(t *litmus.Test, cols []locks.Column, s Settings) Outcome {
	ct := NewCTest(t, s.Lock, s.UserDefs)
	if s.ShowAsm {
		return compileColumns(ct, cols)
	}
	out := Outcome{Test: t, C: ct}
	// A mixed-size test runs in the hardware columns at its widths; the
	// LKMM column refuses it (locks.ErrLKMMMixedSize).
	for _, c := range cols {
		if s.Stage != nil {
			s.Stage(c.Title)
		}
		// The columns run one after the other, each on the cores left to
		// this file (results do not depend on the workers), each with a
		// timeout of its own: a slow column leaves the others theirs.
		ctx, cancel := context.WithCancel(context.Background())
		if s.Timeout > 0 {
			ctx, cancel = context.WithTimeout(context.Background(), s.Timeout)
		}
		run, err := ct.Run(ctx, c, s.Explore)
		cancel()
		if err != nil {
			return Outcome{Err: err}
		}
		if run.Failure() == locks.TimedOut {
			run.Err = TimeoutError{s.Timeout}
		}
		out.Runs = append(out.Runs, run)
	}
	return out
}

// compileColumns compiles ct for each hardware column of cols.
func compileColumns(ct *CTest, cols []locks.Column) Outcome {
	out := Outcome{Test: ct.Source}
	for _, c := range cols {
		if c.Target == nil {
			continue
		}
		t, err := ct.For(c)
		if err != nil {
			return Outcome{Err: err}
		}
		comp, err := locks.Compile(t, c.Target)
		if err != nil {
			return Outcome{Err: err}
		}
		out.Asm = append(out.Asm, comp.Text)
	}
	if out.Asm == nil {
		return Outcome{Err: fmt.Errorf("%s: --show-asm prints the compiled tests of the hardware columns, and the model chosen has none (the LKMM runs the C test itself): choose --model all or a hardware model", ct.Source.File)}
	}
	return out
}
