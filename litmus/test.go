// This file implements the parsed form of a litmus test: its header, initial
// state, threads, and the conditions on final states.

package litmus

import (
	"slices"
	"strings"
)

// An Arch names a litmus dialect, as on the first line of a test.
type Arch string

// The dialects herd7 accepts and litmuscheck reads.
const (
	ArchC       Arch = "C"
	ArchPPC     Arch = "PPC"
	ArchAArch64 Arch = "AArch64"
	ArchX86     Arch = "X86"
	ArchX86_64  Arch = "X86_64"
	ArchRISCV   Arch = "RISCV"
)

// A Test is one litmus test.
type Test struct {
	Arch Arch
	Name string
	File string
	// Source is the whole text of the test file.
	Source string
	// Comments holds the text of every (* ... *) comment and of the quoted
	// doc string, in order; kernel tests put "Result: Never" there.
	Comments []string
	// Info holds the header's Key=Value lines (Cycle, Generator, ...).
	Info      []KeyValue
	Init      []InitItem
	Threads   []*Thread
	Locations []LocRef
	// Filter, when not nil, keeps only the executions whose final state
	// satisfies it.
	Filter Prop
	Cond   Condition
	// Hash is herd7's hash of the test (package herd), printed on the
	// Hash= line of herd's output.
	Hash string
	// Warnings are problems that leave the verdict standing but that the
	// user should see (a condition register the thread never uses, read as
	// 0 as herd7 does); the CLI prints them on stderr.
	Warnings []*Error
	// Unused are the registers and locations that the filter or the
	// condition reads and that no code of the test uses (each has its
	// warning): herd7 reads them as their initial value, so a verdict over
	// them rests on what is most likely a misspelt name (UnusedNote).
	Unused []LocRef
	// ConsistentCuts, for a C test lowered for litmuscheck's own outputs
	// (its loops are await loops, Instr.Await) and the tests compiled from
	// it, asks the explorer to report a cut by the unroll bound only when
	// an execution cut there is consistent, instead of herd's "some path
	// was cut": raising the bound can then clear the caveat.
	ConsistentCuts bool
	// LocBytes, for a C test and the tests compiled from it, is the width
	// in bytes of each location its threads' parameters point to: 1, 2 or
	// 8 for a byte, halfword or 64-bit integer type, else the word's 4
	// (the widest of the parameters that name it). The compiled tests
	// hold a 64-bit location in a word, as C tests' locations always were.
	LocBytes map[string]int
	// Objects, for a C test and the tests compiled from it, are the
	// locations its front end lays out in word slots (structs the
	// program defines, per-CPU variables), with their size in bytes: an
	// address into one counts bytes, and an access outside it is
	// refused.
	Objects map[string]int
	// Syntax is the parser's reading of the test's text, opaque here:
	// what the parser lowers again for another lock algorithm without
	// parsing the text twice. Nil for a test built in memory.
	Syntax any
}

// UnusedNames are t's Unused names as herd writes them ("1:r1", "[x]"),
// an empty list for none.
func (t *Test) UnusedNames() []string {
	names := []string{}
	if t != nil {
		for _, l := range t.Unused {
			names = append(names, FormatLoc(l))
		}
	}
	return names
}

// UnusedNote says what a verdict over t's Unused names rests on, or "".
func (t *Test) UnusedNote() string {
	names := t.UnusedNames()
	if len(names) == 0 {
		return ""
	}
	return "the condition reads " + strings.Join(names, ", ") + ", which no code uses"
}

// A KeyValue is one Key=Value line of a test's header.
type KeyValue struct {
	Key, Value string
}

// An InitItem binds a register or a memory location before the test runs.
type InitItem struct {
	Pos Pos
	Loc LocRef
	// Type is the declared C type ("int", "int*", "atomic_t", "spinlock_t",
	// "uint64_t"...), or "" when none is given.
	Type string
	// Value is the initial value; HasValue is false for a bare declaration,
	// whose value is 0.
	Value    Value
	HasValue bool
	// Size is the number of elements of an array declaration such as
	// "int x[2]", 0 for a scalar.
	Size int
}

// A LocRef names a register of a thread (Thread >= 0) or a memory
// location (Thread == -1).
type LocRef struct {
	Thread int
	Name   string
}

// IsReg reports whether l names a register.
func (l LocRef) IsReg() bool { return l.Thread >= 0 }

// A Thread is the code of one processor, lowered to instructions.
type Thread struct {
	Pos  Pos
	ID   int
	Code []Instr
	// Params are the C parameter names (pointers to shared locations), in
	// order; empty for assembly threads.
	Params []string
	// Regs lists the registers the thread declares or uses, in first-use
	// order; the condition may name any of them.
	Regs []string
}

// A Quantifier is how the final condition ranges over executions.
type Quantifier int

const (
	Exists Quantifier = iota
	NotExists
	Forall
)

func (q Quantifier) String() string {
	switch q {
	case NotExists:
		return "~exists"
	case Forall:
		return "forall"
	}
	return "exists"
}

// A Condition is the test's final condition.
type Condition struct {
	Pos   Pos
	Quant Quantifier
	Prop  Prop
}

// Clone is a copy of t whose threads' code can be changed without
// changing t: a C test parsed once runs in several columns, some of which
// rewrite its instructions before they run. Expressions are shared; no
// phase changes one in place.
func (t *Test) Clone() *Test {
	c := *t
	c.Threads = make([]*Thread, len(t.Threads))
	for i, th := range t.Threads {
		cth := *th
		cth.Code = slices.Clone(th.Code)
		for k := range cth.Code {
			in := &cth.Code[k]
			in.RTags, in.WTags, in.FTags = slices.Clone(in.RTags), slices.Clone(in.WTags), slices.Clone(in.FTags)
			in.FailTags, in.ZeroTags, in.SpinTags = slices.Clone(in.FailTags), slices.Clone(in.ZeroTags), slices.Clone(in.SpinTags)
		}
		c.Threads[i] = &cth
	}
	c.Init = slices.Clone(t.Init)
	c.Warnings = slices.Clone(t.Warnings)
	return &c
}
