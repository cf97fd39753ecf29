// This file implements the judging of a test's outcome for the exit
// status: a "Result:" comment contradicted, or a vacuous Never, is exit 1.
package main

import (
	"fmt"
	"regexp"

	"litmuscheck/litmus"
)

var resultComment = regexp.MustCompile(`Result:\s*(Never|Sometimes|Always|DEADLOCK)`)

// expectedResult is the word of t's kernel-style "Result:" comment, or "".
func expectedResult(t *litmus.Test) string {
	for _, c := range t.Comments {
		if m := resultComment.FindStringSubmatch(c); m != nil {
			return m[1]
		}
	}
	return ""
}

// deadlock is the "Result:" word that expects no execution at all.
const deadlock = "DEADLOCK"

// judgeResult checks r against the "Result:" comment of t (want, "" for
// none) and for vacuity: the complaints, each a reason for exit 1.
func judgeResult(r *litmus.Result, want string) []string {
	var msgs []string
	switch {
	case want == deadlock && !r.Vacuous():
		msgs = append(msgs, fmt.Sprintf("expected DEADLOCK (no execution), found %d executions", r.Executions()))
	case want != "" && want != deadlock && want != r.Verdict():
		msgs = append(msgs, fmt.Sprintf("Result: %s expected, %s found under %s", want, r.Verdict(), r.Model))
	}
	if r.Vacuous() && want != deadlock {
		msgs = append(msgs, fmt.Sprintf("vacuous Never under %s: no execution survives, so it proves nothing", r.Model))
	}
	return msgs
}
