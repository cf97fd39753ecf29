// Package cat runs herd's .cat memory models on the explorer's candidate
// executions: Load reads a model (its .cat file, bell, macros, includes
// and .cfg configuration) and the Program it returns is a litmus model.
//
// The package is the evaluator of three layers, as in starlark-go:
// package syntax parses cat files into an AST that holds syntax alone;
// package internal/resolve turns the AST into the tree the evaluator runs,
// with its names numbered and the nodes it caches numbered; this package
// evaluates that tree on each candidate. The evaluation's state has one
// owner per concern (interp.go): the Program, resolved once; the
// candidate and what derives from it; the memo the candidates of one
// shape share (the values that depend on neither rf nor co); the
// expression being computed; and the flow of the statements run.
package cat
