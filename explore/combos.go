// This file implements the bounds on a path's events and the generator
// of the combinations of paths (package combine; the layout of one
// combination is in combo_layout.go).

package explore

import (
	"fmt"

	"github.com/litmuscheck/litmuscheck/explore/combine"
	"github.com/litmuscheck/litmuscheck/explore/limit"
	"github.com/litmuscheck/litmuscheck/litmus"
)

// newComboGen is the generator of s's combinations of paths.
func (s *setup) newComboGen(lim *limit.Limiter) *combine.Gen {
	return combine.New(s.paths, s.initialValue, s.sym, s.coherent, s.mixed != nil, lim)
}

// MaxPathEvents is the number of events one thread's path may have: the
// dependencies within a path are one word (paths.go). A candidate
// execution has no bound of its own: sets and relations hold any number
// of events (set.go).
const MaxPathEvents = 64

// eventBound returns the error for a choice of paths one of which was cut
// past MaxPathEvents; nil if none was.
func (s *setup) eventBound(choice []int) error {
	for t, i := range choice {
		if s.paths[t][i].Overlong {
			return s.pathTooLong(t, i, false)
		}
	}
	return nil
}

// pathTooLong is the error for path i of thread t, cut past
// MaxPathEvents; every says that every path of the thread is. It points
// at the instruction of the event past the bound.
func (s *setup) pathTooLong(t, i int, every bool) error {
	p := &s.paths[t][i]
	th := s.test.Threads[t]
	what := fmt.Sprintf("a path of thread P%d has", th.ID)
	if every {
		what = fmt.Sprintf("every path of thread P%d has", th.ID)
	}
	pos := litmus.Pos{File: s.test.File}
	if ev := p.Events[MaxPathEvents]; ev.Instr >= 0 && ev.Instr < len(th.Code) {
		pos = th.Code[ev.Instr].Pos
	}
	if pos.File == "" {
		pos.File = s.test.File
	}
	return &litmus.Error{Pos: pos, Msg: fmt.Sprintf("unsupported: %s more than %d events (litmuscheck follows at most %d per thread)",
		what, MaxPathEvents, MaxPathEvents)}
}

// everyTooLarge returns the error of pathTooLong when every path of some
// thread is too long, before any choice is generated.
func (s *setup) everyTooLarge() error {
	for _, ps := range s.paths {
		if len(ps) == 0 {
			return nil // no choice at all
		}
	}
	for t, ps := range s.paths {
		every := true
		for i := range ps {
			every = every && ps[i].Overlong
		}
		if every {
			return s.pathTooLong(t, 0, true)
		}
	}
	return nil
}
