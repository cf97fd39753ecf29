// Package syntax is the syntax of herd's cat language: the lexer, the
// grammar of cat and bell files as participle structs (the AST, each node
// with its position), parsing with errors at file:line:col, and the two
// files beside a model that herd reads, .cfg configurations and .def
// macros.
//
// The AST is syntax only: what the evaluator derives from it (symbols,
// the numbering of cached subexpressions, closures) lives in the
// evaluator's own tree (package models/cat/internal/resolve), so that one
// parse can serve any number of evaluations.
package syntax
