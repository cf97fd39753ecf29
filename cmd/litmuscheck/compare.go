// This file implements "litmuscheck compare A B", in the spirit of
// herdtools' mcompare7: which tests changed verdict or final states between
// two result sets, each read from --format jsonl output or from herd7
// logs (herd7's output blocks one after the other), a file or a directory
// of them (a campaign's shards).

package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/spf13/pflag"

	"github.com/litmuscheck/litmuscheck/litmus"
)

// A testResult is what compare knows of one test under one model.
type testResult struct {
	test, model string
	verdict     string
	// states are the final states, each as herd prints it, sorted; nil
	// when the run gave none (an error).
	states []string
	// where is the file (and line) the result was read from.
	where string
	// hardwareColumn: a C test's result in a compiled column, which a
	// herd7 log (the LKMM's results) has no counterpart for.
	hardwareColumn bool
}

// A resultSet is one side of a comparison.
type resultSet struct {
	name    string
	results []testResult
	// herdLog is set when some of the results come from a herd7 log,
	// which names no model.
	herdLog bool
}

func compareFlags(stderr io.Writer) *pflag.FlagSet {
	fs := pflag.NewFlagSet("litmuscheck compare", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	return fs
}

func runCompare(args []string, stdout, stderr io.Writer) int {
	fs := compareFlags(stderr)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 2 {
		writeUsage(stderr, commandNamed("compare"))
		return 2
	}
	var sets [2]resultSet
	for i, arg := range fs.Args() {
		set, err := readResultSet(arg)
		if err != nil {
			fmt.Fprintf(stderr, "litmuscheck compare: %v\n", err)
			return 2
		}
		sets[i] = set
	}
	d := compareSets(sets[0], sets[1], stderr)
	d.write(stdout, sets[0].name, sets[1].name)
	if d.changes() > 0 {
		return 1
	}
	return 0
}

// A setDiff is what differs between two result sets.
type setDiff struct {
	both                     int
	verdicts, states         []change
	onlyInA, onlyInB         []string
	keyedByName, modelsMixed bool
}

// A change is one test whose result differs.
type change struct {
	key  string
	a, b testResult
}

func (d setDiff) changes() int {
	return len(d.verdicts) + len(d.states) + len(d.onlyInA) + len(d.onlyInB)
}

// compareSets compares a and b test by test. A herd7 log names no model:
// when either side has none, tests are matched by name alone.
func compareSets(a, b resultSet, stderr io.Writer) setDiff {
	var d setDiff
	d.keyedByName = a.herdLog || b.herdLog
	ka, kb := keyed(a, d.keyedByName, stderr), keyed(b, d.keyedByName, stderr)
	for _, k := range sortedKeys(ka) {
		ra := ka[k]
		rb, ok := kb[k]
		if !ok {
			d.onlyInA = append(d.onlyInA, k)
			continue
		}
		d.both++
		switch {
		case ra.verdict != rb.verdict:
			d.verdicts = append(d.verdicts, change{k, ra, rb})
		case ra.states != nil && rb.states != nil && !slices.Equal(ra.states, rb.states):
			d.states = append(d.states, change{k, ra, rb})
		}
	}
	for _, k := range sortedKeys(kb) {
		if _, ok := ka[k]; !ok {
			d.onlyInB = append(d.onlyInB, k)
		}
	}
	return d
}

// keyed indexes s by test name, and model unless byName. A name seen
// again (a corpus may hold two tests of one name) is keyed by its rank,
// "NAME #2", so that both sides pair their duplicates in order of
// appearance; when the duplicates' results differ, that pairing decides
// what is compared, and the user is told.
func keyed(s resultSet, byName bool, stderr io.Writer) map[string]testResult {
	m := map[string]testResult{}
	seen := map[string]int{}
	for _, r := range s.results {
		if byName && r.hardwareColumn {
			// herd7 runs a C test under the LKMM alone.
			continue
		}
		k := r.test
		if !byName && r.model != "" {
			k += " (" + r.model + ")"
		}
		seen[k]++
		if n := seen[k]; n > 1 {
			if first := m[k]; first.verdict != r.verdict || !slices.Equal(first.states, r.states) {
				fmt.Fprintf(stderr, "litmuscheck compare: %s: %s again (first at %s), with another result: duplicates are paired in order of appearance\n", r.where, k, first.where)
			}
			k = fmt.Sprintf("%s #%d", k, n)
		}
		m[k] = r
	}
	return m
}

func sortedKeys(m map[string]testResult) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// write prints the differences, then a summary line.
func (d setDiff) write(w io.Writer, nameA, nameB string) {
	for _, c := range d.verdicts {
		fmt.Fprintf(w, "verdict %s: %s -> %s\n", c.key, c.a.verdict, c.b.verdict)
	}
	for _, c := range d.states {
		fmt.Fprintf(w, "states %s: %s (both %s)\n", c.key, statesChange(c.a.states, c.b.states), c.a.verdict)
	}
	for _, k := range d.onlyInA {
		fmt.Fprintf(w, "only in %s: %s\n", nameA, k)
	}
	for _, k := range d.onlyInB {
		fmt.Fprintf(w, "only in %s: %s\n", nameB, k)
	}
	by := ""
	if d.keyedByName {
		by = " (matched by name: a herd7 log names no model)"
	}
	fmt.Fprintf(w, "compare: %d tests in both%s, %d changed verdict, %d changed states, %d only in %s, %d only in %s\n",
		d.both, by, len(d.verdicts), len(d.states), len(d.onlyInA), nameA, len(d.onlyInB), nameB)
}

// statesChange lists the states only in a (-) and only in b (+).
func statesChange(a, b []string) string {
	var parts []string
	for _, s := range a {
		if !slices.Contains(b, s) {
			parts = append(parts, "-["+s+"]")
		}
	}
	for _, s := range b {
		if !slices.Contains(a, s) {
			parts = append(parts, "+["+s+"]")
		}
	}
	return strings.Join(parts, " ")
}

// readResultSet reads path, a result file or a directory whose files
// (below it, in name order) are all read as one set.
func readResultSet(path string) (resultSet, error) {
	set := resultSet{name: path}
	st, err := os.Stat(path)
	if err != nil {
		return set, err
	}
	files := []string{path}
	if st.IsDir() {
		files = nil
		err := filepath.WalkDir(path, func(p string, e os.DirEntry, err error) error {
			if err == nil && e.Type().IsRegular() {
				files = append(files, p)
			}
			return err
		})
		if err != nil {
			return set, err
		}
		sort.Strings(files)
	}
	for _, f := range files {
		rs, herdLog, err := readResultFile(f)
		if err != nil {
			return set, err
		}
		set.results = append(set.results, rs...)
		set.herdLog = set.herdLog || herdLog
	}
	return set, nil
}

// readResultFile reads one file: jsonl when its first non-blank
// character opens an object, else a herd7 log (herdLog). An empty file
// is an empty jsonl (a shard that holds no test).
func readResultFile(file string) (rs []testResult, herdLog bool, err error) {
	b, err := os.ReadFile(file)
	if err != nil {
		return nil, false, err
	}
	text := strings.TrimSpace(string(b))
	if text == "" || strings.HasPrefix(text, "{") {
		rs, err := parseJSONL(file, string(b))
		return rs, false, err
	}
	return parseHerdLog(file, string(b)), true, nil
}

// parseJSONL reads --format jsonl lines (blank lines are skipped).
func parseJSONL(file, text string) ([]testResult, error) {
	var out []testResult
	for i, line := range strings.Split(text, "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		var obj struct {
			Test, File, Model, Verdict, Arch string
			States                           []string
			Error                            string
		}
		if err := json.Unmarshal([]byte(line), &obj); err != nil {
			return nil, fmt.Errorf("%s:%d: not a jsonl result: %v", file, i+1, err)
		}
		r := testResult{test: obj.Test, model: obj.Model, verdict: obj.Verdict, where: fmt.Sprintf("%s:%d", file, i+1),
			hardwareColumn: obj.Arch == string(litmus.ArchC) && !strings.EqualFold(obj.Model, "LKMM")}
		if r.test == "" {
			// A file that did not parse has no test name: its path stands in.
			r.test = obj.File
		}
		if obj.Error == "" {
			r.states = normalStates(obj.States)
		}
		out = append(out, r)
	}
	return out, nil
}

// parseHerdLog reads herd7's output blocks: "Test NAME KIND", "States N"
// and the states up to the Ok/No line, then "Observation NAME VERDICT p n",
// which ends the block. Lines outside blocks (warnings, Time, Hash) are
// skipped; a block without its Observation gives no result.
func parseHerdLog(file, text string) []testResult {
	var out []testResult
	var cur *testResult
	inStates := false
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(nil, 1<<24)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		f := strings.Fields(line)
		switch {
		case len(f) >= 2 && f[0] == "Test":
			cur = &testResult{test: f[1], where: fmt.Sprintf("%s:%d", file, n), states: []string{}}
			inStates = false
		case cur == nil:
		case len(f) == 2 && f[0] == "States":
			inStates = true
		case inStates && (line == "Ok" || line == "No" || strings.HasPrefix(line, "Loop ")):
			inStates = false
		case inStates:
			cur.states = append(cur.states, strings.Join(f, " "))
		case len(f) >= 3 && f[0] == "Observation" && f[1] == cur.test:
			cur.verdict = f[2]
			cur.states = normalStates(cur.states)
			out = append(out, *cur)
			cur = nil
		}
	}
	return out
}

// normalStates sorts the states, with single spaces, so that two sets
// compare whatever the order and spacing they were printed in.
func normalStates(states []string) []string {
	out := make([]string, 0, len(states))
	for _, s := range states {
		out = append(out, strings.Join(strings.Fields(s), " "))
	}
	sort.Strings(out)
	return out
}
