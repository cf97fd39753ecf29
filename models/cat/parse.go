// This file implements parsing cat files and finding them on the search
// path, with errors as file:line:col.

package cat

import (
	"crypto/sha256"
	"embed"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/litmuscheck/litmuscheck/litmus"
)

var catParser = sync.OnceValue(func() *participle.Parser[File] {
	return participle.MustBuild[File](
		participle.Lexer(catLexer{}),
		participle.Unquote("String"),
		participle.UseLookahead(64),
	)
})

// Parse reads one cat or bell file's text.
func Parse(filename, src string) (f *File, err error) {
	defer func() {
		// participle reports some grammar ambiguities by panicking; an
		// input that reaches one is refused, not a crash.
		if r := recover(); r != nil {
			f, err = nil, litmus.Errorf(litmus.Pos{File: filename}, "cannot parse: %v", r)
		}
	}()
	f, err = catParser().ParseString(filename, src)
	if err != nil {
		return nil, positioned(filename, err)
	}
	return f, nil
}

// positioned turns a participle error into a litmus.Error at its place.
func positioned(filename string, err error) error {
	var pe participle.Error
	if errors.As(err, &pe) {
		p := pe.Position()
		if p.Filename == "" {
			p.Filename = filename
		}
		return litmus.Errorf(pos(p), "%s", pe.Message())
	}
	return litmus.Errorf(litmus.Pos{File: filename}, "%v", err)
}

// pos converts a participle position.
func pos(p lexer.Position) litmus.Pos {
	return litmus.Pos{File: p.Filename, Line: p.Line, Col: p.Column}
}

// Find locates name: as given when it is a path that exists, else in
// each directory of the search path in turn.
func Find(name string, path []string) (string, error) {
	if strings.ContainsRune(name, os.PathSeparator) || len(path) == 0 {
		if _, err := os.Stat(name); err == nil {
			return name, nil
		}
	}
	for _, d := range path {
		p := filepath.Join(d, name)
		if _, err := os.Stat(p); err == nil {
			return p, nil
		}
	}
	if _, err := os.Stat(name); err == nil {
		return name, nil
	}
	return "", errors.New("cannot find " + name + " (search path: " + strings.Join(append([]string{"."}, path...), ", ") + ")")
}

// A Loader reads and parses files once each.
type Loader struct {
	Path  []string
	files map[string]*File
}

// stdlib holds our own text of the files herd ships in its library
// directory that herd's models include; a file of the same name on the
// search path takes precedence.
//
//go:embed stdlib/*.cat
var stdlib embed.FS

// stdlibPrefix names the files of stdlib in positions.
const stdlibPrefix = "(litmuscheck)/"

func isStdlib(path string) bool { return strings.HasPrefix(path, stdlibPrefix) }

// Load finds and parses name: on the search path, else in stdlib.
func (l *Loader) Load(name string) (*File, string, error) {
	var src []byte
	p, err := Find(name, l.Path)
	if err != nil {
		lib, libErr := stdlib.ReadFile("stdlib/" + name)
		if libErr != nil {
			return nil, "", err
		}
		p, src = stdlibPrefix+name, lib
	}
	if f, ok := l.files[p]; ok {
		return f, p, nil
	}
	if src == nil {
		if src, err = os.ReadFile(p); err != nil {
			return nil, "", err
		}
	}
	f, err := Parse(p, string(src))
	if err != nil {
		return nil, "", err
	}
	f.digest = sha256.Sum256(src)
	f.meaning = sha256.Sum256([]byte(normalizedCat(string(src))))
	if l.files == nil {
		l.files = map[string]*File{}
	}
	l.files[p] = f
	return f, p, nil
}
