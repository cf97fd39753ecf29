// Package coorder enumerates the coherence orders of one location: the
// linear extensions of the order its writes must keep, with herd's
// atomicity of read-modify-writes cut as the orders are built.
package coorder
