// This file implements the limits every phase of an exploration polls: the
// deadline of its context and the memory bound, with the sizes the bound
// is written in.

package limit

import (
	"context"
	"fmt"
	"runtime/metrics"
	"strconv"
	"strings"
)

// DefaultMaxMemory is the heap an exploration may reach unless
// Options.MaxMemory says otherwise.
const DefaultMaxMemory int64 = 4 << 30

// heapMetric is the heap occupied by objects, live or not yet swept: what
// the process holds, which a limit meant to keep the machine alive bounds.
// Reading it does not stop the world, unlike runtime.ReadMemStats.
const heapMetric = "/memory/classes/heap/objects:bytes"

// A MemoryLimitError ends an exploration whose heap passed
// Options.MaxMemory.
type MemoryLimitError struct {
	File  string
	Limit int64
	// Phase says what the exploration was doing: "enumerating the paths
	// of P0", "exploring candidate executions".
	Phase string
}

func (e *MemoryLimitError) Error() string {
	return fmt.Sprintf("%s: memory limit of %s reached while %s (--max-memory)", e.File, FormatSize(e.Limit), e.Phase)
}

// A limiter polls the deadline and the memory bound of one exploration.
// Each goroutine has its own: the sample buffer is not shared.
type Limiter struct {
	Ctx    context.Context
	file   string
	maxMem int64 // 0: no bound
	sample []metrics.Sample
}

func New(ctx context.Context, file string, maxMemory int64) *Limiter {
	l := &Limiter{Ctx: ctx, file: file, maxMem: maxMemory}
	if l.maxMem == 0 {
		l.maxMem = DefaultMaxMemory
	}
	if l.maxMem < 0 {
		l.maxMem = 0
	}
	if ctx == nil {
		l.Ctx = context.Background()
	}
	return l
}

// fork returns a limiter with the same bounds for another goroutine.
func (l *Limiter) Fork() *Limiter {
	return &Limiter{Ctx: l.Ctx, file: l.file, maxMem: l.maxMem}
}

// poll returns the context's error once it is done, or a
// *MemoryLimitError once the heap passes the bound; phase names what is
// being done for the message.
func (l *Limiter) Poll(phase func() string) error {
	if err := l.Ctx.Err(); err != nil {
		return err
	}
	if l.maxMem == 0 {
		return nil
	}
	if l.sample == nil {
		l.sample = []metrics.Sample{{Name: heapMetric}}
	}
	metrics.Read(l.sample)
	if v := l.sample[0].Value; v.Kind() == metrics.KindUint64 && v.Uint64() > uint64(l.maxMem) {
		return &MemoryLimitError{File: l.file, Limit: l.maxMem, Phase: phase()}
	}
	return nil
}

var sizeUnits = []struct {
	suffix string
	bytes  int64
}{
	{"TiB", 1 << 40}, {"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10},
	{"TB", 1e12}, {"GB", 1e9}, {"MB", 1e6}, {"KB", 1e3}, {"kB", 1e3},
	{"T", 1 << 40}, {"G", 1 << 30}, {"M", 1 << 20}, {"K", 1 << 10}, {"B", 1},
}

// ParseSize reads a size such as "4GiB", "512MiB", "1.5G" or "1000000"
// (bytes). Single letters are binary units, as in ulimit and Go's
// GOMEMLIMIT.
func ParseSize(s string) (int64, error) {
	t := strings.TrimSpace(s)
	mult := int64(1)
	for _, u := range sizeUnits {
		if strings.HasSuffix(t, u.suffix) {
			t, mult = strings.TrimSpace(strings.TrimSuffix(t, u.suffix)), u.bytes
			break
		}
	}
	f, err := strconv.ParseFloat(t, 64)
	if err != nil || f < 0 || f*float64(mult) >= 1<<63 {
		return 0, fmt.Errorf("bad size %q (expected a number of bytes with an optional unit: 512MiB, 4GiB)", s)
	}
	return int64(f * float64(mult)), nil
}

// FormatSize writes n bytes in the largest binary unit it reaches, with
// at most two decimals: "4 GiB", "512 MiB", "1.5 GiB".
func FormatSize(n int64) string {
	for _, u := range sizeUnits[:4] {
		if n >= u.bytes {
			v := strconv.FormatFloat(float64(n)/float64(u.bytes), 'f', 2, 64)
			v = strings.TrimSuffix(strings.TrimRight(v, "0"), ".")
			return v + " " + u.suffix
		}
	}
	return fmt.Sprintf("%d B", n)
}
