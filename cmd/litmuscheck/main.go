// Command litmuscheck checks litmus tests against memory models.
//
// Usage:
//
//	litmuscheck [flags] FILE...
//	litmuscheck conform [flags] DIR...
//	litmuscheck diff [--model M] [--lock ALG] OLD.litmus NEW.litmus
//	litmuscheck barriers [--model M] [--lock ALG] FILE...
//	litmuscheck locks [--dir DIR] [--bad-states]
//
// diff and barriers run a test as the plain check does, a C test in every
// column (compiled for the hardware ones). diff reports how the verdict
// and final states change between two versions of a test (exit 1 when a
// verdict changes), with the execution that newly satisfies the condition;
// it refuses tests of different dialects, threads or locations. barriers
// weakens each ordering annotation in turn, in the lock fragments too
// (acquire and release to relaxed, a full RMW to release, acquire and
// relaxed, a fence to nothing; an assembly test's fences to nops) and
// tables, per column, which ones the verdict depends on. locks runs the
// proof table of lock scenarios and prints it as Markdown.
//
// Flags:
//
//	--model NAME     model to use (default: herd7's model for the test's dialect)
//	--format FORMAT  text (default), herd (herd7's exact output) or json
//	-j, --jobs N     tests run in parallel (default: number of CPUs)
//	--timeout D      stop a test after duration D (default 0: none)
//	--unroll N       backward jumps taken at most N times (default 2, as herd)
//	--parse-only     only parse; with directories, parse every .litmus below them
//
// Exit status: 0 when every test ran; 1 when a test's "Result:" comment
// contradicts its verdict, or conform found a mismatch; 2 for usage or
// parse errors (the other files still run).
//
// Examples:
//
//	litmuscheck tests/SB.litmus
//	litmuscheck --model sc --format herd tests/SB.litmus
//	litmuscheck conform ../shared/corpus/x86
package main

import (
	"io"
	"os"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

// run is the whole command, testable without a process.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		switch args[0] {
		case "conform":
			return runConform(args[1:], stdout, stderr)
		case "diff":
			return runDiff(args[1:], stdout, stderr)
		case "barriers":
			return runBarriers(args[1:], stdout, stderr)
		case "locks":
			return runLocks(args[1:], stdout, stderr)
		}
	}
	return runCheck(args, stdout, stderr)
}
