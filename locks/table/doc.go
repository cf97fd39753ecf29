// Package table is the proof table: lock scenarios (crossed locking, lost
// updates, message passing through a lock, liveness) in variants of their
// lock algorithm and barriers, each run in every column, with the verdict
// each column is expected to give. Each variant's C test is parsed once
// and runs in every column through package pipeline.
package table
