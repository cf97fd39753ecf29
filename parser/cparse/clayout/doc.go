// Package clayout lays out the data of kernel C that the C front end
// lowers: structs of any members, each scalar or pointer member in a slot
// of its own, and per-CPU variables, one copy a CPU. A location laid out
// this way is an array of word slots addressed in bytes, so that a
// pointer to a node, a member's address and per_cpu_ptr are address
// arithmetic that the LKMM column and every compiled column compute
// alike.
//
// A slot is a word whatever the member's C type: the front end converts
// each value to that type, so arithmetic is C's, but two structs that
// view one word differently (a byte of a lock word) are not laid out
// here; the qspinlock's and qrwlock's words, which need their bytes, are
// the front end's own. What this package gives them is C's natural
// layout in bytes (natural.go), against which a kernel header's own
// definition of such a word is checked.
package clayout
