// This file implements the weakening of ordering annotations, for the
// review of which ones a verdict rests on: an acquire or release becomes
// relaxed, a fully ordered RMW becomes release, acquire or relaxed, a fence
// goes. The weakening rewrites the IR tags of the parsed C test, so that
// LKMM reads the weaker tags and Compile picks the weaker instructions.

package locks

import (
	"github.com/litmuscheck/litmuscheck/litmus"
)

// A Weakening is one way to weaken an ordering annotation.
type Weakening uint8

const (
	// ToRelease makes a fully ordered RMW a _release one.
	ToRelease Weakening = iota
	// ToAcquire makes a fully ordered RMW an _acquire one.
	ToAcquire
	// ToRelaxed makes an RMW _relaxed, smp_load_acquire READ_ONCE and
	// smp_store_release WRITE_ONCE.
	ToRelaxed
	// Removed drops a fence (a C fence primitive, or an assembly test's
	// fence instruction, which becomes a nop).
	Removed
)

// An Annotation is an ordering annotation of a test's source, at one
// position, with one way to weaken it. A fragment inlined in several
// threads, or several times, is one annotation: weakening it changes the
// fragment's source line, so every inlined copy.
type Annotation struct {
	Pos litmus.Pos
	// Text is the source text of the instruction.
	Text string
	// From is the kernel primitive the compiler sees (cmpxchg_release,
	// smp_store_release, smp_mb), or the assembly instruction.
	From string
	// To is what From becomes: a kernel primitive, "nothing" for a removed
	// C fence, "nop" for an assembly one.
	To        string
	Weakening Weakening
	// Threads are the threads whose code holds the annotation, in order.
	Threads []int
}

// An AnnotationKey identifies an annotation: one source instruction
// weakened one way. Two parses of a test, with different lock algorithms,
// give their common annotations the same keys.
type AnnotationKey struct {
	pos       litmus.Pos
	text      string
	weakening Weakening
}

// Key is the annotation's key.
func (a *Annotation) Key() AnnotationKey { return AnnotationKey{a.Pos, a.Text, a.Weakening} }

// Annotations lists the ordering annotations of t and the ways to weaken
// each, in the order of their first appearance (by thread, then in program
// order). In a C test the annotations of the inlined lock fragments count,
// at the fragments' own positions.
func Annotations(t *litmus.Test) []Annotation {
	var out []Annotation
	index := map[AnnotationKey]int{}
	for _, th := range t.Threads {
		for pc := range th.Code {
			in := &th.Code[pc]
			for _, w := range weakenings(t.Arch, in) {
				a := Annotation{Pos: in.Pos, Text: in.Text, Weakening: w}
				if i, ok := index[a.Key()]; ok {
					if ts := out[i].Threads; ts[len(ts)-1] != th.ID {
						out[i].Threads = append(ts, th.ID)
					}
					continue
				}
				weak := weaken(*in, w)
				a.From, a.To = describeAnnotation(t.Arch, in), describeAnnotation(t.Arch, &weak)
				a.Threads = []int{th.ID}
				index[a.Key()] = len(out)
				out = append(out, a)
			}
		}
	}
	return out
}

// Weaken returns a copy of t in which every instruction of annotation a is
// weakened; t is left alone.
func Weaken(t *litmus.Test, a Annotation) *litmus.Test {
	c := *t
	c.Threads = make([]*litmus.Thread, len(t.Threads))
	for i, th := range t.Threads {
		nt := *th
		nt.Code = append([]litmus.Instr(nil), th.Code...)
		for pc := range nt.Code {
			in := &nt.Code[pc]
			if in.Pos != a.Pos || in.Text != a.Text {
				continue
			}
			for _, w := range weakenings(t.Arch, in) {
				if w == a.Weakening {
					nt.Code[pc] = weaken(*in, w)
					break
				}
			}
		}
		c.Threads[i] = &nt
	}
	return &c
}

// weakenings are the ways in is weakened: none when it orders nothing.
func weakenings(arch litmus.Arch, in *litmus.Instr) []Weakening {
	if arch != litmus.ArchC {
		if in.Op == litmus.OpFence {
			return []Weakening{Removed}
		}
		return nil
	}
	switch in.Op {
	case litmus.OpLoad:
		if oneTag(in.RTags) == litmus.TagAcquire && in.ZeroTags == nil {
			return []Weakening{ToRelaxed}
		}
	case litmus.OpStore:
		if oneTag(in.WTags) == litmus.TagRelease {
			return []Weakening{ToRelaxed}
		}
	case litmus.OpFence:
		// The fences the kernel's tables map, smp_mb to barrier; not
		// RCU's grace periods and read-side markers, nor SRCU's events.
		if Primitive(in) != "" {
			return []Weakening{Removed}
		}
	case litmus.OpRMW, litmus.OpCAS:
		if in.FailTags != nil || in.AddUnless || oneTag(in.RTags) != oneTag(in.WTags) {
			return nil
		}
		switch oneTag(in.RTags) {
		case litmus.TagAcquire, litmus.TagRelease:
			return []Weakening{ToRelaxed}
		case litmus.TagMB:
			return []Weakening{ToRelease, ToAcquire, ToRelaxed}
		}
	}
	return nil
}

// weaken returns in weakened the way w says.
func weaken(in litmus.Instr, w Weakening) litmus.Instr {
	tag := map[Weakening]string{ToRelease: litmus.TagRelease, ToAcquire: litmus.TagAcquire, ToRelaxed: litmus.TagOnce}[w]
	switch {
	case w == Removed:
		return litmus.Instr{Pos: in.Pos, Op: litmus.OpNop, Text: in.Text}
	case in.Op == litmus.OpLoad:
		in.RTags = []string{tag}
	case in.Op == litmus.OpStore:
		in.WTags = []string{tag}
	default:
		in.RTags, in.WTags = []string{tag}, []string{tag}
	}
	return in
}

// describeAnnotation names what an instruction is for the review: the
// kernel primitive of a C instruction, the text of an assembly one.
func describeAnnotation(arch litmus.Arch, in *litmus.Instr) string {
	if in.Op == litmus.OpNop {
		if arch == litmus.ArchC {
			return "nothing"
		}
		return "nop"
	}
	if arch == litmus.ArchC {
		return Primitive(in)
	}
	return in.Text
}
