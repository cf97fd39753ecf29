// Package liveness computes which IR registers of a thread are live
// before and after each instruction, over the thread's control flow,
// loops included, and which pairs of registers may not share a machine
// register. The compiler (package locks) reads it when a thread needs
// more machine registers than the target has.
package liveness
