// This file implements the run that counts first and decides when the
// count does not finish in time, the decision itself, and the test of
// whether a test may be decided.

package decide

import (
	"context"
	"errors"
	"slices"
	"time"

	"github.com/litmuscheck/litmuscheck/explore"
	"github.com/litmuscheck/litmuscheck/explore/limit"
	"github.com/litmuscheck/litmuscheck/litmus"
)

// A FlagBounder is a model that tells, from a test alone, which flags its
// executions may raise (models.Model.MayFlag); known is false when it
// cannot tell.
type FlagBounder interface {
	MayFlag(t *litmus.Test) (flags []string, known bool)
}

// countFirst is how long a run counts every execution before it decides
// instead: the tests people run every day keep their counts, and a
// column's budget is left nearly whole for the decision.
const countFirst = 2 * time.Second

// Explore runs t under model as explore.Explore does. With opt.Decide and
// a deadline on ctx, a count that has not finished after countFirst (or a
// quarter of the time left, if less), or that passed the memory bound,
// gives way to Verdict when Decidable allows it, and otherwise starts
// again with the time left.
func Explore(ctx context.Context, t *litmus.Test, model explore.Model, opt explore.Options) (*litmus.Result, error) {
	deadline, ok := ctx.Deadline()
	if !opt.Decide || !ok {
		return explore.Explore(ctx, t, model, opt)
	}
	count, cancel := context.WithTimeout(ctx, min(countFirst, time.Until(deadline)/4))
	res, err := explore.Explore(count, t, model, opt)
	cancel()
	var memory *limit.MemoryLimitError
	if !errors.Is(err, context.DeadlineExceeded) && !errors.As(err, &memory) || ctx.Err() != nil {
		return res, err
	}
	ok, err = Decidable(ctx, t, model, opt)
	switch {
	case err != nil:
		return nil, err
	case !ok:
		return explore.Explore(ctx, t, model, opt)
	}
	return Verdict(ctx, t, model, opt)
}

// Decidable reports whether Verdict may leave executions of t out: every
// path of every thread ends (explore.PlainPaths), so no execution left
// out hangs, is stuck or is cut, and model tells that no execution raises
// a flag that voids a Never.
func Decidable(ctx context.Context, t *litmus.Test, model explore.Model, opt explore.Options) (bool, error) {
	fb, ok := model.(FlagBounder)
	if !ok {
		return false, nil
	}
	flags, known := fb.MayFlag(t)
	if !known || slices.ContainsFunc(flags, litmus.VoidsNever) {
		return false, nil
	}
	return explore.PlainPaths(ctx, t, opt)
}

// Verdict decides t under model: the executions that satisfy the
// proposition are all enumerated, as those of t with the proposition
// added to its filter, and those that do not only until one is found. The
// caller has checked that t is Decidable.
func Verdict(ctx context.Context, t *litmus.Test, model explore.Model, opt explore.Options) (*litmus.Result, error) {
	sat := *t
	sat.Filter = litmus.Conjoin(t.Filter, t.Cond.Prop)
	pos, err := explore.Explore(ctx, &sat, model, opt)
	if err != nil {
		return nil, err
	}
	other := *t
	other.Filter = litmus.Conjoin(t.Filter, &litmus.PropNot{P: t.Cond.Prop})
	first := opt
	first.Workers, first.StopAtFirst = 1, true
	neg, err := explore.Explore(ctx, &other, model, first)
	if err != nil {
		return nil, err
	}
	return merge(t, pos, neg), nil
}

// merge is the Result of t made of pos, every execution that satisfies
// the proposition, and neg, those that do not, all of them or the first.
func merge(t *litmus.Test, pos, neg *litmus.Result) *litmus.Result {
	res := *pos
	res.Test = t
	res.Negative, res.Uncounted = neg.Negative, neg.Uncounted
	res.Candidates += neg.Candidates
	res.Pruned += neg.Pruned
	res.Flags = slices.Compact(slices.Sorted(slices.Values(slices.Concat(pos.Flags, neg.Flags))))
	if t.Cond.Quant != litmus.Exists {
		res.Witness = neg.Witness
	}
	if !res.Uncounted {
		compare := litmus.CompareStates
		if litmus.UnsignedStates[t.Arch] {
			compare = litmus.CompareStatesUnsigned
		}
		res.States = slices.SortedFunc(slices.Values(slices.Concat(pos.States, neg.States)), compare)
	}
	return &res
}
