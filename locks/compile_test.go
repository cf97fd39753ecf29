package locks

import (
	"context"
	"os"
	"testing"

	"litmuscheck/litmus"
)

func TestCompileSmoke(t *testing.T) {
	src, _ := os.ReadFile("../tests/locks/mp-through-lock.litmus")
	for _, an := range []string{"qspinlock", "pv-cmpxchg", "pv-cmpxchg-release", "pv-cmpxchg-relaxed", "write-once"} {
		a, _ := AlgorithmByName(an)
		for _, col := range Columns {
			r, err := RunC(context.Background(), "mp", string(src), a, col, litmus.Options{})
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%s %s %s %v", an, col.Name, r.Verdict(), r.Err)
		}
	}
}
