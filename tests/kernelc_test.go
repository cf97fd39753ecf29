// This file asserts the meaning of kernel C that lock code is written in
// and herd7's C dialect lacks (kernelc/): each construct's test either
// has a twin in herd's dialect that must give the same verdicts and final
// states in every column, or a comment that justifies its verdicts.

package tests

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/litmuscheck/litmuscheck/explore"
	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/parser/cparse"
	"github.com/litmuscheck/litmuscheck/pipeline"
)

// columnVerdicts is the verdict of each column of out, by the column's
// name.
func columnVerdicts(out pipeline.Outcome) map[string]string {
	got := map[string]string{}
	for _, r := range out.Runs {
		got[r.Column.Name] = r.Verdict()
	}
	return got
}

// columnsOf runs the kernel-C test file in every column and gives each
// column's label and final states, or its failure; await lowers await
// loops as their final iteration, as the command does, else they unroll
// as in herd7.
func columnsOf(t *testing.T, file string, await bool) map[string]string {
	t.Helper()
	return columnsWith(t, file, await, func(res *litmus.Result) string {
		var states []string
		for _, st := range res.States {
			// A compiled column orders a state's registers by the
			// machine registers they were given; the bindings are what
			// is compared.
			bindings := strings.Split(strings.TrimSpace(res.FormatState(st)), " ")
			sort.Strings(bindings)
			states = append(states, strings.Join(bindings, " "))
		}
		sort.Strings(states)
		return res.Label() + ": " + strings.Join(states, " ")
	})
}

// columnsWith runs the kernel-C test file in every column and gives each
// column's result as describe says, or its failure.
func columnsWith(t *testing.T, file string, await bool, describe func(*litmus.Result) string) map[string]string {
	t.Helper()
	return columnsUnrolled(t, file, await, 0, describe)
}

// columnsUnrolled is columnsWith with the unroll bound given (0: the
// default).
func columnsUnrolled(t *testing.T, file string, await bool, unroll int, describe func(*litmus.Result) string) map[string]string {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("kernelc", file))
	if err != nil {
		t.Fatal(err)
	}
	out := pipeline.File(file, string(src), pipeline.Settings{Spec: pipeline.Spec{Name: "all"}, AwaitLoops: await,
		Explore: explore.Options{Unroll: unroll}})
	if out.Err != nil {
		t.Fatalf("%s: %v", file, out.Err)
	}
	got := map[string]string{}
	for _, r := range out.Runs {
		if r.Result == nil {
			got[r.Column.Title] = r.Verdict() + ": " + r.Err.Error()
			continue
		}
		got[r.Column.Title] = describe(r.CResult())
	}
	return got
}

// TestKernelCTwins: each construct and its rewrite in herd's C dialect
// give the same verdicts and final states in every column, with loops
// unrolled as herd7 unrolls them.
func TestKernelCTwins(t *testing.T) {
	for _, tc := range []struct{ construct, twin string }{
		// An early return inside an if is the if-else it stands for; the
		// code after the if is control-dependent on its condition.
		{"return-if.litmus", "return-if+else.litmus"},
		// A break inside an if: the code after the if, in the loop, is
		// control-dependent on the if's condition.
		{"break-if.litmus", "break-if+else.litmus"},
		// An endless loop left by break is the while loop of its test.
		{"break-spin.litmus", "break-spin+while.litmus"},
		// continue skips the rest of the body, as an if around it does.
		{"continue.litmus", "continue+if.litmus"},
		// likely() and unlikely() are !!(c); HMT_*() do nothing.
		{"likely.litmus", "likely+plain.litmus"},
		// A variable at file scope is a location every CPU names.
		{"global.litmus", "global+plain.litmus"},
		// WARN is the value of its condition; reports do nothing.
		{"warn.litmus", "warn+plain.litmus"},
		// Object-like and function-like macros, a body continued with a
		// backslash, are what the compiler's preprocessor makes of them.
		{"define.litmus", "define+plain.litmus"},
		// qspinlock_types.h's masks, pasted together with ##.
		{"define-paste.litmus", "define-paste+plain.litmus"},
		// for, ++ and the compound assignments are the while loop and
		// the plain assignments C defines them as; a continue in a for
		// loop goes to its step.
		{"for.litmus", "for+while.litmus"},
		// A struct's members, per-CPU copies of it, this_cpu_ptr and
		// per_cpu_ptr, pointer members followed: each member of each
		// copy is a location of its own, as when written one by one.
		{"struct-nodes.litmus", "struct-nodes+plain.litmus"},
		{"struct-nodes-once.litmus", "struct-nodes-once+plain.litmus"},
		// typedef, and struct values one word wide: a value parameter,
		// a local, members read off the value.
		{"struct-value.litmus", "struct-value+plain.litmus"},
		// "++" and "--" as values; the helpers that change no memory.
		{"incr.litmus", "incr+plain.litmus"},
		// A wait whose condition updates a local is the kernel's loop.
		{"cond-load-count.litmus", "cond-load-count+if.litmus"},
		// The qrwlock's wait_lock, a location of its own, taken with
		// arch_spin_lock(), the column's spinlock.
		{"wait-lock.litmus", "wait-lock+plain.litmus"},
		// The barriers' names before v3.16.
		{"old-barriers.litmus", "old-barriers+plain.litmus"},
		// A volatile member, and a struct value of volatile members, are
		// accessed once, as READ_ONCE and WRITE_ONCE do.
		{"volatile.litmus", "volatile+plain.litmus"},
		// A local pointer to the qspinlock, in a function and in a
		// thread, is the parameter it holds.
		{"struct-alias.litmus", "struct-alias+plain.litmus"},
		// "(r = e)" as a value: r is assigned, the value is r's.
		{"assign-cond.litmus", "assign-cond+plain.litmus"},
		// A forward goto is the if-else it stands for: the code it skips
		// depends on the condition by control, the code after the label
		// does not.
		{"goto.litmus", "goto+else.litmus"},
	} {
		t.Run(tc.construct, func(t *testing.T) {
			want, got := columnsOf(t, tc.twin, false), columnsOf(t, tc.construct, false)
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("%s against %s (-twin +construct):\n%s", tc.construct, tc.twin, diff)
			}
		})
	}
}

// TestKernelCVerdicts asserts the verdicts each test's comment justifies,
// as the command gives them (await loops as their final iteration).
func TestKernelCVerdicts(t *testing.T) {
	for _, tc := range []struct {
		file, want string
	}{
		// The code after an early return does not run.
		{"return-skips.litmus", "Never: 0:r0=0; [x]=1; 0:r0=0; [x]=2; 0:r0=1; [x]=1;"},
		// A return inside a loop leaves the function.
		{"return-loop.litmus", "Never: 0:r0=0; [y]=1; 0:r0=1; [y]=0;"},
		// A test's own cpu_relax(), a full barrier, replaces the
		// built-in compiler barrier, which leaves store buffering.
		{"relax-shadowed.litmus", "Never: 0:r0=0; 1:r1=1; 0:r0=1; 1:r1=0; 0:r0=1; 1:r1=1;"},
		{"relax-builtin.litmus", "Sometimes: 0:r0=0; 1:r1=0; 0:r0=0; 1:r1=1; 0:r0=1; 1:r1=0; 0:r0=1; 1:r1=1;"},
		// Await loops: their final iteration, with no unroll bound, and
		// hangs found where a spin may wait forever.
		{"await-spin.litmus", "Never: 1:r0=1;"},
		{"await-steps.litmus", "Never: 1:r0=0;"},
		{"await-hang.litmus", "Never, but 1 execution hangs: "},
		// An await loop whose condition assigns its read to a register.
		{"assign-spin.litmus", "Always: 0:r0=1;"},
		// A prototype, extern or not, inlines nothing.
		{"proto.litmus", "Never: [x]=2;"},
		// EXPORT_SYMBOL(), a stray ";" and IS_ENABLED() as pasted code
		// has them.
		{"export.litmus", "Always: [x]=1;"},
		// A shift by a constant expression, in every column.
		{"shift-const.litmus", "Sometimes: 0:r0=0; 0:r0=262144; 0:r0=524288;"},
		// in_interrupt() and the other context tests are false; a
		// test's own definition replaces one.
		{"in-interrupt.litmus", "Always: [x]=2; [y]=1;"},
		// smp_processor_id() is the thread's number, in inlined code too.
		{"cpu-id.litmus", "Always: 0:r0=0; 1:r1=1; [a]=1; [b]=2;"},
		// current: a value of its own per CPU, the mutex's owner;
		// context_lock_struct(name) is "struct name".
		{"current.litmus", "Sometimes: 0:r0=1; 1:r1=0; 1:r2=512; 0:r0=1; 1:r1=256; 1:r2=512;"},
		// A per-CPU array of nodes, a node's member selected off a cast
		// pointer plus an index, __this_cpu_dec and __this_cpu_read: the
		// hand-over through the node found reaches P0 (r2=1).
		{"percpu-array.litmus", "Never: 0:idx=0; 0:r2=0; 0:r3=0; 1:r0=0; 0:idx=0; 0:r2=0; 0:r3=0; 1:r0=1; 0:idx=0; 0:r2=1; 0:r3=0; 1:r0=1;"},
	} {
		t.Run(tc.file, func(t *testing.T) {
			for col, got := range columnsOf(t, tc.file, true) {
				if got != tc.want {
					t.Errorf("%s: %s\nwant %s", col, got, tc.want)
				}
			}
		})
	}
}

// TestKernelCLoopCuts: a loop whose attempts write (a failed CAS that
// retries with the value it saw) is unrolled, and the unroll bound's
// caveat is given only when an execution cut at the bound is
// consistent, so that raising the bound clears it; a loop whose failed
// attempts write nothing is its final iteration, with its hangs. "; cut"
// marks a result with the caveat (Result.LoopCut). Each test's comment
// justifies its columns.
func TestKernelCLoopCuts(t *testing.T) {
	hw := []string{"POWER", "POWER isync", "ARMv8", "TSO", "RISC-V"}
	cut := "Never (rests on the unroll bound: raise --unroll); cut"
	for _, tc := range []struct {
		file   string
		unroll int
		want   map[string]string
	}{
		{"cas-retry.litmus", 1, columnsAll(cut, hw, cut, cut)},
		{"cas-retry.litmus", 0, columnsAll("Never", hw, cut, cut)},
		{"cas-hang.litmus", 0, columnsAll("Never, but 1 execution hangs", hw, "Never, but 1 execution hangs",
			"Never, but 12 executions hang; cut")},
		{"retry-reread.litmus", 0, columnsAll("Never", hw, "Never", "Never")},
	} {
		t.Run(fmt.Sprintf("%s/unroll=%d", tc.file, tc.unroll), func(t *testing.T) {
			got := columnsUnrolled(t, tc.file, true, tc.unroll, func(res *litmus.Result) string {
				if res.LoopCut {
					return res.Label() + "; cut"
				}
				return res.Label()
			})
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// columnsAll gives the columns hw the label want, LKMM lkmm and ARMv8 LSE
// lse.
func columnsAll(want string, hw []string, lkmm, lse string) map[string]string {
	out := map[string]string{"LKMM": lkmm, "ARMv8 LSE": lse}
	for _, c := range hw {
		out[c] = want
	}
	return out
}

// TestKernelCRefusals: what the front end does not support yet is an
// error that says unsupported, names the construct and its position; C
// that is wrong is an error at its position.
func TestKernelCRefusals(t *testing.T) {
	for _, tc := range []struct{ name, body, want string }{
		{"break outside a loop", "P0(int *x) { if (READ_ONCE(*x)) break; WRITE_ONCE(*x, 1); }",
			"t.litmus:3:33: break outside a loop"},
		{"a variable at file scope initialized", "static int limit = 4;\nP0(int *x) { WRITE_ONCE(*x, limit); }",
			"t.litmus:3:1: unsupported: the initializer of limit, a variable at file scope: only a zero one (static storage starts at zero)"},
		{"an array at file scope", "static int v[4];\nP0(int *x) { WRITE_ONCE(*x, 1); }",
			"t.litmus:3:1: unsupported: an array at file scope, v[4]"},
		{"a variable at file scope as a per-CPU one", "static int v;\nP0(int *x) { int *p = this_cpu_ptr(&v); }",
			"t.litmus:4:36: unsupported: this_cpu_ptr of &v: the argument must be the address of a per-CPU variable, &NAME, or of a member of it or of an element of a per-CPU array, &NAME[i].member"},
		{"BUG_ON", "P0(int *x) { BUG_ON(READ_ONCE(*x)); }",
			"t.litmus:3:14: unsupported: BUG_ON(): a kernel crash when its condition holds, whose reaching is the bug: not modelled"},
		{"inline assembly", "P0(int *x) { __asm__ __volatile__(\"sync\" : : : \"memory\"); }",
			"t.litmus:3:14: unsupported: inline assembly (__asm__): write the primitive the assembly implements instead"},
		{"a string literal as a value", "P0(int *x) { int r0 = \"x is %d\"; } // \"in a comment\"",
			"t.litmus:3:23: unsupported: a string literal as a value: C tests model no strings (only WARN's and printk's formats, which are not evaluated)"},
		{"WARN without its format", "P0(int *x) { WARN(READ_ONCE(*x)); }",
			"t.litmus:3:14: WARN expects at least 2 arguments, found 1"},
		{"per_cpu", "P0(int *x) { int r0; r0 = per_cpu(x, 1); }",
			"t.litmus:3:27: unsupported: per_cpu(): a per-CPU variable as a value, not modelled (use per_cpu_ptr(&var, cpu))"},
		{"#include", "#include <linux/atomic.h>\nP0(int *x) { WRITE_ONCE(*x, 1); }\n",
			"t.litmus:3:1: unsupported: #include: the preprocessor's #define, #undef and conditionals only"},
		{"#if left open", "#ifdef CONFIG_SMP\nP0(int *x) { WRITE_ONCE(*x, 1); }\n",
			"t.litmus:3:1: #if without #endif"},
		{"macro arity", "#define two(a, b) ((a) + (b))\nP0(int *x) { WRITE_ONCE(*x, two(1)); }",
			"t.litmus:4:29: macro two takes 2 arguments, found 1"},
		{"lines after a macro", "#define ONE \\\n 1\nP0(int *x) {\n WRITE_ONCE(*x, ONE);\n nosuch(x);\n}",
			"t.litmus:7:2: unknown function \"nosuch\""},
		{"continue in a function outside a loop", "void f(int *x) { continue; }\nP0(int *x) { while (READ_ONCE(*x)) { f(x); } }",
			"t.litmus:3:18: continue outside a loop"},
		{"return in a thread", "P0(int *x) { if (READ_ONCE(*x)) return; WRITE_ONCE(*x, 1); }",
			"t.litmus:3:33: unsupported: return in a thread"},
		{"a per-CPU variable as a value", "struct n { int a; };\nstatic DEFINE_PER_CPU(struct n, v);\nP0(int *x) { WRITE_ONCE(*x, v); }",
			"t.litmus:5:29: unsupported: per-CPU variable v as a value"},
		{"a struct value of two words", "struct n { int a; int b; };\nP0(int *x) { struct n s; WRITE_ONCE(*x, 1); }",
			"t.litmus:4:23: unsupported: local variable s of type struct n: a value of struct n, which takes 2 words (a struct value is held only when it is one word)"},
		{"a typedef of a union", "typedef union { int a; short b; } u_t;\nP0(int *x) { WRITE_ONCE(*x, 1); }",
			"t.litmus:3:1: unsupported: a typedef of a union (two views of one word)"},
		{"a member through a struct value", "struct n { int a; };\nP0(int *x) { struct n s = READ_ONCE(*x); WRITE_ONCE(*x, s->a); }",
			"t.litmus:4:57: s is a struct value: expected s.a"},
		{"a member the struct lacks", "struct n { int a; };\nstatic DEFINE_PER_CPU(struct n, v);\nP0(int *x) { struct n *p = this_cpu_ptr(&v); WRITE_ONCE(p->b, 1); }",
			"t.litmus:5:58: struct n has no member \"b\" (expected one of a)"},
		{"a member of an int pointer", "P0(int *x) { WRITE_ONCE(x->a, 1); }",
			"t.litmus:3:25: unsupported: member access x->a: x is not a pointer to a struct"},
		{"a struct defined twice", "struct n { int a; };\nstruct n { int b; };\nP0(int *x) { WRITE_ONCE(*x, 1); }",
			"t.litmus:4:1: struct n is defined twice"},
		{"a union member", "struct n { int a; union { int b; short c; } u; };\nP0(int *x) { WRITE_ONCE(*x, 1); }",
			"t.litmus:3:19: unsupported: a union in struct n (two views of one word)"},
		{"the wait_lock of a computed qrwlock", "P0(int *p) { struct qrwlock *l = (struct qrwlock *)READ_ONCE(*p); arch_spin_lock(&l->wait_lock); }",
			"t.litmus:3:83: unsupported: l->wait_lock of a qrwlock whose address is computed: its wait_lock is a location of its own, named after the qrwlock's"},
		{"a per-CPU array of integers", "static DEFINE_PER_CPU(int, v[4]);\nP0(int *x) { WRITE_ONCE(*x, 1); }",
			"t.litmus:3:1: unsupported: per-CPU array v[4] of int, not of a struct"},
		{"a per-CPU variable read without an accessor", "struct n { int a; };\nstatic DEFINE_PER_CPU(struct n, v[4]);\nP0(int *x) { int r0 = v[1].a; }",
			"t.litmus:5:23: unsupported: member access v[...].a on per-CPU variable v itself: reach a CPU's copy with this_cpu_ptr(&v) or per_cpu_ptr(&v, cpu)"},
		{"an increment of a pointer to an unknown type", "P0(void *x) { void *p = x; int r0 = p++; }",
			"t.litmus:3:37: unsupported: ++ of a pointer to an unknown type (p++)"},
		{"data_race of an expression", "P0(int *x) { int r0; r0 = data_race(READ_ONCE(*x) + 1); }",
			"t.litmus:3:27: unsupported: data_race(READ_ONCE(*x) + 1): only a member or a *p location"},
		{"arithmetic on a pointer to the qspinlock", "P0(struct qspinlock *x) { struct qspinlock *p = x + 1; }",
			"t.litmus:3:51: unsupported: pointer arithmetic on x, a pointer to the dialect's struct qspinlock"},
		{"the difference of two pointers", "P0(int *x, int *y) { long d = x - y; }",
			"t.litmus:3:33: unsupported: the difference of two pointers"},
		{"a backward goto", "P0(int *x) { again: if (READ_ONCE(*x)) goto again; }",
			"t.litmus:3:40: unsupported: goto again backwards (a loop written with goto)"},
		{"a goto out of a loop", "P0(int *x) { while (READ_ONCE(*x)) { goto out; } out: WRITE_ONCE(*x, 1); }",
			"t.litmus:3:38: unsupported: goto out out of a loop"},
		{"a goto without its label", "P0(int *x) { if (READ_ONCE(*x)) goto out; }",
			"t.litmus:3:33: goto out: no label out after it (labels: none)"},
		{"per_cpu_ptr of a pointer", "struct n { int a; };\nP0(int *x) { struct n *p = per_cpu_ptr(x, 1); }",
			"t.litmus:4:40: unsupported: per_cpu_ptr of x: the argument must be the address of a per-CPU variable"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := "C t\n{}\n" + tc.body + "\nexists (x=1)\n"
			out := pipeline.File("t.litmus", src, pipeline.Settings{Spec: pipeline.Spec{Name: "lkmm"}})
			if out.Err == nil || !strings.Contains(out.Err.Error(), tc.want) {
				t.Errorf("got %v, want %q", out.Err, tc.want)
			}
		})
	}
}

// TestKernelCMacrosAcrossFiles: the macros and typedefs of a header
// given first with --fragments hold in the file of functions given after
// it and in the test, as the kernel's #include makes them; a file given
// alone does not see them.
func TestKernelCMacrosAcrossFiles(t *testing.T) {
	dir := filepath.Join("kernelc", "across")
	defs, err := cparse.ParseCDefsFile(filepath.Join(dir, "qspinlock_types.h"))
	if err == nil {
		defs, err = defs.ExtendFile(filepath.Join(dir, "pending.c"))
	}
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(filepath.Join(dir, "across.litmus"))
	if err != nil {
		t.Fatal(err)
	}
	out := pipeline.File("across.litmus", string(src), pipeline.Settings{Spec: pipeline.Spec{Name: "all"}, UserDefs: defs, AwaitLoops: true})
	if out.Err != nil {
		t.Fatal(out.Err)
	}
	for _, r := range out.Runs {
		if r.Result == nil {
			t.Errorf("%s: %s: %v", r.Column.Title, r.Verdict(), r.Err)
			continue
		}
		res := r.CResult()
		var states []string
		for _, st := range res.States {
			states = append(states, res.FormatState(st))
		}
		if got := res.Label() + ": " + strings.Join(states, " "); got != "Never: 1:r0=0; 1:r1=0; 1:r0=0; 1:r1=1; 1:r0=256; 1:r1=1;" {
			t.Errorf("%s: %s", r.Column.Title, got)
		}
	}
	if _, err := cparse.ParseCDefsFile(filepath.Join(dir, "pending.c")); err == nil || !strings.Contains(err.Error(), `unknown type name "pend_val_t"`) {
		t.Errorf("pending.c alone: %v, want the header's typedef name refused", err)
	}
}
