package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"
)

// Modules are the directories holding a go.mod outside testdata, relative
// to root, "." first: those git knows (tracked, or untracked and not
// ignored; every directory when git cannot say) and those go.work uses.
func Modules(root string) ([]string, error) {
	set := map[string]bool{}
	out, err := exec.Command("git", "-C", root, "ls-files", "-z", "--cached", "--others", "--exclude-standard", "--", "*go.mod", ":!:**/testdata/**").Output()
	if err == nil {
		for f := range strings.SplitSeq(string(out), "\x00") {
			if path.Base(f) == "go.mod" {
				if _, err := os.Stat(filepath.Join(root, f)); err == nil {
					set[path.Dir(f)] = true
				}
			}
		}
	} else {
		err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && p != root && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".") || strings.HasPrefix(d.Name(), "_")) {
				return filepath.SkipDir
			}
			if !d.IsDir() && d.Name() == "go.mod" {
				rel, _ := filepath.Rel(root, filepath.Dir(p))
				set[filepath.ToSlash(rel)] = true
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	if work, err := os.ReadFile(filepath.Join(root, "go.work")); err == nil {
		for _, u := range workUses(work) {
			set[path.Clean(u)] = true
		}
	}
	mods := make([]string, 0, len(set))
	for m := range set {
		mods = append(mods, m)
	}
	slices.SortFunc(mods, func(a, b string) int {
		if a == "." || b == "." {
			return bool2int(b == ".") - bool2int(a == ".")
		}
		return strings.Compare(a, b)
	})
	return mods, nil
}

func bool2int(b bool) int {
	if b {
		return 1
	}
	return 0
}

// workUses are the directories of go.work's use directives.
func workUses(work []byte) []string {
	var uses []string
	block := false
	sc := bufio.NewScanner(bytes.NewReader(work))
	for sc.Scan() {
		line, _, _ := strings.Cut(sc.Text(), "//")
		f := strings.Fields(line)
		switch {
		case block && len(f) == 1 && f[0] == ")":
			block = false
		case block && len(f) == 1:
			uses = append(uses, strings.Trim(f[0], `"`))
		case len(f) == 2 && f[0] == "use" && f[1] == "(":
			block = true
		case len(f) == 2 && f[0] == "use":
			uses = append(uses, strings.Trim(f[1], `"`))
		}
	}
	return uses
}

// Toolchains checks that each Go toolchain the parts name can be had (the go
// command fetches a missing one) and reports which can.
func Toolchains(ctx context.Context, parts []*Part, out, loud io.Writer) map[string]bool {
	have := map[string]bool{}
	for _, p := range parts {
		tc := p.Mode.Toolchain()
		if _, done := have[tc]; done {
			continue
		}
		t := time.Now()
		env := append(os.Environ(), "GOTOOLCHAIN="+tc)
		if tc == "" {
			env = os.Environ()
		}
		version := exec.CommandContext(ctx, "go", "version")
		version.Env = env
		v, err := version.CombinedOutput()
		if err != nil {
			Loud(loud, "Go toolchain %s cannot be had (GOTOOLCHAIN=%s go version: %s): its parts are SKIPPED", tc, tc, bytes.TrimSpace(v))
			have[tc] = false
			continue
		}
		have[tc] = true
		goroot := exec.CommandContext(ctx, "go", "env", "GOROOT")
		goroot.Env = env
		g, _ := goroot.Output()
		fetched := ""
		if d := time.Since(t); d >= 2*time.Second {
			fetched = ", fetched in " + secs(d)
		}
		fmt.Fprintf(out, "toolchain %s: %s (GOROOT %s)%s\n", tc, bytes.TrimSpace(v), bytes.TrimSpace(g), fetched)
	}
	return have
}

// Programs checks the programs the selected parts need, installs a missing
// one with apt-get when it can (as root), and returns those still missing.
func Programs(ctx context.Context, needs []Need, parts []*Part, out, loud io.Writer) map[*Part]string {
	missing := map[*Part]string{}
	for _, n := range needs {
		var users []string
		for _, p := range parts {
			if matches(n.Parts, p) {
				users = append(users, p.Name)
			}
		}
		if len(users) == 0 {
			continue
		}
		if _, err := exec.LookPath(n.Program); err != nil && os.Geteuid() == 0 {
			if _, err := exec.LookPath("apt-get"); err == nil {
				fmt.Fprintf(out, "installing %s with apt-get\n", n.Package)
				install := exec.CommandContext(ctx, "sh", "-c", "apt-get update -qq && apt-get install -y -qq "+n.Package)
				install.Env = append(os.Environ(), "DEBIAN_FRONTEND=noninteractive")
				install.Stderr = out
				if err := install.Run(); err != nil {
					fmt.Fprintf(out, "apt-get install %s failed: %v\n", n.Package, err)
				}
			}
		}
		if _, err := exec.LookPath(n.Program); err != nil {
			Loud(loud, "%s SKIPPED: they need %s (package %s), which could not be installed here", strings.Join(users, ", "), n.Program, n.Package)
			for _, p := range parts {
				if matches(n.Parts, p) {
					missing[p] = n.Program
				}
			}
		}
	}
	return missing
}

// Services starts the services the selected parts need and whose variable
// is not set, and returns their variables and a function that stops them.
func Services(ctx context.Context, root string, services []Service, parts []*Part, out, loud io.Writer) (env []string, stop func()) {
	var stops []func()
	stop = sync.OnceFunc(func() {
		for _, s := range slices.Backward(stops) {
			s()
		}
	})
	for _, s := range services {
		var users []string
		for _, p := range parts {
			if matches(s.Parts, p) {
				users = append(users, p.Name)
			}
		}
		if len(users) == 0 || os.Getenv(s.Var) != "" {
			continue
		}
		dir, err := os.MkdirTemp(os.Getenv("TMPDIR"), "safejson-"+strings.ToLower(s.Var)+".")
		if err != nil {
			Loud(loud, "%s: %v", s.Var, err)
			continue
		}
		t := time.Now()
		var stdout, stderr bytes.Buffer
		start := exec.CommandContext(ctx, s.Script, "start", dir)
		start.Dir, start.Stdout, start.Stderr = root, &stdout, &stderr
		startErr := start.Run()
		script := s.Script
		stops = append(stops, func() {
			st := exec.Command(script, "stop", dir)
			st.Dir, st.Stdout, st.Stderr = root, out, out
			if err := st.Run(); err != nil {
				fmt.Fprintf(out, "%s stop %s: %v\n", script, dir, err)
			}
		})
		value := strings.TrimSpace(stdout.String())
		if startErr != nil || value == "" {
			out.Write(stderr.Bytes())
			Loud(loud, "%s could not start the service of %s (%v): %s run without it", s.Script, s.Var, startErr, strings.Join(users, ", "))
			continue
		}
		env = append(env, s.Var+"="+value)
		fmt.Fprintf(out, "%s for %s: %s (%s start, %s)\n", s.Var, strings.Join(users, ", "), value, s.Script, secs(time.Since(t)))
	}
	return env, stop
}
