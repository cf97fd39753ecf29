// Package tests holds litmuscheck's own litmus tests (the classic shapes,
// the C tests of lkmm/ for each family of kernel primitives and, later,
// the lock scenarios) and the suite that asserts their verdicts under
// each model.
package tests
