// Package litfile holds what every dialect of the parser shares about the
// text of a litmus file: the file with its line index, its sections (the
// header, the preamble, the init block, the program and the final part)
// each kept with its position, the nesting pre-scan that bounds the
// grammars' recursion, and errors positioned in the file.
//
// Package parser splits a file with Split and hands the program section
// to the dialect of the test's architecture (packages cparse and asm);
// the dialects import this package, never parser, so that every parse of
// a test goes through parser's single entry point.
package litfile
