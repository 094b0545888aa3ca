package main

import (
	"bufio"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"
)

// A Plan is the list of parts scripts/test.sh hands to the driver, expanded.
type Plan struct {
	Modes    []Mode
	Parts    []*Part
	Quick    *regexp.Regexp // nil: QUICK=1 keeps nothing
	Advisory *regexp.Regexp // nil: none
	Needs    []Need
	Services []Service
}

// A Mode is a toolchain mode: a name and the environment of its parts.
type Mode struct {
	Name string
	Env  []string // NAME=VALUE
}

// Toolchain is the mode's GOTOOLCHAIN ("" when it does not set one).
func (m Mode) Toolchain() string {
	for _, kv := range m.Env {
		if v, ok := strings.CutPrefix(kv, "GOTOOLCHAIN="); ok {
			return v
		}
	}
	return ""
}

// A Part is what runs as one unit: its commands in order, in its mode's
// environment. A failing command does not stop the part.
type Part struct {
	Name     string // as printed and matched by PARTS, e.g. "compat/gin go1.26"
	Template string // the name as written in the plan, e.g. "{module} go1.26"
	Mode     Mode
	Commands []Command
	Advisory bool // its failure, or a missing toolchain, is reported and fails nothing
}

// A Command is one line of a part: the environment it adds and its words.
// A first word starting with @ names a builtin (@gofmt).
type Command struct {
	Env  []string
	Args []string
}

func (c Command) String() string { return strings.Join(append(slices.Clone(c.Env), c.Args...), " ") }

// A Need is a program some parts run; when it is missing, apt-get installs
// Package, and without it those parts are skipped loudly.
type Need struct {
	Program, Package string
	Parts            *regexp.Regexp
}

// A Service is started by Script (`Script start DIR` prints the value of Var)
// when one of its parts runs and Var is not set, and stopped at the end
// (`Script stop DIR`). Every part gets Var.
type Service struct {
	Var, Script string
	Parts       *regexp.Regexp
}

// matches reports whether a selector of the plan (quick, need, service,
// PARTS) matches the part: by its name or by its name as written in the plan.
func matches(re *regexp.Regexp, p *Part) bool {
	return re.MatchString(p.Name) || re.MatchString(p.Template)
}

// ParsePlan reads a plan. modules are the values of {module}, root first
// ("."); {submodule} is every module but the root.
//
// Every line is `KEY: VALUE`; # starts a comment line. The keys:
//
//	mode NAME: VAR=VALUE...         a toolchain mode and its environment (GOTOOLCHAIN=none: no
//	                                toolchain to be had, its parts are left out of the plan)
//	each NAME: WORD...              {NAME} in a part name: the part once per word
//	quick: REGEXP                   the parts QUICK=1 keeps
//	advisory: REGEXP                the parts that report but never fail the run
//	need PROGRAM PACKAGE: REGEXP    the parts that run PROGRAM (apt-get PACKAGE)
//	service VAR SCRIPT: REGEXP      the parts that need VAR from SCRIPT start DIR
//	PART NAME: [VAR=VALUE...] COMMAND WORD...
//
// The lines of a part follow each other; its mode is the longest mode name
// its name ends with (the first mode when none). A command's words are split
// at blanks, with no quoting; {NAME} in a command must be in the part's name.
// A REGEXP matches a part's name or its name as written here.
func ParsePlan(r io.Reader, modules []string) (*Plan, error) {
	pl := &Plan{}
	lists := map[string][]string{"module": modules}
	for _, m := range modules {
		if m != "." {
			lists["submodule"] = append(lists["submodule"], m)
		}
	}
	type template struct {
		name  string
		lines []Command
	}
	var templates []*template
	sc := bufio.NewScanner(r)
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		errorf := func(format string, args ...any) error {
			return fmt.Errorf("plan line %d: %s: %s", n, fmt.Sprintf(format, args...), line)
		}
		key, value, ok := strings.Cut(line, ":")
		if !ok {
			return nil, errorf("no colon")
		}
		key, value = strings.TrimSpace(key), strings.TrimSpace(value)
		words := strings.Fields(key)
		switch words[0] {
		case "mode":
			if len(words) < 2 {
				return nil, errorf("mode without a name")
			}
			m := Mode{Name: strings.Join(words[1:], " "), Env: strings.Fields(value)}
			for _, kv := range m.Env {
				if !isAssignment(kv) {
					return nil, errorf("%q is not VAR=VALUE", kv)
				}
			}
			pl.Modes = append(pl.Modes, m)
		case "each":
			if len(words) != 2 || lists[words[1]] != nil {
				return nil, errorf("want `each NAME: WORD...` with a new NAME")
			}
			lists[words[1]] = strings.Fields(value)
		case "quick", "advisory", "need", "service":
			re, err := regexp.Compile(value)
			if err != nil {
				return nil, errorf("%v", err)
			}
			switch {
			case words[0] == "quick" && len(words) == 1:
				pl.Quick = re
			case words[0] == "advisory" && len(words) == 1:
				pl.Advisory = re
			case words[0] == "need" && len(words) == 3:
				pl.Needs = append(pl.Needs, Need{Program: words[1], Package: words[2], Parts: re})
			case words[0] == "service" && len(words) == 3:
				pl.Services = append(pl.Services, Service{Var: words[1], Script: words[2], Parts: re})
			default:
				return nil, errorf("wrong number of words before the colon")
			}
		default:
			name := strings.Join(words, " ")
			if strings.ContainsAny(goTemplate.ReplaceAllString(value, ""), `"'\$`) {
				return nil, errorf("a command's words are taken as written: no quoting, no expansion")
			}
			var c Command
			for _, w := range strings.Fields(value) {
				if len(c.Args) == 0 && isAssignment(w) {
					c.Env = append(c.Env, w)
				} else {
					c.Args = append(c.Args, w)
				}
			}
			if len(c.Args) == 0 {
				return nil, errorf("no command")
			}
			if last := len(templates) - 1; last >= 0 && templates[last].name == name {
				templates[last].lines = append(templates[last].lines, c)
				continue
			}
			for _, t := range templates {
				if t.name == name {
					return nil, errorf("part %q is already defined above: its lines must follow each other", name)
				}
			}
			templates = append(templates, &template{name: name, lines: []Command{c}})
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(pl.Modes) == 0 {
		return nil, fmt.Errorf("plan: no mode")
	}
	names := map[string]bool{}
	for _, t := range templates {
		bindings, err := expand(t.name, lists)
		if err != nil {
			return nil, err
		}
		for _, b := range bindings {
			if names[b.name] {
				return nil, fmt.Errorf("plan: two parts named %q", b.name)
			}
			names[b.name] = true
			p := &Part{Name: b.name, Template: t.name, Mode: pl.modeOf(b.name)}
			p.Advisory = pl.Advisory != nil && matches(pl.Advisory, p)
			for _, c := range t.lines {
				c2 := Command{Env: b.substAll(c.Env), Args: b.substAll(c.Args)}
				if w := goTemplate.ReplaceAllString(c2.String(), ""); placeholder.MatchString(w) {
					return nil, fmt.Errorf("plan: part %q: %s is not in the part's name: %s", t.name, placeholder.FindString(w), c)
				}
				p.Commands = append(p.Commands, c2)
			}
			if p.Mode.Toolchain() != "none" {
				pl.Parts = append(pl.Parts, p)
			}
		}
	}
	return pl, nil
}

// modeOf is the mode a part name ends with, the longest; the first mode when
// the name names none.
func (pl *Plan) modeOf(name string) Mode {
	best := -1
	for i, m := range pl.Modes {
		if (name == m.Name || strings.HasSuffix(name, " "+m.Name)) && (best < 0 || len(m.Name) > len(pl.Modes[best].Name)) {
			best = i
		}
	}
	if best < 0 {
		best = 0
	}
	return pl.Modes[best]
}

func isAssignment(w string) bool {
	name, _, ok := strings.Cut(w, "=")
	return ok && name != "" && strings.Trim(name, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_") == ""
}

// placeholder is {NAME} in a part line; goTemplate is a Go template (as in
// go list -f={{...}}), taken as written.
var (
	placeholder = regexp.MustCompile(`{[a-z]+}`)
	goTemplate  = regexp.MustCompile(`{{.*?}}`)
)

// binding is one expansion of a part name: the name and the value of each
// placeholder in it.
type binding struct {
	name   string
	values map[string]string
}

func (b binding) subst(s string) string {
	for k, v := range b.values {
		s = strings.ReplaceAll(s, "{"+k+"}", v)
	}
	return s
}

func (b binding) substAll(ws []string) []string {
	var out []string
	for _, w := range ws {
		out = append(out, b.subst(w))
	}
	return out
}

// expand is the name once per combination of the values of its
// placeholders, the first placeholder varying slowest.
func expand(name string, lists map[string][]string) ([]binding, error) {
	out := []binding{{name: name, values: map[string]string{}}}
	for _, m := range placeholder.FindAllString(name, -1) {
		key := m[1 : len(m)-1]
		words, ok := lists[key]
		if !ok {
			return nil, fmt.Errorf("plan: part %q: no list %s (an each line, module or submodule)", name, m)
		}
		if len(out) == 0 {
			break
		}
		if _, done := out[0].values[key]; done {
			continue
		}
		var next []binding
		for _, b := range out {
			for _, w := range words {
				vals := map[string]string{key: w}
				for k, v := range b.values {
					vals[k] = v
				}
				next = append(next, binding{values: vals})
			}
		}
		out = next
	}
	for i := range out {
		out[i].name = out[i].subst(name)
	}
	return out, nil
}
