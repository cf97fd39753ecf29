// This file implements reading herd's .cfg configuration files: the lines
// that name a model's files and variants; the others set up herd's graphs
// and are ignored.

package syntax

import "strings"

// A Conf is what a .cfg file says of the model to run.
type Conf struct {
	// Model, Bell and Macros are the first model, bell and macros lines'
	// file names, "" without one.
	Model, Bell, Macros string
	// Variants are those of every variant line, in order.
	Variants []string
}

// ParseConf reads the text of a .cfg file.
func ParseConf(src string) Conf {
	var c Conf
	first := func(field *string, v string) {
		if *field == "" {
			*field = v
		}
	}
	for line := range strings.Lines(src) {
		fields := strings.Fields(line)
		if len(fields) < 2 || strings.HasPrefix(fields[0], "#") {
			continue
		}
		switch fields[0] {
		case "model":
			first(&c.Model, fields[1])
		case "bell":
			first(&c.Bell, fields[1])
		case "macros":
			first(&c.Macros, fields[1])
		case "variant":
			c.Variants = append(c.Variants, strings.Split(fields[1], ",")...)
		}
	}
	return c
}
