// This file implements the kernel's function-like macros that every
// program starts with, as the headers it does not include define them:
// EXPORT_SYMBOL, which exports and generates nothing, IS_ENABLED,
// which reads a CONFIG_ option, none of which is set unless the program
// defines it, and context_lock_struct(name), "struct name"; and the
// type names the architecture's headers would define for the dialect's
// lock words, arch_spinlock_t and arch_rwlock_t.

package cmacro

import "strings"

// builtins are those macros; a #define of the same name replaces one.
var builtins = map[string]*cMacro{
	"EXPORT_SYMBOL":     {params: []string{"sym"}},
	"EXPORT_SYMBOL_GPL": {params: []string{"sym"}},
	"IS_ENABLED":        {params: []string{"option"}, value: isEnabled},
	// The newest mutex_types.h defines struct mutex with it; the
	// compiler's context analysis it feeds checks nothing run here.
	"context_lock_struct": {params: []string{"name"}, body: "struct name"},
}

// usesBuiltin reports whether text names one of the builtins: a text
// without a directive is then preprocessed too.
func usesBuiltin(text string) bool {
	for name := range builtins {
		if strings.Contains(text, name) {
			return true
		}
	}
	return false
}

// isEnabled is IS_ENABLED(option): 1 when option, or option_MODULE, is
// a macro defined as 1 (the kernel's y and m), 0 otherwise.
func isEnabled(p *preprocessor, args []string) string {
	option := strings.TrimSpace(args[0])
	for _, name := range []string{option, option + "_MODULE"} {
		if m, ok := p.macros[name]; ok && m.params == nil && strings.TrimSpace(m.body) == "1" {
			return "1"
		}
	}
	return "0"
}

// typeNames are the typedef names of the lock words that the generic
// headers (qspinlock_types.h, qrwlock_types.h) define: code pasted from
// asm-generic/ticket_spinlock.h or the queued locks names them without
// the header. A file's own typedef of one replaces it (Macros.Without).
var typeNames = map[string]string{
	"arch_spinlock_t": "struct qspinlock",
	"arch_rwlock_t":   "struct qrwlock",
}

// Initial are the macros a program's first file starts with: the
// typedef names of typeNames.
func Initial() *Macros {
	m := &Macros{defined: map[string]*cMacro{}}
	for name, body := range typeNames {
		m.defined[name] = &cMacro{body: body}
	}
	return m
}
