// Package combine generates the combinations of thread paths that the
// explorer lays out: one path per thread, in a fixed order, leaving out
// those in which some read has no write to read from.
package combine
