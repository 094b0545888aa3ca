package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// A partRunner runs parts for real: each command a process, the part's
// output in a log file that is printed whole when the part ends.
type partRunner struct {
	root   string   // the repository, where every command starts
	logDir string   // one log per part
	env    []string // the environment every part starts from
	out    io.Writer
	t0     time.Time

	mu      sync.Mutex // one part's output at a time on out
	n       atomic.Int32
	keepLog atomic.Bool // a log was cut when printed: keep the directory
}

// Log lengths: a longer log is printed as its head and tail.
const (
	logMaxLines  = 1000
	logHeadLines = 600
	logTailLines = 300
)

func (r *partRunner) run(ctx context.Context, p *Part) Result {
	r.mu.Lock()
	fmt.Fprintf(r.out, "--- start: %s (%s)\n", p.Name, secs(time.Since(r.t0)))
	r.mu.Unlock()
	start := time.Now()
	res := Result{Status: "ok"}
	logPath := filepath.Join(r.logDir, fmt.Sprintf("%02d-%s.log", r.n.Add(1), fileName(p.Name)))
	log, err := os.Create(logPath)
	if err != nil {
		return Result{Status: "FAIL", Failed: []string{err.Error()}}
	}
	for _, c := range p.Commands {
		if ctx.Err() != nil {
			fmt.Fprintf(log, "^^^ interrupted: %s and the commands after it did not run\n", c)
			res.Failed = append(res.Failed, "interrupted")
			res.Status = "FAIL"
			break
		}
		fmt.Fprintf(log, "+ %s\n", c)
		t := time.Now()
		cpu, err := r.command(ctx, p, c, log)
		res.CPU += cpu
		if err != nil {
			fmt.Fprintf(log, "^^^ FAILED (%v): %s\n", err, c)
			res.Failed = append(res.Failed, c.String())
			res.Status = "FAIL"
		}
		if d := time.Since(t); d >= 5*time.Second {
			fmt.Fprintf(log, "    (%s)\n", secs(d))
		}
	}
	res.Wall = time.Since(start)
	log.Close()

	r.mu.Lock()
	defer r.mu.Unlock()
	fmt.Fprintf(r.out, "\n=== %s [%s] %s in %s (CPU %s)\n", p.Name, strings.Join(p.Mode.Env, " "), res.Status, secs(res.Wall), secs(res.CPU))
	if cut, err := printLog(r.out, logPath); err != nil {
		fmt.Fprintf(r.out, "(the log %s: %v)\n", logPath, err)
	} else if cut {
		r.keepLog.Store(true)
	}
	return res
}

// command runs one command of p and returns the CPU time it and its
// children used (user and system), and an error when it failed.
func (r *partRunner) command(ctx context.Context, p *Part, c Command, log io.Writer) (time.Duration, error) {
	if c.Args[0] == "@gofmt" {
		return gofmtCheck(ctx, r.root, log)
	}
	cmd := exec.CommandContext(ctx, c.Args[0], c.Args[1:]...)
	cmd.Dir = r.root
	cmd.Env = append(append(append([]string(nil), r.env...), p.Mode.Env...), c.Env...)
	cmd.Stdout, cmd.Stderr = log, log
	return runCmd(cmd)
}

// runCmd runs cmd in a process group of its own, killed whole when the
// context is done, and returns its CPU time.
func runCmd(cmd *exec.Cmd) (time.Duration, error) {
	ownGroup(cmd)
	cmd.WaitDelay = 10 * time.Second
	err := cmd.Run()
	var cpu time.Duration
	if ps := cmd.ProcessState; ps != nil {
		cpu = ps.UserTime() + ps.SystemTime()
	}
	var exit *exec.ExitError
	if errors.As(err, &exit) && exit.ExitCode() >= 0 {
		err = fmt.Errorf("exit %d", exit.ExitCode())
	}
	return cpu, err
}

// gofmtCheck is the builtin @gofmt: gofmt -l on every .go file git knows
// (tracked, or untracked and not ignored); it fails when gofmt lists one.
func gofmtCheck(ctx context.Context, root string, log io.Writer) (time.Duration, error) {
	var files bytes.Buffer
	ls := exec.CommandContext(ctx, "git", "ls-files", "-z", "--cached", "--others", "--exclude-standard", "--", "*.go")
	ls.Dir, ls.Stdout, ls.Stderr = root, &files, log
	cpu, err := runCmd(ls)
	if err != nil {
		return cpu, fmt.Errorf("git ls-files: %v", err)
	}
	var names []string
	for f := range strings.SplitSeq(files.String(), "\x00") {
		if f != "" {
			if _, err := os.Stat(filepath.Join(root, f)); err == nil {
				names = append(names, f)
			}
		}
	}
	var listed bytes.Buffer
	for len(names) > 0 {
		n := min(len(names), 500)
		gofmt := exec.CommandContext(ctx, "gofmt", append([]string{"-l"}, names[:n]...)...)
		gofmt.Dir, gofmt.Stdout, gofmt.Stderr = root, &listed, log
		c, err := runCmd(gofmt)
		cpu += c
		if err != nil {
			return cpu, fmt.Errorf("gofmt: %v", err)
		}
		names = names[n:]
	}
	if listed.Len() > 0 {
		fmt.Fprintf(log, "gofmt would change:\n%s", listed.String())
		return cpu, errors.New("gofmt -l lists files")
	}
	return cpu, nil
}

// printLog copies a part's log to w, its head and tail when it is long, and
// reports whether it was cut.
func printLog(w io.Writer, path string) (cut bool, err error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return false, err
	}
	lines := strings.SplitAfter(string(data), "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	bw := bufio.NewWriter(w)
	defer bw.Flush()
	if len(lines) <= logMaxLines {
		bw.WriteString(strings.Join(lines, ""))
		return false, nil
	}
	bw.WriteString(strings.Join(lines[:logHeadLines], ""))
	fmt.Fprintf(bw, "\n[... %d lines left out: the whole log is %s (kept) ...]\n\n", len(lines)-logHeadLines-logTailLines, path)
	bw.WriteString(strings.Join(lines[len(lines)-logTailLines:], ""))
	return true, nil
}

// fileName is a part name as a file name.
func fileName(name string) string {
	return strings.Map(func(r rune) rune {
		if 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' || r == '.' || r == '-' {
			return r
		}
		return '_'
	}, name)
}
