// Package images computes the images of final states under permutations
// of their values: a symmetry of a test maps each state it finds to the
// states of the combinations it did not explore. A ring's states run to
// millions, so they are sorted and made unique as packed words or rows of
// small integers, which the states returned read from.
package images
