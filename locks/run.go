// This file implements the running of one C test under LKMM and under the
// hardware targets, each a column of a report.

package locks

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/litmuscheck/litmuscheck/explore"
	"github.com/litmuscheck/litmuscheck/explore/decide"
	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/models"
	"github.com/litmuscheck/litmuscheck/parser"
	"github.com/litmuscheck/litmuscheck/parser/cparse"
)

// A Column is where a C test runs: LKMM on the C test itself (Target nil)
// or a hardware model on the test compiled for Target.
type Column struct {
	Name, Title string
	Target      *Target
}

// Columns are LKMM and every target, in report order.
var Columns = func() []Column {
	cols := []Column{{Name: "lkmm", Title: "LKMM"}}
	for _, t := range Targets {
		cols = append(cols, Column{Name: t.Name, Title: t.Title, Target: t})
	}
	return cols
}()

// ColumnByName finds a column by its --model name or by the title the
// outputs print, in any case (no two columns differ by case alone).
func ColumnByName(name string) (Column, bool) {
	for _, c := range Columns {
		// The title the outputs print names the column too, in any case.
		if strings.EqualFold(c.Name, name) || strings.EqualFold(c.Title, name) {
			return c, true
		}
	}
	return Column{}, false
}

// Model is the model the column runs.
func (c Column) Model() (*models.Model, error) { return models.Lookup(c.ModelName()) }

// ModelName is the name of the model the column runs.
func (c Column) ModelName() string {
	if c.Target == nil {
		return "lkmm"
	}
	return c.Target.Model
}

// A Run is a C test's result in one column.
type Run struct {
	Column Column
	// Algorithm is the lock algorithm spin_* ran as, nil for LKMM's own
	// lock events.
	Algorithm *Algorithm
	// Test is what ran: the C test, or its compilation's assembly.
	Test *litmus.Test
	// Compiled is the compilation, nil in the LKMM column.
	Compiled *Compiled
	// Result is the exploration's, in the terms of Test.
	Result *litmus.Result
	// Err is why the column has no result; Failure says what kind of
	// reason it is.
	Err error
}

// A Failure is the kind of reason a column has no result. Only
// NotApplicable is by design; every other kind is a verdict we owe.
type Failure int

const (
	// Succeeded: the column has a result.
	Succeeded Failure = iota
	// NotApplicable: the column cannot apply to the test by design (Err
	// wraps ErrNoMapping).
	NotApplicable
	// Unsupported: a gap of ours, such as a primitive our tables cannot
	// compile yet for the target.
	Unsupported
	// Failed: an error, such as a limit the exploration reached.
	Failed
	// TimedOut: the deadline passed before the column finished.
	TimedOut
	// Skipped: the caller asked not to run the column (ErrSkipped).
	Skipped
)

var failureWords = [...]string{Succeeded: "ok", NotApplicable: "n/a", Unsupported: "unsupported",
	Failed: "error", TimedOut: "timeout", Skipped: "skipped"}

// String is the word a report prints in the column's place.
func (f Failure) String() string { return failureWords[f] }

// ErrNoMapping is wrapped by the errors of a primitive that has no
// instruction-level mapping by design, whatever the target: RCU's and
// SRCU's read-side sections and grace periods are defined by the LKMM
// alone, so a hardware column cannot apply to a test that uses them.
var ErrNoMapping = errors.New("no instruction-level mapping by design")

// ErrLKMMMixedSize is the LKMM column's refusal of a C test that accesses
// memory at several widths (the qspinlock's byte and halfword members):
// the LKMM has no mixed-size semantics, and a whole-word reading of such
// a test would print a verdict about code the test does not have.
var ErrLKMMMixedSize = errors.New("unsupported: mixed-size access in the LKMM column")

// ErrRISCVMixedSize is the RISC-V column's refusal of a C test that
// accesses memory at several widths: herd7 gives RISC-V no mixed-size
// semantics (its AMOs fail under -variant mixed), so no verdict could be
// checked against it, and the kernel's masked LR/SC emulation of byte and
// halfword RMWs is not compiled.
var ErrRISCVMixedSize = errors.New("unsupported: mixed-size access in the RISC-V column")

// IsMixedSizeRefusal reports whether err is a column's refusal of a C
// test's mixed-size accesses (the LKMM's or RISC-V's).
func IsMixedSizeRefusal(err error) bool {
	return errors.Is(err, ErrLKMMMixedSize) || errors.Is(err, ErrRISCVMixedSize)
}

// rcuTags are the LKMM's tags of RCU and SRCU events.
var rcuTags = map[string]bool{litmus.TagRcuLock: true, litmus.TagRcuUnlock: true, litmus.TagSyncRcu: true,
	litmus.TagSrcuLock: true, litmus.TagSrcuUnlock: true, litmus.TagSyncSrcu: true, litmus.TagAfterSrcuReadUnlock: true}

// rcuOnly reports whether in is an RCU or SRCU primitive, which no
// target maps (ErrNoMapping).
func rcuOnly(in *litmus.Instr) bool {
	for _, tags := range [][]string{in.RTags, in.WTags, in.FTags} {
		for _, t := range tags {
			if rcuTags[t] {
				return true
			}
		}
	}
	return false
}

// A gapError is a test that does not compile for a target for want of
// something our tables or compiler could have: a gap of ours.
type gapError struct{ err error }

func (e *gapError) Error() string { return e.err.Error() }
func (e *gapError) Unwrap() error { return e.err }

// Failure classifies Err: the one place that tells a column that cannot
// apply by design from one we failed.
func (r *Run) Failure() Failure {
	var gap *gapError
	switch {
	case r.Result != nil:
		return Succeeded
	case errors.Is(r.Err, ErrNoMapping):
		return NotApplicable
	case errors.Is(r.Err, ErrSkipped):
		return Skipped
	case errors.Is(r.Err, context.DeadlineExceeded):
		return TimedOut
	case errors.As(r.Err, &gap):
		return Unsupported
	}
	return Failed
}

// Verdict is the run's verdict or, when it has none, its Failure word.
func (r *Run) Verdict() string {
	if r.Result == nil {
		return r.Failure().String()
	}
	return r.Result.Verdict()
}

// CResult is Result with the compiled registers renamed to the C
// registers they stand for.
func (r *Run) CResult() *litmus.Result {
	if r.Result == nil || r.Compiled == nil {
		return r.Result
	}
	res := *r.Result
	res.Observed = make([]litmus.LocRef, len(r.Result.Observed))
	for i, l := range r.Result.Observed {
		if c, ok := r.Compiled.CRegs[l]; ok {
			l = c
		}
		res.Observed[i] = l
	}
	return &res
}

// ParseC parses the C test src (read from file name) with the lock
// fragments and the user's functions (Defs); alg, when not nil, defines
// spin_* as its operations.
func ParseC(name, src string, alg *Algorithm, user ...*cparse.CDefs) (*litmus.Test, error) {
	defs, err := Defs(alg, user...)
	if err != nil {
		return nil, err
	}
	return parser.ParseWith(name, src, parser.Options{CDefs: defs})
}

// RunC runs the C test src (read from file name) in column col. In the
// LKMM column spin_* are lock.cat's lock events unless alg names an
// algorithm; a hardware target always runs an algorithm, alg or
// DefaultAlgorithm. An error is returned for a test that does not parse;
// a column that cannot run or finish reports why in Run.Err (Run.Failure
// classifies it). The user's functions are inlined as the fragments are,
// in every column.
func RunC(ctx context.Context, name, src string, alg *Algorithm, col Column, opt explore.Options, user ...*cparse.CDefs) (*Run, error) {
	return runC(ctx, name, src, alg, col, opt, nil, user...)
}

// runC is RunC; adjust, when not nil, changes the compiled test before it
// runs (runParsed).
func runC(ctx context.Context, name, src string, alg *Algorithm, col Column, opt explore.Options, adjust func(*litmus.Test), user ...*cparse.CDefs) (*Run, error) {
	alg, err := ColumnAlgorithm(col, alg)
	if err != nil {
		return nil, err
	}
	t, err := ParseC(name, src, alg, user...)
	if err != nil {
		return nil, err
	}
	return runParsed(ctx, t, alg, col, opt, adjust)
}

// ColumnAlgorithm is the algorithm spin_* run as in column col when the
// user chose alg (nil for none): alg, or with none the LKMM's own lock
// events in its column (nil) and DefaultAlgorithm on hardware, which has
// no lock events. The one place that default is applied.
func ColumnAlgorithm(col Column, alg *Algorithm) (*Algorithm, error) {
	if alg != nil || col.Target == nil {
		return alg, nil
	}
	return AlgorithmByName(DefaultAlgorithm)
}

// RunParsed runs in column col the C test t, parsed by ParseC with alg
// (on a hardware target, an algorithm: alg or DefaultAlgorithm): what
// RunC does once it has parsed the test, for a test changed after parsing
// (Weaken). adjust, when given, changes the compiled test before it runs
// (the proof table's MergeDeadCASForms).
func RunParsed(ctx context.Context, t *litmus.Test, alg *Algorithm, col Column, opt explore.Options, adjust ...func(*litmus.Test)) (*Run, error) {
	var change func(*litmus.Test)
	if len(adjust) > 0 {
		change = adjust[0]
	}
	return runParsed(ctx, t, alg, col, opt, change)
}

// runParsed is RunParsed; adjust, when not nil, changes the compiled test
// before it runs (the proof table's MergeDeadCASForms).
func runParsed(ctx context.Context, t *litmus.Test, alg *Algorithm, col Column, opt explore.Options, adjust func(*litmus.Test)) (*Run, error) {
	run := &Run{Column: col, Algorithm: alg}
	run.Test = t
	if col.Target == nil {
		if err := refuseMixedInLKMM(t); err != nil {
			run.Err = &gapError{err}
			return run, nil
		}
		if err := PrepareLKMM(t); err != nil {
			// A fence the LKMM column cannot read is a refusal, named.
			if litmus.IsUnsupported(err) {
				err = &gapError{err}
			}
			run.Err = err
			return run, nil
		}
	} else {
		// The compiled test runs under the hardware model's mixed-size
		// semantics when it accesses a location at several widths.
		opt.RefuseMixedSize = true
	}
	model, err := col.Model()
	if col.Target != nil {
		c, cerr := Compile(t, col.Target)
		if cerr != nil {
			run.Err = &gapError{cerr}
			return run, nil
		}
		run.Compiled, run.Test = c, c.Test
		if adjust != nil {
			adjust(run.Test)
		}
	}
	if err != nil {
		run.Err = fmt.Errorf("model %s not available", col.ModelName())
		return run, nil
	}
	res, err := decide.Explore(ctx, run.Test, model, opt)
	if err != nil {
		if ctx.Err() != nil {
			err = ctx.Err()
		}
		run.Err = err
		return run, nil
	}
	run.Result = res
	return run, nil
}

// ErrSkipped is the Err of a run that Prove was asked to skip.
var ErrSkipped = fmt.Errorf("skipped")
