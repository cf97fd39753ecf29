// This file implements the instruction IR that every dialect lowers to and
// that the explorer runs: loads, stores, fences, register moves, branches,
// the atomic read-modify-write forms and choices of a value that no memory
// access decides.

package litmus

// An Op is the kind of an instruction.
type Op uint8

const (
	// OpNop does nothing; it keeps a place for a label or a no-op.
	OpNop Op = iota
	// OpLoad: Dst = mem[Addr]. One R event tagged RTags.
	OpLoad
	// OpStore: mem[Addr] = Src. One W event tagged WTags.
	OpStore
	// OpFence: one F event tagged FTags. When Addr is set the event has
	// that location: LKMM's synchronize_srcu(s) is an event on s that is
	// neither a read nor a write.
	OpFence
	// OpMove: Dst = Src. No event; dependencies flow through Src.
	OpMove
	// OpBranch: if Cond (nil: always) goto Target. Reads feeding Cond
	// become ctrl dependencies of the events after the branch.
	OpBranch
	// OpRMW: old = mem[Addr]; mem[Addr] = Apply(RMWOp, old, Src), as one
	// atomic pair of R (RTags) and W (WTags) events related by rmw.
	// Dst receives old, or the new value when ReturnNew.
	OpRMW
	// OpCAS: old = mem[Addr]; Dst = old; if old == Expect then
	// mem[Addr] = Src. Success gives R and W related by rmw; failure gives
	// the R alone, tagged FailTags instead of RTags when FailTags is set.
	// Status, when named, receives StatusOK or StatusFail. With AddUnless
	// the test and the stored value change (see AddUnless).
	OpCAS
	// OpLoadReserve (lwarx, LDXR): Dst = mem[Addr], and the thread holds a
	// reservation on the address.
	OpLoadReserve
	// OpStoreCond (stwcx., STXR): the thread explores both outcomes. On
	// success mem[Addr] = Src, with rmw from the reserving load; on failure
	// no event. Status receives StatusOK or StatusFail.
	OpStoreCond
	// OpAssume cuts the path unless Cond holds (lock acquisition that must
	// succeed, C filters inside code), or ends it as a hang when it is a
	// spin's exit test (Instr.Spin).
	OpAssume
	// OpChoose: Dst = 0 or 1, both explored, one path each (0 first); no
	// event. The value of a kernel helper that no memory access decides
	// (need_resched(), vcpu_is_preempted()); a spin whose failed attempt
	// depends on a choice of the attempt may take the other next time,
	// so it never hangs (paths/hang_paths.go).
	OpChoose
)

var opNames = [...]string{"nop", "load", "store", "fence", "move", "branch", "rmw", "cas", "load-reserve", "store-cond", "assume", "choose"}

func (o Op) String() string {
	if int(o) < len(opNames) {
		return opNames[o]
	}
	return "op?"
}

// An Instr is one IR instruction. The fields an Op does not use are zero.
type Instr struct {
	Pos Pos
	Op  Op
	// Text is the source instruction, for listings and witnesses.
	Text string

	Dst    string // destination register, "" for none
	Addr   Expr   // memory address
	Src    Expr   // value stored, moved or combined
	Expect Expr   // OpCAS: the expected old value
	Cond   Expr   // OpBranch, OpAssume
	Target int    // OpBranch: index of the next instruction when taken

	// Size is the width in bytes of the instruction's memory accesses; 0
	// is the dialect's natural word of 4 bytes (a C int, an X86 MOV, a
	// PPC lwz). Options.RefuseMixedSize reads it.
	Size uint8

	RMWOp     BinOp // OpRMW: how old and Src combine; OpXchg keeps Src
	ReturnNew bool  // OpRMW: Dst receives the new value

	Status     string // OpCAS, OpStoreCond: status register, "" for none
	StatusOK   Value
	StatusFail Value
	// StatusDeps, on an OpStoreCond, makes a success's status depend on
	// the write and on the address, as herd's RISC-V sc does (its result
	// register follows its memory write): a branch on it makes control
	// dependencies from the write.
	StatusDeps bool

	// Event tags, read by the models: the R, W and F events this
	// instruction produces carry them.
	RTags, WTags, FTags []string
	// FailTags, when not nil, tags the R event of a failed OpCAS.
	FailTags []string
	// ZeroTags, when not nil on an OpLoad, tags the R event instead of
	// RTags when the value read is 0: LKMM's spin_is_locked is an RU event
	// when it sees the lock free and an RL event when it sees it held.
	ZeroTags []string
	// AddUnless turns an OpCAS into LKMM's atomic_add_unless: the write
	// happens when old != Expect, and stores old + Src.
	AddUnless bool

	// CASForms, on an OpCAS, are the alternative event structures the
	// explorer builds for it, each a candidate of its own; nil means one
	// form per outcome: a success, and a failure without a write.
	CASForms []CASForm

	// OneEvent, on an OpRMW, makes the instruction one event that both
	// reads and writes, as herd builds a RISC-V AMO: the explorer still
	// makes a read and a write related by rmw, and OneEventView merges
	// them for the models.
	OneEvent bool

	// NoRMW, on an OpRMW or OpCAS, leaves the R and W events unrelated by
	// rmw: they are two plain accesses of one instruction (x86 add, inc or
	// cmpxchg without the lock prefix), which atomicity does not protect.
	NoRMW bool

	// CtrlDep, on an OpAssume, makes the reads its condition depends on
	// control dependencies of every later event: the assume stands for the
	// exit test of a spin loop (smp_cond_load_*, __assume), and code after
	// a loop is control-dependent on the read that ended it.
	CtrlDep bool

	// Spin, when > 0, marks the exit test of a spin written as its final
	// attempt (smp_cond_load_*, an __assume on an acquire, LKMM's
	// spin_lock): an OpAssume whose condition fails ends the path as a
	// hang instead of cutting it, and its spin reads are the reads of the
	// attempt, the Spin instructions before it, that the condition depends
	// on. On an OpBranch, taken, the path hangs at the branch, with every
	// read its condition depends on as a spin read (the branch of a
	// compiled spin's failed attempt); when Spin is above 1, the attempt is
	// the branch and the Spin-1 instructions before it (a compiled
	// condition of several tests, "a || b"), and the spin reads are the
	// attempt's reads that its condition or an earlier branch of it
	// depends on. See hang.go.
	Spin int
	// SpinTags, on an OpRMW, make an attempt that reads a non-zero value
	// (a lock held) one lone read tagged SpinTags, without the write: LKMM's
	// spin_lock finding the lock held reads it as spin_is_locked's RL does,
	// and spins at the OpAssume that follows.
	SpinTags []string

	// Wrap, on an OpRMW or an AddUnless OpCAS, is the conversion (ConvOp)
	// of the value written: a C atomic on a 32-bit or narrower location
	// wraps at its width. Any other op (the zero value) leaves it whole.
	Wrap BinOp

	// Mask32, on an OpRMW, reads the old value as a 32-bit unsigned
	// quantity before combining it, as herd masks what a 32-bit x86
	// instruction reads (addresses are left alone).
	Mask32 bool

	// NoDataDep: the stored value does not count as a data dependency
	// (herd suppresses lwarx-to-stwcx. data dependencies, for example).
	NoDataDep bool
	// CtrlEnd, when > 0 on an OpBranch, ends the control dependency before
	// instruction index CtrlEnd instead of at the end of the thread.
	CtrlEnd int
	// Await, on a backward OpBranch, marks the back edge of a loop of the
	// source (a C loop, or its compiled form) whose wasted iterations the
	// explorer drops and reports as spins instead of unrolling them
	// (explore/paths/await_loops.go). Only litmuscheck's own outputs set
	// it; herd7's unrolling and counts stay where it is not set.
	Await bool
}

// A CASForm is one event structure of a compare-and-swap. herd builds
// several for an AArch64 CAS (herd/AArch64Sem.ml and the aarch64_cas
// combinators of herd/event.ml) and counts an execution once per structure
// the model allows; they differ in the dependencies they carry and in
// whether a failed comparison writes the old value back.
type CASForm struct {
	// Success: the form holds when the old value equals the expected one,
	// and writes the new value. Otherwise it holds when they differ.
	Success bool
	// WriteBack, on a failure form, writes the old value back: R and W
	// related by rmw, both tagged as on a success. The data of the write is
	// the read itself.
	WriteBack bool
	// OldFromExpect: Dst receives the old value through the expected
	// value, equal to it on success: its data dependencies are those of
	// Expect instead of the read (herd's DataFromRRs, against DataFromRx).
	OldFromExpect bool
	// OldAfterCompare: the comparison (the read and Expect) reaches Dst as
	// a pick dependency, herd's iico_ctrl from the CAS branch event to the
	// register write.
	OldAfterCompare bool
}

// An Expr is a register expression: *Const, *RegRef, *Unary, *Binary or
// *Ite.
type Expr interface{ isExpr() }

// A Const is a constant value.
type Const struct{ V Value }

// A RegRef reads a register; an unset register holds 0.
type RegRef struct{ Name string }

// A Unary applies Op (OpNeg, OpNot, OpBitNot, OpPick or a conversion)
// to X.
type Unary struct {
	Op BinOp
	X  Expr
}

// A Binary applies Op to X and Y.
type Binary struct {
	Op   BinOp
	X, Y Expr
}

// An Ite is "if Cond != 0 then Then else Else" (CSEL and C's ?:).
type Ite struct{ Cond, Then, Else Expr }

func (*Const) isExpr()  {}
func (*RegRef) isExpr() {}
func (*Unary) isExpr()  {}
func (*Binary) isExpr() {}
func (*Ite) isExpr()    {}

// A BinOp is an arithmetic, logical or comparison operator.
type BinOp uint8

const (
	OpAdd BinOp = iota
	OpSub
	OpMul
	OpDiv
	OpMod
	OpAnd
	OpOr
	OpXor
	OpShl
	OpShr
	OpEq
	OpNe
	OpLt
	OpLe
	OpGt
	OpGe
	OpLAnd
	OpLOr
	// OpCmp is a three-way comparison: -1, 0 or 1. Condition registers
	// (PPC cr0, AArch64 NZCV, x86 flags) hold its result.
	OpCmp
	// OpXchg returns its right operand: the RMW op of a swap.
	OpXchg
	// OpAndNot is X &^ Y (AArch64 LDCLR, BIC).
	OpAndNot
	OpMax // signed
	OpMin
	OpUMax // unsigned
	OpUMin
	// Unary operators.
	OpNeg
	OpNot    // logical not
	OpBitNot // bitwise complement
	// OpPick (unary) has the value of X, but the dependencies of X reach
	// the result only as pick dependencies: herd's iico_ctrl edges, which
	// aarch64.cat counts in pick-addr-dep, pick-data-dep and pick-ctrl-dep
	// but not in addr, data and ctrl. It wraps the condition of an AArch64
	// CSEL and the expected value of an AArch64 CAS.
	OpPick
	// Conversions (unary) to a C integer type narrower than the 64-bit
	// values registers hold: X truncated to 8, 16 or 32 bits, then zero-
	// or sign-extended, as a C assignment, cast or wrapping arithmetic
	// converts (parser/c_types.go). An address passes unchanged.
	OpZext8
	OpZext16
	OpZext32
	OpSext8
	OpSext16
	OpSext32
	// Unsigned 64-bit forms of the operators whose result depends on
	// signedness, for C's unsigned long operands.
	OpULt
	OpULe
	OpUGt
	OpUGe
	OpUDiv
	OpUMod
	OpUShr
)

// convOps are the conversion ops with their width in bits and signedness.
var convOps = []struct {
	op     BinOp
	bits   int
	signed bool
}{
	{OpZext8, 8, false}, {OpZext16, 16, false}, {OpZext32, 32, false},
	{OpSext8, 8, true}, {OpSext16, 16, true}, {OpSext32, 32, true},
}

// ConvOp is the conversion to an integer of bits bits (8, 16 or 32),
// signed or not, and false for a width that needs none (64).
func ConvOp(bits int, signed bool) (BinOp, bool) {
	for _, c := range convOps {
		if c.bits == bits && c.signed == signed {
			return c.op, true
		}
	}
	return 0, false
}

// ConvWidth is the width in bits and the signedness of the conversion
// op; ok is false when op is not one.
func ConvWidth(op BinOp) (bits int, signed bool, ok bool) {
	for _, c := range convOps {
		if c.op == op {
			return c.bits, c.signed, true
		}
	}
	return 0, false, false
}

// Convert is v converted by the conversion op (ConvOp): an integer
// truncated and extended, an address unchanged.
func Convert(op BinOp, v Value) Value {
	bits, signed, ok := ConvWidth(op)
	if !ok || v.Sym != "" || v.IsUnknown() {
		return v
	}
	shift := 64 - bits
	if signed {
		return Int(v.Off << shift >> shift)
	}
	return Int(int64(uint64(v.Off) << shift >> shift))
}

// C returns a constant integer expression.
func C(n int64) Expr { return &Const{V: Int(n)} }

// R returns a register expression.
func R(name string) Expr { return &RegRef{Name: name} }

// Bin returns the expression x op y.
func Bin(op BinOp, x, y Expr) Expr { return &Binary{Op: op, X: x, Y: y} }

// WalkExpr calls f on e and on every subexpression of e, parents first;
// a nil e is skipped.
func WalkExpr(e Expr, f func(Expr)) {
	if e == nil {
		return
	}
	f(e)
	switch e := e.(type) {
	case *Unary:
		WalkExpr(e.X, f)
	case *Binary:
		WalkExpr(e.X, f)
		WalkExpr(e.Y, f)
	case *Ite:
		WalkExpr(e.Cond, f)
		WalkExpr(e.Then, f)
		WalkExpr(e.Else, f)
	}
}
