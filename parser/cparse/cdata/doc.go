// Package cdata collects the data a kernel-C program or a file of
// functions defines before its code: the structs it lays out (package
// clayout), its per-CPU variables and arrays, and the definitions of the
// dialect's own lock words (the qspinlock's and qrwlock's), which are
// checked against the layout the dialect has built in and then use it.
package cdata
