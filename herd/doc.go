// Package herd reproduces herd7's conventions outside the memory models:
// the Hash= line of its output (hash*.go), its output format for a result
// (output.go), the .cfg files of its command line (cfg.go), and the names
// of herd's own model files that the built-in models stand for (names.go).
package herd
