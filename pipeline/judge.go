// This file implements the one judge of a test's outcome, which every
// output and the exit status read: a "Result:" comment contradicted, a vacuous Never, or one over a
// name no code uses, is exit 1;
// a column we owe a verdict and could not give (a gap of ours, an
// unsupported construct, an error, a timeout) is exit 2.

package pipeline

import (
	"fmt"
	"regexp"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/locks"
)

var resultComment = regexp.MustCompile(`Result:\s*(Never|Sometimes|Always|DEADLOCK)`)

// ExpectedResult is the word of t's kernel-style "Result:" comment, or "".
func ExpectedResult(t *litmus.Test) string {
	for _, c := range t.Comments {
		if m := resultComment.FindStringSubmatch(c); m != nil {
			return m[1]
		}
	}
	return ""
}

// ExpectDeadlock is the "Result:" word that expects no execution to terminate:
// every one hangs (or the filter leaves none), as herd's "Never 0 0".
const ExpectDeadlock = "DEADLOCK"

// A Complaint is a reason for a non-zero exit status.
type Complaint struct {
	Status int
	Msg    string
	// InText: the text format's stdout already says it (a hang's line),
	// so stderr does not repeat it there.
	InText bool
}

// Judge gives the complaints about a file's outcome, in every format
// alike. A C test's "Result:" comment is the LKMM's prediction (the
// kernel's convention), so only the LKMM's verdict Answers it; an
// assembly test's Answers to its own model.
func Judge(out Outcome) []Complaint {
	if out.Runs == nil {
		return judgeResult(out.Result, ExpectedResult(out.Result.Test), Answers(out.Result), "")
	}
	var list []Complaint
	want := ExpectedResult(out.Test)
	for _, r := range out.Runs {
		prefix := r.Column.Title + ": "
		if r.Result == nil {
			if f := r.Failure(); f != locks.NotApplicable {
				list = append(list, Complaint{Status: 2, Msg: fmt.Sprintf("%s%s: %v", prefix, f, r.Err)})
			}
			continue
		}
		list = append(list, judgeResult(r.Result, want, r.Column.Target == nil, prefix)...)
	}
	return list
}

// isLKMM reports whether a result's model name is the LKMM's.
func isLKMM(model string) bool {
	m, err := locks.Columns[0].Model()
	return err == nil && m.Name() == model
}

// Answers reports whether a test's "Result:" comment speaks for r, a
// result of a single model: an assembly test's, or a C test's under the
// LKMM.
func Answers(r *litmus.Result) bool {
	return r.Test.Arch != litmus.ArchC || isLKMM(r.Model)
}

// ResultMismatch is how r contradicts want, a "Result:" word ("" for
// none) that speaks for r's model, "" when it does not.
func ResultMismatch(r *litmus.Result, want string, speaks bool) string {
	switch {
	case !speaks || want == "":
	case want == ExpectDeadlock && !r.Vacuous():
		return fmt.Sprintf("expected DEADLOCK (no execution), found %d executions", r.Executions())
	case want != ExpectDeadlock && want != r.Verdict():
		return fmt.Sprintf("Result: %s expected, %s found under %s", want, r.Verdict(), r.Model)
	}
	return ""
}

// judgeResult checks r against want, a "Result:" word ("" for none) when
// it speaks for r's model, and for vacuity, which a DEADLOCK expects in
// every model; prefix names the column.
func judgeResult(r *litmus.Result, want string, speaks bool, prefix string) []Complaint {
	var list []Complaint
	if msg := ResultMismatch(r, want, speaks); msg != "" {
		list = append(list, Complaint{Status: 1, Msg: prefix + msg})
	}
	for _, c := range r.Caveats() {
		if msg := caveatComplaint(r, c, want); msg != "" {
			list = append(list, Complaint{Status: 1, Msg: prefix + msg, InText: c.Kind == litmus.CaveatHangs})
		}
	}
	return list
}

// caveatComplaint is the Complaint a caveat of r makes, "" for none: a
// caveat that leaves the verdict standing (a Sometimes's data race), or
// hangs and vacuity when the "Result:" comment expects a ExpectDeadlock.
func caveatComplaint(r *litmus.Result, c litmus.Caveat, want string) string {
	switch {
	case !c.Voids:
		return ""
	case want == ExpectDeadlock && (c.Kind == litmus.CaveatHangs || c.Kind == litmus.CaveatVacuous):
		return ""
	}
	switch c.Kind {
	case litmus.CaveatHangs:
		// A lock that can hang is not proved correct by its Never.
		return fmt.Sprintf("Never under %s, %s: %s", r.Model, r.HangNote(), r.HangLine())
	case litmus.CaveatVacuous:
		if r.Positive == 0 && r.Hangs > 0 {
			return "" // the hangs say it
		}
		return fmt.Sprintf("vacuous Never under %s: no execution survives, so it proves nothing", r.Model)
	case litmus.CaveatIncomplete:
		return fmt.Sprintf("Never under %s is incomplete: %s in an execution the model allows, which no count speaks for", r.Model, r.Stuck)
	case litmus.CaveatUnused:
		return fmt.Sprintf("Never under %s proves nothing about the code: %s (read as its initial value: a misspelt name?)", r.Model, c.Note)
	case litmus.CaveatUnroll:
		return fmt.Sprintf("Never under %s rests on the unroll bound: it cut some executions, whose outcomes are missing (raise --unroll)", r.Model)
	case litmus.CaveatDataRace:
		return fmt.Sprintf("Never under %s proves nothing: %s", r.Model, litmus.DataRaceNote)
	}
	return fmt.Sprintf("Never under %s: %s", r.Model, c.Note)
}
