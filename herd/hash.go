// This file implements the hash: herd digests a normalised form of the
// test (the digest-relevant header keys, the sorted initial state, the
// code pretty-printed in columns, the observed locations), so that two
// spellings of the same test share a hash.

package herd

import (
	"crypto/md5"
	"encoding/hex"
	"fmt"
	"sort"
	"strings"
)

// Sections is a test's text cut at its section boundaries, as the parser
// splits it: the header's architecture, the preamble (between the header
// line and the init block), the init block without its braces, the
// program, and the final part (locations, filter, condition).
type Sections struct {
	Arch, Preamble, Init, Program, Final string
}

// Hash returns the hash herd7 prints for the test: its own Hash= header
// line when it has one, else the digest of its normalised form.
func Hash(s Sections) (string, error) {
	info := headerKeys(s.Preamble)
	for _, kv := range info {
		if strings.EqualFold(kv[0], "Hash") {
			return kv[1], nil
		}
	}
	code, err := codeDigestText(s.Arch, s.Program)
	if err != nil {
		return "", err
	}
	var all []byte
	all = append(all, infoDigest(info)...)
	all = append(all, digest(initText(s.Init))...)
	all = append(all, digest(code)...)
	all = append(all, digest(observedText(s.Final))...)
	sum := md5.Sum(all)
	return hex.EncodeToString(sum[:]), nil
}

func digest(s string) []byte {
	d := md5.Sum([]byte(s))
	return d[:]
}

// headerKeys are the Key=Value lines of the preamble, in order.
func headerKeys(pre string) [][2]string {
	var out [][2]string
	for _, line := range strings.Split(pre, "\n") {
		line = strings.TrimSpace(line)
		k, v, ok := strings.Cut(line, "=")
		if !ok || k == "" || strings.ContainsAny(k, " \t\"(") {
			continue
		}
		out = append(out, [2]string{strings.TrimSpace(k), strings.TrimSpace(v)})
	}
	return out
}

// digestedKeys are the header keys that change a test's meaning, hence its
// hash; the others (Cycle, Orig, ...) are commentary.
var digestedKeys = []string{"MemoryType", "MT", "CacheType"}

// infoDigest is empty when no digested key is present, which keeps the
// hashes of tests written before those keys existed.
func infoDigest(info [][2]string) []byte {
	sorted := append([][2]string(nil), info...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i][0] < sorted[j][0] })
	var parts []string
	for _, kv := range sorted {
		for _, k := range digestedKeys {
			if strings.EqualFold(kv[0], k) {
				parts = append([]string{fmt.Sprintf("%s=%s", strings.ToLower(kv[0]), kv[1])}, parts...)
			}
		}
	}
	if len(parts) == 0 {
		return nil
	}
	return digest(strings.Join(parts, ""))
}
