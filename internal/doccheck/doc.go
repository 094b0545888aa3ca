// Package doccheck holds the test that compiles every Go code block of the
// repository's README.md, CONTRIBUTING.md and docs/*.md, and every line of
// the README's framework table (see doccheck_test.go). It is a module of its
// own so that it may import every framework the documentation shows.
package doccheck
