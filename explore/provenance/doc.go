// Package provenance counts the stores behind the values the explorer's
// domains let locations hold: the ways a value is made by a chain of
// stores, site by site, so that a value whose every chain runs some store
// more often than its thread can is dropped.
package provenance
