package tests

import (
	"fmt"

	"github.com/litmuscheck/litmuscheck/explore"
	"github.com/litmuscheck/litmuscheck/models"
	"github.com/litmuscheck/litmuscheck/parser"
)

// Checking a test from Go: store buffering is forbidden by SC and allowed
// by x86-TSO.
func Example() {
	test, err := parser.ParseFile("SB.litmus")
	if err != nil {
		panic(err)
	}
	for _, m := range []*models.Model{models.SC, models.TSO} {
		res, err := explore.Check(test, m)
		if err != nil {
			panic(err)
		}
		fmt.Println(m.Name(), res.Verdict(), len(res.States), "states")
	}
	// Output:
	// SC Never 3 states
	// TSO Sometimes 4 states
}
