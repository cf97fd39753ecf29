// Package ctypedef implements typedef for the C front end, read before
// the grammar runs: "typedef struct { volatile unsigned int slock; }
// arch_spinlock_t;" becomes the definition of struct arch_spinlock_t, "typedef u32 foo_t;" an alias,
// and each later use of the name the type it stands for, so that the
// grammar, which tells types from names by their tokens, reads kernel
// headers as they are written. A typedef holds in the file that makes it
// and, as the macros do, in the files read after it (package csyntax
// hands its names on as object-like macros).

package ctypedef
