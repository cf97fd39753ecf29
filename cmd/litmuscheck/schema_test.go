package main

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// schemaFile is the JSON Schema of the json and jsonl records.
const schemaFile = "../../docs/litmuscheck.schema.json"

// loadSchema compiles docs/litmuscheck.schema.json.
func loadSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	f, err := os.Open(schemaFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource(schemaFile, doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile(schemaFile)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// schemaInputs are the project's tests whose json and jsonl the schema
// must validate: every dialect, C tests in every column (hangs, vacuous,
// incomplete, n/a, unsupported), files that do not parse or exist.
var schemaInputs = []string{
	"../../tests/SB.litmus", "../../tests/MP.litmus", "../../tests/unlock_release.litmus",
	"../../tests/herd/riscv", "../../tests/csem/ternary-value.litmus", "../../tests/csem/u32-wrap.litmus",
	"../../tests/hangs", "../../tests/lkmm/MP+rcu.litmus", "../../tests/lkmm/null-deref.litmus",
	"../../locks/scenarios/crossed-locking+pending.litmus",
	"testdata/vacuous-c.litmus", "testdata/unused-register.litmus", "no-such-file.litmus",
}

// TestJSONSchema: every record of --format json and jsonl over the
// project's tests validates against the schema, both formats hold the
// same records, and the fields that are lists are never null.
func TestJSONSchema(t *testing.T) {
	schema := loadSchema(t)
	var byFormat [2][]any
	for i, format := range []string{"json", "jsonl"} {
		args := append([]string{"--format", format, "--timeout", "20s", "-j", "2"}, schemaInputs...)
		_, out, _ := runCLI(args...)
		var records []any
		if format == "json" {
			if err := json.Unmarshal([]byte(out), &records); err != nil {
				t.Fatalf("json: %v", err)
			}
		} else {
			for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
				rec, err := jsonschema.UnmarshalJSON(strings.NewReader(line))
				if err != nil {
					t.Fatalf("jsonl: %v: %s", err, line)
				}
				records = append(records, rec)
			}
		}
		for _, rec := range records {
			if err := schema.Validate(rec); err != nil {
				b, _ := json.Marshal(rec)
				t.Errorf("%s: %s\n%v", format, b, err)
			}
		}
		byFormat[i] = records
	}
	if len(byFormat[0]) != len(byFormat[1]) || len(byFormat[0]) < 40 {
		t.Errorf("json has %d records, jsonl %d", len(byFormat[0]), len(byFormat[1]))
	}
	kinds := map[string]bool{}
	for _, rec := range byFormat[1] {
		m := rec.(map[string]any)
		kinds[m["verdict"].(string)] = true
	}
	for _, k := range []string{"Never", "Sometimes", "Always", "error", "n/a", "unsupported"} {
		if !kinds[k] {
			t.Errorf("no %s record among the inputs: the schema's check misses a kind", k)
		}
	}
}

// TestJSONEmptyRun: a json run with no record prints an empty array.
func TestJSONEmptyRun(t *testing.T) {
	dir := t.TempDir()
	_, out, _ := runCLI("--format", "json", dir)
	if !bytes.Equal([]byte(out), []byte("[]\n")) {
		t.Errorf("empty run: %q, want []", out)
	}
}
