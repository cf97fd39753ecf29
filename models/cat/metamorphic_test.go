// This file implements TestMetamorphic: checks on mutants of the corpus
// that need no second model, so that they reach the explorer the Go
// models and the interpreter share: symmetry reduction and workers do
// not change a result, a fence or a stronger access never adds a final
// state, and every state SC allows the weaker model allows.

package cat

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/litmuscheck/litmuscheck/explore"
	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/models"
	"github.com/litmuscheck/litmuscheck/parser"
)

// shrinking are the kinds of mutant whose states the original's
// contain; growing, those whose states contain the original's. Each
// adds or removes only ordering: the candidates stay the same.
var (
	shrinking = map[string]bool{"insert-fence": true, "strengthen": true}
	growing   = map[string]bool{"drop-fence": true, "weaken": true}
)

// oneInstrRMW finds the instructions whose read and write herd does not
// order by po (docs/design.md, Combinations): with them sc.cat lets the
// read take a write coherence-after the instruction's own write, which
// every weaker model forbids, so SC is no lower bound.
var oneInstrRMW = regexp.MustCompile(`(?i)\b(SWP|CAS|LD(ADD|CLR|EOR|SET|[SU]MAX|[SU]MIN)|ST(ADD|CLR|EOR|SET|[SU]MAX|[SU]MIN)|XCHG|CMPXCHG|LOCK)[A-Z]*\b`)

// herdStates are the final-state lines of herd's output.
func herdStates(out string) map[string]bool {
	states := map[string]bool{}
	in := false
	for _, l := range strings.Split(out, "\n") {
		switch {
		case strings.HasPrefix(l, "States "):
			in = true
		case l == "Ok" || l == "No" || strings.HasPrefix(l, "Loop "):
			return states
		case in:
			states[l] = true
		}
	}
	return states
}

// missing returns the states of a that b lacks.
func missing(a, b map[string]bool) []string {
	var m []string
	for s := range a {
		if !b[s] {
			m = append(m, s)
		}
	}
	return m
}

// TestMetamorphic runs the checks on LITMUSCHECK_MUTANTS mutants of each
// directory, with the Go models only (the same environment as
// TestMutants).
func TestMetamorphic(t *testing.T) {
	n, dirs, only, bound := huntSettings(t)
	for _, c := range huntDirs() {
		// SC is the lower bound the checks use, not a model to check.
		if len(dirs) > 0 && !dirs[c.name] || c.goModel == "SC" {
			continue
		}
		t.Run(c.dir, func(t *testing.T) {
			gm, err := models.Lookup(c.goModel)
			if err != nil {
				t.Fatal(err)
			}
			rng, files := shuffledCorpus(c.dir)
			sent, bad := 0, 0
			for _, f := range files {
				if sent >= n {
					break
				}
				src, err := os.ReadFile(f)
				if err != nil {
					continue
				}
				orig, err := parser.Parse(f, string(src))
				if err != nil {
					continue
				}
				base, to := runBoundedOpt(orig, gm, bound, c.explore)
				if to || strings.HasPrefix(base, "error: ") {
					continue
				}
				for _, m := range pickMutants(rng, string(src), envInt(mutantPerEnv, 3), only) {
					sent++
					lt, err := parser.Parse(f, m.src)
					if err != nil {
						continue
					}
					desc := filepath.Base(f) + ": " + m.desc
					withSC := c.dir != "lkmm" && !oneInstrRMW.MatchString(m.src)
					if !checkMetamorphic(t, desc, m.kind, lt, gm, c.explore, base, withSC, bound) {
						bad++
					}
				}
			}
			t.Logf("%s: %d mutants, %d fail a check", c.dir, sent, bad)
		})
	}
}

// checkMetamorphic checks one mutant against its original's output
// base; withSC adds the check against SC (not for the LKMM, whose RCU
// forbids executions that SC, blind to RCU, allows, nor with oneInstrRMW).
func checkMetamorphic(t *testing.T, desc, kind string, lt *litmus.Test, gm explore.Model, opt explore.Options, base string, withSC bool, bound time.Duration) bool {
	out, to := runBoundedOpt(lt, gm, bound, opt)
	if to || strings.HasPrefix(out, "error: ") {
		return true
	}
	ok := true
	// Each variant changes one option of the run's own (its mixed-size
	// settings included: without them a byte store runs as a word).
	noSym, workers := opt, opt
	noSym.NoSymmetry, workers.Workers = true, 2
	for _, v := range []struct {
		name string
		opt  explore.Options
	}{{"NoSymmetry", noSym}, {"Workers=2", workers}} {
		if o, to := runBoundedOpt(lt, gm, bound, v.opt); !to && o != out {
			t.Errorf("%s [%s]: %s changes the result:\n%s\nvs\n%s", desc, kind, v.name, out, o)
			ok = false
		}
	}
	st, bst := herdStates(out), herdStates(base)
	if shrinking[kind] {
		if m := missing(st, bst); len(m) > 0 {
			t.Errorf("%s [%s]: states the original lacks: %q", desc, kind, m)
			ok = false
		}
	}
	if growing[kind] {
		if m := missing(bst, st); len(m) > 0 {
			t.Errorf("%s [%s]: original's states lost: %q", desc, kind, m)
			ok = false
		}
	}
	if withSC {
		if sc, to := runBoundedOpt(lt, models.SC, bound, opt); !to && !strings.HasPrefix(sc, "error: ") {
			if m := missing(herdStates(sc), st); len(m) > 0 {
				t.Errorf("%s [%s]: SC allows states the model forbids: %q", desc, kind, m)
				ok = false
			}
		}
	}
	return ok
}
