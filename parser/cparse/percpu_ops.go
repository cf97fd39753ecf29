// This file implements the kernel's operations on this CPU's copy of a
// per-CPU variable, named by the variable's lvalue: __this_cpu_read(v),
// __this_cpu_write(v, x), __this_cpu_inc(v), __this_cpu_dec(v),
// __this_cpu_add(v, x), __this_cpu_sub(v, x), their this_cpu_ and raw_cpu_
// forms. The __this_cpu_ and raw_cpu_ forms are plain C accesses, an
// increment a read and a write, as the generic code has them; the
// this_cpu_ forms, which other code on the CPU may not interrupt, access
// once (READ_ONCE and WRITE_ONCE). Another CPU reaches the copy only
// through per_cpu_ptr.

package cparse

import (
	"fmt"
	"strings"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/parser/cparse/cdata"
	"github.com/litmuscheck/litmuscheck/parser/cparse/csyntax"
	"github.com/litmuscheck/litmuscheck/parser/cparse/ctypes"
)

// thisCPUOps are the operations, with their number of arguments and the
// arithmetic of an update (0 for a read or a write).
var thisCPUOps = map[string]struct {
	args int
	op   litmus.BinOp
}{
	"read": {1, 0}, "write": {2, 0}, "inc": {1, litmus.OpAdd}, "dec": {1, litmus.OpSub},
	"add": {2, litmus.OpAdd}, "sub": {2, litmus.OpSub},
}

// thisCPUCall lowers one of the operations; done is false for another
// call.
func (l *cLowerer) thisCPUCall(c *csyntax.Call, dst string, want bool) (litmus.Expr, bool, error) {
	var name string
	var once bool
	switch {
	case strings.HasPrefix(c.Name, "__this_cpu_"):
		name = strings.TrimPrefix(c.Name, "__this_cpu_")
	case strings.HasPrefix(c.Name, "raw_cpu_"):
		name = strings.TrimPrefix(c.Name, "raw_cpu_")
	case strings.HasPrefix(c.Name, "this_cpu_"):
		name, once = strings.TrimPrefix(c.Name, "this_cpu_"), true
	}
	x, ok := thisCPUOps[name]
	if !ok || l.defined(c.Name) {
		return nil, false, nil
	}
	pos, text := l.pos(c.Pos), l.text(c.Pos, c.EndPos)
	if len(c.Args) != x.args {
		return nil, true, litmus.Errorf(pos, "%s expects %d argument%s, found %d", c.Name, x.args, plural(x.args), len(c.Args))
	}
	if want && name != "read" {
		return nil, true, litmus.Errorf(pos, "%s returns no value", c.Name)
	}
	u := csyntax.Single(c.Args[0])
	var o *cdata.Object
	if u != nil {
		o = l.objectOf(u)
	}
	if o == nil {
		return nil, true, litmus.Unsupported(l.pos(c.Args[0].Pos), fmt.Sprintf("%s of %s: the argument must be a per-CPU variable, a member of it or of an element of a per-CPU array", c.Name, l.text(c.Args[0].Pos, c.Args[0].EndPos)))
	}
	addr, size, t, err := l.thisCPUAddress(u, o)
	if err != nil {
		return nil, true, err
	}
	var tags []string
	if once {
		tags = []string{litmus.TagOnce}
	}
	if name == "write" {
		v, vt, err := l.typedExpr(c.Args[1])
		if err != nil {
			return nil, true, err
		}
		l.emit(litmus.Instr{Pos: pos, Text: text, Op: litmus.OpStore, Addr: addr, Src: ctypes.Convert(v, vt, t), Size: size, WTags: tags})
		return nil, true, nil
	}
	if dst == "" {
		dst = l.temp()
	}
	l.types[dst] = t
	l.emit(litmus.Instr{Pos: pos, Text: text, Op: litmus.OpLoad, Dst: dst, Addr: addr, Size: size, RTags: tags})
	if name == "read" {
		v, _, err := l.loaded(dst, t)
		return v, true, err
	}
	by := litmus.Expr(litmus.C(1))
	byType := ctypes.Int32
	if x.args == 2 {
		if by, byType, err = l.typedExpr(c.Args[1]); err != nil {
			return nil, true, err
		}
	}
	nv, nt := ctypes.Arith(x.op, litmus.R(dst), t, by, byType)
	l.emit(litmus.Instr{Pos: pos, Text: text, Op: litmus.OpStore, Addr: addr, Src: ctypes.Convert(nv, nt, t), Size: size, WTags: tags})
	return nil, true, nil
}

// thisCPUAddress is the address, the width and the type of the calling
// CPU's copy of the lvalue u, part of the per-CPU variable o.
func (l *cLowerer) thisCPUAddress(u *csyntax.Unary, o *cdata.Object) (litmus.Expr, uint8, ctypes.Int, error) {
	l.inAccessor++
	defer func() { l.inAccessor-- }()
	if u.Member == nil {
		return offsetBy(l.objectAddress(o), int64(l.thr.ID)*o.CopyBytes()), 0, ctypes.Int32, nil
	}
	addr, mem, err := l.userMember(u.Member, true)
	if err != nil {
		return nil, 0, ctypes.Untyped, err
	}
	return offsetBy(addr, int64(l.thr.ID)*o.CopyBytes()), l.memberSize(u.Member), userMemberType(mem), nil
}
