// This file implements the refusal of mixed-size accesses: a location that
// one access reads or writes with another width than the others. The
// explorer models each location as one whole value, so a byte store into
// a word, or a word read of two bytes, would be silently wrong; until
// mixed-size accesses are modelled they are refused.

package explore

import (
	"context"

	"github.com/litmuscheck/litmuscheck/explore/limit"
	"github.com/litmuscheck/litmuscheck/explore/paths"
	"github.com/litmuscheck/litmuscheck/litmus"
)

// CheckSizes refuses a test whose locations are accessed with two widths,
// without exploring it. A test compiled from t (the hardware columns of a
// C test) does not keep the widths of t's accesses, so its caller checks
// t itself.
func CheckSizes(ctx context.Context, t *litmus.Test, opt Options) error {
	s, err := prepare(t, noModel{}, opt, limit.New(ctx, t.File, opt.MaxMemory))
	if err != nil {
		return err
	}
	return paths.CheckSizes(s.test, s.paths, s.hangPaths)
}

// noModel allows everything: CheckSizes only needs the threads' paths.
type noModel struct{}

func (noModel) Name() string                             { return "none" }
func (noModel) Check(*litmus.Execution) (bool, []string) { return true, nil }
