package cprim

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// linuxKernelDef is herd's table of the kernel primitives, in the shared
// reference models beside the repository.
const linuxKernelDef = "../../../../shared/models-reference/linux-kernel.def"

// TestCPrimsMatchDef checks that the primitives are those of
// linux-kernel.def, with the same arity.
func TestCPrimsMatchDef(t *testing.T) {
	def, err := os.ReadFile(linuxKernelDef)
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal(err)
		}
		t.Skip(err)
	}
	macro := regexp.MustCompile(`(?m)^([A-Za-z_][A-Za-z0-9_]*)\(([^)]*)\)`)
	seen := map[string]bool{}
	for _, m := range macro.FindAllStringSubmatch(string(def), -1) {
		name, n := m[1], 0
		if m[2] != "" {
			n = len(strings.Split(m[2], ","))
		}
		seen[name] = true
		p, ok := kernel[name]
		if !ok {
			t.Errorf("%s is in linux-kernel.def but not in the kernel table", name)
			continue
		}
		if p.NArgs() != n {
			t.Errorf("%s takes %d arguments in linux-kernel.def, %d in the kernel table", name, n, p.NArgs())
		}
	}
	for name := range kernel {
		if !seen[name] {
			t.Errorf("%s is in the kernel table but not in linux-kernel.def", name)
		}
	}
}
