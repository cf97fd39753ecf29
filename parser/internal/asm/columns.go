// This file implements the column layout of assembly tests: a header row
// "P0 | P1 ;" and then one row per line, cells separated by '|' and rows
// ended by ';'; and the productions of a cell every dialect shares.

package asm

import (
	"strconv"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/parser/internal/litfile"
)

// asmLabel is a label at the head of an assembly cell, "L0:"; every
// assembly dialect's lexer has Ident and ":" tokens.
type asmLabel struct {
	Pos  lexer.Position
	Name string `parser:"@Ident \":\""`
}

// An asmCell is one program cell of an assembly dialect whose
// instructions are I: its labels, then at most one instruction.
type asmCell[I any] struct {
	Pos    lexer.Position
	Labels []*asmLabel `parser:"@@*"`
	Instr  *I          `parser:"@@?"`
}

// An asmInstr is a mnemonic and its operands, of type A. Which operands a
// mnemonic takes is checked when lowering, which gives clearer messages
// than a grammar rule per mnemonic.
type asmInstr[A any] struct {
	Pos  lexer.Position
	Op   string `parser:"@Ident"`
	Args []*A   `parser:"( @@ ( \",\" @@ )* )?"`
}

// A cell is the text of one instruction slot of one thread, trimmed, with
// its position. Empty cells are kept out of the column.
type cell struct {
	text string
	pos  litmus.Pos
	sec  litfile.Section
}

// columns splits an assembly program into one list of cells per thread.
func columns(prog litfile.Section) ([][]cell, error) {
	text := prog.Text
	// Rows end with ';'. Comments (* *) may sit between rows.
	var rows []litfile.Section
	start := 0
	for i := 0; i < len(text); i++ {
		switch {
		case text[i] == '(' && i+1 < len(text) && text[i+1] == '*':
			j, err := litfile.SkipComment(prog.File, prog.Start+i)
			if err != nil {
				return nil, err
			}
			// Blank the comment out of the row.
			i = j - prog.Start - 1
		case text[i] == ';':
			rows = append(rows, prog.Sub(start, i))
			start = i + 1
		}
	}
	if strings.TrimSpace(stripComments(text[start:])) != "" {
		return nil, litmus.Errorf(prog.Pos(start+firstNonSpace(text[start:])), "expected ';' at the end of the program row")
	}
	if len(rows) == 0 {
		return nil, litmus.Errorf(prog.Pos(0), "expected a thread header row such as \"P0 | P1 ;\"")
	}
	head := splitCells(rows[0])
	n := len(head)
	for i, c := range head {
		want := "P" + strconv.Itoa(i)
		if c.text != want {
			return nil, litmus.Errorf(c.pos, "expected thread name %q in the header row, found %q", want, c.text)
		}
	}
	if len(rows) == 1 {
		// herd7 cannot transpose no rows at all.
		return nil, litmus.Errorf(head[0].pos, "mismatch in instruction lines: the header row has no instruction rows under it")
	}
	cols := make([][]cell, n)
	for _, row := range rows[1:] {
		cells := splitCells(row)
		// herd7 transposes the rows and refuses a row of another width
		// ("mismatch in instruction lines"): a header naming more threads
		// than the code has columns would leave a thread silently empty.
		if len(cells) > n {
			return nil, litmus.Errorf(cells[n].pos, "mismatch in instruction lines: row has %d columns but the header names %d threads", len(cells), n)
		}
		if len(cells) < n {
			last := cells[len(cells)-1]
			return nil, litmus.Errorf(last.pos, "mismatch in instruction lines: row has %d columns but the header names %d threads", len(cells), n)
		}
		for i, c := range cells {
			if c.text != "" {
				cols[i] = append(cols[i], c)
			}
		}
	}
	return cols, nil
}

// CheckColumns reports the first error of the column layout of the
// assembly program prog, the part every assembly dialect shares, so that
// a caller can tell it from the errors of a dialect's own grammar.
func CheckColumns(prog litfile.Section) error {
	_, err := columns(prog)
	return err
}

func splitCells(row litfile.Section) []cell {
	var out []cell
	start := 0
	emit := func(end int) {
		s := row.Sub(start, end)
		raw := stripComments(s.Text)
		lead := firstNonSpace(raw)
		out = append(out, cell{text: strings.TrimSpace(raw), pos: s.Pos(lead), sec: s})
	}
	for i := 0; i < len(row.Text); i++ {
		if row.Text[i] == '|' {
			emit(i)
			start = i + 1
		}
	}
	emit(len(row.Text))
	return out
}

// stripComments blanks (* *) comments, keeping offsets.
func stripComments(s string) string {
	if !strings.Contains(s, "(*") {
		return s
	}
	b := []byte(s)
	depth := 0
	for i := 0; i < len(b); i++ {
		if i+1 < len(b) && b[i] == '(' && b[i+1] == '*' {
			depth++
			b[i], b[i+1] = ' ', ' '
			i++
			continue
		}
		if depth > 0 && i+1 < len(b) && b[i] == '*' && b[i+1] == ')' {
			depth--
			b[i], b[i+1] = ' ', ' '
			i++
			continue
		}
		if depth > 0 && b[i] != '\n' {
			b[i] = ' '
		}
	}
	return string(b)
}

func firstNonSpace(s string) int {
	for i := 0; i < len(s); i++ {
		if s[i] != ' ' && s[i] != '\t' && s[i] != '\n' && s[i] != '\r' {
			return i
		}
	}
	return 0
}

// lowerThreads lowers an assembly program a thread at a time: lower fills
// in the thread's code and registers from its column of cells and returns
// the errors it found. The errors of every thread are reported together,
// sorted. A thread stands at its first cell, or at the program's start
// when it has none.
func lowerThreads(prog litfile.Section, lower func(th *litmus.Thread, col []cell) litmus.ErrorList) ([]*litmus.Thread, error) {
	cols, err := columns(prog)
	if err != nil {
		return nil, err
	}
	var errs litmus.ErrorList
	threads := make([]*litmus.Thread, len(cols))
	for i, col := range cols {
		th := &litmus.Thread{ID: i, Pos: prog.Pos(firstNonSpace(prog.Text))}
		if len(col) > 0 {
			th.Pos = col[0].pos
		}
		errs = append(errs, lower(th, col)...)
		threads[i] = th
	}
	if err := errs.Err(); err != nil {
		return nil, err
	}
	return threads, nil
}
