package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/litmuscheck/litmuscheck/locks"
)

// TestJSONLHasTheJSONObjects: --format jsonl prints, a line each, in
// input order, the very objects --format json prints in its array (C
// tests in every column included).
func TestJSONLHasTheJSONObjects(t *testing.T) {
	for _, extra := range [][]string{nil, {"--model", "all"}} {
		files := []string{"../../tests/SB.litmus", "../../tests/lkmm/MP+locks.litmus", "../../tests/MP.litmus"}
		args := append(extra, files...)
		_, arr, _ := runCLI(append([]string{"--format", "json"}, args...)...)
		_, lines, _ := runCLI(append([]string{"--format", "jsonl"}, args...)...)
		var want []map[string]any
		if err := json.Unmarshal([]byte(arr), &want); err != nil {
			t.Fatalf("json: %v", err)
		}
		var got []map[string]any
		for _, l := range strings.Split(strings.TrimSuffix(lines, "\n"), "\n") {
			var obj map[string]any
			if err := json.Unmarshal([]byte(l), &obj); err != nil {
				t.Fatalf("jsonl line %q: %v", l, err)
			}
			got = append(got, obj)
		}
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("%v: jsonl objects (-json +jsonl):\n%s", extra, d)
		}
		// SB and MP under TSO, MP+locks in the seven columns.
		if n := 2 + len(locks.Columns); len(got) != n {
			t.Errorf("%d objects, want %d", len(got), n)
		}
	}
}

// countingWriter records each Write it gets.
type countingWriter struct{ writes []string }

func (w *countingWriter) Write(b []byte) (int, error) {
	w.writes = append(w.writes, string(b))
	return len(b), nil
}

// TestJSONLWritesWholeLines: each object is one Write of one whole line,
// so a killed run leaves only whole lines behind.
func TestJSONLWritesWholeLines(t *testing.T) {
	var w countingWriter
	r := newRecordWriter(&w, "jsonl")
	r.Add(map[string]any{"test": "A", "verdict": "Never"})
	r.Add(map[string]any{"test": "B", "states": []string{"x=1;"}})
	r.Close()
	want := []string{`{"test":"A","verdict":"Never"}` + "\n", `{"states":["x=1;"],"test":"B"}` + "\n"}
	if d := cmp.Diff(want, w.writes); d != "" {
		t.Errorf("writes (-want +got):\n%s", d)
	}
}

// TestJSONStreamedIsTheEncodersArray: --format json, written object by
// object, is byte for byte what the encoder prints for the whole list.
func TestJSONStreamedIsTheEncodersArray(t *testing.T) {
	for _, objs := range [][]any{nil, {map[string]any{"a": 1}}, {map[string]any{"a": []int{1, 2}, "b": "<x>"}, map[string]any{}}} {
		var want, got bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetIndent("", "  ")
		var list []any
		list = append(list, objs...)
		if list == nil {
			list = []any{} // an empty run is an empty array
		}
		enc.Encode(list)
		r := newRecordWriter(&got, "json")
		for _, o := range objs {
			r.Add(o)
		}
		r.Close()
		if d := cmp.Diff(want.String(), got.String()); d != "" {
			t.Errorf("%v (-encoder +streamed):\n%s", objs, d)
		}
	}
}

// TestJSONLErrorRecord: a file without a result still has its line, with
// the failure as verdict.
func TestJSONLErrorRecord(t *testing.T) {
	code, out, _ := runCLI("--format", "jsonl", "testdata/bad.litmus", "../../tests/SB.litmus")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code != 2 || len(lines) != 2 {
		t.Fatalf("exit %d, %d lines:\n%s", code, len(lines), out)
	}
	var rec map[string]any
	if err := json.Unmarshal([]byte(lines[0]), &rec); err != nil {
		t.Fatal(err)
	}
	if rec["file"] != "testdata/bad.litmus" || rec["verdict"] != "error" || !strings.Contains(rec["error"].(string), "FOO") {
		t.Errorf("error record %v", rec)
	}
}
