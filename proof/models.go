// This file implements the names by which Models and the assertions
// choose a column: its --model name or the title the CLI prints, in any
// case, as locks.ColumnByName reads them.

package proof

import (
	"fmt"
	"strings"

	"github.com/litmuscheck/litmuscheck/locks"
)

// isAll reports whether name is All, in any case, as the column names.
func isAll(name string) bool { return strings.EqualFold(name, All) }

// unknownModel is the error for a name that no column has: it lists the
// names and titles a user may write instead.
func unknownModel(name string) error {
	var known []string
	for _, c := range locks.Columns {
		known = append(known, fmt.Sprintf("%s (%s)", c.Name, c.Title))
	}
	return fmt.Errorf("unknown model %q (known, in any case: %s, or proof.All)", name, strings.Join(known, ", "))
}

// columns resolves the names of Models. The runs come in the order of
// locks.Columns whatever the order of the names, as Result.Runs promises,
// and a column named twice (as "lkmm" and "LKMM", say) runs once.
func (c config) columns() ([]locks.Column, error) {
	if len(c.models) == 0 {
		return locks.Columns, nil
	}
	chosen := map[string]bool{}
	for _, n := range c.models {
		if isAll(n) {
			return locks.Columns, nil
		}
		col, ok := locks.ColumnByName(n)
		if !ok {
			return nil, unknownModel(n)
		}
		chosen[col.Name] = true
	}
	var cols []locks.Column
	for _, col := range locks.Columns {
		if chosen[col.Name] {
			cols = append(cols, col)
		}
	}
	return cols, nil
}
