package testutil

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"runtime"
)

// RunSelf runs this test binary again in a child process, with
// -test.run=run and env added to the environment, and returns its combined
// output and its error (an *exec.ExitError when the child ran and failed).
// Under user-mode emulation (go test -exec qemu-…) the binary cannot start
// itself: the child is then started through qemu-ARCH-static.
func RunSelf(run string, env ...string) ([]byte, error) {
	command := func(args ...string) *exec.Cmd {
		cmd := exec.Command(args[0], args[1:]...)
		cmd.Env = append(os.Environ(), env...)
		return cmd
	}
	args := []string{os.Args[0], "-test.run=" + run, "-test.count=1"}
	out, err := command(args...).CombinedOutput()
	var exit *exec.ExitError
	if err == nil || errors.As(err, &exit) {
		return out, err
	}
	arch := map[string]string{"arm64": "aarch64", "amd64": "x86_64", "386": "i386"}[runtime.GOARCH]
	if arch == "" {
		arch = runtime.GOARCH
	}
	qemu, lookErr := exec.LookPath("qemu-" + arch + "-static")
	if lookErr != nil {
		return out, fmt.Errorf("cannot start the child (%v), nor find qemu-%s-static: %w", err, arch, lookErr)
	}
	out, err = command(append([]string{qemu}, args...)...).CombinedOutput()
	if err != nil && !errors.As(err, &exit) {
		return out, fmt.Errorf("cannot start the child through %s: %w", qemu, err)
	}
	return out, err
}
