// This file implements reading herd's .def macro files (C primitives as
// sequences of events with annotations, which the parser lowers) and .cfg
// configuration files.

package cat

import (
	"os"
	"strings"

	"github.com/litmuscheck/litmuscheck/parser"
)

// A DefFile is a list of macros: C primitives, each its name, parameters
// and body (parser.MacroDef).
type DefFile struct {
	Macros []parser.MacroDef
}

// ParseDefFile reads a .def file.
func ParseDefFile(path string) (*DefFile, error) {
	ms, err := parser.ParseDefFile(path)
	if err != nil {
		return nil, err
	}
	return &DefFile{Macros: ms}, nil
}

// ParseDef reads the text of a .def file.
func ParseDef(path, src string) (*DefFile, error) {
	ms, err := parser.ParseDef(path, src)
	if err != nil {
		return nil, err
	}
	return &DefFile{Macros: ms}, nil
}

// Prims lowers the macros to C primitives, for the parser: a C test run
// under the model calls them.
func (d *DefFile) Prims() *parser.Prims { return parser.NewPrims(d.Macros) }

// LoadPrims reads the .def file name, found on the search path, and
// lowers its macros.
func LoadPrims(name string, searchPath []string) (*parser.Prims, error) {
	path, err := Find(name, searchPath)
	if err != nil {
		return nil, err
	}
	d, err := ParseDefFile(path)
	if err != nil {
		return nil, err
	}
	return d.Prims(), nil
}

// readConf fills o from a herd .cfg file: its model, bell and macros
// lines, unless the options already name them; other settings concern
// herd's graphs and are ignored.
func readConf(o *Options) error {
	path, err := Find(o.Conf, o.Path)
	if err != nil {
		return err
	}
	src, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	for line := range strings.Lines(string(src)) {
		fields := strings.Fields(line)
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
	return nil
}
