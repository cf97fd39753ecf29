// Package litmus is the intermediate representation of litmus tests and
// the explorer that runs them.
//
// A Test (test.go) is what every dialect's parser produces: the initial
// state, the threads as code in the instruction IR (instr.go, one Instr per
// load, store, fence, move, branch or read-modify-write, with its ordering
// tags, tags.go), and the conditions on final states (prop.go).
//
// Explore (explore.go) enumerates the candidate executions of a Test:
// each thread's control-flow paths with every value a read may return
// (domains.go, paths.go, paths_rmw.go), their combinations (combos.go,
// combo_layout.go), and for each the reads-from and coherence orders
// (coherence.go). A Model, which package
// models implements, accepts or rejects each candidate; outcome.go keeps
// the final states, the condition's verdict and a witness. The result is
// the same whatever the number of workers.
//
// Executions are events with relations over them, held as bitsets (set.go,
// rel.go) under the operation names of herd's cat language. Beside the
// verdict the explorer reports liveness (hang.go: a spin that may wait
// forever), paths it could not evaluate (stuck.go), and prints a result in
// herd7's format line for line (format.go, herdvars.go).
//
// Errors carry a position (pos.go) and say "file:line:col: msg".
package litmus
