// This file implements the files of the proof table's scenarios: C tests
// built into the binary, or read from a directory.

package locks

import (
	"embed"
	"io/fs"
	"os"
)

//go:embed scenarios/*.litmus
var scenarioFiles embed.FS

// scenarioDir is the directory of the scenarios' C tests in this package,
// and the name their embedded copies are reported under.
const scenarioDir = "locks/scenarios"

// ScenarioFS is where the scenarios' C tests are read from: the copies
// built into the binary when dir is "", else the directory dir.
func ScenarioFS(dir string) (fs.FS, string) {
	if dir == "" {
		sub, err := fs.Sub(scenarioFiles, "scenarios")
		if err != nil {
			panic("should never happen: " + err.Error())
		}
		return sub, scenarioDir
	}
	return os.DirFS(dir), dir
}
