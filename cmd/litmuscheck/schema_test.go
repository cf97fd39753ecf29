package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// schemaFile is the JSON Schema of the json and jsonl records.
const schemaFile = "../../docs/litmuscheck.schema.json"

// compiledSchema is docs/litmuscheck.schema.json, compiled once.
var compiledSchema = sync.OnceValues(func() (*jsonschema.Schema, error) {
	f, err := os.Open(schemaFile)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		return nil, err
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource(schemaFile, doc); err != nil {
		return nil, err
	}
	return c.Compile(schemaFile)
})

// loadSchema is compiledSchema for a test.
func loadSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	s, err := compiledSchema()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// schemaViolations are the records of runCLI's outputs the schema
// refuses; TestMain fails the run on any.
var (
	schemaMu         sync.Mutex
	schemaViolations []string
)

// checkRecords validates the records of a json or jsonl output of the
// command run with args.
func checkRecords(args []string, out string) {
	format := ""
	for i, a := range args {
		if a == "--format" && i+1 < len(args) {
			format = args[i+1]
		}
	}
	// A command that refused the flags printed nothing to check.
	if (format != "json" && format != "jsonl") || slices.Contains(args, "compare") || strings.TrimSpace(out) == "" {
		return
	}
	schema, err := compiledSchema()
	var records []any
	if err == nil && format == "json" {
		var v any
		if v, err = jsonschema.UnmarshalJSON(strings.NewReader(out)); err == nil {
			records, _ = v.([]any)
		}
	}
	if err == nil && format == "jsonl" {
		for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
			if line == "" {
				continue
			}
			rec, lerr := jsonschema.UnmarshalJSON(strings.NewReader(line))
			if lerr != nil {
				err = lerr
				break
			}
			records = append(records, rec)
		}
	}
	schemaMu.Lock()
	defer schemaMu.Unlock()
	if err != nil {
		schemaViolations = append(schemaViolations, fmt.Sprintf("%q: %v", args, err))
		return
	}
	for _, rec := range records {
		if verr := schema.Validate(rec); verr != nil {
			schemaViolations = append(schemaViolations, fmt.Sprintf("%q: %v", args, verr))
		}
	}
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
