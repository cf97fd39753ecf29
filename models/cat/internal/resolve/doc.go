// Package resolve turns the syntax trees of a model's files into the tree
// the evaluator of models/cat runs: every name numbered (a Sym), the
// levels of the grammar that only hold one operand gone, the operator
// nodes whose value one evaluation of their statement fixes numbered for
// the evaluator's cache of subexpressions (a SubID), closures described
// once, and what the run's variants decide already decided.
//
// The syntax package's trees are left as the parser made them: nothing
// of an evaluation is kept in them.
package resolve
