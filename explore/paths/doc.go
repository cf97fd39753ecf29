// Package paths runs each thread of a litmus test on its own: every
// control-flow path of the thread's code, with every value each read may
// return, as the sequence of events it makes (paths.go, paths_rmw.go for
// the conditional read-modify-writes, paths_mixed.go for mixed-size
// accesses). Expressions are evaluated on values that carry the reads they
// depend on (eval.go), which give the dependencies; herd's numbering of
// unknown values is followed (herdvars.go). A path that ends in a spin
// that may wait forever is kept apart as a hang path (hang_paths.go), one
// that reaches an instruction the explorer cannot evaluate as a stuck path
// (paths_stuck.go).
package paths
