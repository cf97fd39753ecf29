// This file implements Check, which parses a C test with the lock
// fragments and a user's functions and runs it in the chosen columns, and
// its options.

package proof

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/litmuscheck/litmuscheck/explore"
	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/locks"
	"github.com/litmuscheck/litmuscheck/parser/cparse"
	"github.com/litmuscheck/litmuscheck/pipeline"
)

// All names every column for Models: the LKMM and each hardware target.
const All = "all"

// An Option changes how Check runs a test.
type Option func(*config)

type config struct {
	name         string
	lock         string
	models       []string
	timeout      time.Duration
	allowVacuous bool
	allowHangs   bool
	// fragments are the user's functions as given, read by load.
	fragments []fragmentSource
}

type fragmentSource struct {
	name, src, path string
}

// Lock makes spin_lock, spin_unlock, spin_trylock and spin_is_locked the
// operations of a lock algorithm of package locks (Locks lists them), in
// every column, the LKMM's included.
func Lock(name string) Option { return func(c *config) { c.lock = name } }

// Fragments adds C function definitions, given as source text, that the
// test may call. Positions in them name the file "fragments.frag".
func Fragments(src string) Option {
	return func(c *config) { c.fragments = append(c.fragments, fragmentSource{name: "fragments.frag", src: src}) }
}

// FragmentFile adds the C function definitions of a file. Name it .frag,
// not .c: see the package documentation.
func FragmentFile(path string) Option {
	return func(c *config) { c.fragments = append(c.fragments, fragmentSource{name: path, path: path}) }
}

// Models chooses the columns to run, by the --model name ("lkmm",
// "power", "power-isync", "armv8", "armv8-lse", "tso", "riscv") or by the
// title the CLI prints ("LKMM", "POWER isync", "ARMv8 LSE", "RISC-V"...),
// in any case, or All (the default). The assertions name columns alike.
func Models(names ...string) Option { return func(c *config) { c.models = names } }

// Timeout bounds each column's run; a column that does not finish in time
// fails the test.
func Timeout(d time.Duration) Option { return func(c *config) { c.timeout = d } }

// AllowVacuous accepts a result that no execution reaches, for a test
// that expects every execution to be cut (a deadlock, say). By default a
// vacuous result fails the test: its Never proves nothing.
func AllowVacuous() Option { return func(c *config) { c.allowVacuous = true } }

// AllowHangs accepts executions that hang, for a test that asserts them.
func AllowHangs() Option { return func(c *config) { c.allowHangs = true } }

// Name is the file name that positions in the test's source give; Check
// uses the test's name with ".litmus", CheckFile the path.
func Name(file string) Option { return func(c *config) { c.name = file } }

// Locks lists the lock algorithms Lock can name.
func Locks() []string {
	var names []string
	for _, a := range locks.Algorithms {
		names = append(names, a.Name)
	}
	return names
}

// CheckFile is Check on the C test in the file at path.
func CheckFile(tb testing.TB, path string, opts ...Option) *Result {
	tb.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		tb.Fatalf("proof: %v", err)
		return &Result{tb: tb}
	}
	return Check(tb, string(src), append([]Option{Name(path)}, opts...)...)
}

// Check runs the C test src in each column Models chooses and returns
// the result for assertions. It fails tb, as Errorf does, for a column
// without a verdict we can stand behind (see the package documentation),
// and stops it, as Fatalf does, when the test or a user's functions do not
// parse or an option is wrong.
func Check(tb testing.TB, src string, opts ...Option) *Result {
	tb.Helper()
	c := config{name: strings.NewReplacer("/", "_", " ", "_").Replace(tb.Name()) + ".litmus"}
	for _, o := range opts {
		o(&c)
	}
	r := &Result{tb: tb, allowHangs: c.allowHangs}
	if err := r.run(c, src); err != nil {
		tb.Fatalf("proof: %s", errorText(err))
		return r
	}
	r.checkDefaults(c)
	return r
}

// run parses src and runs it in the columns of c.
func (r *Result) run(c config, src string) error {
	cols, err := c.columns()
	if err != nil {
		return err
	}
	var alg *locks.Algorithm
	if c.lock != "" {
		if alg, err = locks.AlgorithmByName(c.lock); err != nil {
			return err
		}
	}
	user, err := c.load()
	if err != nil {
		return err
	}
	t, err := pipeline.Parse(context.Background(), c.name, src, pipeline.Settings{Lock: alg, UserDefs: user, AwaitLoops: true})
	if err != nil {
		return err
	}
	if t.Arch != litmus.ArchC {
		return fmt.Errorf("%s: a %s test; proof checks C tests", c.name, t.Arch)
	}
	r.Test = t
	r.cfg = c
	r.ctest = pipeline.NewCTest(t, alg, user)
	ctx := context.Background()
	if c.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, c.timeout)
		defer cancel()
	}
	// A mixed-size test runs in the hardware columns at its widths; the
	// LKMM column refuses it (locks.ErrLKMMMixedSize).
	for _, col := range cols {
		run, err := r.ctest.Run(ctx, col, explore.Options{})
		if err != nil {
			return err
		}
		r.Runs = append(r.Runs, run)
	}
	return nil
}

// load parses the user's functions, each file after the ones before.
func (c config) load() (*cparse.CDefs, error) {
	var user *cparse.CDefs
	for _, f := range c.fragments {
		var d *cparse.CDefs
		var err error
		if f.path != "" {
			d, err = cparse.ParseCDefsFile(f.path)
		} else {
			d, err = cparse.ParseCDefs(f.name, f.src)
		}
		if err == nil {
			user, err = user.Extend(d)
		}
		if err != nil {
			return nil, err
		}
	}
	return user, nil
}

// errorText puts each error of a list on a line of its own.
func errorText(err error) string {
	if list, ok := err.(litmus.ErrorList); ok {
		var lines []string
		for _, e := range list {
			lines = append(lines, e.Error())
		}
		return strings.Join(lines, "\n")
	}
	return err.Error()
}
