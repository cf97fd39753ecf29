// This file implements reading herd's .def macro files: C primitives as
// sequences of events with annotations, whose text the litmus parser reads
// and lowers.

package syntax

import "github.com/litmuscheck/litmuscheck/parser/cparse/cprim"

// A DefFile is a list of macros: C primitives, each its name, parameters
// and body (cprim.MacroDef).
type DefFile struct {
	Macros []cprim.MacroDef
}

// ParseDefFile reads a .def file.
func ParseDefFile(path string) (*DefFile, error) {
	ms, err := cprim.ParseDefFile(path)
	if err != nil {
		return nil, err
	}
	return &DefFile{Macros: ms}, nil
}

// ParseDef reads the text of a .def file.
func ParseDef(path, src string) (*DefFile, error) {
	ms, err := cprim.ParseDef(path, src)
	if err != nil {
		return nil, err
	}
	return &DefFile{Macros: ms}, nil
}

// Prims lowers the macros to C primitives, for the parser: a C test run
// under the model calls them.
func (d *DefFile) Prims() *cprim.Prims { return cprim.NewPrims(d.Macros) }
