package litmus

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestWriteStateLines checks that the states formatted in chunks on every
// core come out as one loop writes them, at sizes around the chunk.
func TestWriteStateLines(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	}
	for _, n := range []int{0, 1, 2*stateChunk - 1, 2 * stateChunk, 5*stateChunk + 7} {
		r := &Result{}
		for i := range n {
			r.States = append(r.States, NewState([]Value{Int(int64(i)), Int(int64(i % 3))}))
		}
		line := func(dst []byte, st State) []byte {
			return fmt.Appendf(dst, "%v %v\n", st.Value(0), st.Value(1))
		}
		var want, got strings.Builder
		for _, st := range r.States {
			want.Write(line(nil, st))
		}
		r.WriteStateLines(&got, line)
		if diff := cmp.Diff(want.String(), got.String()); diff != "" {
			t.Errorf("%d states (-want +got):\n%s", n, diff)
		}
	}
}
