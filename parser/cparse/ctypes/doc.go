// Package ctypes is C's integer types in the lowering of C threads:
// each value has the type C gives it, and a value that a conversion could
// change (an assignment to a narrower type, a cast, unsigned arithmetic
// that wraps, an unsigned comparison of 64-bit values) goes through the
// IR's conversion and unsigned operators, so that "(u16)val", a u8 local
// and "u32 - 1" compute what the compiled kernel code computes.
//
// Values are held canonical for their type (a u32 in 0..2^32-1, an s16 in
// -2^15..2^15-1, a 64-bit type as its bits), so a conversion is needed
// only where the source's range does not fit the destination's. Names
// whose type the lowering does not know (a register herd's style leaves
// undeclared, a pointer, a lock) are untyped and convert nothing, as
// before types were tracked: the LKMM's locations hold whole values.
// Unsigned arithmetic wraps at its type's width. Signed int arithmetic
// is left unwrapped: its overflow is undefined in C, and although the
// kernel builds with -fno-strict-overflow, which wraps it, no lock or
// litmus test comes near 2^31, while wrapping every "r + 1" would add a
// conversion to every compiled column of such tests.

package ctypes
