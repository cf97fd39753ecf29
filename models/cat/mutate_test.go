// This file implements the mutator of TestMutants: single-point textual
// mutations of herd litmus tests (fences dropped, inserted or changed,
// accesses weakened or strengthened, instructions dropped or swapped,
// condition constants changed), for a differential hunt beyond the corpus.

package cat

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// A mutant is one single-point change of a test's source.
type mutant struct {
	kind string // the family of the change, for counting
	desc string // what changed, for the report
	src  string
}

// mutate returns every single-point mutant of src that the mutator
// knows, in a deterministic order. Mutants are textual: some do not
// parse, and the caller skips those.
func mutate(src string) []mutant {
	arch := strings.Fields(src)
	if len(arch) == 0 {
		return nil
	}
	var ms []mutant
	switch strings.ToUpper(arch[0]) {
	case "C":
		ms = mutateC(src)
	case "PPC", "AARCH64", "X86", "X86_64":
		ms = mutateAsm(strings.ToUpper(arch[0]), src)
	}
	return append(ms, mutateCond(src)...)
}

// condStart finds the final condition: the last line opening with a
// quantifier. -1 when there is none.
var condRe = regexp.MustCompile(`(?m)^[ \t]*(~[ \t]*exists|exists|forall)\b`)

func condStart(src string) (int, string) {
	locs := condRe.FindAllStringSubmatchIndex(src, -1)
	if len(locs) == 0 {
		return -1, ""
	}
	l := locs[len(locs)-1]
	return l[0], src[l[2]:l[3]]
}

var condValRe = regexp.MustCompile(`=[ \t]*(-?[0-9]+)\b`)

// mutateCond changes each integer constant of the condition, and the
// quantifier: the first moves the condition over the final states, the
// second tests the verdict's logic on the same states.
func mutateCond(src string) []mutant {
	at, quant := condStart(src)
	if at < 0 {
		return nil
	}
	var ms []mutant
	tail := src[at:]
	for _, e := range eachSubmatch(tail, condValRe, otherInts) {
		ms = append(ms, mutant{"cond-const", "condition constant " + e.desc, src[:at] + e.text})
	}
	q := strings.Join(strings.Fields(quant), "")
	for _, nq := range []string{"exists", "~exists", "forall"} {
		if nq == q {
			continue
		}
		s := src[:at] + strings.Replace(tail, quant, nq, 1)
		ms = append(ms, mutant{"quant", q + " -> " + nq, s})
	}
	return ms
}

// An edit is a text with one submatch replaced, and what changed.
type edit struct{ desc, text string }

// eachSubmatch replaces, one at a time, the first submatch of each match
// of re in text by each of alts of it.
func eachSubmatch(text string, re *regexp.Regexp, alts func(string) []string) []edit {
	var es []edit
	for _, l := range re.FindAllStringSubmatchIndex(text, -1) {
		old := text[l[2]:l[3]]
		for _, n := range alts(old) {
			es = append(es, edit{fmt.Sprintf("%s -> %s", old, n), text[:l[2]] + n + text[l[3]:]})
		}
	}
	return es
}

// otherInts are the values an integer constant changes to: the next,
// and 0, the initial value of every location.
func otherInts(s string) []string {
	v, err := strconv.Atoi(s)
	if err != nil {
		return nil
	}
	alts := []string{strconv.Itoa(v + 1)}
	if v != 0 {
		alts = append(alts, "0")
	}
	return alts
}

// others returns the names of set other than s.
func others(set []string) func(string) []string {
	return func(s string) []string {
		var o []string
		for _, n := range set {
			if n != s {
				o = append(o, n)
			}
		}
		return o
	}
}

// asmArch holds an architecture's textual rules for the cells of a
// program: fences, and rewrites of one instruction into another.
type asmArch struct {
	fence   *regexp.Regexp
	fences  []string // inserted between two rows
	rewrite []rewrite
	// value finds the immediate constants of a cell (submatch 1), loc
	// the locations a cell names itself (submatch 1), not through a
	// register of the init block.
	value, loc *regexp.Regexp
}

// A rewrite turns a cell matching re into each of to (regexp
// expansions); kind names the family.
type rewrite struct {
	kind string
	re   *regexp.Regexp
	to   []string
}

var asmArchs = map[string]asmArch{
	"PPC": {
		fence:  regexp.MustCompile(`^(sync|lwsync|eieio|isync|hwsync)$`),
		fences: []string{"sync", "lwsync", "isync", "eieio"},
		value:  regexp.MustCompile(`^(?:li|addi|cmpwi) .*,(-?[0-9]+)$`),
		rewrite: []rewrite{
			{"change-fence", regexp.MustCompile(`^sync$`), []string{"lwsync", "eieio"}},
			{"change-fence", regexp.MustCompile(`^lwsync$`), []string{"sync", "eieio", "isync"}},
			{"change-fence", regexp.MustCompile(`^eieio$`), []string{"lwsync"}},
			{"change-fence", regexp.MustCompile(`^isync$`), []string{"lwsync"}},
			// A false dependency made none: the value stays 0.
			{"kill-dep", regexp.MustCompile(`^xor (r[0-9]+),(r[0-9]+),(r[0-9]+)$`), []string{"li $1,0"}},
			// An access of another width: mixed-size accesses.
			{"width", regexp.MustCompile(`^stw (r[0-9]+,-?[0-9]+\(r[0-9]+\))$`), []string{"stb $1", "sth $1", "std $1"}},
			{"width", regexp.MustCompile(`^lwz (r[0-9]+,-?[0-9]+\(r[0-9]+\))$`), []string{"lbz $1", "lhz $1", "ld $1"}},
		},
	},
	"AARCH64": {
		fence:  regexp.MustCompile(`^(DMB|DSB|ISB)\b`),
		fences: []string{"DMB SY", "DMB LD", "DMB ST", "ISB"},
		value:  regexp.MustCompile(`#(-?[0-9]+)`),
		rewrite: []rewrite{
			{"change-fence", regexp.MustCompile(`^DMB (SY|ISH)$`), []string{"DMB LD", "DMB ST"}},
			{"change-fence", regexp.MustCompile(`^DMB (LD|ISHLD)$`), []string{"DMB ST", "DMB SY"}},
			{"change-fence", regexp.MustCompile(`^DMB (ST|ISHST)$`), []string{"DMB LD", "DMB SY"}},
			{"change-fence", regexp.MustCompile(`^ISB$`), []string{"DMB LD"}},
			{"weaken", regexp.MustCompile(`^LDAR([BH]?) (.*)$`), []string{"LDR$1 $2", "LDAPR$1 $2"}},
			{"weaken", regexp.MustCompile(`^LDAPR([BH]?) (.*)$`), []string{"LDR$1 $2"}},
			{"weaken", regexp.MustCompile(`^STLR([BH]?) (.*)$`), []string{"STR$1 $2"}},
			{"weaken", regexp.MustCompile(`^LDAXR([BH]?) (.*)$`), []string{"LDXR$1 $2"}},
			{"weaken", regexp.MustCompile(`^STLXR([BH]?) (.*)$`), []string{"STXR$1 $2"}},
			{"strengthen", regexp.MustCompile(`^LDR([BH]?) ([WX][0-9]+,\[X[0-9]+\])$`), []string{"LDAR$1 $2", "LDAPR$1 $2"}},
			{"strengthen", regexp.MustCompile(`^STR([BH]?) ([WX][0-9]+,\[X[0-9]+\])$`), []string{"STLR$1 $2"}},
			{"strengthen", regexp.MustCompile(`^LDXR([BH]?) (.*)$`), []string{"LDAXR$1 $2"}},
			{"strengthen", regexp.MustCompile(`^STXR([BH]?) (.*)$`), []string{"STLXR$1 $2"}},
			{"rmw-order", regexp.MustCompile(`^(SWP|CAS|LD(?:ADD|CLR|EOR|SET|SMAX|SMIN|UMAX|UMIN))(?:AL|A|L)?([BH]?) (.*)$`),
				[]string{"$1$2 $3", "$1A$2 $3", "$1L$2 $3", "$1AL$2 $3"}},
			{"rmw-order", regexp.MustCompile(`^(ST(?:ADD|CLR|EOR|SET|SMAX|SMIN|UMAX|UMIN))L?([BH]?) (.*)$`),
				[]string{"$1$2 $3", "$1L$2 $3"}},
			{"kill-dep", regexp.MustCompile(`^EOR ([WX][0-9]+),([WX][0-9]+),([WX][0-9]+)$`), []string{"MOV $1,#0"}},
			// A plain access made a single-instruction RMW: W28 and W27,
			// which the corpus leaves unset, are 0, so a load keeps its
			// value (an add of 0, a compare-and-swap of the value read).
			{"rmw", regexp.MustCompile(`^LDR (W[0-9]+),\[(X[0-9]+)\]$`),
				[]string{"LDADD W28,$1,[$2]", "LDADDA W28,$1,[$2]", "LDADDAL W28,$1,[$2]", "LDSETL W28,$1,[$2]", "CAS $1,$1,[$2]", "CASA $1,$1,[$2]", "SWPAL W28,$1,[$2]"}},
			{"rmw", regexp.MustCompile(`^STR (W[0-9]+),\[(X[0-9]+)\]$`),
				[]string{"SWP $1,W27,[$2]", "SWPL $1,W27,[$2]", "STADD $1,[$2]", "STADDL $1,[$2]", "CASL W27,$1,[$2]"}},
			{"width", regexp.MustCompile(`^(LDR|STR|LDAR|STLR|LDAPR)[BH]? (W[0-9]+,.*)$`), []string{"$1 $2", "${1}B $2", "${1}H $2"}},
			{"width", regexp.MustCompile(`^(LDR|STR|LDAR|STLR|LDAPR) W([0-9]+,.*)$`), []string{"$1 X$2"}},
		},
	},
	"X86": {
		fence:  regexp.MustCompile(`^(?i)(MFENCE|LFENCE|SFENCE)$`),
		fences: []string{"MFENCE"},
		value:  regexp.MustCompile(`\$(-?[0-9]+)`),
		loc:    regexp.MustCompile(`\[([a-z][a-z0-9_]*)\]`),
		rewrite: []rewrite{
			{"change-fence", regexp.MustCompile(`^MFENCE$`), []string{"LFENCE", "SFENCE"}},
		},
	},
	"X86_64": {
		fence:  regexp.MustCompile(`^(?i)(MFENCE|LFENCE|SFENCE)$`),
		fences: []string{"MFENCE"},
		value:  regexp.MustCompile(`\$(-?[0-9]+)`),
		loc:    regexp.MustCompile(`\(([a-z][a-z0-9_]*)\)`),
		rewrite: []rewrite{
			{"width", regexp.MustCompile(`^mov[bwlq] (\$-?[0-9]+,\([a-z0-9_]+\))$`), []string{"movb $1", "movw $1", "movl $1", "movq $1"}},
			{"width", regexp.MustCompile(`^movl (\([a-z0-9_]+\)),%e([a-d])x$`), []string{"movb $1,%${2}l", "movw $1,%${2}x", "movq $1,%r${2}x"}},
			{"width", regexp.MustCompile(`^movl %e([a-d])x,(\([a-z0-9_]+\))$`), []string{"movb %${1}l,$2", "movw %${1}x,$2", "movq %r${1}x,$2"}},
		},
	},
}

var (
	asmHeadRe  = regexp.MustCompile(`^\s*P0\s*(\|\s*P[0-9]+\s*)*;\s*$`)
	asmLabelRe = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*:`)
	asmCondKw  = regexp.MustCompile(`^\s*(~|exists|forall|locations|filter)`)
	initPtrRe  = regexp.MustCompile(`[0-9]+:[A-Za-z0-9]+\s*=\s*([a-z][a-z0-9_]*)\b`)
)

// asmTable is the program of an asm test, cut into cells.
type asmTable struct {
	lines []string   // the whole source
	first int        // the index in lines of the first program row
	rows  [][]string // cells of each row, trimmed
}

func parseAsmTable(src string) *asmTable {
	lines := strings.Split(src, "\n")
	for i, l := range lines {
		if !asmHeadRe.MatchString(l) {
			continue
		}
		t := &asmTable{lines: lines, first: i + 1}
		for _, r := range lines[i+1:] {
			s := strings.TrimSpace(r)
			if !strings.HasSuffix(s, ";") || asmCondKw.MatchString(s) {
				break
			}
			cells := strings.Split(strings.TrimSuffix(s, ";"), "|")
			for j := range cells {
				cells[j] = strings.TrimSpace(cells[j])
			}
			t.rows = append(t.rows, cells)
		}
		return t
	}
	return nil
}

// render writes rows in place of the table's program rows.
func (t *asmTable) render(rows [][]string) string {
	out := append([]string{}, t.lines[:t.first]...)
	for _, r := range rows {
		out = append(out, " "+strings.Join(r, " | ")+" ;")
	}
	out = append(out, t.lines[t.first+len(t.rows):]...)
	return strings.Join(out, "\n")
}

func (t *asmTable) copyRows() [][]string {
	rows := make([][]string, len(t.rows))
	for i, r := range t.rows {
		rows[i] = append([]string{}, r...)
	}
	return rows
}

func (t *asmTable) cell(i, j int) string {
	if j < len(t.rows[i]) {
		return t.rows[i][j]
	}
	return ""
}

func mutateAsm(arch string, src string) []mutant {
	a, ok := asmArchs[arch]
	t := parseAsmTable(src)
	if !ok || t == nil || len(t.rows) == 0 {
		return nil
	}
	var ms []mutant
	with := func(kind, desc string, rows [][]string) {
		ms = append(ms, mutant{kind, desc, t.render(rows)})
	}
	ncols := len(t.rows[0])
	var cellLocs []string
	if a.loc != nil {
		seen := map[string]bool{}
		for _, r := range t.rows {
			for _, c := range r {
				for _, m := range a.loc.FindAllStringSubmatch(c, -1) {
					if !seen[m[1]] {
						seen[m[1]] = true
						cellLocs = append(cellLocs, m[1])
					}
				}
			}
		}
	}
	// A register of the init block pointed at another location.
	head := strings.Join(t.lines[:t.first], "\n")
	if b := strings.Index(head, "{"); b >= 0 {
		var locs []string
		seen := map[string]bool{}
		for _, m := range initPtrRe.FindAllStringSubmatch(head[b:], -1) {
			if !seen[m[1]] {
				seen[m[1]] = true
				locs = append(locs, m[1])
			}
		}
		for _, e := range eachSubmatch(head[b:], initPtrRe, others(locs)) {
			ms = append(ms, mutant{"relocate", "init " + e.desc, head[:b] + e.text + "\n" + strings.Join(t.lines[t.first:], "\n")})
		}
	}
	for i, r := range t.rows {
		for j, c := range r {
			if c == "" || asmLabelRe.MatchString(c) {
				continue
			}
			rows := t.copyRows()
			rows[i][j] = ""
			kind := "drop-instr"
			if a.fence.MatchString(c) {
				kind = "drop-fence"
			}
			with(kind, fmt.Sprintf("P%d: drop %q", j, c), rows)
			for _, rw := range a.rewrite {
				if !rw.re.MatchString(c) {
					continue
				}
				for _, to := range rw.to {
					n := rw.re.ReplaceAllString(c, to)
					if n == c {
						continue
					}
					rows := t.copyRows()
					rows[i][j] = n
					with(rw.kind, fmt.Sprintf("P%d: %q -> %q", j, c, n), rows)
				}
			}
			if a.value != nil {
				for _, e := range eachSubmatch(c, a.value, otherInts) {
					rows := t.copyRows()
					rows[i][j] = e.text
					with("value", fmt.Sprintf("P%d: %q, %s", j, c, e.desc), rows)
				}
			}
			if a.loc != nil {
				for _, e := range eachSubmatch(c, a.loc, others(cellLocs)) {
					rows := t.copyRows()
					rows[i][j] = e.text
					with("relocate", fmt.Sprintf("P%d: %q, %s", j, c, e.desc), rows)
				}
			}
			// Swap with the next instruction of the thread: two
			// instructions in the other order, labels left in place.
			if i+1 < len(t.rows) {
				d := t.cell(i+1, j)
				if d != "" && !asmLabelRe.MatchString(d) && d != c {
					rows := t.copyRows()
					rows[i][j], rows[i+1][j] = d, c
					with("swap", fmt.Sprintf("P%d: swap %q and %q", j, c, d), rows)
				}
			}
		}
	}
	// A fence inserted before each row of each thread that has code after.
	for i := 0; i < len(t.rows); i++ {
		for j := 0; j < ncols; j++ {
			if t.cell(i, j) == "" {
				continue
			}
			for _, f := range a.fences {
				row := make([]string, ncols)
				row[j] = f
				rows := t.copyRows()
				rows = append(rows[:i], append([][]string{row}, rows[i:]...)...)
				with("insert-fence", fmt.Sprintf("P%d: insert %q before %q", j, f, t.cell(i, j)), rows)
			}
		}
	}
	return ms
}

var (
	cThreadRe = regexp.MustCompile(`^P[0-9]+\s*\(`)
	cDeclRe   = regexp.MustCompile(`^(int|long|unsigned|char|short|intptr_t|atomic_t|spinlock_t|[a-z_]+_t)\b`)
	cCtrlRe   = regexp.MustCompile(`^(if|else|while|for|do|return)\b`)
	cFenceRe  = regexp.MustCompile(`^(smp_mb|smp_rmb|smp_wmb|smp_mb__[a-z_]+|synchronize_rcu|synchronize_rcu_expedited|synchronize_srcu|synchronize_srcu_expedited|barrier)\(.*\);$`)
	cLockRe   = regexp.MustCompile(`^(spin_lock|spin_unlock|rcu_read_lock|rcu_read_unlock)\((.*)\);$`)
	cParamRe  = regexp.MustCompile(`(?:int|atomic_t)\s*\*\s*([A-Za-z_][A-Za-z0-9_]*)`)
	cValueRe  = regexp.MustCompile(`[^A-Za-z0-9_*](-?[0-9]+)\b`)
	cOrdered  = regexp.MustCompile(`\b((?:atomic_)?(?:xchg|cmpxchg)|atomic_(?:add|sub|inc|dec)_return|atomic_fetch_(?:add|sub|inc|dec|and|or|xor))(_relaxed|_acquire|_release)?\(`)
)

// cRewrites turn one statement of a C thread into another.
var cRewrites = []rewrite{
	{"change-fence", regexp.MustCompile(`^smp_mb\(\);$`), []string{"smp_rmb();", "smp_wmb();"}},
	{"change-fence", regexp.MustCompile(`^smp_rmb\(\);$`), []string{"smp_wmb();", "smp_mb();"}},
	{"change-fence", regexp.MustCompile(`^smp_wmb\(\);$`), []string{"smp_rmb();", "smp_mb();"}},
	{"change-fence", regexp.MustCompile(`^synchronize_rcu\(\);$`), []string{"smp_mb();"}},
	{"weaken", regexp.MustCompile(`\bsmp_load_acquire\(([^(),]*)\)`), []string{"READ_ONCE(*$1)"}},
	{"weaken", regexp.MustCompile(`\bsmp_store_release\(([^(),]*),`), []string{"WRITE_ONCE(*$1,"}},
	{"weaken", regexp.MustCompile(`\bsmp_store_mb\(`), []string{"WRITE_ONCE("}},
	{"weaken", regexp.MustCompile(`\brcu_dereference\(`), []string{"READ_ONCE("}},
	{"weaken", regexp.MustCompile(`\brcu_assign_pointer\(`), []string{"WRITE_ONCE("}},
	{"strengthen", regexp.MustCompile(`\bREAD_ONCE\(\*([A-Za-z_][A-Za-z0-9_]*)\)`), []string{"smp_load_acquire($1)"}},
	{"strengthen", regexp.MustCompile(`\bWRITE_ONCE\(\*([A-Za-z_][A-Za-z0-9_]*),`), []string{"smp_store_release($1,", "smp_store_mb(*$1,"}},
	// A plain access made a read-modify-write that keeps the values: an
	// RMW of each ordering in place of a load, an xchg of a store.
	{"rmw", regexp.MustCompile(`^([a-z0-9_]+) = READ_ONCE\(\*([A-Za-z_][A-Za-z0-9_]*)\);$`),
		[]string{"$1 = atomic_fetch_add_relaxed(0, $2);", "$1 = atomic_fetch_or_acquire(0, $2);", "$1 = atomic_fetch_add(0, $2);", "$1 = cmpxchg_relaxed($2, 7, 7);"}},
	{"rmw", regexp.MustCompile(`^WRITE_ONCE\(\*([A-Za-z_][A-Za-z0-9_]*), *(.*)\);$`),
		[]string{"xchg_relaxed($1, $2);", "xchg_release($1, $2);", "xchg($1, $2);", "atomic_set($1, $2);"}},
}

// cStmt is a line of a C thread's body that mutations may touch.
type cStmt struct {
	line   int // index in the source's lines
	thread int
	text   string // trimmed
	indent string
	ctrl   bool // an if or a loop: only its constants change
	// body marks the statement of an if or loop without braces: a line
	// dropped or inserted before it would move another into the body.
	body   bool
	params []string // the thread's int and atomic_t pointers
}

func cStmts(lines []string) []cStmt {
	var ss []cStmt
	var params []string
	thread, depth := -1, 0
	for i, l := range lines {
		s := strings.TrimSpace(l)
		if thread < 0 || depth == 0 {
			if cThreadRe.MatchString(s) {
				thread, _ = strconv.Atoi(s[1:strings.IndexAny(s, " (")])
				params = nil
				for _, m := range cParamRe.FindAllStringSubmatch(s, -1) {
					params = append(params, m[1])
				}
				depth = 0
				if strings.Contains(s, "{") {
					depth = 1
				}
			} else if s == "{" && thread >= 0 {
				depth = 1
			}
			continue
		}
		depth += strings.Count(s, "{") - strings.Count(s, "}")
		if depth <= 0 {
			thread, depth = -1, 0
			continue
		}
		if cCtrlRe.MatchString(s) {
			ss = append(ss, cStmt{line: i, thread: thread, text: s, ctrl: true, params: params})
			continue
		}
		if s == "" || cDeclRe.MatchString(s) || strings.ContainsAny(s, "{}") || !strings.HasSuffix(s, ";") {
			continue
		}
		// Keep only one statement a line.
		if strings.Count(s, ";") != 1 {
			continue
		}
		body := len(ss) > 0 && ss[len(ss)-1].ctrl && ss[len(ss)-1].line == i-1 && !strings.HasSuffix(ss[len(ss)-1].text, "{")
		ss = append(ss, cStmt{line: i, thread: thread, text: s, indent: l[:len(l)-len(strings.TrimLeft(l, " \t"))], params: params, body: body})
	}
	return ss
}

func mutateC(src string) []mutant {
	lines := strings.Split(src, "\n")
	ss := cStmts(lines)
	var ms []mutant
	change := func(kind, desc string, f func(out []string) []string) {
		out := f(append([]string{}, lines...))
		ms = append(ms, mutant{kind, desc, strings.Join(out, "\n")})
	}
	for k, s := range ss {
		replace := func(kind string, es []edit) {
			for _, e := range es {
				change(kind, fmt.Sprintf("P%d: %q, %s", s.thread, s.text, e.desc), func(out []string) []string {
					out[s.line] = strings.Replace(out[s.line], s.text, e.text, 1)
					return out
				})
			}
		}
		replace("value", eachSubmatch(s.text, cValueRe, otherInts))
		if len(s.params) > 1 {
			re := regexp.MustCompile(`\b(` + strings.Join(s.params, "|") + `)\b`)
			replace("relocate", eachSubmatch(s.text, re, others(s.params)))
		}
		if s.ctrl {
			continue
		}
		kind := "drop-instr"
		if cFenceRe.MatchString(s.text) {
			kind = "drop-fence"
		}
		if !cLockRe.MatchString(s.text) && !s.body {
			change(kind, fmt.Sprintf("P%d: drop %q", s.thread, s.text), func(out []string) []string {
				return append(out[:s.line], out[s.line+1:]...)
			})
		}
		for _, rw := range cRewrites {
			if !rw.re.MatchString(s.text) {
				continue
			}
			for _, to := range rw.to {
				n := rw.re.ReplaceAllString(s.text, to)
				if n == s.text {
					continue
				}
				change(rw.kind, fmt.Sprintf("P%d: %q -> %q", s.thread, s.text, n), func(out []string) []string {
					out[s.line] = s.indent + n
					return out
				})
			}
		}
		// Every other ordering of an RMW primitive.
		if m := cOrdered.FindStringSubmatchIndex(s.text); m != nil {
			cur := ""
			if m[4] >= 0 {
				cur = s.text[m[4]:m[5]]
			}
			for _, o := range []string{"", "_relaxed", "_acquire", "_release"} {
				if o == cur {
					continue
				}
				n := s.text[:m[3]] + o + "(" + s.text[m[1]:]
				change("rmw-order", fmt.Sprintf("P%d: %q -> %q", s.thread, s.text, n), func(out []string) []string {
					out[s.line] = s.indent + n
					return out
				})
			}
		}
		if k+1 < len(ss) && ss[k+1].thread == s.thread && ss[k+1].line == s.line+1 && !ss[k+1].ctrl {
			t := ss[k+1]
			change("swap", fmt.Sprintf("P%d: swap %q and %q", s.thread, s.text, t.text), func(out []string) []string {
				out[s.line], out[t.line] = t.indent+t.text, s.indent+s.text
				return out
			})
		}
		for _, f := range []string{"smp_mb();", "smp_rmb();", "smp_wmb();"} {
			if s.body {
				break
			}
			change("insert-fence", fmt.Sprintf("P%d: insert %s before %q", s.thread, f, s.text), func(out []string) []string {
				return append(out[:s.line], append([]string{s.indent + f}, out[s.line:]...)...)
			})
		}
	}
	// A critical section (a lock and its unlock, of one thread) dropped.
	for _, s := range ss {
		if s.ctrl {
			continue
		}
		m := cLockRe.FindStringSubmatch(s.text)
		if m == nil || !strings.HasSuffix(m[1], "lock") || strings.HasSuffix(m[1], "unlock") {
			continue
		}
		unlock := strings.Replace(m[1], "lock", "unlock", 1) + "(" + m[2] + ");"
		for _, t := range ss {
			if !t.ctrl && t.thread == s.thread && t.line > s.line && t.text == unlock {
				change("drop-section", fmt.Sprintf("P%d: drop %q ... %q", s.thread, s.text, t.text), func(out []string) []string {
					out = append(out[:t.line], out[t.line+1:]...)
					return append(out[:s.line], out[s.line+1:]...)
				})
				break
			}
		}
	}
	return ms
}
