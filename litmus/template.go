// This file implements the templates of combinations: the part of a
// combination of paths that its shape alone decides, built once per shape
// and shared by the combinations of that shape (the RCU ring's are all of
// one shape), so that each pays only for its values.
package litmus

// maxTemplates bounds the templates a worker keeps: tests with more shapes
// build the rest in full.
const maxTemplates = 256

// A comboTemplate is an execution's events and the relations among them
// that do not depend on the values read: program order, locations,
// dependencies, tags. Its relations are shared read-only: nothing changes
// them once built (cloneExecution shares them too); rf and co are each
// combination's own.
type comboTemplate struct {
	x      Execution
	events []Event
	initOf map[string]int
	base   []int
	// buf is the execution the worker's combinations of this shape are
	// filled in, one after the other, with its events, rf, co and value
	// flow: the explorer finishes a combination before it builds the
	// next, and cloneExecution copies what a report keeps.
	buf       *Execution
	bufEvents []Event
	rf, co    Rel
	flow      Rel
}

// newTemplate records x's shape, before any candidate of it is checked.
func newTemplate(x *Execution, initOf map[string]int, base []int) *comboTemplate {
	tm := &comboTemplate{x: *x, events: append([]Event(nil), x.Events...), base: base, initOf: map[string]int{}}
	for l, id := range initOf {
		tm.initOf[l] = id
	}
	return tm
}

// fill gives c the template's execution with c's values, and the parts of
// c that depend on more than the shape: the value flow, the spin reads and
// the events of known value. It returns the first event of each thread.
func (tm *comboTemplate) fill(c *combo) []int {
	if tm.buf == nil {
		n := tm.x.N
		tm.buf, tm.bufEvents = new(Execution), make([]Event, len(tm.events))
		tm.rf, tm.co, tm.flow = NewRel(n), NewRel(n), NewRel(n)
	}
	x := tm.buf
	*x = tm.x
	copy(tm.bufEvents, tm.events)
	x.Events = tm.bufEvents
	tm.rf.Clear()
	tm.co.Clear()
	tm.flow.Clear()
	x.RF, x.CO = tm.rf, tm.co
	c.x = x
	c.initOf = tm.initOf
	c.valueFlow = tm.flow
	for t, p := range c.paths {
		b := tm.base[t]
		for i := range p.events {
			ev := &p.events[i]
			x.Events[b+i].Value = ev.val
			if p.hang && p.spin&(1<<uint(i)) != 0 {
				c.spin = append(c.spin, b+i)
			}
			for d := ev.vdeps; d != 0; d &= d - 1 {
				c.valueFlow.Add(b+trailing(uint64(d)), b+i)
			}
		}
	}
	for i := range x.Events {
		if !x.Events[i].Value.IsUnknown() {
			c.known = c.known.Add(i)
		}
	}
	return tm.base
}
