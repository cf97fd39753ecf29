// This file implements the one parse of a test: a C test sees the lock
// fragments, with spin_* as the chosen algorithm, and the user's
// functions.

package pipeline

import (
	"context"
	"strings"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/locks"
	"github.com/litmuscheck/litmuscheck/parser"
)

// Parse parses the test src, read from file name, bounded by ctx, with
// the settings' Lock, UserDefs and AwaitLoops. A C test calls the lock
// fragments, with spin_* as the lock's operations (the LKMM's lock events
// when nil), and the user's functions.
func Parse(ctx context.Context, name, src string, s Settings) (*litmus.Test, error) {
	opt := parser.Options{AwaitLoops: s.AwaitLoops}
	// Only C tests call fragments: parsing the library is most of a
	// tiny assembly test's run, which herd7-mode scripts pay per call.
	if fields := strings.Fields(src[:min(len(src), 64)]); len(fields) > 0 && fields[0] == string(litmus.ArchC) {
		defs, err := locks.Defs(s.Lock, s.UserDefs)
		if err != nil {
			return nil, err
		}
		opt.CDefs = defs
	}
	return parser.ParseContext(ctx, name, src, opt)
}
