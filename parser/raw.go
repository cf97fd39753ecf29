// This file implements the raw split of a litmus file into the text of its
// sections, for consumers (herd's hash) that need the test as written.
package parser

// RawSections is a test's text cut at its section boundaries.
type RawSections struct {
	Arch, Name string
	// Preamble is the text between the header line and the init block.
	Preamble string
	// Init is the init block without its braces.
	Init string
	// Program is the code, Final the locations, filter and condition.
	Program, Final string
}

// SplitSections cuts src as the parser does, without parsing the sections.
func SplitSections(name, src string) (RawSections, error) {
	s, err := split(newFile(name, src))
	if err != nil {
		return RawSections{}, err
	}
	return RawSections{Arch: s.arch, Name: s.name, Preamble: s.preamble.text,
		Init: s.init.text, Program: s.program.text, Final: s.final.text}, nil
}
