// Package explore enumerates the candidate executions of a litmus test and
// keeps those a model allows.
//
// Explore (explore.go) prepares a test once (domains.go: the locations,
// their initial values, the value each may hold, and each thread's paths
// from package explore/paths), then walks the combinations of one path
// per thread (combos.go, combo_layout.go, template.go), for each the
// reads-from and coherence orders (coherence.go), and asks the Model about
// each candidate (outcome.go). Identical threads and rings of threads are
// explored once per orbit (symmetry.go, rotation.go); spins that may wait
// forever are explored apart (hang.go); mixed-size accesses are split in
// cells as herd7's -variant mixed does (mixed.go, sizes.go); lock.cat's
// own lock events keep a world of their own (lockworld.go).
//
// A Model says what it lets the explorer assume in its Capabilities. The
// result (litmus.Result) is the same whatever the number of workers, and
// every phase polls the deadline and the memory bound (explore/limit).
package explore
