// This file implements the lowering of the init block, and the reading of
// the locations and registers that the init block and the final part
// name, which every dialect shares.

package parser

import (
	"strconv"
	"strings"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/parser/internal/litfile"
)

// parseInitBlock runs the init block's grammar.
func parseInitBlock(sec litfile.Section) (*initBlock, error) {
	blk, err := initParser().ParseString(sec.File.Name, sec.Padded())
	if err != nil {
		return nil, litfile.GrammarError(sec.File, err)
	}
	return blk, nil
}

// lowerInit reads the parsed init block blk into t.Init.
func lowerInit(t *litmus.Test, d dialect, sec litfile.Section, blk *initBlock) error {
	for _, it := range blk.Items {
		var item litmus.InitItem
		var ln *locName
		var v *initValue
		if it.Typed != nil {
			item.Type = it.Typed.Type + strings.Repeat("*", len(it.Typed.Stars))
			ln, v = it.Typed.Loc, it.Typed.Value
		} else {
			ln, v = it.Plain.Loc, it.Plain.Value
		}
		item.Pos = litfile.Position(sec.File, it.Pos)
		loc, err := resolveLoc(sec.File, d, ln)
		if err != nil {
			return err
		}
		item.Loc = loc
		if ln.Index != nil {
			n, _ := strconv.Atoi(*ln.Index)
			item.Size = n
		}
		if v != nil {
			val, err := initVal(sec.File, v)
			if err != nil {
				return err
			}
			item.Value, item.HasValue = val, true
		}
		t.Init = append(t.Init, item)
	}
	return nil
}

func initVal(f *litfile.File, v *initValue) (litmus.Value, error) {
	switch {
	case v.Atomic != nil:
		return intValue(f, v.Atomic)
	case v.Num != nil:
		return intValue(f, v.Num)
	case v.Cast != nil:
		return litmus.Addr(*v.Cast), nil
	}
	return litmus.Addr(*v.Addr), nil
}

func intValue(f *litfile.File, n *intLit) (litmus.Value, error) {
	text := n.Dec
	if n.Hex != "" {
		text = n.Hex
	}
	x, err := litfile.ParseInteger(text)
	if err != nil {
		return litmus.Value{}, litmus.Errorf(litfile.Position(f, n.Pos), "bad integer: %v", err)
	}
	if n.Neg {
		x = -x
	}
	return litmus.Int(x), nil
}

// resolveLoc turns "0:r2", "P0:r2", "x", "[x]" into a LocRef; registers are
// canonicalised by the dialect.
func resolveLoc(f *litfile.File, d dialect, ln *locName) (litmus.LocRef, error) {
	if ln.Bracket != "" {
		return litmus.LocRef{Thread: -1, Name: ln.Bracket}, nil
	}
	if ln.Proc == nil {
		// "%x0" symbolic registers belong to no single thread.
		if strings.HasPrefix(ln.Name, "%") {
			return litmus.LocRef{Thread: -2, Name: ln.Name}, nil
		}
		return litmus.LocRef{Thread: -1, Name: ln.Name}, nil
	}
	return threadReg(f, d, litfile.Position(f, ln.Pos), *ln.Proc, ln.Name)
}

func threadReg(f *litfile.File, d dialect, pos litmus.Pos, proc, name string) (litmus.LocRef, error) {
	p := strings.TrimPrefix(proc, "P")
	n, err := strconv.Atoi(p)
	if err != nil {
		return litmus.LocRef{}, litmus.Errorf(pos, "expected a thread number before ':', found %q", proc)
	}
	reg, ok := d.Register(name)
	if !ok {
		return litmus.LocRef{}, litmus.Errorf(pos, "%q is not a register of this architecture", name)
	}
	return litmus.LocRef{Thread: n, Name: reg}, nil
}
