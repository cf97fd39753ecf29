// Package litmus is the intermediate representation of litmus tests, of
// their candidate executions and of the results of their exploration.
//
// A Test (test.go) is what every dialect's parser produces: the initial
// state, the threads as code in the instruction IR (instr.go, one Instr
// per load, store, fence, move, branch or read-modify-write, with its
// ordering tags, tags.go), and the conditions on final states (prop.go,
// which evaluates and prints them). Values are integers and symbolic
// addresses (value.go), with the IR's operators on them (ops.go).
//
// An Execution (exec.go) is a candidate: events with the relations po,
// rf, co, rmw and the dependencies, held in package rel's bitsets; a
// model reads it, and witness.go prints one as text. A Result (result.go)
// is what an exploration found: final states (state.go, statelines.go,
// format.go), herd's counts, the witnesses, and what the verdict proves
// (judge.go: its caveats, the one judge every output reads).
//
// Errors carry a position (pos.go) and say "file:line:col: msg".
package litmus
