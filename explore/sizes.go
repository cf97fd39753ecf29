// This file implements the refusal of mixed-size accesses: a location that
// one access reads or writes with another width than the others. The
// explorer models each location as one whole value, so a byte store into
// a word, or a word read of two bytes, would be silently wrong; until
// mixed-size accesses are modelled they are refused.

package explore

import (
	"context"
	"fmt"

	"github.com/litmuscheck/litmuscheck/explore/limit"
	"github.com/litmuscheck/litmuscheck/explore/paths"
	"github.com/litmuscheck/litmuscheck/litmus"
)

// checkSizes reports the first access, in thread and path order (the
// paths that hang after those that end), whose width differs from that
// of the first access to the same location. The
// locations are the events' concrete addresses, so an access through a
// register the init block or a load sets counts as well.
func (s *setup) checkSizes() error {
	type access struct {
		in     *litmus.Instr
		thread int
	}
	first := map[string]access{}
	var err error
	s.eachAccess(func(t int, in *litmus.Instr, e *paths.Event) bool {
		f, ok := first[e.Loc]
		if !ok {
			first[e.Loc] = access{in, t}
			return true
		}
		if a, b := paths.AccessBytes(f.in), paths.AccessBytes(in); a != b {
			err = litmus.Unsupported(in.Pos, fmt.Sprintf(
				"mixed-size access: P%d's %q accesses %s as %s, P%d's %q (%s) as %s",
				t, in.Text, e.Loc, paths.Bytes(b), f.thread, f.in.Text, f.in.Pos, paths.Bytes(a)))
		}
		return err == nil
	})
	return err
}

// eachAccess calls f on every memory event of the paths, with its thread
// and instruction, in thread and path order (each thread's paths that
// hang after those that end), until f returns false.
func (s *setup) eachAccess(f func(t int, in *litmus.Instr, e *paths.Event) bool) {
	for t, paths := range s.paths {
		code := s.test.Threads[t].Code
		if t < len(s.hangPaths) {
			paths = append(paths[:len(paths):len(paths)], s.hangPaths[t]...)
		}
		for _, p := range paths {
			for i := range p.Events {
				e := &p.Events[i]
				if e.Kind == litmus.KindF || e.Instr < 0 || e.Instr >= len(code) {
					continue
				}
				if !f(t, &code[e.Instr], e) {
					return
				}
			}
		}
	}
}

// CheckSizes refuses a test whose locations are accessed with two widths,
// without exploring it. A test compiled from t (the hardware columns of a
// C test) does not keep the widths of t's accesses, so its caller checks
// t itself.
func CheckSizes(ctx context.Context, t *litmus.Test, opt Options) error {
	s, err := prepare(t, noModel{}, opt, limit.New(ctx, t.File, opt.MaxMemory))
	if err != nil {
		return err
	}
	return s.checkSizes()
}

// noModel allows everything: CheckSizes only needs the threads' paths.
type noModel struct{}

func (noModel) Name() string                             { return "none" }
func (noModel) Check(*litmus.Execution) (bool, []string) { return true, nil }
