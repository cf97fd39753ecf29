// This file implements herd7's command line: its single-dash options, read
// in order as herd reads them (a -conf file's settings apply where it
// stands), their checks and herd's wording for a bad one.

package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/litmuscheck/litmuscheck/herd"
)

// herdOptions are the settings of a herd7-style run.
type herdOptions struct {
	model, bell, macros string
	include, variants   []string
	// unroll is herd's -unroll; unrollSet says it was given.
	unroll    int
	unrollSet bool
	timeout   float64 // seconds, 0 for none
	show      string  // which executions -o pictures: none, prop, cond, wit
	nshow     int     // at most this many pictures (0: all)
	outDir    string
	graph     string
	candidate bool
	// speedcheck is herd's -speedcheck true: only the executions that
	// satisfy the condition's proposition are enumerated.
	speedcheck bool
	// hexa is herd's -hexa: integers in hexadecimal.
	hexa    bool
	quiet   bool
	verbose int
	version bool
	help    bool
	files   []string
}

// herdOption is one option: how many arguments it takes and what it does.
type herdOption struct {
	arg   string // "", or the kind of argument herd names in its usage
	usage string
	set   func(o *herdOptions, v string) error
}

// errHerdUsage is a bad command line; the message says why.
type errHerdUsage struct{ msg string }

func (e errHerdUsage) Error() string { return e.msg }

func herdBool(name string, dst func(*herdOptions) *bool) func(*herdOptions, string) error {
	return func(o *herdOptions, v string) error {
		b, err := strconv.ParseBool(v)
		if err != nil {
			return errHerdUsage{fmt.Sprintf("wrong argument '%s'; option '-%s' expects a boolean.", v, name)}
		}
		if dst != nil {
			*dst(o) = b
		}
		return nil
	}
}

func herdTag(name string, tags []string, set func(*herdOptions, string) error) func(*herdOptions, string) error {
	return func(o *herdOptions, v string) error {
		for _, t := range tags {
			if v == t {
				return set(o, v)
			}
		}
		return errHerdUsage{fmt.Sprintf("bad tag for -%s, allowed tag are %s.", name, strings.Join(tags, ","))}
	}
}

func herdInt(name string, set func(*herdOptions, int)) func(*herdOptions, string) error {
	return func(o *herdOptions, v string) error {
		n, err := strconv.Atoi(v)
		if err != nil {
			return errHerdUsage{fmt.Sprintf("wrong argument '%s'; option '-%s' expects an integer.", v, name)}
		}
		set(o, n)
		return nil
	}
}

func herdUnsupported(name, why string) func(*herdOptions, string) error {
	return func(*herdOptions, string) error {
		return errHerdUsage{fmt.Sprintf("option '-%s' %s: unsupported by litmuscheck.", name, why)}
	}
}

// onlyValue accepts one value of a tag and refuses the others as
// unsupported: the ones whose meaning litmuscheck does not implement.
func onlyValue(name string, tags []string, ok string) func(*herdOptions, string) error {
	return herdTag(name, tags, func(_ *herdOptions, v string) error {
		if v != ok {
			return errHerdUsage{fmt.Sprintf("option '-%s %s': unsupported by litmuscheck (only -%s %s).", name, v, name, ok)}
		}
		return nil
	})
}

// displayOnly are herd's options that shape its pictures only: accepted,
// with no effect on the verdicts or on the DOT litmuscheck writes.
var displayOnly = strings.Fields(`showevents mono fontname fontsize edgefontsizedelta penwidth arrowsize
	splines overlap sep margin pad scale xscale yscale dsiy siwidth boxscale ptscale squished showpo relabel
	withbox labelbox showfinalrf showinitrf finalrfpos initrfpos oneinit labelinit initpos threadposy
	showinitwrites showthread showlegend brackets showobserved movelabel fixedsize extrachars doshow unshow
	noid symetric classes showraw edgeattr shift edgemerge dotmode dotcom showkind shortlegend texmacros tikz`)

// herdOptionTable maps each option (without its dash) to its handling.
func herdOptionTable() map[string]herdOption {
	t := map[string]herdOption{
		"version": {usage: "show version number and exit", set: func(o *herdOptions, _ string) error { o.version = true; return nil }},
		"help":    {usage: "display this list of options", set: func(o *herdOptions, _ string) error { o.help = true; return nil }},
		"q":       {usage: "do not show diagnostics", set: func(o *herdOptions, _ string) error { o.quiet = true; return nil }},
		"v":       {usage: "show various diagnostics", set: func(o *herdOptions, _ string) error { o.verbose++; return nil }},
		"I":       {arg: "<dir>", usage: "add <dir> to search path", set: func(o *herdOptions, v string) error { o.include = append(o.include, v); return nil }},
		"conf":    {arg: "<name>", usage: "read configuration file <name>", set: (*herdOptions).readConf},
		"model":   {arg: "<name>.cat", usage: "select model (built in: ppc.cat, aarch64.cat, x86tso.cat, x86tso-mixed.cat, riscv.cat, linux-kernel.cat; others through the cat interpreter)", set: func(o *herdOptions, v string) error { o.model = v; return nil }},
		"bell":    {arg: "<name>", usage: "read bell file <name>", set: func(o *herdOptions, v string) error { o.bell = v; return nil }},
		"macros":  {arg: "<name>", usage: "read macro (.def) file <name>", set: func(o *herdOptions, v string) error { o.macros = v; return nil }},
		"variant": {arg: "<tags>", usage: "select an architecture variation (lkmmv1, lkmmv2, mixed...)", set: func(o *herdOptions, v string) error {
			o.variants = append(o.variants, strings.Split(v, ",")...)
			return nil
		}},
		"unroll": {arg: "<int>", usage: "branch unrolling upper limit, default 2 (0: no backward jump)", set: herdInt("unroll", func(o *herdOptions, n int) { o.unroll, o.unrollSet = n, true })},
		"timeout": {arg: "<float|none>", usage: "timeout in seconds", set: func(o *herdOptions, v string) error {
			if v == "none" {
				o.timeout = 0
				return nil
			}
			f, err := strconv.ParseFloat(v, 64)
			if err != nil || f < 0 {
				return errHerdUsage{fmt.Sprintf("wrong argument '%s'; option '-timeout' expects a float.", v)}
			}
			o.timeout = f
			return nil
		}},
		"through":    {arg: "<all|invalid|none>", usage: "what to let through in addition to valid executions (only none)", set: onlyValue("through", []string{"all", "invalid", "none"}, "none")},
		"skipchecks": {arg: "<name,..,name>", usage: "do not apply listed checks (unsupported)", set: herdUnsupported("skipchecks", "skips a model's checks")},
		"speedcheck": {arg: "<false|true|fast>", usage: "aim at checking condition in place of listing final states (false or true)", set: herdTag("speedcheck", []string{"false", "true", "fast"}, func(o *herdOptions, v string) error {
			if v == "fast" {
				// herd stops at a first witness whose choice we cannot
				// reproduce state for state.
				return errHerdUsage{"option '-speedcheck fast': unsupported by litmuscheck (false or true)."}
			}
			o.speedcheck = v == "true"
			return nil
		})},
		"conds": {arg: "<name>", usage: "specify conditions of tests (unsupported)", set: herdUnsupported("conds", "replaces the tests' conditions")},
		"show": {arg: "<prop|all|neg|cond|none|wit>", usage: "executions shown in figure (prop, cond, wit, none)", set: herdTag("show", []string{"prop", "all", "neg", "cond", "none", "wit"}, func(o *herdOptions, v string) error {
			if v == "all" || v == "neg" {
				return errHerdUsage{fmt.Sprintf("option '-show %s': unsupported by litmuscheck (prop, cond, wit or none).", v)}
			}
			o.show = v
			return nil
		})},
		"nshow":      {arg: "<n>", usage: "collect at most <n> pictures", set: herdInt("nshow", func(o *herdOptions, n int) { o.nshow = n })},
		"o":          {arg: "<dir>", usage: "generated files (DOT pictures) go into <dir>", set: func(o *herdOptions, v string) error { o.outDir = v; return nil }},
		"graph":      {arg: "<free|cluster|columns>", usage: "select sort of graph", set: herdTag("graph", []string{"free", "cluster", "columns"}, func(o *herdOptions, v string) error { o.graph = v; return nil })},
		"hexa":       {arg: "<bool>", usage: "print integers in hexadecimal", set: herdBool("hexa", func(o *herdOptions) *bool { return &o.hexa })},
		"candidates": {arg: "<bool>", usage: "show complete candidate count in output", set: herdBool("candidates", func(o *herdOptions) *bool { return &o.candidate })},
	}
	t["cat"] = t["model"]
	for _, k := range displayOnly {
		if _, ok := t[k]; !ok {
			t[k] = herdOption{arg: "<value>", usage: "accepted, display only", set: func(*herdOptions, string) error { return nil }}
		}
	}
	return t
}

// parseHerdArgs reads herd7's command line.
func parseHerdArgs(args []string) (*herdOptions, error) {
	o := &herdOptions{show: "none"}
	table := herdOptionTable()
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--help" {
			a = "-help"
		}
		if !strings.HasPrefix(a, "-") || a == "-" {
			o.files = append(o.files, a)
			continue
		}
		opt, ok := table[a[1:]]
		if !ok {
			return nil, errHerdUsage{fmt.Sprintf("unknown option '%s'.", a)}
		}
		v := ""
		if opt.arg != "" {
			if i+1 >= len(args) {
				return nil, errHerdUsage{fmt.Sprintf("option '%s' needs an argument.", a)}
			}
			i++
			v = args[i]
		}
		if err := opt.set(o, v); err != nil {
			return nil, err
		}
	}
	return o, nil
}

// readConf applies a .cfg file's settings as the options of the same
// names; the file is looked for as given, then in the -I directories.
func (o *herdOptions) readConf(name string) error {
	path := findHerdFile(name, o.include)
	f, err := os.Open(path)
	if err != nil {
		return errHerdUsage{fmt.Sprintf("Cannot find file %s", name)}
	}
	defer f.Close()
	settings, err := herd.ParseConfig(path, f)
	if err != nil {
		return err
	}
	table := herdOptionTable()
	for _, s := range settings {
		opt, ok := table[s.Key]
		if !ok {
			if displayOnlyKey(s.Key) {
				continue
			}
			return fmt.Errorf("File %q, line %d: key '%s' unsupported by litmuscheck", path, s.Line, s.Key)
		}
		if err := opt.set(o, s.Value); err != nil {
			var u errHerdUsage
			if errors.As(err, &u) {
				return fmt.Errorf("File %q, line %d: %s", path, s.Line, u.msg)
			}
			return err
		}
	}
	return nil
}

// displayOnlyKey are .cfg keys without a command-line twin here that only
// concern herd's own display (view, suffix...).
func displayOnlyKey(k string) bool {
	switch k {
	case "view", "suffix", "dotheader", "verbose":
		return true
	}
	return false
}

// findHerdFile looks for a file as herd does: as named, then in each
// search directory.
func findHerdFile(name string, include []string) string {
	if _, err := os.Stat(name); err == nil || filepath.IsAbs(name) {
		return name
	}
	for _, d := range include {
		p := filepath.Join(d, name)
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	return name
}
