// Package tests holds litmuscheck's own litmus tests (the classic shapes
// and, later, the lock scenarios) and the suite that asserts their
// verdicts under each model.
package tests
