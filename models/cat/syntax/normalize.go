// This file implements the normal form of a cat text that its meaning
// rests on: a copy that differs only in comments or layout has the same.

package syntax

import "strings"

// Normalize is a cat file's text without its (* *) comments and with every
// run of blanks one space.
func Normalize(src string) string {
	var b strings.Builder
	depth := 0
	for i := 0; i < len(src); i++ {
		switch {
		case strings.HasPrefix(src[i:], "(*"):
			depth++
			i++
		case depth > 0 && strings.HasPrefix(src[i:], "*)"):
			depth--
			i++
		case depth > 0:
		default:
			b.WriteByte(src[i])
		}
	}
	return strings.Join(strings.Fields(b.String()), " ")
}
