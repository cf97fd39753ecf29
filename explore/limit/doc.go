// Package limit bounds an exploration: every phase polls a Limiter for
// the deadline of its context and for the memory bound, written in sizes
// such as 512MiB or 4GiB.
package limit
