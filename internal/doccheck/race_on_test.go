//go:build race

package doccheck

// raceBuild: under -race the blocks are not built again (they compile the
// same; the run without -race builds them, and a second build of every
// framework would cost minutes).
const raceBuild = true
