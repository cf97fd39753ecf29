// Package known holds what the cat interpreter takes on trust from the
// files it knows: herd7 7.58's own model files, by digest. A file edited
// by a user, even in its comments where the digest is of the raw text,
// is not one of them and runs without the trust.
package known
