// Package rel holds event sets and binary relations over the events of one
// candidate execution, as bitsets, with the operations of herd's cat
// language (union, intersection, difference, sequence, inverse, closures)
// and its checks (acyclic, irreflexive, empty).
//
// A model derives many relations per candidate; an Arena lets it keep
// their rows in memory reused from one candidate to the next (Attach,
// Reset) instead of allocating each.
package rel
