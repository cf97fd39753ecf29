// Package docs carries the documentation the binary quotes: the scenario
// paragraphs of locks.md, which the HTML proof report shows beside each
// scenario's table.
package docs
