// This file implements the numbers of the nodes the evaluator caches.

package resolve

// A SubID numbers a node whose value one evaluation of its top-level
// statement fixes (it reads no name bound inside the statement: a
// parameter, a let ... in, a let rec's own names), for the evaluator's
// cache of subexpressions; 0 is none.
type SubID int32

// A SubRange is the numbers of the nodes of one statement, Lo to Hi
// excluded.
type SubRange struct{ Lo, Hi SubID }
