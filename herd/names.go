// This file implements the names of herd's own model files that the
// built-in models compute the same as.

package herd

import "path/filepath"

// builtinModels maps herd's model files to the built-in models that
// compute what they compute, unedited.
var builtinModels = map[string]string{
	"ppc.cat": "power", "aarch64.cat": "armv8", "x86tso.cat": "tso",
	"x86tso-mixed.cat": "tso-mixed", "linux-kernel.cat": "lkmm", "riscv.cat": "riscv",
}

// BuiltinModel is the name of the built-in model that herd's model file
// catFile (a path; its base name counts) stands for, and whether there is
// one.
func BuiltinModel(catFile string) (string, bool) {
	name, ok := builtinModels[filepath.Base(catFile)]
	return name, ok
}
