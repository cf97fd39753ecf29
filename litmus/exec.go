// This file implements candidate executions: the events of one choice of
// control-flow paths, with the relations po, rf, co, rmw, addr, data and
// ctrl that the models read.

package litmus

import "github.com/litmuscheck/litmuscheck/rel"

// An EventKind says whether an event reads, writes or fences.
type EventKind uint8

const (
	KindR EventKind = iota
	KindW
	KindF
)

// An Event is one memory access or fence of a candidate execution.
type Event struct {
	ID     int
	Kind   EventKind
	Thread int // -1 for an initial write
	Instr  int // index of the instruction in its thread; -1 for init
	Loc    string
	Value  Value
	Tags   []string
}

// IsInit reports whether e is an initial write.
func (e *Event) IsInit() bool { return e.Thread < 0 }

// An Execution is a candidate execution. Models read its sets and
// relations and must not modify them.
type Execution struct {
	Test   *Test
	Events []Event
	N      int

	// Event sets: reads, writes, fences, memory accesses (R|W), initial
	// writes, and accesses made by load-reserve/store-conditional pairs.
	R, W, F, M, IW, LXSX rel.Set
	// Atomic holds the events of read-modify-write instructions (OpRMW,
	// OpCAS), successful or not: herd's RMW set in the C dialect.
	Atomic rel.Set

	PO  rel.Rel // program order, within each thread
	Loc rel.Rel // same location, over memory accesses
	Int rel.Rel // same thread (init writes are in no thread)
	RF  rel.Rel // reads-from, write to read
	CO  rel.Rel // coherence, transitive, init writes first
	RMW rel.Rel // read to write of one atomic read-modify-write
	// Dependencies through registers, from a read to the events whose
	// address, stored value, or guarding branch its value reaches. Data
	// may relate the read and write of one instruction; models exclude
	// same-instance pairs where herd does.
	Addr rel.Rel
	Data rel.Rel
	Ctrl rel.Rel
	// The same, counting picks too (supersets of Addr, Data and Ctrl):
	// herd's pick dependencies, where the value also flows through the
	// condition of a CSEL or the comparison of a CAS (OpPick).
	PickAddr, PickData, PickCtrl rel.Rel
	// SameInstr relates distinct events of one instruction.
	SameInstr rel.Rel
	// SI is herd's si under mixed-size semantics: the cells of one access
	// (mixed.go). It is never made otherwise, where si is the identity.
	SI rel.Rel

	Tags map[string]rel.Set

	// Spin lists the spin reads of a hanging execution (hang.go): each
	// reads the last write of its location, and its spin goes on forever.
	Spin []int

	// Memo is for a model to keep what it derives from the relations that
	// stay fixed (all but RF and CO) while the explorer varies RF and CO
	// over one combination of paths. Each combination has an Execution of
	// its own, whose Memo starts nil.
	Memo any
	// Arena is scratch space for a model's per-candidate relations; it
	// belongs to the worker exploring this execution, which checks one
	// candidate at a time. It may be nil.
	Arena *rel.Arena
}

// Tag returns the set of events carrying tag.
func (x *Execution) Tag(tag string) rel.Set { return x.Tags[tag] }

// Internal is herd's int: the pairs of events of one thread, each event
// with itself too; an initial write belongs to no thread. Every model and
// the cat interpreter read int and ext from here.
func (x *Execution) Internal() rel.Rel {
	return x.Int.Union(rel.Identity(x.N, rel.AllEvents(x.N).Diff(x.IW)))
}

// External is herd's ext: the pairs of events of two threads, and of an
// initial write with a thread's event, either way; two initial writes
// are not external to each other.
func (x *Execution) External() rel.Rel {
	all := rel.AllEvents(x.N)
	return rel.Cartesian(x.N, all, all).Diff(x.Internal()).Diff(rel.Cartesian(x.N, x.IW, x.IW))
}

// FR is from-reads: rf^-1 ; co, plus reads of an initial value before
// every write of the location (covered since init writes are co-first).
// As herd's (rf^-1; co) \ id, an event that both reads and writes (an
// AMO of OneEventView) is not related to itself.
func (x *Execution) FR() rel.Rel {
	fr := x.RF.Inverse().Seq(x.CO)
	for e := 0; e < x.N; e++ {
		fr.Remove(e, e)
	}
	return fr
}
