package pipeline

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/litmuscheck/litmuscheck/litmus"
)

// TestResolve: what a model name resolves to for each dialect, with and
// without the columns by default.
func TestResolve(t *testing.T) {
	tests := []struct {
		name      string
		arch      litmus.Arch
		byDefault bool
		// want is the columns' names, or the model's name after "=".
		want []string
	}{
		{"", litmus.ArchC, true, []string{"lkmm", "power", "power-isync", "armv8", "armv8-lse", "tso", "riscv"}},
		{"", litmus.ArchC, false, []string{"=LKMM"}},
		{"ALL", litmus.ArchC, false, []string{"lkmm", "power", "power-isync", "armv8", "armv8-lse", "tso", "riscv"}},
		{"power-isync", litmus.ArchC, true, []string{"power-isync"}},
		{"sc", litmus.ArchC, true, []string{"=SC"}},
		{"", litmus.ArchPPC, true, []string{"=Power"}},
		{"all", litmus.ArchX86, true, []string{"=TSO"}},
		{"power-isync", litmus.ArchPPC, true, []string{"=Power"}},
		{"armv8-lse", litmus.ArchX86, true, []string{"=TSO"}},
		{"sc", litmus.ArchAArch64, true, []string{"=SC"}},
		{"lkmm", litmus.ArchPPC, true, []string{"=LKMM"}},
	}
	for _, tc := range tests {
		ch, err := Spec{Name: tc.name, ColumnsByDefault: tc.byDefault}.Resolve(tc.arch)
		if err != nil {
			t.Errorf("Resolve(%q, %s): %v", tc.name, tc.arch, err)
			continue
		}
		var got []string
		for _, c := range ch.Columns {
			got = append(got, c.Name)
		}
		if ch.Model != nil {
			got = append(got, "="+ch.Model.Name())
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("Resolve(%q, %s) (-want +got):\n%s", tc.name, tc.arch, diff)
		}
	}
	for _, arch := range []litmus.Arch{litmus.ArchC, litmus.ArchPPC} {
		if _, err := (Spec{Name: "pso", ColumnsByDefault: true}).Resolve(arch); err == nil {
			t.Errorf("Resolve(pso, %s): no error", arch)
		}
	}
	if err := (Spec{Name: "pso"}).Check(); err == nil {
		t.Error("Check(pso): no error")
	}
}
