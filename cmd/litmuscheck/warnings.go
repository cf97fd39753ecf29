// This file implements the printing of a test's warnings: problems that
// leave the verdict standing but that the user should see.

package main

import (
	"fmt"
	"io"
)

// printWarnings writes each warning of the test out ran, as
// "file:line:col: warning: msg".
func printWarnings(w io.Writer, out fileOutcome) {
	t := out.Test
	if t == nil && out.Result != nil {
		t = out.Result.Test
	}
	if t == nil {
		return
	}
	for _, e := range t.Warnings {
		fmt.Fprintf(w, "%s: warning: %s\n", e.Pos, e.Msg)
	}
}
