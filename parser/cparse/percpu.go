// This file implements per-CPU variables and variables at file scope in C
// threads and the functions they inline: a variable at file scope is one
// location that every CPU names; "&osq_node" is the address of CPU 0's copy, the copies of
// the CPUs (the test's threads) follow one another, this_cpu_ptr(p) is
// the calling thread's copy and per_cpu_ptr(p, cpu) the copy of cpu.
// Each per-CPU variable a test names, and each parameter that points to
// a struct of several slots, becomes a location of the test laid out in
// slots (clayout), declared in the test's init block.

package cparse

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/parser/cparse/cdata"
	"github.com/litmuscheck/litmuscheck/parser/cparse/clayout"
	"github.com/litmuscheck/litmuscheck/parser/cparse/csyntax"
	"github.com/litmuscheck/litmuscheck/parser/internal/litfile"
)

// objectNamed is the per-CPU variable name denotes where no local, no
// parameter and no register of the scope has that name, else nil.
func (l *cLowerer) objectNamed(name string) *cdata.Object {
	if l.defs == nil {
		return nil
	}
	o := l.defs.data.Objects[name]
	if o == nil {
		return nil
	}
	for fr := l.frame; fr != nil; fr = fr.parent {
		if _, ok := fr.regs[name]; ok {
			return nil
		}
		if _, ok := fr.vars[name]; ok {
			return nil
		}
		if !fr.transparent {
			return o
		}
	}
	if l.params[name] || l.regs[name] || l.inited[name] {
		return nil
	}
	return o
}

// sharedNamed is the variable at file scope that u, a bare name, denotes
// where no local, parameter or register hides it, else nil.
func (l *cLowerer) sharedNamed(u *csyntax.Unary) *cdata.Object {
	if u == nil || u.Primary == nil || u.Primary.Ident == "" || u.Post != "" || len(u.Sels) > 0 {
		return nil
	}
	if o := l.objectNamed(u.Primary.Ident); o != nil && o.Shared && o.Struct == nil {
		return o
	}
	return nil
}

// objectAddress is the address of the per-CPU variable o, CPU 0's copy.
func (l *cLowerer) objectAddress(o *cdata.Object) litmus.Expr {
	l.objects[o.Name] = true
	return &litmus.Const{V: litmus.Addr(o.Name)}
}

// checkLocalType refuses a local variable that holds a struct.
func (l *cLowerer) checkLocalType(t *csyntax.Type, d *csyntax.Declarator) error {
	words := csyntax.Unqualified(t)
	if len(d.Stars) > 0 || len(words) != 1 {
		return nil
	}
	if _, _, err := l.structValueType(t, 0); err != nil {
		return litmus.Unsupported(l.pos(d.Pos), fmt.Sprintf("local variable %s of type struct %s: %v", d.Name, words[0], err))
	}
	return nil
}

// perCPUCalls are the accessors of per-CPU data that perCPUCall lowers,
// with their number of arguments.
var perCPUCalls = map[string]int{"this_cpu_ptr": 1, "raw_cpu_ptr": 1, "per_cpu_ptr": 2}

// perCPUCall lowers this_cpu_ptr(p), raw_cpu_ptr(p) and per_cpu_ptr(p,
// cpu): p plus the offset of the CPU's copy. done is false for another
// call.
func (l *cLowerer) perCPUCall(c *csyntax.Call, dst string) (litmus.Expr, bool, error) {
	n, ok := perCPUCalls[c.Name]
	if !ok || l.defined(c.Name) {
		return nil, false, nil
	}
	pos := l.pos(c.Pos)
	if len(c.Args) != n {
		return nil, true, litmus.Errorf(pos, "%s expects %d argument%s, found %d", c.Name, n, plural(n), len(c.Args))
	}
	size, err := l.copyBytes(c.Name, c.Args[0])
	if err != nil {
		return nil, true, err
	}
	l.inAccessor++
	base, err := l.expr(c.Args[0])
	l.inAccessor--
	if err != nil {
		return nil, true, err
	}
	var v litmus.Expr
	if n == 1 {
		v = offsetBy(base, int64(l.thr.ID)*size)
	} else {
		cpu, err := l.expr(c.Args[1])
		if err != nil {
			return nil, true, err
		}
		if k, ok := cpu.(*litmus.Const); ok && !k.V.IsAddr() {
			v = offsetBy(base, k.V.Off*size)
		} else {
			// Copies are a power of two bytes apart (clayout).
			v = litmus.Bin(litmus.OpAdd, base, litmus.Bin(litmus.OpShl, cpu, litmus.C(int64(bits.TrailingZeros64(uint64(size))))))
		}
	}
	if dst != "" {
		l.emit(litmus.Instr{Pos: pos, Text: l.text(c.Pos, c.EndPos), Op: litmus.OpMove, Dst: dst, Src: v})
		return litmus.R(dst), true, nil
	}
	return v, true, nil
}

// copyBytes is the size of a CPU's copy of the per-CPU variable whose
// address a is: "&osq_node", "&qnodes[0].mcs".
func (l *cLowerer) copyBytes(name string, a *csyntax.Expr) (int64, error) {
	if u := csyntax.Single(a); u != nil && u.Op == "&" {
		if o := l.objectOf(u.X); o != nil && !o.Shared {
			return o.CopyBytes(), nil
		}
	}
	return 0, litmus.Unsupported(l.pos(a.Pos), fmt.Sprintf("%s of %s: the argument must be the address of a per-CPU variable, &NAME, or of a member of it or of an element of a per-CPU array, &NAME[i].member", name, l.text(a.Pos, a.EndPos)))
}

// objectOf is the per-CPU variable the lvalue u is part of: "osq_node",
// "qnodes[idx].mcs"; nil for another lvalue.
func (l *cLowerer) objectOf(u *csyntax.Unary) *cdata.Object {
	switch {
	case u.Primary != nil && u.Primary.Ident != "":
		return l.objectNamed(u.Primary.Ident)
	case u.Member != nil && u.Member.Of == nil:
		return l.objectNamed(u.Member.Ptr)
	}
	return nil
}

// declareObjects adds to t's init block the locations laid out in slots:
// the per-CPU variables the threads name, in their order of definition,
// a copy for each of the ncpu threads, and the locations of the threads'
// pointer parameters to structs of several slots. It records their
// widths in t.Objects.
func declareObjects(t *litmus.Test, defs *CDefs, lowered []*cLowerer, threads []*csyntax.Thread) error {
	declared := map[string]bool{}
	for _, it := range t.Init {
		if !it.Loc.IsReg() {
			declared[it.Loc.Name] = true
		}
	}
	add := func(pos litmus.Pos, name, typ string, slots int) error {
		if t.Objects == nil {
			t.Objects = map[string]int{}
		}
		if n, ok := t.Objects[name]; ok {
			if n != slots*clayout.SlotBytes {
				return litmus.Errorf(pos, "location %s is a struct of another type in another thread", name)
			}
			return nil
		}
		if declared[name] {
			return litmus.Unsupported(pos, fmt.Sprintf("an init block entry for %s, a location laid out as a struct (its members start at 0)", name))
		}
		t.Objects[name] = slots * clayout.SlotBytes
		t.Init = append(t.Init, litmus.InitItem{Pos: pos, Loc: litmus.LocRef{Thread: -1, Name: name}, Type: typ, Size: slots})
		return nil
	}
	for _, name := range defs.dataOrNone().Order {
		if !slices.ContainsFunc(lowered, func(l *cLowerer) bool { return l.objects[name] }) {
			continue
		}
		o := defs.data.Objects[name]
		if o.Shared && o.Struct == nil && !declared[name] {
			// One word, a location as any other.
			t.Init = append(t.Init, litmus.InitItem{Pos: o.Pos, Loc: litmus.LocRef{Thread: -1, Name: name}, Type: o.InitType()})
			continue
		}
		if err := add(o.Pos, name, o.InitType(), o.Slots(len(lowered))); err != nil {
			return err
		}
	}
	for i, th := range threads {
		for _, p := range th.Params {
			st := lowered[i].paramStructs[p.Name]
			if st == nil || st.Slots <= 1 {
				continue
			}
			pos := litfile.Position(lowered[i].f, p.Pos)
			if err := add(pos, p.Name, clayout.StructType(st.Name), int(st.Bytes()/clayout.SlotBytes)); err != nil {
				return err
			}
		}
	}
	return nil
}
