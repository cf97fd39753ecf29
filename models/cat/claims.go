// This file implements what the interpreter takes on trust from the cat
// files it knows by their SHA-256 (package known): that they forbid
// candidates the explorer then need not make (litmus.AtomicLockModel,
// AtomicModel). An edited file runs without the claim, on every candidate.

package cat

import (
	"crypto/sha256"
	"os"
	"path/filepath"

	"github.com/litmuscheck/litmuscheck/models/cat/internal/known"
	"github.com/litmuscheck/litmuscheck/models/cat/syntax"
)

// knownLockCat reports whether the program's lock.cat is herd's, whose
// lock-reads read the write immediately co-before their lock-write.
func (p *Program) knownLockCat() bool {
	f, ok := p.src.files["lock.cat"]
	return ok && known.LockCat(f.digest)
}

// knownLKMM reports whether p is herd's LKMM, bell and lock.cat
// included, which forbids every candidate with an rmw pair that is not
// atomic.
func (p *Program) knownLKMM() bool {
	return p.src.bell != nil && p.knownLockCat() && known.LKMM(p.src.main.digest, p.src.bell.digest)
}

// KnownFile reports whether the file at path means what one of herd7
// 7.58's own model files means.
func KnownFile(path string) bool {
	b, err := os.ReadFile(path)
	return err == nil && known.Meaning(sha256.Sum256([]byte(syntax.Normalize(string(b)))))
}

// Unedited reports whether p means what herd7 7.58's own files mean, a
// hardware, SC or LKMM model with every file it includes, so that the
// built-in model of the same name computes what p does.
func (p *Program) Unedited() bool { return p.coherent() }

// coherent reports whether p is known to forbid incoherent candidates
// (litmus.IncoherentModel): one of herd's main files known to (the LKMM
// with its bell) with every file it includes meaning what herd's do. An
// edited or other file is asked about every candidate herd7 enumerates.
func (p *Program) coherent() bool {
	if !known.CoherentMain(filepath.Base(p.opts.Model)) || !known.Meaning(p.src.main.meaning) {
		return false
	}
	if p.src.bell != nil && !known.Meaning(p.src.bell.meaning) {
		return false
	}
	for _, f := range p.src.files {
		if !known.Meaning(f.meaning) {
			return false
		}
	}
	return true
}

// lockEventsKnown reports whether p builds lock events as the explorer
// does: it includes no lock.cat, or one that means what herd's does.
func (p *Program) lockEventsKnown() bool {
	f, ok := p.src.files["lock.cat"]
	return !ok || known.LockCatMeaning(f.meaning)
}
