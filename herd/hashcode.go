// This file implements the code part of herd's hash: each thread's code
// pretty-printed (C: the function as written; assembly: each instruction in
// herd's canonical spelling, labels renumbered), laid out in columns.

package herd

import (
	"fmt"
	"sort"
	"strings"
)

// codeDigestText is the program as herd lays it out for the digest.
func codeDigestText(arch, program string) (string, error) {
	var cols [][]string
	var err error
	if arch == "C" {
		cols, err = cFunctions(program)
	} else {
		cols, err = asmColumns(arch, program)
	}
	if err != nil {
		return "", err
	}
	return layout(cols), nil
}

// layout prints columns side by side, each cell padded to its column's
// width, one ";"-terminated row per line.
func layout(cols [][]string) string {
	widths := make([]int, len(cols))
	rows := 0
	for i, c := range cols {
		for _, s := range c {
			widths[i] = max(widths[i], len(s))
		}
		rows = max(rows, len(c))
	}
	var b strings.Builder
	for r := 0; r < rows; r++ {
		for i, c := range cols {
			if i > 0 {
				b.WriteByte('|')
			}
			cell := ""
			if r < len(c) {
				cell = c[r]
			}
			fmt.Fprintf(&b, " %-*s ", widths[i], cell)
		}
		b.WriteString(";\n")
	}
	return b.String()
}

// cFunctions reads the program of a C test as herd's shallow parser does:
// each "P<n>(params) { body }" (the body kept verbatim) and each global
// "{ ... }" block, each one cell of its own column.
func cFunctions(src string) ([][]string, error) {
	var cols [][]string
	i := 0
	for {
		i = skipCSpace(src, i)
		if i >= len(src) {
			return cols, nil
		}
		if src[i] == '{' {
			body, next, err := cBody(src, i)
			if err != nil {
				return nil, err
			}
			cols = append(cols, []string{"{" + body + "}\n\n"})
			i = next
			continue
		}
		open := strings.IndexByte(src[i:], '(')
		if open < 0 {
			return nil, fmt.Errorf("expected a thread P<n>(...) in the C program")
		}
		head := strings.Fields(src[i : i+open])
		if len(head) == 0 || !strings.HasPrefix(head[len(head)-1], "P") {
			return nil, fmt.Errorf("expected a thread P<n>(...) in the C program, found %q", src[i:i+open])
		}
		proc := strings.TrimPrefix(head[len(head)-1], "P")
		closeParen := strings.IndexByte(src[i+open:], ')')
		if closeParen < 0 {
			return nil, fmt.Errorf("unclosed parameter list of P%s", proc)
		}
		params := cParams(src[i+open+1 : i+open+closeParen])
		j := skipCSpace(src, i+open+closeParen+1)
		if j >= len(src) || src[j] != '{' {
			return nil, fmt.Errorf("expected the body of P%s", proc)
		}
		body, next, err := cBody(src, j)
		if err != nil {
			return nil, err
		}
		cols = append(cols, []string{fmt.Sprintf("P%s(%s) {\n%s\n}\n", proc, params, body)})
		i = next
	}
}

// cParams prints parameters as herd does once their pointer is stripped:
// "int* x, atomic_t* y".
func cParams(s string) string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		p = strings.TrimSpace(p)
		if p == "" {
			continue
		}
		name := strings.TrimLeft(p[strings.LastIndexAny(p, " \t*")+1:], " ")
		ty := strings.TrimSpace(p[:len(p)-len(name)])
		ty = strings.TrimSuffix(ty, "*")
		stars := strings.Count(ty, "*")
		words := strings.Fields(strings.ReplaceAll(ty, "*", " "))
		out = append(out, strings.Join(words, " ")+strings.Repeat("*", stars)+"* "+name)
	}
	return strings.Join(out, ", ")
}

// cBody returns the text between the brace at i and its match, and the
// offset after the closing brace; herd counts braces only.
func cBody(src string, i int) (string, int, error) {
	depth := 0
	for j := i + 1; j < len(src); j++ {
		switch src[j] {
		case '{':
			depth++
		case '}':
			if depth == 0 {
				return src[i+1 : j], j + 1, nil
			}
			depth--
		}
	}
	return "", 0, fmt.Errorf("end of file in a thread's body")
}

// skipCSpace skips blanks and C comments between functions.
func skipCSpace(src string, i int) int {
	for i < len(src) {
		switch {
		case src[i] == ' ' || src[i] == '\t' || src[i] == '\n' || src[i] == '\r':
			i++
		case strings.HasPrefix(src[i:], "/*"):
			j := strings.Index(src[i+2:], "*/")
			if j < 0 {
				return len(src)
			}
			i += j + 4
		case strings.HasPrefix(src[i:], "//"):
			j := strings.IndexByte(src[i:], '\n')
			if j < 0 {
				return len(src)
			}
			i += j
		case strings.HasPrefix(src[i:], "(*"):
			j := strings.Index(src[i:], "*)")
			if j < 0 {
				return len(src)
			}
			i += j + 2
		default:
			return i
		}
	}
	return i
}

// asmColumns reads the thread columns of an assembly program and prints
// each cell as herd does: empty cells dropped, labels renumbered L00, L01...
// in sorted order, each instruction in the dialect's canonical form.
func asmColumns(arch, program string) ([][]string, error) {
	rows := strings.Split(stripComments(program), ";")
	var cols [][]string
	header := true
	for _, row := range rows {
		if strings.TrimSpace(row) == "" {
			continue
		}
		cells := strings.Split(row, "|")
		if header {
			cols = make([][]string, len(cells))
			header = false
			continue
		}
		for i, cell := range cells {
			if i >= len(cols) {
				return nil, fmt.Errorf("a row has more cells than there are threads")
			}
			cols[i] = append(cols[i], splitLabels(cell)...)
		}
	}
	labels := map[string]bool{}
	for _, c := range cols {
		for _, s := range c {
			if strings.HasSuffix(s, ":") {
				labels[strings.TrimSuffix(s, ":")] = true
			}
		}
	}
	names := make([]string, 0, len(labels))
	for l := range labels {
		names = append(names, l)
	}
	sort.Strings(names)
	rename := map[string]string{}
	for i, l := range names {
		rename[l] = fmt.Sprintf("L%02d", i)
	}
	for ci, c := range cols {
		for k, s := range c {
			if strings.HasSuffix(s, ":") {
				c[k] = rename[strings.TrimSuffix(s, ":")] + ":"
				continue
			}
			ins, err := canonical(arch, s, rename)
			if err != nil {
				return nil, err
			}
			c[k] = ins
		}
		cols[ci] = dropEmpty(c)
	}
	return cols, nil
}

func dropEmpty(c []string) []string {
	out := c[:0]
	for _, s := range c {
		if s != "" {
			out = append(out, s)
		}
	}
	return out
}

// splitLabels cuts "L0: lwz r1,0(r2)" into "L0:" and the instruction.
func splitLabels(cell string) []string {
	var out []string
	cell = strings.TrimSpace(cell)
	for {
		i := strings.IndexByte(cell, ':')
		if i <= 0 || !isIdent(cell[:i]) {
			break
		}
		out = append(out, cell[:i]+":")
		cell = strings.TrimSpace(cell[i+1:])
	}
	if cell != "" {
		out = append(out, cell)
	}
	return out
}

func isIdent(s string) bool {
	for i, c := range s {
		ok := c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9'
		if !ok {
			return false
		}
	}
	return s != ""
}
