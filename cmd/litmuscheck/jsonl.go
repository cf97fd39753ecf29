// This file implements the machine-readable outputs: --format json (one
// array of objects) and --format jsonl (one object a line, written as each
// test finishes, for campaigns whose shards are merged by concatenation).
// Both hold the objects jsonResult and runsJSON build.

package main

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"slices"
	"strings"

	"github.com/litmuscheck/litmuscheck/locks"
)

// schemaVersion is the version of the records' schema
// (docs/litmuscheck.schema.json), in every record as "schema": a record
// a reader relies on changes its meaning only with a new version.
const schemaVersion = 1

// formats are the values of --format.
var formats = []string{"text", "herd", "json", "jsonl"}

// formatList is formats for messages: "text, herd, json or jsonl".
var formatList = strings.Join(formats[:len(formats)-1], ", ") + " or " + formats[len(formats)-1]

func knownFormat(f string) bool { return slices.Contains(formats, f) }

// A recordWriter writes the objects of a json or jsonl run as they come.
// A nil *recordWriter is the other formats, which have no objects.
type recordWriter struct {
	w     io.Writer
	lines bool // jsonl
	n     int
}

// newRecordWriter returns the writer of format's objects, nil for a
// format without them.
func newRecordWriter(w io.Writer, format string) *recordWriter {
	switch format {
	case "json":
		return &recordWriter{w: w}
	case "jsonl":
		return &recordWriter{w: w, lines: true}
	}
	return nil
}

// Add writes one object. A jsonl line is written whole in one Write, so
// a run that is killed leaves complete lines only (os.Stdout does not
// buffer).
func (r *recordWriter) Add(obj any) {
	if r.lines {
		b, err := json.Marshal(obj)
		if err != nil {
			b, _ = json.Marshal(map[string]any{"error": err.Error()})
		}
		r.w.Write(append(b, '\n'))
		r.n++
		return
	}
	// The array, element by element, exactly as json.Encoder with a
	// two-space indent prints it whole.
	b, err := json.MarshalIndent(obj, "  ", "  ")
	if err != nil {
		b, _ = json.Marshal(map[string]any{"error": err.Error()})
	}
	sep := ",\n  "
	if r.n == 0 {
		sep = "[\n  "
	}
	r.w.Write(append([]byte(sep), b...))
	r.n++
}

// Close ends the json array; a run with no object prints an empty one.
func (r *recordWriter) Close() {
	if r == nil || r.lines {
		return
	}
	if r.n == 0 {
		io.WriteString(r.w, "[]\n")
		return
	}
	io.WriteString(r.w, "\n]\n")
}

// errorRecord is the jsonl object of a file that gave no result, so that
// a merged campaign tells a test that failed from one that never ran. Its
// verdict is the word a column's failure gets (locks.Failure).
func errorRecord(file string, out fileOutcome) map[string]any {
	verdict := locks.Failed
	if errors.Is(out.Err, context.DeadlineExceeded) {
		verdict = locks.TimedOut
	}
	rec := map[string]any{"schema": schemaVersion, "file": file, "verdict": verdict.String(), "error": out.Err.Error()}
	if out.Test != nil {
		rec["test"], rec["arch"] = out.Test.Name, string(out.Test.Arch)
	}
	if out.Model != nil {
		rec["model"] = out.Model.Name()
	}
	return rec
}
