package herd_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/litmuscheck/litmuscheck/explore"
	"github.com/litmuscheck/litmuscheck/herd"
	"github.com/litmuscheck/litmuscheck/models"
	"github.com/litmuscheck/litmuscheck/parser"
)

// TestHerdStates checks the final states and the verdict herd7 prints for
// tests whose registers herd7 does not order by name, or whose X86_64
// values it reads through their 32-bit type.
func TestHerdStates(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string // the States lines through Observation
	}{
		{"X86 registers in herd's order: ESI before EDI", `X86 order
{ }
 P0          | P1          ;
 MOV EDI,[x] | MOV [x],$1  ;
 MOV ESI,[x] |             ;
 MOV ECX,[x] |             ;
 MOV EAX,[x] |             ;
exists (0:EDI=1 /\ 0:ESI=1 /\ 0:ECX=1 /\ 0:EAX=0)
`, []string{
			"States 5",
			"0:EAX=0; 0:ECX=0; 0:ESI=0; 0:EDI=0;",
			"0:EAX=1; 0:ECX=0; 0:ESI=0; 0:EDI=0;",
			"0:EAX=1; 0:ECX=1; 0:ESI=0; 0:EDI=0;",
			"0:EAX=1; 0:ECX=1; 0:ESI=1; 0:EDI=0;",
			"0:EAX=1; 0:ECX=1; 0:ESI=1; 0:EDI=1;",
			"No",
			"Witnesses",
			"Positive: 0 Negative: 5",
			"Condition exists (0:EDI=1 /\\ 0:ESI=1 /\\ 0:ECX=1 /\\ 0:EAX=0)",
			"Observation order Never 0 5",
		}},
		{"X86_64 registers in herd's order: rax, rsi, rdi, r8", `X86_64 order64
{ }
 P0             ;
 movq $1,%r8    ;
 movq $2,%rdi   ;
 movq $3,%rsi   ;
 movq $4,%rax   ;
exists (0:r8=1 /\ 0:rdi=2 /\ 0:rsi=3 /\ 0:rax=4)
`, []string{
			"States 1",
			"0:rax=4; 0:rsi=3; 0:rdi=2; 0:r8=1;",
			"Ok",
			"Witnesses",
			"Positive: 1 Negative: 0",
			"Condition exists (0:r8=1 /\\ 0:rdi=2 /\\ 0:rsi=3 /\\ 0:rax=4)",
			"Observation order64 Always 1 0",
		}},
		{"X86_64 32-bit register value prints signed and compares on 32 bits", `X86_64 decl32
{ x=-1; }
 P0            ;
 lock decl (x) ;
 movl (x),%eax ;
exists (0:rax=-2)
`, []string{
			"States 1",
			"0:rax=-2;",
			"Ok",
			"Witnesses",
			"Positive: 1 Negative: 0",
			"Condition exists (0:rax=-2)",
			"Observation decl32 Always 1 0",
		}},
		{"X86_64 unsigned 32-bit register prints masked", `X86_64 decl32u
{ x=-1; uint32_t 0:rax; }
 P0            ;
 lock decl (x) ;
 movl (x),%eax ;
exists (0:rax=4294967294)
`, []string{
			"States 1",
			"0:rax=4294967294;",
			"Ok",
			"Witnesses",
			"Positive: 1 Negative: 0",
			"Condition exists (0:rax=4294967294)",
			"Observation decl32u Always 1 0",
		}},
		{"X86_64 64-bit register prints whole", `X86_64 decl64
{ x=-1; uint64_t 0:rax; }
 P0            ;
 lock decl (x) ;
 movl (x),%eax ;
exists (0:rax=-2)
`, []string{
			"States 1",
			"0:rax=4294967294;",
			"No",
			"Witnesses",
			"Positive: 0 Negative: 1",
			"Condition exists (0:rax=-2)",
			"Observation decl64 Never 0 1",
		}},
	}
	for _, tc := range tests {
		test, err := parser.Parse("t.litmus", tc.src)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		model, err := models.ForArch(test.Arch)
		if err != nil {
			t.Fatal(err)
		}
		res, err := explore.Explore(context.Background(), test, model, explore.Options{})
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		var b bytes.Buffer
		herd.WriteResult(&b, res)
		lines := strings.Split(b.String(), "\n")
		// Drop the Test line, the Hash line and the blank line after it.
		got := lines[1 : len(lines)-3]
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tc.name, diff)
		}
	}
}
