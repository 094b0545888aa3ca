//go:build race

package anydec_test

// poolSlack: under the race detector, sync.Pool drops pooled values at
// random, so a decode now and then starts with a fresh decoder, whose
// scratch buffer grows again to the longest escaped string (one allocation
// per doubling, a dozen for the 4 KB strings of TestAllocs); AllocsPerRun
// averages them in. The exact bound is checked without the race detector.
const poolSlack = 12
