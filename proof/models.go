// This file implements the names by which Models and the assertions
// choose a column: its --model name or the title the CLI prints, in any
// case, as locks.ColumnByName reads them.

package proof

import (
	"errors"
	"fmt"
	"strings"

	"github.com/litmuscheck/litmuscheck/locks"
	"github.com/litmuscheck/litmuscheck/pipeline"
)

// unknownModel is the error for a name that no column has: it lists the
// names and titles a user may write instead.
func unknownModel(name string) error {
	var known []string
	for _, c := range locks.Columns {
		known = append(known, fmt.Sprintf("%s (%s)", c.Name, c.Title))
	}
	return fmt.Errorf("unknown model %q (known, in any case: %s, or proof.All)", name, strings.Join(known, ", "))
}

// columns resolves the names of Models with the one resolver
// (pipeline.Columns). The runs come in the order of locks.Columns whatever the
// order of the names, as Result.Runs promises, and a column named twice
// (as "lkmm" and "LKMM", say) runs once.
func (c config) columns() ([]locks.Column, error) {
	cols, err := pipeline.Columns(c.models...)
	var unknown *pipeline.UnknownColumnError
	if errors.As(err, &unknown) {
		return nil, unknownModel(unknown.Name)
	}
	return cols, err
}
