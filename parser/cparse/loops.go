// This file implements the lowering of loops: while and do-while with the
// test at the bottom, break and continue, and the control dependencies
// that leaving a loop early, or a function from inside one, makes.

package cparse

import (
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/parser/cparse/csyntax"
	"github.com/litmuscheck/litmuscheck/parser/cparse/ctypes"
)

// A cLoop is a loop being lowered: the jumps of its break and continue
// statements, pointed at the loop's end and at its test once they are
// known, and the if statements whose arms hold one of them. The code after
// such an if, up to the loop's end, runs only when the if does not leave,
// so it is control-dependent on the if's condition, as in the loop without
// break or continue that it is equal to.
type cLoop struct {
	// frame is the call the loop is in: a break inside an inlined
	// function leaves that function's own loops only.
	frame             *cFrame
	breaks, continues []int
	leaving           []int
}

// loop is the innermost loop of the current call, nil outside a loop.
func (l *cLowerer) loop() *cLoop {
	if n := len(l.loops); n > 0 && l.loops[n-1].frame == l.innerFrame() {
		return l.loops[n-1]
	}
	return nil
}

// loopExits counts the breaks and continues of the innermost loop so far.
func (l *cLowerer) loopExits() int {
	if lp := l.loop(); lp != nil {
		return len(lp.breaks) + len(lp.continues)
	}
	return 0
}

// leaveLoop lowers "break;" and "continue;" as jumps that the loop points
// at its end and at its test.
func (l *cLowerer) leaveLoop(s *csyntax.Stmt, text string) error {
	lp := l.loop()
	if lp == nil {
		return litmus.Errorf(l.pos(s.Pos), "%s outside a loop", text[:len(text)-1])
	}
	jump := l.emit(litmus.Instr{Pos: l.pos(s.Pos), Text: text, Op: litmus.OpBranch})
	if s.Break {
		lp.breaks = append(lp.breaks, jump)
	} else {
		lp.continues = append(lp.continues, jump)
	}
	return nil
}

// body lowers a loop's body, its step (a for loop's) and its test: the
// loop's continues go to the step or the test, its breaks past the test; test emits the test and returns the index of
// its backward branch. A return from inside the loop makes the code after
// it, up to the function's end, control-dependent on the loop's test too.
func (l *cLowerer) body(b *csyntax.Stmt, step func() error, test func() (int, error)) error {
	lp := &cLoop{frame: l.innerFrame()}
	exits := 0
	if lp.frame != nil {
		exits = len(lp.frame.exits)
	}
	l.loops = append(l.loops, lp)
	err := l.stmt(b)
	l.loops = l.loops[:len(l.loops)-1]
	if err != nil {
		return err
	}
	start := len(l.thr.Code)
	if step != nil {
		if err := step(); err != nil {
			return err
		}
	}
	br, err := test()
	if err != nil {
		return err
	}
	end := len(l.thr.Code)
	for _, j := range lp.breaks {
		l.thr.Code[j].Target = end
	}
	for _, j := range lp.continues {
		l.thr.Code[j].Target = start
	}
	for _, j := range lp.leaving {
		l.thr.Code[j].CtrlEnd = max(l.thr.Code[j].CtrlEnd, end)
	}
	if fr := lp.frame; fr != nil && len(fr.exits) > exits {
		fr.leaving = append(fr.leaving, br)
	}
	return nil
}

// whileStmt lowers "while (c) B" with the test at the bottom,
//
//	branch to test (left out when B is empty)
//	loop: B
//	test: branch to loop if c (the control dependency ends after it)
//
// so that the backward branch is taken once per test that holds: the path
// explorer cuts a path, and reports the cut, at the test that holds once
// more than --unroll allows, where herd7 cuts its unrolled While.
func (l *cLowerer) whileStmt(s *csyntax.While) error {
	text := "while (" + l.text(s.Cond.Pos, s.Cond.EndPos) + ")"
	if l.isAwait(s.Cond, s.Body) {
		return l.awaitLoop(s.Cond, l.pos(s.Pos), text)
	}
	jump := l.emit(litmus.Instr{Pos: l.pos(s.Pos), Text: text, Op: litmus.OpBranch})
	return l.body(s.Body, nil, func() (int, error) {
		loop := jump + 1
		if len(l.thr.Code) == loop {
			l.thr.Code, loop = l.thr.Code[:jump], jump
		} else {
			l.thr.Code[jump].Target = len(l.thr.Code)
		}
		return l.loopTest(s.Pos, s.Cond, text, loop)
	})
}

// forStmt lowers "for (init; c; step) B" as init, then the while loop of
// c whose body is B and step; a continue goes to step. With no c, the
// loop runs until it is left, as "while (1)".
func (l *cLowerer) forStmt(s *csyntax.For) error {
	switch {
	case s.InitDecl != nil:
		if err := l.stmt(&csyntax.Stmt{Pos: s.InitDecl.Pos, Decl: s.InitDecl, EndPos: s.InitDecl.EndPos}); err != nil {
			return err
		}
	case s.InitExpr != nil:
		if err := l.exprStmt(s.InitExpr, l.text(s.InitExpr.Pos, s.InitExpr.EndPos)); err != nil {
			return err
		}
	}
	cond := s.Cond
	if cond == nil {
		cond = &csyntax.Expr{Pos: s.Pos, Left: &csyntax.Unary{Pos: s.Pos, Primary: &csyntax.Primary{Pos: s.Pos, Int: "1"}}}
	}
	text := "for (" + l.text(cond.Pos, cond.EndPos) + ")"
	jump := l.emit(litmus.Instr{Pos: l.pos(s.Pos), Text: text, Op: litmus.OpBranch})
	var step func() error
	if s.Step != nil {
		step = func() error { return l.assign(s.Step.Pos, s.Step.Assign, l.text(s.Step.Pos, s.Step.EndPos)) }
	}
	return l.body(s.Body, step, func() (int, error) {
		l.thr.Code[jump].Target = len(l.thr.Code)
		return l.loopTest(s.Pos, cond, text, jump+1)
	})
}

// doWhileStmt lowers "do B while (c);": B, then the backward branch.
func (l *cLowerer) doWhileStmt(s *csyntax.DoWhile) error {
	if l.isAwait(s.Cond, s.Body) {
		return l.awaitLoop(s.Cond, l.pos(s.Pos), "do ... while ("+l.text(s.Cond.Pos, s.Cond.EndPos)+")")
	}
	loop := len(l.thr.Code)
	return l.body(s.Body, nil, func() (int, error) {
		return l.loopTest(s.Pos, s.Cond, "do ... while ("+l.text(s.Cond.Pos, s.Cond.EndPos)+")", loop)
	})
}

// loopTest evaluates a loop's condition and branches back to loop while it
// holds; it returns the index of the branch.
func (l *cLowerer) loopTest(pos lexer.Position, cond *csyntax.Expr, text string, loop int) (int, error) {
	c, err := l.expr(cond)
	if err != nil {
		return 0, err
	}
	switch x := c.(type) {
	case *litmus.Binary:
		if !ctypes.IsComparison(x.Op) {
			c = litmus.Bin(litmus.OpNe, c, litmus.C(0))
		}
	case *litmus.Unary:
		if x.Op == litmus.OpNot {
			c = litmus.Bin(litmus.OpEq, x.X, litmus.C(0))
		} else {
			c = litmus.Bin(litmus.OpNe, c, litmus.C(0))
		}
	default:
		c = litmus.Bin(litmus.OpNe, c, litmus.C(0))
	}
	// The back edge takes part in await model checking where await loops
	// are lowered (explore/paths/await_loops.go): an iteration that comes
	// back having written nothing and changed no live register is a spin,
	// not one more unrolling.
	return l.emit(litmus.Instr{Pos: l.pos(pos), Text: text, Op: litmus.OpBranch, Cond: c, Target: loop, CtrlEnd: len(l.thr.Code) + 1,
		Await: l.awaitLoops}), nil
}
