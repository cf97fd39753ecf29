// This file implements the command line's frame: the table of commands,
// the checking of a command's flags before it runs (an error prints the
// usage on stderr, --help prints it on stdout), "help" and --version.

package main

import (
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"strings"

	"github.com/spf13/pflag"
)

// version is litmuscheck's release; the VCS revision, when the build
// recorded one, follows it in --version.
const version = "0.9.0"

// A command is one of litmuscheck's commands.
type command struct {
	name string
	// synopsis is the usage line, summary what the command does.
	synopsis, summary string
	// flags builds the command's flag set, the one its run parses.
	flags func(stderr io.Writer) *pflag.FlagSet
	run   func(args []string, stdout, stderr io.Writer) int
}

// commandList is litmuscheck's commands, the default one ("check", run
// when no other is named) first, in the order help lists them. A function,
// not a table, because the commands print usage from it.
func commandList() []*command {
	return []*command{
		{name: "check", synopsis: "litmuscheck [flags] FILE...",
			summary: "Run each litmus test under its model (C tests: under the LKMM and, compiled, on every hardware model) and print the verdict.",
			flags:   func(stderr io.Writer) *pflag.FlagSet { return checkFlags(stderr, &options{}) },
			run:     runCheck},
		{name: "conform", synopsis: "litmuscheck conform [flags] DIR...",
			summary: "Run every test that has a herd7 .expected file beside it and compare the outputs.",
			flags:   func(stderr io.Writer) *pflag.FlagSet { fs, _ := conformFlags(stderr, &options{}); return fs },
			run:     runConform},
		{name: "diff", synopsis: "litmuscheck diff [flags] OLD.litmus NEW.litmus",
			summary: "Report how the verdict and final states change between two versions of a test (exit 1 when the verdict changes).",
			flags:   reviewFlags("diff"), run: runDiff},
		{name: "barriers", synopsis: "litmuscheck barriers [flags] FILE...",
			summary: "Weaken each fence and ordering annotation in turn and report which ones the verdict depends on.",
			flags:   reviewFlags("barriers"), run: runBarriers},
		{name: "locks", synopsis: "litmuscheck locks [flags]",
			summary: "Run the proof table of lock scenarios in every model and print it as Markdown.",
			flags:   func(stderr io.Writer) *pflag.FlagSet { fs, _ := locksFlags(stderr); return fs },
			run:     runLocks},
		{name: "compare", synopsis: "litmuscheck compare A B",
			summary: "Report the tests whose verdict or final states differ between two result sets (--format jsonl output or herd7 logs, files or directories; exit 1 when any differs).",
			flags:   compareFlags, run: runCompare},
		{name: "help", synopsis: "litmuscheck help [command]",
			summary: "Print the usage of litmuscheck or of one command.",
			flags: func(stderr io.Writer) *pflag.FlagSet {
				return pflag.NewFlagSet("litmuscheck help", pflag.ContinueOnError)
			},
			run: runHelp},
	}
}

// reviewFlags builds the flags of diff and barriers as reviewArgs parses
// them (review.go).
func reviewFlags(name string) func(io.Writer) *pflag.FlagSet {
	return func(stderr io.Writer) *pflag.FlagSet { return reviewFlagSet(name, stderr, &options{}) }
}

// reviewFlagSet is the flag set of diff and barriers, bound to o.
func reviewFlagSet(name string, stderr io.Writer, o *options) *pflag.FlagSet {
	fs := newFlags("litmuscheck "+name, stderr, o)
	addLockFlags(fs, o)
	fs.StringVar(&o.graphs.html, "html", "", "write a self-contained HTML report of the table to this file")
	fs.StringVar(&o.graphs.dir, "graph", "", "write the pictures of each column's execution into this directory, as the check does (diff: OLD's into DIR/old, NEW's into DIR/new)")
	fs.StringVar(&o.graphs.format, "graph-format", "dot", "format of the --graph pictures: dot (for Graphviz) or svg (drawn natively)")
	if name == "diff" {
		fs.StringArrayVar(&o.sideFragments[0], "old-fragments", nil, "a file of C functions for OLD.litmus alone, after the --fragments files (repeatable): the code before a patch")
		fs.StringArrayVar(&o.sideFragments[1], "new-fragments", nil, "a file of C functions for NEW.litmus alone, after the --fragments files (repeatable): the code after a patch")
	}
	// Accepted only to be refused with a reason (reviewArgs): the review
	// prints text, and runs what it compiles.
	for _, name := range []string{"format", "parse-only", "show-asm"} {
		if err := fs.MarkHidden(name); err != nil {
			panic("should never happen: " + err.Error())
		}
	}
	return fs
}

// commandNamed finds a command by name, "check" included; nil if none.
func commandNamed(name string) *command {
	for _, c := range commandList() {
		if c.name == name {
			return c
		}
	}
	return nil
}

// dispatch runs cmd on args once its flags parse: --help prints the
// usage on stdout (exit 0), an unknown flag or a bad value one line on
// stderr, the error and where the usage is (exit 2).
func dispatch(cmd *command, args []string, stdout, stderr io.Writer) int {
	fs := cmd.flags(io.Discard)
	fs.Usage = func() {}
	err := fs.Parse(args)
	showVersion, _ := fs.GetBool("version")
	switch {
	case errors.Is(err, pflag.ErrHelp):
		writeUsage(stdout, cmd)
		return 0
	case err != nil:
		fmt.Fprintf(stderr, "litmuscheck: %v (see %s)\n", err, helpHint(cmd))
		return 2
	case showVersion:
		fmt.Fprintln(stdout, versionString())
		return 0
	}
	return cmd.run(args, stdout, stderr)
}

// writeUsage prints cmd's synopsis, summary and flags; for the default
// command, the other commands too.
func writeUsage(w io.Writer, cmd *command) {
	fmt.Fprintf(w, "usage: %s\n\n%s\n", cmd.synopsis, cmd.summary)
	if cmd.name == "check" {
		fmt.Fprintf(w, "\ncommands:\n")
		for _, c := range commandList()[1:] {
			fmt.Fprintf(w, "  %-48s %s\n", c.synopsis, firstSentence(c.summary))
		}
		fmt.Fprintf(w, "\nlitmuscheck help COMMAND prints a command's flags.\n")
	}
	fs := cmd.flags(io.Discard)
	if flags := fs.FlagUsages(); flags != "" {
		fmt.Fprintf(w, "\nflags:\n%s", flags)
	}
	if cmd.name != "help" {
		fmt.Fprint(w, exitStatus)
	}
}

// helpHint is the command that prints cmd's usage.
func helpHint(cmd *command) string {
	if cmd.name == "check" {
		return "litmuscheck --help"
	}
	return "litmuscheck help " + cmd.name
}

// exitStatus is the exit status section of the usage.
const exitStatus = `
exit status:
  0  every test ran, and no verdict needs a second look
  1  a verdict needs one: a Result: comment contradicted, a Never that is
     vacuous, rests on the unroll bound, reads an unused name or hangs;
     diff: the verdict changed; conform and compare: a mismatch
  2  usage, input or parse errors, and a verdict owed but not given: a
     column unsupported, in error or timed out (the other files still run)
`

func firstSentence(s string) string {
	if i := strings.Index(s, ". "); i >= 0 {
		return s[:i+1]
	}
	return s
}

// runHelp is "litmuscheck help [command]".
func runHelp(args []string, stdout, stderr io.Writer) int {
	switch len(args) {
	case 0:
		writeUsage(stdout, commandNamed("check"))
		return 0
	case 1:
		if c := commandNamed(args[0]); c != nil {
			writeUsage(stdout, c)
			return 0
		}
		fmt.Fprintf(stderr, "litmuscheck help: unknown command %q\n", args[0])
	}
	writeUsage(stderr, commandNamed("help"))
	return 2
}

// versionString is the version, with the VCS revision the build recorded.
func versionString() string {
	s := "litmuscheck " + version
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return s
	}
	var rev, modified string
	for _, kv := range info.Settings {
		switch kv.Key {
		case "vcs.revision":
			rev = kv.Value
		case "vcs.modified":
			if kv.Value == "true" {
				modified = ", modified"
			}
		}
	}
	if rev != "" {
		s += fmt.Sprintf(" (revision %s%s)", rev, modified)
	}
	return s + ", " + info.GoVersion
}
