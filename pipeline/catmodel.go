// This file implements the loading of models read from cat files: the
// command's --model FILE.cat, --bell, --macros and --conf, and herd7
// mode's options, which run the built-in model for herd's own files.

package pipeline

import (
	"path/filepath"

	"github.com/litmuscheck/litmuscheck/herd"
	"github.com/litmuscheck/litmuscheck/models"
	"github.com/litmuscheck/litmuscheck/models/cat"
	"github.com/litmuscheck/litmuscheck/parser/cparse/cprim"
)

// A CatSpec names a model read from cat files, as herd7's options do.
type CatSpec struct {
	// Model is the cat file, "" for none; Conf a .cfg file naming the
	// model's files (herd.ParseConfig).
	Model, Bell, Macros, Conf string
	// Include is the search path of the files; Variants are herd's
	// -variant values.
	Include, Variants []string
}

// LoadCat loads the model spec names, through the cat interpreter, and
// the primitives of its macros file, which C tests call. With neither a
// cat file nor a .cfg, there is no model (nil), but a macros file alone
// still gives its primitives to the built-in models.
func LoadCat(spec CatSpec) (*models.Model, *cprim.Prims, error) {
	if spec.Model == "" && spec.Conf == "" {
		if spec.Macros == "" {
			return nil, nil, nil
		}
		prims, err := cat.LoadPrims(spec.Macros, spec.Include)
		return nil, prims, err
	}
	p, err := cat.Load(cat.Options{Model: spec.Model, Bell: spec.Bell, Macros: spec.Macros, Conf: spec.Conf,
		Path: spec.Include, Variants: spec.Variants})
	if err != nil {
		return nil, nil, err
	}
	return p.Model(), p.Prims(), nil
}

// HerdModel is the model herd7's options name, as herd7 mode runs it: nil
// for herd's default per dialect, the built-in model for herd's own model
// files (in herd's library or found unedited), else the cat
// interpreter's. lkmm says the model is the built-in LKMM.
func HerdModel(spec CatSpec) (model *models.Model, lkmm bool, err error) {
	if spec.Model == "" {
		return nil, false, nil
	}
	base := filepath.Base(spec.Model)
	b, builtin := herd.BuiltinModel(base)
	builtin = builtin && (base != "linux-kernel.cat" || (filepath.Base(spec.Bell) == "linux-kernel.bell" && filepath.Base(spec.Macros) == "linux-kernel.def"))
	search := spec.Include
	if _, err := cat.Find(spec.Model, search); builtin && err != nil {
		// herd7's own library file, which the built-in model is.
		m, err := models.Lookup(b)
		return m, b == "lkmm", err
	}
	p, err := cat.Load(cat.Options{Model: spec.Model, Bell: spec.Bell, Macros: spec.Macros, Path: search, Variants: spec.Variants})
	if err != nil && builtin && foundUnedited(search, spec.Model, spec.Bell, "lock.cat") {
		// Files herd7 finds in its library, which the built-in model is,
		// beside herd's own copies of the others.
		m, err := models.Lookup(b)
		return m, b == "lkmm", err
	}
	if err != nil {
		return nil, false, err
	}
	if builtin && p.Unedited() {
		// The files are herd's own: the built-in model computes the same.
		m, err := models.Lookup(b)
		return m, b == "lkmm", err
	}
	return p.Model(), false, nil
}

// foundUnedited reports whether each of names that the search path holds
// is one of herd's own files, unedited (cat.KnownFile).
func foundUnedited(search []string, names ...string) bool {
	for _, n := range names {
		if n == "" {
			continue
		}
		if p, err := cat.Find(n, search); err == nil && !cat.KnownFile(p) {
			return false
		}
	}
	return true
}
