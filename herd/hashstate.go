// This file implements the two state parts of herd's hash: the initial
// state, sorted by location and printed one "type loc=value" per item, and
// the observed locations (those of the locations list and the condition).

package herd

import (
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// hashLoc is a location as herd orders it: registers (by thread, then
// name) before symbolic registers before memory locations.
type hashLoc struct {
	kind   int // 0 register, 1 symbolic register, 2 memory
	thread int
	name   string
	index  int // x[i] in the observed locations, -1 for x
}

func (l hashLoc) String() string {
	s := l.name
	if l.kind == 0 {
		s = strconv.Itoa(l.thread) + ":" + l.name
	}
	if l.index >= 0 {
		s += "[" + strconv.Itoa(l.index) + "]"
	}
	return s
}

func (l hashLoc) less(m hashLoc) bool {
	if (l.index >= 0) != (m.index >= 0) {
		return l.index < 0
	}
	if l.kind != m.kind {
		return l.kind < m.kind
	}
	if l.thread != m.thread {
		return l.thread < m.thread
	}
	if l.name != m.name {
		return l.name < m.name
	}
	return l.index < m.index
}

var regLoc = regexp.MustCompile(`^P?([0-9]+):(.+)$`)

// parseLoc reads "0:r1", "P0:r1", "%r1", "x" or "[x]".
func parseLoc(s string) hashLoc {
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, "[") && strings.HasSuffix(s, "]") {
		return hashLoc{kind: 2, name: strings.TrimSpace(s[1 : len(s)-1]), index: -1}
	}
	if m := regLoc.FindStringSubmatch(s); m != nil {
		n, _ := strconv.Atoi(m[1])
		return hashLoc{kind: 0, thread: n, name: strings.TrimSpace(m[2]), index: -1}
	}
	if strings.HasPrefix(s, "%") {
		return hashLoc{kind: 1, name: s[1:], index: -1}
	}
	return hashLoc{kind: 2, name: s, index: -1}
}

// stripComments blanks herd's nested (* ... *) comments.
func stripComments(s string) string {
	var b strings.Builder
	depth := 0
	for i := 0; i < len(s); i++ {
		switch {
		case strings.HasPrefix(s[i:], "(*"):
			depth++
			i++
		case depth > 0 && strings.HasPrefix(s[i:], "*)"):
			depth--
			i++
			if depth == 0 {
				b.WriteByte(' ')
			}
		case depth == 0:
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

type initEntry struct {
	loc  hashLoc
	text string
}

// threadPrefix is a register's thread prefix, which herd's lexer reads as
// one token whatever the blanks around its colon ("0: X0" is "0:X0").
var threadPrefix = regexp.MustCompile(`\b(P?[0-9]+)\s*:\s*`)

var arrayDecl = regexp.MustCompile(`^([A-Za-z_][A-Za-z0-9_]*)\s+(\S+?)\s*\[\s*([0-9]+)\s*\]$`)

// initText is the initial state as herd prints it for the digest.
func initText(init string) string {
	var entries []initEntry
	for _, item := range strings.Split(stripComments(init), ";") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		lhs, rhs, hasValue := strings.Cut(item, "=")
		lhs = threadPrefix.ReplaceAllString(strings.TrimSpace(lhs), "$1:")
		value := "0"
		if hasValue {
			value = initValue(rhs)
		} else if m := arrayDecl.FindStringSubmatch(lhs); m != nil {
			loc := parseLoc(m[2])
			entries = append(entries, initEntry{loc, m[1] + " " + loc.String() + "[" + m[3] + "]"})
			continue
		}
		ty, pointer, locText := splitDecl(lhs)
		loc := parseLoc(locText)
		var text string
		switch {
		case ty == "" && pointer:
			text = "*" + loc.String() + "=" + value
		case ty == "":
			text = loc.String() + "=" + value
		case pointer:
			text = ty + " *" + loc.String() + "=" + value
		default:
			text = ty + " " + loc.String() + "=" + value
		}
		entries = append(entries, initEntry{loc, text})
	}
	sort.SliceStable(entries, func(i, j int) bool { return entries[i].loc.less(entries[j].loc) })
	var parts []string
	for i, e := range entries {
		if i > 0 && entries[i-1].loc == e.loc {
			continue
		}
		parts = append(parts, e.text)
	}
	return strings.Join(parts, "; ")
}

// splitDecl cuts "int *x", "int* x", "_Atomic int x", "*x" or "x" into
// its type, whether it declares a pointer, and the location.
func splitDecl(lhs string) (ty string, pointer bool, loc string) {
	if i := strings.LastIndexByte(lhs, '*'); i >= 0 {
		pointer = true
		ty = strings.TrimSpace(lhs[:i])
		loc = strings.TrimSpace(lhs[i+1:])
		return strings.Join(strings.Fields(ty), " "), pointer, loc
	}
	f := strings.Fields(lhs)
	if len(f) == 0 {
		return "", false, ""
	}
	return strings.Join(f[:len(f)-1], " "), false, f[len(f)-1]
}

var atomicInit = regexp.MustCompile(`^ATOMIC_INIT\s*\((.*)\)$`)

func initValue(rhs string) string {
	v := strings.TrimSpace(rhs)
	if m := atomicInit.FindStringSubmatch(v); m != nil {
		v = strings.TrimSpace(m[1])
	}
	v = strings.TrimPrefix(v, "&")
	return strings.TrimSpace(v)
}

var (
	locationsList = regexp.MustCompile(`locations\s*\[([^\]]*(?:\[[^\]]*\][^\]]*)*)\]`)
	// An atom's left-hand side: a register, a location, [x] or x[i].
	atomLHS = regexp.MustCompile(`(\[[^\]=]*\]|(?:P?[0-9]+\s*:\s*)?%?[A-Za-z_][A-Za-z0-9_.]*(?:\[[0-9]+\])?)\s*(==|!=|=)`)
	// The right-hand side of loc=loc (herd's LL atom) is a register.
	atomRegRHS = regexp.MustCompile(`=\s*(P?[0-9]+\s*:\s*[A-Za-z_%][A-Za-z0-9_]*)`)
	derefLoc   = regexp.MustCompile(`^(.*)\[([0-9]+)\]$`)
)

// observedText is the set of observed locations, sorted, as herd prints it.
func observedText(final string) string {
	final = stripComments(final)
	seen := map[hashLoc]bool{}
	var locs []hashLoc
	add := func(s string) {
		s = strings.TrimSpace(s)
		if s == "" {
			return
		}
		l := parseLoc(s)
		if !strings.HasPrefix(s, "[") {
			if m := derefLoc.FindStringSubmatch(s); m != nil {
				l = parseLoc(m[1])
				l.index, _ = strconv.Atoi(m[2])
			}
		}
		if !seen[l] {
			seen[l] = true
			locs = append(locs, l)
		}
	}
	cond := final
	if m := locationsList.FindStringSubmatchIndex(final); m != nil {
		for _, item := range strings.Split(final[m[2]:m[3]], ";") {
			// An item is a location and an optional type: "x", "0:r5*", "y int".
			if f := strings.Fields(strings.ReplaceAll(item, "*", " ")); len(f) > 0 {
				add(f[0])
			}
		}
		cond = final[:m[0]] + final[m[1]:]
	}
	// The filter's locations are not observed.
	if i := strings.Index(cond, "filter"); i >= 0 {
		if j := regexp.MustCompile(`(exists|forall|~\s*exists|final)`).FindStringIndex(cond[i:]); j != nil {
			cond = cond[:i] + cond[i+j[0]:]
		}
	}
	for _, m := range atomLHS.FindAllStringSubmatch(cond, -1) {
		add(m[1])
	}
	for _, m := range atomRegRHS.FindAllStringSubmatch(cond, -1) {
		add(m[1])
	}
	sort.Slice(locs, func(i, j int) bool { return locs[i].less(locs[j]) })
	var parts []string
	for _, l := range locs {
		parts = append(parts, l.String())
	}
	return strings.Join(parts, "; ")
}
