// Package models holds the memory models, each a table of named axioms
// over the relations of a candidate execution, with herd's names so that a
// disagreement with herd7 can be traced to one axiom: SC, x86-TSO, POWER,
// ARMv8, RISC-V (RVWMO) and the Linux-kernel memory model, with the
// explanation of a forbidden candidate (explain.go).
package models
