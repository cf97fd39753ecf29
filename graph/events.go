// This file implements what a node says of its event: the event itself
// (a mixed-size access's cell as the byte or bytes it is, not as the
// whole location), its instruction and its file:line; and how a caption
// names an event in words.

package graph

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/models"
)

// maxLine is the longest line of a node, in characters: a longer
// instruction (an atomic_try_cmpxchg_relaxed of four arguments) is
// wrapped, so that its box stays within its column.
const maxLine = 44

// eventLines are a node's lines: the event, its instruction, its place.
func eventLines(x *litmus.Execution, i int) []string {
	ev := &x.Events[i]
	lines := []string{eventText(x, i)}
	if ev.IsInit() {
		return lines
	}
	th := x.Test.Threads[ev.Thread]
	if ev.Instr < 0 || ev.Instr >= len(th.Code) {
		return lines
	}
	in := &th.Code[ev.Instr]
	if in.Text != "" {
		lines = append(lines, wrap(in.Text, maxLine)...)
	}
	if in.Pos.Line > 0 {
		file := in.Pos.File
		if file == "" {
			file = x.Test.File
		}
		lines = append(lines, fmt.Sprintf("%s:%d", filepath.Base(file), in.Pos.Line))
	}
	return lines
}

// eventText is the event as herd writes it without its thread ("W x=1",
// "R y=0", "F mb"), a mixed-size cell with the bytes it covers: a byte
// write of 1 at offset 1 of x is "W x+1=1 (byte 1 of x)", where herd's
// "W x+1=1" alone reads as a word write.
func eventText(x *litmus.Execution, i int) string {
	ev := &x.Events[i]
	if c, ok := cellOf(x, i); ok {
		return fmt.Sprintf("%s %s+%d=%v (%s)", kindLetter(ev), c.base, c.offset, ev.Value, c.bytes())
	}
	name := models.EventName(x, i)
	// The thread is the column's: keep what follows "P0: ".
	if k := strings.Index(name, ": "); k >= 0 {
		name = name[k+2:]
	}
	return name
}

func kindLetter(ev *litmus.Event) string {
	if ev.Kind == litmus.KindW {
		return "W"
	}
	return "R"
}

// describe names event i, node name, in a caption's words: "P0's write
// of x=1 (a)", "P1's read of y=0 (d)", "the initial write of x=0 (e)",
// "P0's mb fence (c)", "P0's write of 1 to byte 1 of x (b)".
func describe(x *litmus.Execution, i int, name string) string {
	ev := &x.Events[i]
	who := "the initial"
	if !ev.IsInit() {
		who = fmt.Sprintf("P%d's", ev.Thread)
	}
	if ev.Kind == litmus.KindF {
		return fmt.Sprintf("%s %s fence (%s)", who, models.FenceName(ev), name)
	}
	what := "read"
	if ev.Kind == litmus.KindW {
		what = "write"
	}
	if c, ok := cellOf(x, i); ok {
		prep := "from"
		if ev.Kind == litmus.KindW {
			prep = "to"
		}
		return fmt.Sprintf("%s %s of %v %s %s (%s)", who, what, ev.Value, prep, c.bytes(), name)
	}
	return fmt.Sprintf("%s %s of %s=%v (%s)", who, what, ev.Loc, ev.Value, name)
}

// A cell is a mixed-size event's part of its location: the bytes from
// offset on, width of them.
type cell struct {
	base          string
	offset, width int
}

func (c cell) bytes() string {
	if c.width <= 1 {
		return fmt.Sprintf("byte %d of %s", c.offset, c.base)
	}
	return fmt.Sprintf("bytes %d-%d of %s", c.offset, c.offset+c.width-1, c.base)
}

// cellOf is the cell memory event i accesses when x runs under mixed-size
// semantics (x.SI is made then only): its location is the cell's name,
// herd's "x" or "x+2", and the access's instances (si) share its width.
func cellOf(x *litmus.Execution, i int) (cell, bool) {
	ev := &x.Events[i]
	if x.SI.IsZero() || ev.Kind == litmus.KindF {
		return cell{}, false
	}
	c := cell{base: ev.Loc, width: granule(x)}
	if k := strings.LastIndexByte(ev.Loc, '+'); k > 0 {
		if off, err := strconv.Atoi(ev.Loc[k+1:]); err == nil {
			c.base, c.offset = ev.Loc[:k], off
		}
	}
	return c, c.width > 0
}

// granule is the width of x's cells in bytes: an access of n bytes is
// split in as many cells as its instance (si class) has. Every cell of a
// test has the one width (litmus/mixed.go); 1 when no access says.
func granule(x *litmus.Execution) int {
	for i := range x.Events {
		ev := &x.Events[i]
		if ev.IsInit() || !x.M.Has(i) || ev.Instr < 0 || ev.Instr >= len(x.Test.Threads[ev.Thread].Code) {
			continue
		}
		size := int(x.Test.Threads[ev.Thread].Code[ev.Instr].Size)
		if size == 0 {
			size = 4 // litmus's natural size of an access
		}
		cells := 0
		x.SI.EachSucc(i, func(int) { cells++ })
		if cells > 0 && size%cells == 0 {
			return size / cells
		}
	}
	return 1
}

// wrap breaks s into lines of at most n characters: after a ", " in the
// line's last quarter, else at its last space, else within a word.
func wrap(s string, n int) []string {
	var out []string
	for len(s) > n {
		cut := strings.LastIndex(s[:n], ", ")
		if cut >= n*3/4 {
			cut += 2
		} else if cut = strings.LastIndexByte(s[:n], ' '); cut > 0 {
			cut++
		} else {
			cut = n
		}
		out = append(out, strings.TrimRight(s[:cut], " "))
		s = s[cut:]
	}
	return append(out, s)
}
