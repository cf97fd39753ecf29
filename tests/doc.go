// Package tests holds litmuscheck's own litmus tests (the classic shapes,
// the C tests of lkmm/ for each family of kernel primitives, hangs,
// loops, mixed sizes and the hand-written assembly of lock code) and the
// suite that asserts their verdicts under each model, the proof table
// against docs/locks.md, and the house rules of the code and the docs.
package tests
