// This file implements a walk over every node of a syntax tree, for the
// analyses that look for one kind of node wherever it is.

package syntax

import "reflect"

// Walk calls f on node, a pointer to a node of this package, and on every
// node under it, parents first.
func Walk(node any, f func(any)) { walk(reflect.ValueOf(node), f) }

// walk goes through the exported fields alone: the nodes are the structs
// participle fills, and every child is one of their exported fields.
func walk(v reflect.Value, f func(any)) {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() || v.Elem().Kind() != reflect.Struct {
			return
		}
		f(v.Interface())
		walk(v.Elem(), f)
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				walk(v.Field(i), f)
			}
		}
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			walk(v.Index(i), f)
		}
	}
}
