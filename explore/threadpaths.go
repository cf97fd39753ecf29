// This file implements what a test's thread paths tell before any is
// combined: whether every execution ends plainly, so that a run leaving
// some out (Options.StopAtFirst, a filter) owes no caveat for them.

package explore

import (
	"context"

	"github.com/litmuscheck/litmuscheck/explore/limit"
	"github.com/litmuscheck/litmuscheck/litmus"
)

// PlainPaths reports whether every path of every thread of t ends, as the
// explorer enumerates them: none ends in a spin that may hang, none is
// stuck or cut at the event budget, and the unroll bound cut no loop.
func PlainPaths(ctx context.Context, t *litmus.Test, opt Options) (bool, error) {
	s, err := prepare(t, noModel{}, opt, limit.New(ctx, t.File, opt.MaxMemory))
	if err != nil || s.loopCut {
		return false, err
	}
	for i := range s.paths {
		if len(s.hangPaths[i]) > 0 {
			return false, nil
		}
		for _, p := range s.paths[i] {
			if p.Stuck != nil || p.Overlong {
				return false, nil
			}
		}
	}
	return true, nil
}

type noModel struct{} // allows everything: PlainPaths needs the paths alone

func (noModel) Name() string                             { return "none" }
func (noModel) Check(*litmus.Execution) (bool, []string) { return true, nil }
