// This file implements what the interpreter takes on trust from the cat
// files it knows by their SHA-256: that they forbid candidates the
// explorer then need not make (litmus.AtomicLockModel, AtomicModel). An
// edited file runs without the claim, on every candidate.

package cat

import "slices"

// knownLockCats are the SHA-256 digests of the lock.cat texts whose
// lock-reads read the write immediately co-before their lock-write:
// herd7 7.58's (the Linux kernel's tools/memory-model). An edited or
// other lock.cat runs without the claim, on every candidate.
var knownLockCats = map[[32]byte]bool{
	{0xa5, 0x1a, 0x7f, 0x04, 0xae, 0x3a, 0xfe, 0xa6, 0x10, 0x25, 0x3a, 0x04, 0xf4, 0xc9, 0x30, 0xec,
		0xed, 0x36, 0xc6, 0x14, 0x1b, 0xa8, 0x34, 0x51, 0x7f, 0x9b, 0x0e, 0x27, 0x55, 0x05, 0x7a, 0x79}: true,
}

// knownLockCat reports whether the program's lock.cat is one of
// knownLockCats.
func (p *Program) knownLockCat() bool {
	f, ok := p.files["lock.cat"]
	return ok && knownLockCats[f.digest]
}

// knownLKMMs are the SHA-256 digests of the linux-kernel.cat and
// linux-kernel.bell texts of ../shared/models-reference (the Linux
// kernel's tools/memory-model). With a known lock.cat, they forbid every
// candidate whose rmw pair's read does not read the write immediately
// co-before the pair's write: a write w1 co-between the write read and
// the pair's write is fr-after the read, and either external to the
// pair's thread (the atomic axiom, empty rmw & (fre ; coe)) or po-before
// the read or po-after the write (a cycle of po-loc and com, the
// coherence axiom); a read of its pair's write or of a write co-after it
// is a cycle of po-loc, co and rf. lock.cat adds edges between lock
// events alone to rf, co and fr, and the bell does not redefine rmw, po,
// loc or ext.
var knownLKMMs = [][2][32]byte{{
	{0x25, 0x02, 0x07, 0x70, 0x92, 0x50, 0xd3, 0x08, 0xe0, 0xa0, 0xa6, 0xf3, 0x91, 0xc4, 0xed, 0xa0,
		0xbb, 0xf4, 0x87, 0x6c, 0xbc, 0x55, 0xec, 0xcb, 0xfb, 0xcd, 0x49, 0x56, 0x76, 0xa1, 0x79, 0xbe},
	{0xab, 0x57, 0x94, 0x37, 0x99, 0xd4, 0x45, 0x32, 0x7c, 0x3c, 0x7c, 0xf0, 0xa1, 0xca, 0x9f, 0x9f,
		0xae, 0x8e, 0x73, 0x79, 0xe4, 0x5b, 0x9f, 0xc9, 0x03, 0x12, 0x99, 0x3b, 0xb0, 0x38, 0xe2, 0x3f},
}}

// knownLKMM reports whether p is an LKMM of knownLKMMs with a known
// lock.cat.
func (p *Program) knownLKMM() bool {
	return p.bell != nil && p.knownLockCat() &&
		slices.Contains(knownLKMMs, [2][32]byte{p.main.digest, p.bell.digest})
}
