package main

import (
	"context"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestPartRunner(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	var out strings.Builder
	r := &partRunner{root: t.TempDir(), logDir: t.TempDir(), out: &out, t0: time.Now()}
	p := &Part{
		Name: "x go1.26",
		Mode: Mode{Name: "go1.26", Env: []string{"MODE_VAR=m"}},
		Commands: []Command{
			{Args: []string{"sh", "-c", "echo $MODE_VAR $CMD_VAR"}, Env: []string{"CMD_VAR=c"}},
			{Args: []string{"sh", "-c", "exit 3"}},
			{Args: []string{"testall-no-such-command"}},
			{Args: []string{"sh", "-c", "echo still runs"}},
		},
	}
	res := r.run(context.Background(), p)
	assert.Equal(t, "FAIL", res.Status)
	assert.Equal(t, []string{"sh -c exit 3", "testall-no-such-command"}, res.Failed)
	log := out.String()
	assert.Contains(t, log, "--- start: x go1.26 (")
	assert.Contains(t, log, "\n=== x go1.26 [MODE_VAR=m] FAIL in ")
	assert.Contains(t, log, "+ CMD_VAR=c sh -c echo $MODE_VAR $CMD_VAR\nm c\n", "the mode's and the command's environment")
	assert.Contains(t, log, "^^^ FAILED (exit 3): sh -c exit 3\n")
	assert.Contains(t, log, "^^^ FAILED (exec: \"testall-no-such-command\"")
	assert.Contains(t, log, "+ sh -c echo still runs\nstill runs\n", "a failing command does not stop the part")

	res = r.run(context.Background(), &Part{Name: "y", Commands: []Command{{Args: []string{"sh", "-c", "true"}}}})
	assert.Equal(t, "ok", res.Status)
	assert.Empty(t, res.Failed)

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res = r.run(ctx, &Part{Name: "z", Commands: []Command{{Args: []string{"sh", "-c", "true"}}}})
	assert.Equal(t, "FAIL", res.Status)
	assert.Equal(t, []string{"interrupted"}, res.Failed)
	require.False(t, r.keepLog.Load(), "no log was cut")
}
