// This file implements the flags that run a model from cat files
// (--model FILE.cat, --bell, --macros, --conf, --variant, -I) and loads
// that model once for every test of the run.

package main

import (
	"strings"

	"github.com/spf13/pflag"

	"github.com/litmuscheck/litmuscheck/models"
	"github.com/litmuscheck/litmuscheck/pipeline"
)

// catFlags are the options of a model read from cat files.
type catFlags struct {
	bell, macros, conf string
	variants, include  []string
	// model is the loaded model, nil when the run uses a built-in one.
	model *models.Model
}

func addCatFlags(fs *pflag.FlagSet, c *catFlags) {
	fs.StringVar(&c.bell, "bell", "", "a .bell file run before a --model FILE.cat")
	fs.StringVar(&c.macros, "macros", "", "a .def file of C primitives for a cat model")
	fs.StringVar(&c.conf, "conf", "", "a herd .cfg file naming the cat model, bell and macros (as herd7 -conf)")
	fs.StringSliceVar(&c.variants, "variant", nil, "variants for the cat model's if \"name\" tests (comma-separated, as herd7 -variant)")
	fs.StringArrayVarP(&c.include, "include", "I", nil, "a directory to look for cat, bell, def and cfg files in (repeatable)")
}

// isCatFile reports whether a --model value names a cat file rather than
// a built-in model.
func isCatFile(name string) bool { return strings.HasSuffix(name, ".cat") }

// loadCat loads the cat model the options name, if any, and the
// primitives its macros give the C tests (pipeline.LoadCat).
func loadCat(o *options) error {
	c := &o.cat
	spec := pipeline.CatSpec{Bell: c.bell, Macros: c.macros, Conf: c.conf, Include: c.include, Variants: c.variants}
	if isCatFile(o.model) {
		spec.Model = o.model
	}
	model, prims, err := pipeline.LoadCat(spec)
	if err != nil {
		return err
	}
	c.model = model
	if prims != nil {
		o.userDefs = o.userDefs.WithPrims(prims)
	}
	return nil
}
