// Command litmuscheck checks litmus tests against memory models: herd7's
// verdicts for the LKMM's C dialect and the PPC, AArch64, X86, X86_64 and
// RISC-V dialects, and C tests of kernel lock code compiled for every
// architecture the kernel maps its primitives to, side by side.
//
// Usage:
//
//	litmuscheck [flags] FILE|DIR|-...
//	litmuscheck conform [flags] DIR...
//	litmuscheck diff [--model M] [--lock ALG] OLD.litmus NEW.litmus
//	litmuscheck barriers [--model M] [--lock ALG] FILE...
//	litmuscheck locks [--dir DIR] [--bad-states]
//	litmuscheck compare A B
//	litmuscheck help [COMMAND]
//	herd7 [herd7 options] FILE...   (litmuscheck run as herd7)
//
// "litmuscheck help COMMAND" lists each command's flags; docs/reference
// describes every command, output format and exit status.
//
// Examples:
//
//	litmuscheck tests/unlock_release.litmus
//	litmuscheck --model sc --format herd tests/SB.litmus
//	litmuscheck diff before.litmus after.litmus
package main
