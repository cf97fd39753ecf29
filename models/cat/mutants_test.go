// This file runs the differential hunt on mutants of the corpus: each
// mutant (mutate_test.go) under the Go model and under the interpreter
// on herd's cat file, comparing herd's output of both. It runs only when
// LITMUSCHECK_MUTANTS is set, the count of mutants per directory.

package cat

import (
	"context"
	"errors"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/litmuscheck/litmuscheck/explore"
	"github.com/litmuscheck/litmuscheck/herd"
	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/models"
	"github.com/litmuscheck/litmuscheck/parser"
)

// The environment of TestMutants: the count per directory; a seed other
// than 1; the directories, comma-separated (all of huntDirs by
// default); the parallelism; the bound of one exploration, in seconds;
// a directory where each disagreeing mutant is written.
const (
	mutantsEnv    = "LITMUSCHECK_MUTANTS"
	mutantSeedEnv = "LITMUSCHECK_MUTANTS_SEED"
	mutantDirsEnv = "LITMUSCHECK_MUTANTS_DIRS"
	mutantJobsEnv = "LITMUSCHECK_MUTANTS_J"
	mutantTimeEnv = "LITMUSCHECK_MUTANTS_TIMEOUT"
	mutantOutEnv  = "LITMUSCHECK_MUTANTS_OUT"
	// mutantDepthEnv, above 1, mutates each mutant again, up to that
	// many changes in all: further from the corpus.
	mutantDepthEnv = "LITMUSCHECK_MUTANTS_DEPTH"
	// mutantKindsEnv, comma-separated, keeps the first change of each
	// mutant to those kinds.
	mutantKindsEnv = "LITMUSCHECK_MUTANTS_KINDS"
	// mutantPerEnv is how many mutants each corpus test gives (3).
	mutantPerEnv = "LITMUSCHECK_MUTANTS_PER"
)

func envInt(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil {
		return n
	}
	return def
}

// envSet is the set of the comma-separated names of an environment
// variable.
func envSet(name string) map[string]bool {
	set := map[string]bool{}
	for _, d := range strings.Split(os.Getenv(name), ",") {
		if d != "" {
			set[d] = true
		}
	}
	return set
}

// pickMutants chooses up to n mutants of src: a kind at random, then a
// mutant of it, so that rare kinds are not drowned by common ones.
func pickMutants(rng *rand.Rand, src string, n int, only map[string]bool) []mutant {
	byKind := map[string][]mutant{}
	var kinds []string
	for _, m := range mutate(src) {
		if len(only) > 0 && !only[m.kind] {
			continue
		}
		if byKind[m.kind] == nil {
			kinds = append(kinds, m.kind)
		}
		byKind[m.kind] = append(byKind[m.kind], m)
	}
	var out []mutant
	for len(out) < n && len(kinds) > 0 {
		k := rng.Intn(len(kinds))
		ms := byKind[kinds[k]]
		i := rng.Intn(len(ms))
		out = append(out, ms[i])
		ms = append(ms[:i], ms[i+1:]...)
		byKind[kinds[k]] = ms
		if len(ms) == 0 {
			kinds = append(kinds[:k], kinds[k+1:]...)
		}
	}
	return out
}

// A huntDir is a corpus directory the hunt mutates, with its models and
// the exploration's options.
type huntDir struct {
	name         string // the subtest: dir, or dir@SC
	dir, goModel string
	opts         Options
	explore      explore.Options
}

// huntDirs are corpusModels and the mixed-size corpus, run as herd7
// -variant mixed (.ci/mixed-conform).
func huntDirs() []huntDir {
	var hs []huntDir
	for _, c := range corpusModels {
		// As the CLI runs them: a test that mixes widths runs under
		// mixed-size semantics.
		hs = append(hs, huntDir{c.dir, c.dir, c.goModel, c.opts, explore.Options{RefuseMixedSize: true}})
	}
	mixed := []string{"mixed"}
	hs = append(hs,
		huntDir{"mixed/X86_64", "mixed/X86_64", "TSO-mixed", Options{Model: "x86tso-mixed.cat", Variants: mixed}, explore.Options{Mixed: true}},
		huntDir{"mixed/AArch64", "mixed/AArch64", "ARMv8", Options{Model: "aarch64.cat", Variants: mixed}, explore.Options{Mixed: true}},
		huntDir{"mixed/PPC", "mixed/PPC", "Power", Options{Model: "ppc.cat", Variants: mixed}, explore.Options{Mixed: true}})
	// SC against sc.cat on every assembly directory.
	for _, h := range hs {
		if h.dir != "lkmm" {
			sc := Options{Model: "sc.cat", Variants: h.opts.Variants}
			hs = append(hs, huntDir{h.dir + "@SC", h.dir, "SC", sc, h.explore})
		}
	}
	return hs
}

// runBoundedOpt explores t under m within d; it returns herd's output or
// an "error: " line, and whether the bound was hit.
func runBoundedOpt(t *litmus.Test, m explore.Model, d time.Duration, opt explore.Options) (string, bool) {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	res, err := explore.Explore(ctx, t, m, opt)
	if err != nil {
		return "error: " + err.Error(), errors.Is(err, context.DeadlineExceeded)
	}
	var b strings.Builder
	herd.WriteResult(&b, res)
	return b.String(), false
}

// mutantStats count, per kind, the mutants run and those that disagree.
type mutantStats struct {
	mu                   sync.Mutex
	run, differ, refused map[string]int
	unparsed, timeouts   int
	total, differs       int
}

func (s *mutantStats) String() string {
	var kinds []string
	for k := range s.run {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	var b strings.Builder
	for _, k := range kinds {
		fmt.Fprintf(&b, " %s=%d", k, s.run[k])
		if s.differ[k] > 0 {
			fmt.Fprintf(&b, "(%d differ)", s.differ[k])
		}
		if s.refused[k] > 0 {
			fmt.Fprintf(&b, "(%d refused by both)", s.refused[k])
		}
	}
	fmt.Fprintf(&b, "; %d run, %d differ; unparsed %d, timeouts %d", s.total, s.differs, s.unparsed, s.timeouts)
	return b.String()
}

// huntSettings are the settings TestMutants and TestMetamorphic share: the
// count of mutants a directory, the directories and kinds to keep (empty:
// all) and the bound of one run; it skips the test when no count is set.
func huntSettings(t *testing.T) (n int, dirs, only map[string]bool, bound time.Duration) {
	n = envInt(mutantsEnv, 0)
	if n <= 0 {
		t.Skipf("set %s to a count of mutants per directory", mutantsEnv)
	}
	needShared(t)
	return n, envSet(mutantDirsEnv), envSet(mutantKindsEnv), time.Duration(envInt(mutantTimeEnv, 20)) * time.Second
}

// shuffledCorpus is the random source of a hunt (seeded from the
// environment, so a run can be repeated) and the corpus directory's tests
// in an order it draws.
func shuffledCorpus(dir string) (*rand.Rand, []string) {
	rng := rand.New(rand.NewSource(int64(envInt(mutantSeedEnv, 1))))
	files, _ := filepath.Glob(filepath.Join(shared, "corpus", dir, "*.litmus"))
	rng.Shuffle(len(files), func(i, j int) { files[i], files[j] = files[j], files[i] })
	return rng, files
}

// TestMutants is the differential hunt on mutants of the corpus:
// LITMUSCHECK_MUTANTS=500 go test ./models/cat -run TestMutants -v
func TestMutants(t *testing.T) {
	n, dirs, only, bound := huntSettings(t)
	jobs := envInt(mutantJobsEnv, 1)
	out := os.Getenv(mutantOutEnv)
	depth := envInt(mutantDepthEnv, 1)
	per := envInt(mutantPerEnv, 3)
	for _, c := range huntDirs() {
		if len(dirs) > 0 && !dirs[c.name] {
			continue
		}
		t.Run(c.name, func(t *testing.T) {
			p := loadRef(t, c.opts)
			gm, err := models.Lookup(c.goModel)
			if err != nil {
				t.Fatal(err)
			}
			rng, files := shuffledCorpus(c.dir)
			st := &mutantStats{run: map[string]int{}, differ: map[string]int{}, refused: map[string]int{}}
			work := make(chan mutant)
			var wg sync.WaitGroup
			for w := 0; w < jobs; w++ {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for m := range work {
						checkMutant(t, m, gm, p.Model(), c.explore, bound, st, out, strings.NewReplacer("/", "-", "@", "-").Replace(c.name))
					}
				}()
			}
			sent := 0
			for _, f := range files {
				if sent >= n {
					break
				}
				src, err := os.ReadFile(f)
				if err != nil {
					continue
				}
				for _, m := range pickMutants(rng, string(src), per, only) {
					if sent >= n {
						break
					}
					for d := 1; d < depth; d++ {
						if more := pickMutants(rng, m.src, 1, nil); len(more) > 0 {
							m = mutant{m.kind + "+" + more[0].kind, m.desc + "; " + more[0].desc, more[0].src}
						}
					}
					m.desc = filepath.Base(f) + ": " + m.desc
					work <- m
					sent++
				}
			}
			close(work)
			wg.Wait()
			t.Logf("%s: %d mutants:%s", c.name, sent, st)
		})
	}
}

// checkMutant runs one mutant under both models and reports a
// difference of herd's output (states, verdict, witnesses) as an error.
func checkMutant(t *testing.T, m mutant, gm, cm explore.Model, opt explore.Options, bound time.Duration, st *mutantStats, out, dir string) {
	lt, err := parser.Parse("mutant.litmus", m.src)
	if err != nil {
		st.mu.Lock()
		st.unparsed++
		st.mu.Unlock()
		return
	}
	want, to1 := runBoundedOpt(lt, gm, bound, opt)
	got, to2 := runBoundedOpt(lt, cm, bound, opt)
	st.mu.Lock()
	defer st.mu.Unlock()
	if to1 || to2 {
		st.timeouts++
		return
	}
	// A compound mutant counts under each of its kinds.
	kinds := strings.Split(m.kind, "+")
	for _, k := range kinds {
		st.run[k]++
	}
	st.total++
	if strings.HasPrefix(want, "error: ") && strings.HasPrefix(got, "error: ") {
		for _, k := range kinds {
			st.refused[k]++
		}
		return
	}
	d := cmp.Diff(want, got)
	if d == "" {
		return
	}
	for _, k := range kinds {
		st.differ[k]++
	}
	st.differs++
	t.Errorf("%s [%s]: Go model (-) and interpreter (+) differ:\n%s", m.desc, m.kind, d)
	if out != "" {
		name := fmt.Sprintf("%s-%d.litmus", dir, st.differs)
		_ = os.WriteFile(filepath.Join(out, name), []byte(m.src), 0o644)
		_ = os.WriteFile(filepath.Join(out, name+".why"), []byte(m.desc+"\n"+d), 0o644)
	}
}
