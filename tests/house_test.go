// This file tests the house rules of the code and the documentation: the
// sizes of packages, files and functions, where package documentation
// lives, and that the documentation speaks of the repository alone.

package tests

import (
	"bytes"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// The limits of the code's layout: a package of 4,000 lines is one
// reader's afternoon.
const (
	maxPackageLines  = 4000
	maxFileLines     = 600
	maxFunctionLines = 100
)

// goFile is one non-test Go file of the repository.
type goFile struct {
	path  string
	src   []byte
	lines int
	ast   *ast.File
	fset  *token.FileSet
}

// repoGoFiles parses every non-test Go file below the repository root,
// leaving out testdata.
func repoGoFiles(t *testing.T) []goFile {
	t.Helper()
	var files []goFile
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".") && path != "..") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, src, parser.ParseComments)
		if err != nil {
			return err
		}
		files = append(files, goFile{path: path, src: src, lines: strings.Count(string(src), "\n"), ast: f, fset: fset})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// TestCodeLayout: no package over 4,000 lines of non-test Go, no
// file over 600, no function over 100; every file is as gofmt prints it
// and opens with a comment, and a package's documentation is in its
// doc.go alone.
func TestCodeLayout(t *testing.T) {
	perPackage := map[string]int{}
	for _, f := range repoGoFiles(t) {
		dir := filepath.Dir(f.path)
		perPackage[dir] += f.lines
		if formatted, err := format.Source(f.src); err != nil || !bytes.Equal(formatted, f.src) {
			t.Errorf("%s: not as gofmt prints it", f.path)
		}
		if f.lines > maxFileLines {
			t.Errorf("%s: %d lines, over %d", f.path, f.lines, maxFileLines)
		}
		if len(f.ast.Comments) == 0 || f.fset.Position(f.ast.Comments[0].Pos()).Line != 1 {
			t.Errorf("%s: does not open with a comment saying what it implements", f.path)
		}
		if f.ast.Doc != nil && filepath.Base(f.path) != "doc.go" {
			t.Errorf("%s: package documentation outside doc.go", f.path)
		}
		ast.Inspect(f.ast, func(n ast.Node) bool {
			var body *ast.BlockStmt
			switch fn := n.(type) {
			case *ast.FuncDecl:
				body = fn.Body
			case *ast.FuncLit:
				body = fn.Body
			}
			if body != nil {
				start, end := f.fset.Position(n.Pos()), f.fset.Position(body.Rbrace)
				if lines := end.Line - start.Line + 1; lines > maxFunctionLines {
					t.Errorf("%s:%d: a function of %d lines, over %d", f.path, start.Line, lines, maxFunctionLines)
				}
			}
			return true
		})
	}
	var dirs []string
	for dir, n := range perPackage {
		if n > maxPackageLines {
			dirs = append(dirs, dir)
		}
	}
	sort.Strings(dirs)
	for _, dir := range dirs {
		t.Errorf("%s: %d lines of non-test Go, over %d", dir, perPackage[dir], maxPackageLines)
	}
}

// processWords are what documentation for users must not hold: the
// numbers of our issues and work sessions, branch names, and paths
// outside the repository.
var processWords = regexp.MustCompile(`issue [0-9]|stop [0-9]|y1[0-9][a-z]|\.\./shared`)

// TestDocsSpeakOfTheRepository: README.md, docs/ and the package
// documentation name nothing a user of the repository does not have.
func TestDocsSpeakOfTheRepository(t *testing.T) {
	check := func(path, text string) {
		for i, line := range strings.Split(text, "\n") {
			if processWords.MatchString(line) {
				t.Errorf("%s:%d: %s", path, i+1, strings.TrimSpace(line))
			}
		}
	}
	err := filepath.WalkDir("../docs", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".md") {
			return err
		}
		src, err := os.ReadFile(path)
		check(path, string(src))
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	check("../README.md", string(readme))
	for _, f := range repoGoFiles(t) {
		if f.ast.Doc != nil {
			check(f.path, f.ast.Doc.Text())
		}
	}
}
