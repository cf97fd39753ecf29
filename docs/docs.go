// This file implements the scenario paragraphs of locks.md that the HTML
// proof report quotes.

package docs

import (
	_ "embed"
	"strings"
)

//go:embed locks.md
var locksMD string

// Scenario is the prose of the "### name" section of locks.md, up to the
// next heading, or "" when there is none.
func Scenario(name string) string {
	var out []string
	in := false
	for _, line := range strings.Split(locksMD, "\n") {
		if strings.HasPrefix(line, "#") {
			if in {
				break
			}
			in = strings.TrimSpace(strings.TrimPrefix(line, "###")) == name && strings.HasPrefix(line, "### ")
			continue
		}
		if in && !strings.HasPrefix(line, "![") {
			out = append(out, line)
		}
	}
	return strings.TrimSpace(strings.Join(out, "\n"))
}
