// This file implements --shard K/N: a deterministic split of a run's
// tests by test name, so that N machines of a batch engine (a Kubernetes
// Indexed Job, a Slurm array, GNU parallel) each run one part and the
// parts together are the whole run, each test in exactly one of them.

package main

import (
	"bufio"
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/spf13/pflag"
)

// A shard is part K of N (0 <= K < N); the zero shard is the whole run.
type shard struct{ k, n int }

func (s *shard) String() string {
	if s.n == 0 {
		return ""
	}
	return fmt.Sprintf("%d/%d", s.k, s.n)
}

func (s *shard) Type() string { return "K/N" }

func (s *shard) Set(v string) error {
	ks, ns, ok := strings.Cut(v, "/")
	k, err1 := strconv.Atoi(ks)
	n, err2 := strconv.Atoi(ns)
	if !ok || err1 != nil || err2 != nil || n < 1 || k < 0 || k >= n {
		return fmt.Errorf("%q is not K/N with 0 <= K < N (K counts from 0, as JOB_COMPLETION_INDEX does)", v)
	}
	*s = shard{k, n}
	return nil
}

// addShardFlag adds --shard to fs.
func addShardFlag(fs *pflag.FlagSet, s *shard) {
	fs.Var(s, "shard", "run only part K of N (K from 0) of the tests, split by test name: the N parts together are the whole run")
}

// holds reports whether the test called name falls in s.
func (s shard) holds(name string) bool {
	if s.n <= 1 {
		return true
	}
	h := fnv.New64a()
	h.Write([]byte(name))
	return h.Sum64()%uint64(s.n) == uint64(s.k)
}

// filter keeps the files whose tests fall in s, in their order.
func (s shard) filter(files []string) []string {
	if s.n <= 1 {
		return files
	}
	var kept []string
	for _, f := range files {
		if s.holds(shardName(f)) {
			kept = append(kept, f)
		}
	}
	return kept
}

// shardName is the name of the test in file, read from its first line
// ("ARCH NAME"), as herd7 and mcompare7 name tests. A file whose first line
// gives no name (it will not parse either) goes by its base name, so that
// it still lands in exactly one shard and reports its error there.
func shardName(file string) string {
	base := strings.TrimSuffix(filepath.Base(file), ".litmus")
	f, err := os.Open(file)
	if err != nil {
		return base
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		if fields := strings.Fields(line); len(fields) >= 2 {
			return fields[1]
		}
		break
	}
	return base
}
