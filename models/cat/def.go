// This file implements reading herd's .def macro files (C primitives as
// sequences of events with annotations) and .cfg configuration files.

package cat

import (
	"bufio"
	"os"
	"regexp"
	"strings"

	"github.com/litmuscheck/litmuscheck/litmus"
)

// A DefFile is a list of macros.
type DefFile struct {
	Macros []*Macro
}

// A Macro defines a C primitive: its name, parameters and body.
type Macro struct {
	Pos    litmus.Pos
	Name   string
	Params []string
	// Body is the event sequence, as written: an expression (__load{ONCE}(X))
	// or a block of statements ({ __store{ONCE}(X,V); }).
	Body string
}

var macroHead = regexp.MustCompile(`^([A-Za-z_][A-Za-z0-9_]*)\s*\(([^)]*)\)\s*(.*)$`)

// ParseDefFile reads a .def file.
func ParseDefFile(path string) (*DefFile, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return ParseDef(path, string(src))
}

// ParseDef reads the text of a .def file: one macro per line (a block
// may go on over following lines until its braces close), comments
// starting with //.
func ParseDef(path, src string) (*DefFile, error) {
	d := &DefFile{}
	lines := strings.Split(src, "\n")
	for i := 0; i < len(lines); i++ {
		line := strings.TrimSpace(stripComment(lines[i]))
		if line == "" {
			continue
		}
		p := litmus.Pos{File: path, Line: i + 1, Col: 1}
		m := macroHead.FindStringSubmatch(line)
		if m == nil {
			return nil, litmus.Errorf(p, "expected a macro NAME(PARAMS) BODY, found %q", line)
		}
		body := m[3]
		for strings.Count(body, "{") > strings.Count(body, "}") && i+1 < len(lines) {
			i++
			body += "\n" + stripComment(lines[i])
		}
		if strings.Count(body, "{") != strings.Count(body, "}") {
			return nil, litmus.Errorf(p, "unbalanced braces in macro %s", m[1])
		}
		if strings.TrimSpace(body) == "" {
			return nil, litmus.Errorf(p, "macro %s has no body", m[1])
		}
		var params []string
		for _, s := range strings.Split(m[2], ",") {
			if s = strings.TrimSpace(s); s != "" {
				params = append(params, s)
			}
		}
		d.Macros = append(d.Macros, &Macro{Pos: p, Name: m[1], Params: params, Body: strings.TrimSpace(body)})
	}
	return d, nil
}

func stripComment(s string) string {
	if i := strings.Index(s, "//"); i >= 0 {
		return s[:i]
	}
	return s
}

// readConf fills o from a herd .cfg file: its model, bell and macros
// lines, unless the options already name them; other settings concern
// herd's graphs and are ignored.
func readConf(o *Options) error {
	path, err := Find(o.Conf, o.Path)
	if err != nil {
		return err
	}
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) < 2 || strings.HasPrefix(fields[0], "#") {
			continue
		}
		switch fields[0] {
		case "model":
			if o.Model == "" {
				o.Model = fields[1]
			}
		case "bell":
			if o.Bell == "" {
				o.Bell = fields[1]
			}
		case "macros":
			if o.Macros == "" {
				o.Macros = fields[1]
			}
		case "variant":
			o.Variants = append(o.Variants, strings.Split(fields[1], ",")...)
		}
	}
	return sc.Err()
}
