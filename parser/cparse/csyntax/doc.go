// Package csyntax is the syntax of the C front end: the lexer and the
// grammar of a C test's program section and of a file of functions
// (participle structs, each with its position), run after the
// preprocessor and typedefs. Package cparse lowers what it reads.
package csyntax
