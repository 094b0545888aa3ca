//go:build !unix

package main

import "os/exec"

// ownGroup leaves cmd as it is: without process groups, cancellation kills
// the command alone.
func ownGroup(cmd *exec.Cmd) {}
