// Package pipeline owns the pipeline every entry point shares: the command line,
// herd7 mode, the review commands (diff, barriers), the proof table and
// the proof API.
//
// A run resolves what a test runs under once (Spec.Resolve: one model, or
// the columns of a C test), parses the test once (Parse), runs it under
// its model or in each column (Test), and judges the outcome once (Judge):
// what each result proves, the caveats that void a Never, the columns that
// owe a verdict and could not give it, and the exit status that follows.
// The outputs are printers of an Outcome and its Judgement; none of them
// decides anything of its own.
package pipeline
