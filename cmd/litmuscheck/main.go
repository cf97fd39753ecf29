// Command litmuscheck checks litmus tests against memory models.
//
// Usage:
//
//	litmuscheck [flags] FILE...
//	litmuscheck conform [flags] DIR...
//	litmuscheck diff [--model M] [--lock ALG] OLD.litmus NEW.litmus
//	litmuscheck barriers [--model M] [--lock ALG] FILE...
//	litmuscheck locks [--dir DIR] [--bad-states]
//	litmuscheck compare A B
//	litmuscheck help [COMMAND]
//	litmuscheck --version
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
// proof table of lock scenarios and prints it as Markdown. compare, like
// herd's mcompare7, lists the tests whose verdict or states differ between
// two result sets (jsonl or herd7 logs; docs/campaigns.md).
//
// Flags:
//
//	--model NAME     model to use (default: herd7's model for the test's dialect)
//	--format FORMAT  text (default), herd (herd7's exact output), json, or
//	                 jsonl (one object a line, written as each test ends)
//	--shard K/N      run only part K (from 0) of N, split by test name
//	-j, --jobs N     tests run in parallel (default: number of CPUs)
//	--timeout T      stop a test after T seconds, as herd's -timeout, or
//	                 a duration such as 500ms (default 0: none)
//	-h, --help       print the usage (of any command) on stdout
//	--unroll N       backward jumps taken at most N times (default 2, as herd)
//	--parse-only     only parse; with directories, parse every .litmus below them
//	--fragments FILE C functions that C tests may call, inlined as the lock
//	                 fragments are (repeatable; check, diff, barriers)
//
// A bad flag prints the error and the usage on stderr, exit 2. With
// several files, conform and locks, progress shows on stderr after a
// second when stderr is a terminal.
//
// Exit status, in every format: 0 when every test ran (a column that
// cannot apply by design, such as RCU on hardware, is n/a and leaves it
// alone); 1 when a "Result:" comment contradicts the verdict (for a C
// test, the LKMM's verdict alone: the comment is the LKMM's prediction),
// when a Never is vacuous (no execution survives; "Result: DEADLOCK"
// expects that), or conform found a mismatch; 2 for usage or parse
// errors, a column that is unsupported (a gap of ours), an error or a
// timeout, and conform with no .expected file (the other files still run).
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
	"path/filepath"
)

func main() { os.Exit(runAs(filepath.Base(os.Args[0]), os.Args[1:], os.Stdout, os.Stderr)) }

// run is the whole command, testable without a process.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] != "check" {
		if c := commandNamed(args[0]); c != nil {
			return dispatch(c, args[1:], stdout, stderr)
		}
	}
	return dispatch(commandNamed("check"), args, stdout, stderr)
}
