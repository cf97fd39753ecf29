package cat

import (
	"os"
	"path/filepath"
	"testing"
)

func TestParseReference(t *testing.T) {
	files, _ := filepath.Glob("../../../shared/models-reference/*.cat")
	b, _ := filepath.Glob("../../../shared/models-reference/*.bell")
	files = append(files, b...)
	if len(files) == 0 {
		if os.Getenv("CI") != "" {
			t.Fatal("no reference models")
		}
		t.Skip("no ../shared/models-reference")
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Parse(f, string(src)); err != nil {
			t.Errorf("%v", err)
		}
	}
}
