//go:build !race

package doccheck

const raceBuild = false
