// Package cprim describes the primitives a C litmus test calls: the
// kernel's, as herd7's linux-kernel.def defines them (Kernel), and those
// of a user's .def macro file (ParseDef, NewPrims). A Prim is the shape
// (Kind) and the annotation of the events a call lowers to; package
// cparse lowers each call after it.
package cprim
