// This file implements herd's .cfg configuration files: one "key value"
// (or "key = value") setting a line, "#" comment lines, blank lines; a key
// herd does not know is an error in herd's wording.

package herd

import (
	"bufio"
	"fmt"
	"io"
	"regexp"
	"strings"
)

// A Setting is one line of a .cfg file.
type Setting struct {
	Key, Value string
	Line       int
}

// ConfigKeys are the keys herd7 7.58 accepts in a .cfg file: its
// command-line options without the dash.
var ConfigKeys = map[string]bool{}

func init() {
	for _, k := range strings.Fields(`conf verbose suffix include timeout debug names excl rename kinds conds
		model cat bell macros variant machsize endian through skipchecks strictskip unroll optace archcheck
		initwrites speedcheck badexecs badflag dumpallfaults show showflag nshow restrict showkind shortlegend
		texmacros hexa outcomereads dotmode dotcom view showevents graph mono fontname fontsize edgefontsizedelta
		penwidth arrowsize splines overlap sep margin pad scale xscale yscale dsiy siwidth boxscale ptscale
		squished showpo relabel withbox labelbox showfinalrf showinitrf finalrfpos initrfpos oneinit labelinit
		initpos threadposy showinitwrites showthread showlegend brackets showobserved movelabel fixedsize
		extrachars dotheader doshow unshow noid symetric classes showraw edgeattr shift edgemerge candidates
		checkfilter maxphantom cycles throughflag tikz dumpes`) {
		ConfigKeys[k] = true
	}
}

// cfgLine is herd's lexer for a setting: a key of letters, then blanks or
// an "=", then the value up to the end of the line.
var cfgLine = regexp.MustCompile(`^([A-Za-z]+)(?:[ \t\r]*=[ \t\r]*|[ \t\r]+)([^ \t\r\n].*?)[ \t\r]*$`)

// ParseConfig reads a .cfg file; name is the file's name for messages,
// which follow herd's: File "NAME", line N, character C: MESSAGE, C
// being where herd's lexer stands, past the line's end.
func ParseConfig(name string, r io.Reader) ([]Setting, error) {
	var out []Setting
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "" {
			continue
		}
		m := cfgLine.FindStringSubmatch(line)
		if m == nil {
			return nil, fmt.Errorf("File %q, line %d, character 0: Unknown key in configuration file", name, n)
		}
		if !ConfigKeys[m[1]] {
			return nil, fmt.Errorf("File %q, line %d, character %d: Unknown key '%s' in configuration file", name, n, len(line)+1, m[1])
		}
		out = append(out, Setting{Key: m[1], Value: m[2], Line: n})
	}
	return out, sc.Err()
}
