// Package cmacro is the C preprocessor of the C front end: object-like
// and function-like #define and #undef in a test's program and in files
// of functions, expanded where they are used before the C grammar reads
// the code, keeping the file's lines. Other directives are refused as
// unsupported, with their position.
package cmacro
