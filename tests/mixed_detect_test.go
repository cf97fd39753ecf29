// This file checks when a test runs under mixed-size semantics: a
// location accessed at two widths on some path makes it so even when the
// filter drops every path with one of the widths under word semantics.

package tests

import (
	"context"
	"testing"

	"github.com/litmuscheck/litmuscheck/explore"
	"github.com/litmuscheck/litmuscheck/models"
	"github.com/litmuscheck/litmuscheck/parser"
)

// filteredWidth: P1 reads the word only when P0's byte store has cleared
// its low byte (256, which word semantics cannot give), and the filter
// keeps the paths that get past that test: under word semantics none of
// P1's paths survives the filter, so only the paths before it show that
// lock is accessed as a byte and as a word.
const filteredWidth = `AArch64 filtered-width
{
lock=511;
0:X5=lock;
1:X0=lock;
}
 P0            | P1              ;
 MOV X6,#0     | MOV X2,#255     ;
 STLRB W6,[X5] | LDR W1,[X0]     ;
               | CMP X1,#256     ;
               | B.NE Abort1     ;
               | LDAXR W3,[X0]   ;
               | STXR W5,W2,[X0] ;
               | CBNZ W5,Abort1  ;
               | B End1          ;
               | Abort1:         ;
               | MOV X12,#1      ;
               | End1:           ;
filter (1:X12=0)
exists (1:X3=256)
`

func TestMixedSizeDetectedBeforeFilter(t *testing.T) {
	test, err := parser.Parse("filtered-width.litmus", filteredWidth)
	if err != nil {
		t.Fatal(err)
	}
	model, err := models.Lookup("armv8")
	if err != nil {
		t.Fatal(err)
	}
	res, err := explore.Explore(context.Background(), test, model, explore.Options{RefuseMixedSize: true})
	if err != nil {
		t.Fatal(err)
	}
	if res.Verdict() != "Always" || res.Positive != 1 {
		t.Errorf("%s, %d of %d executions: want Always, 1 of 1 (mixed-size semantics)", res.Verdict(), res.Positive, res.Positive+res.Negative)
	}
}
