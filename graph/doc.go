// Package graph draws candidate executions as herd7's pictures do, in its
// "columns" layout: one column per thread that has an event to show, its
// events in program order from top to bottom, the initial writes above,
// and the edges of po, rf, co, fr, rmw and the dependencies labelled with
// herd's names. A violated axiom's cycle is drawn highlighted and told in
// plain words as the caption, the axiom named beside it. The same Picture
// renders as DOT (for Graphviz) and as SVG (no external program), both
// from one geometry (layout.go) that gives every event a place of its own
// and every edge label a spot no other label or event covers.
package graph
