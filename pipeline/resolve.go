// This file implements the one model resolver: what a test runs under,
// given the model a user named (a --model name, or a model read from cat
// files) and the test's dialect.

package pipeline

import (
	"fmt"
	"strings"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/locks"
	"github.com/litmuscheck/litmuscheck/models"
)

// A Spec is the model a user asked for.
type Spec struct {
	// Name is a --model name: a model, a column, "all", or "" for the
	// default.
	Name string
	// Cat, when set, is a model read from cat files: every test runs
	// under it, whatever Name says.
	Cat *models.Model
	// ColumnsByDefault runs a C test in every column when Name is empty
	// (the text report); otherwise it runs under its dialect's herd7
	// default, the LKMM, as herd's format expects.
	ColumnsByDefault bool
}

// A Choice is what one test runs under: the columns of a C test, or else
// one model.
type Choice struct {
	Columns []locks.Column
	Model   *models.Model
}

// Resolve is the one place a model name becomes a Choice for a test of
// dialect a. A C test runs in the columns "all" or a column name selects,
// or in every column when the name is empty and ColumnsByDefault; any
// other test, and a C test under a model's name, runs one model. A column
// name on an assembly test of the column's own dialect is the column's
// model; "all" and the other columns' names leave an assembly test to its
// dialect's default, as no column applies to it.
func (s Spec) Resolve(a litmus.Arch) (Choice, error) {
	if s.Cat != nil {
		return Choice{Model: s.Cat}, nil
	}
	col, isCol := locks.ColumnByName(s.Name)
	name := strings.ToLower(s.Name)
	if a == litmus.ArchC {
		switch {
		case name == "all", name == "" && s.ColumnsByDefault:
			return Choice{Columns: locks.Columns}, nil
		case isCol:
			return Choice{Columns: []locks.Column{col}}, nil
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

// Check reports an unknown model name before any test is read: a C test
// accepts every name an assembly test does, and more.
func (s Spec) Check() error {
	_, err := s.Resolve(litmus.ArchC)
	return err
}

// Columns are the columns names select for a C test, in report order
// whatever the order of the names; no name selects every column. An
// unknown name is an error that lists the columns.
func Columns(names ...string) ([]locks.Column, error) {
	if len(names) == 0 {
		return locks.Columns, nil
	}
	want := map[string]bool{}
	for _, n := range names {
		ch, err := Spec{Name: n}.Resolve(litmus.ArchC)
		if err != nil || ch.Columns == nil {
			return nil, &UnknownColumnError{Name: n}
		}
		for _, c := range ch.Columns {
			want[c.Name] = true
		}
	}
	var cols []locks.Column
	for _, c := range locks.Columns {
		if want[c.Name] {
			cols = append(cols, c)
		}
	}
	return cols, nil
}

// An UnknownColumnError is a name that selects no column of a C test.
type UnknownColumnError struct{ Name string }

func (e *UnknownColumnError) Error() string {
	var names []string
	for _, c := range locks.Columns {
		names = append(names, c.Name)
	}
	return fmt.Sprintf("unknown column %q (all, %s)", e.Name, strings.Join(names, ", "))
}
