// This file implements the objects of static storage that kernel C
// functions name: per-CPU variables (DEFINE_PER_CPU), one copy a CPU,
// laid out as one location of slots that per_cpu_ptr indexes, and
// variables at file scope, one copy for every CPU.

package clayout

import "math/bits"

// An Object is a per-CPU variable or a variable at file scope: a
// struct, or an integer or a pointer in one slot.
type Object struct {
	Name string
	// Shared marks a variable at file scope: one copy, not one per CPU.
	Shared bool
	// Struct is the object's type, nil for an integer type.
	Struct *Struct
	// Words is the object's type, as Member's.
	Words []string
	// Len is the number of elements of a per-CPU array ("qnodes[4]"), 0
	// for none; an element is its struct's bytes from the one before.
	Len int
}

// CopyBytes is the size of one CPU's copy, a power of two.
func (o *Object) CopyBytes() int64 {
	elem := int64(SlotBytes)
	if o.Struct != nil {
		elem = o.Struct.Bytes()
	}
	if o.Len == 0 {
		return elem
	}
	return int64(1) << bits.Len64(uint64(elem*int64(o.Len))-1)
}

// Slots is the number of slots the object takes in a test of ncpu CPUs.
func (o *Object) Slots(ncpu int) int {
	if o.Shared {
		ncpu = 1
	}
	return int(o.CopyBytes()/SlotBytes) * max(ncpu, 1)
}

// InitType is the type an init block declares the object's location
// with: "struct NAME" for a struct, the integer type's words otherwise.
// A location of a struct type is an array of slots, addressed in bytes.
func (o *Object) InitType() string {
	if o.Struct != nil {
		return StructType(o.Struct.Name)
	}
	return "int"
}

// StructType is the type of the init item of a location laid out as the
// slots of struct name.
func StructType(name string) string { return "struct " + name }
