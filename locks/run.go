// This file implements the running of one C test under LKMM and under the
// hardware targets, each a column of a report.
package locks

import (
	"context"
	"fmt"

	"litmuscheck/litmus"
	"litmuscheck/models"
	"litmuscheck/parser"
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

// ColumnByName finds a column by its --model name.
func ColumnByName(name string) (Column, bool) {
	for _, c := range Columns {
		if c.Name == name {
			return c, true
		}
	}
	return Column{}, false
}

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
	// Err is why the column has no result: the model is not available, or
	// the test does not compile for the target.
	Err error
}

// Verdict is the run's verdict, or "n/a" when it has none.
func (r *Run) Verdict() string {
	if r.Result == nil {
		return "n/a"
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
// fragments; alg, when not nil, defines spin_* as its operations.
func ParseC(name, src string, alg *Algorithm) (*litmus.Test, error) {
	defs, err := Defs(alg)
	if err != nil {
		return nil, err
	}
	return parser.ParseWith(name, src, parser.Options{CDefs: defs})
}

// RunC runs the C test src (read from file name) in column col. In the
// LKMM column spin_* are lock.cat's lock events unless alg names an
// algorithm; a hardware target always runs an algorithm, alg or
// DefaultAlgorithm. An error is returned for a test that does not parse;
// a column that cannot run reports why in Run.Err.
func RunC(ctx context.Context, name, src string, alg *Algorithm, col Column, opt litmus.Options) (*Run, error) {
	run := &Run{Column: col, Algorithm: alg}
	if col.Target != nil && alg == nil {
		a, err := AlgorithmByName(DefaultAlgorithm)
		if err != nil {
			return nil, err
		}
		run.Algorithm = a
	}
	t, err := ParseC(name, src, run.Algorithm)
	if err != nil {
		return nil, err
	}
	run.Test = t
	if col.Target == nil {
		if err := PrepareLKMM(t); err != nil {
			run.Err = err
			return run, nil
		}
	}
	model, err := models.Lookup(col.ModelName())
	if col.Target != nil {
		c, cerr := Compile(t, col.Target)
		if cerr != nil {
			run.Err = cerr
			return run, nil
		}
		run.Compiled, run.Test = c, c.Test
	}
	if err != nil {
		run.Err = fmt.Errorf("model %s not available", col.ModelName())
		return run, nil
	}
	res, err := litmus.Explore(ctx, run.Test, model, opt)
	if err != nil {
		if ctx.Err() != nil {
			return nil, err
		}
		run.Err = err
		return run, nil
	}
	run.Result = res
	return run, nil
}
