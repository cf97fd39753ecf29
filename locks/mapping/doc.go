// Package mapping holds the kernel's mapping of each primitive to every
// architecture litmuscheck compiles C tests for, as data: for each
// target, the instruction template each kernel primitive becomes, in the
// target's herd dialect, with the placeholders package locks fills.
package mapping
