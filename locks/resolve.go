// This file implements the model choice: what a test runs under, given
// the --model name a user typed and the test's dialect.

package locks

import (
	"strings"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/models"
)

// A Choice is what one test runs under: the columns of a C test, or else
// one model.
type Choice struct {
	Columns []Column
	Model   *models.Model
}

// Resolve is the one place a --model name becomes a Choice for a test of
// dialect a. A C test runs in the columns "all" or a column name selects,
// or in every column when name is empty and columnsByDefault (the text
// report); any other test, and a C test under a model's name, runs one
// model. A column name on an assembly test of the column's own dialect is
// the column's model; "all" and the other columns' names leave an
// assembly test to its dialect's default, as no column applies to it.
func Resolve(name string, a litmus.Arch, columnsByDefault bool) (Choice, error) {
	col, isCol := ColumnByName(name)
	name = strings.ToLower(name)
	if a == litmus.ArchC {
		switch {
		case name == "all", name == "" && columnsByDefault:
			return Choice{Columns: Columns}, nil
		case isCol:
			return Choice{Columns: []Column{col}}, nil
		}
	}
	if name == "all" {
		name = ""
	}
	if _, err := models.Lookup(name); name != "" && err != nil {
		if !isCol {
			return Choice{}, err
		}
		name = ""
		if col.Target != nil && col.Target.Table.Arch == a {
			name = col.Target.Model
		}
	}
	m, err := models.Resolve(name, a)
	return Choice{Model: m}, err
}

// Model is the model the column runs.
func (c Column) Model() (*models.Model, error) { return models.Lookup(c.ModelName()) }

// CheckModelName reports an unknown --model name before any test is
// read: a C test accepts every name an assembly test does, and more.
func CheckModelName(name string) error {
	_, err := Resolve(name, litmus.ArchC, true)
	return err
}
