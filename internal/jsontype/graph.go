package jsontype

import (
	"math"
	"reflect"
	"sync"
)

// The caches: published Infos only, each complete with everything it points
// to. Written with LoadOrStore, so that a type has one Info once published.
var (
	infos         sync.Map // reflect.Type → *Info
	readOnlyInfos sync.Map // reflect.Type → *Info, ReadOnly
)

// Of returns what encoding/json makes of t, analysing t and the types it
// holds on first use.
func Of(t reflect.Type) *Info {
	if i, ok := infos.Load(t); ok {
		return i.(*Info)
	}
	return analyse(key{t, false})
}

// ReadOnly returns the Info of t, a struct or pointer to one, written by its
// kind: as encoding/json writes an unexported embedded field that its tag
// names (Field.ReadOnly), whose methods it cannot call. The methods of t,
// and of its element for a pointer, are ignored; the types inside are
// written as usual.
func ReadOnly(t reflect.Type) *Info {
	if i, ok := readOnlyInfos.Load(t); ok {
		return i.(*Info)
	}
	return analyse(key{t, true})
}

// key is a node of the type graph: a type, or its ReadOnly variant.
type key struct {
	t        reflect.Type
	readOnly bool
}

func (k key) cache() *sync.Map {
	if k.readOnly {
		return &readOnlyInfos
	}
	return &infos
}

func (k key) load() (*Info, bool) {
	i, ok := k.cache().Load(k.t)
	if !ok {
		return nil, false
	}
	return i.(*Info), true
}

// node is one type during an analysis (Tarjan's strongly connected
// components).
type node struct {
	info       *Info
	index, low int
	onStack    bool
	self       bool // the type is its own child
}

type analysis struct {
	nodes   map[key]*node
	stack   []*node
	counter int
	fresh   []*node // the nodes made by this analysis, in the order closed
}

// analyse computes the Info of k and of every type it reaches that is not
// published yet, then publishes them all, complete.
func analyse(k key) *Info {
	a := analysis{nodes: map[key]*node{}}
	a.visit(k)
	for _, n := range a.fresh {
		key{n.info.Type, n.info.ReadOnly}.cache().LoadOrStore(n.info.Type, n.info)
	}
	i, _ := k.load()
	return i
}

// childKeys returns the graph edges of a node whose local facts are known.
func childKeys(i *Info) []key {
	if i.Leaf {
		return nil
	}
	t := i.Type
	switch i.Kind {
	case reflect.Pointer:
		// A ReadOnly pointer writes its element by kind too.
		return []key{{t.Elem(), i.ReadOnly}}
	case reflect.Array:
		return []key{{t.Elem(), false}}
	case reflect.Slice:
		if i.Base64 {
			return nil
		}
		return []key{{t.Elem(), false}}
	case reflect.Map:
		return []key{{t.Key(), false}, {t.Elem(), false}}
	case reflect.Struct:
		out := make([]key, len(i.Members))
		for j, m := range i.Members {
			out[j] = key{m.Type, m.ReadOnly}
		}
		return out
	}
	return nil
}

// visit runs Tarjan's algorithm from k and returns its node. A type already
// published is a closed node of its own: its component is complete.
func (a *analysis) visit(k key) *node {
	if n, ok := a.nodes[k]; ok {
		return n
	}
	if i, ok := k.load(); ok {
		n := &node{info: i, index: math.MaxInt, low: math.MaxInt}
		a.nodes[k] = n
		return n
	}
	n := &node{info: newInfo(k.t, k.readOnly), index: a.counter, low: a.counter, onStack: true}
	a.counter++
	a.nodes[k] = n
	a.stack = append(a.stack, n)

	keys := childKeys(n.info)
	if len(keys) > 0 {
		n.info.Children = make([]*Info, len(keys))
	}
	for j, ck := range keys {
		m, seen := a.nodes[ck]
		if !seen {
			m = a.visit(ck)
			n.low = min(n.low, m.low)
		} else if m.onStack {
			n.low = min(n.low, m.index)
		}
		if m == n {
			n.self = true
		}
		n.info.Children[j] = m.info
	}

	if n.low == n.index {
		// n roots a component: pop it.
		c := &Component{}
		for {
			m := a.stack[len(a.stack)-1]
			a.stack = a.stack[:len(a.stack)-1]
			m.onStack = false
			m.info.Comp = c
			c.Types = append(c.Types, m.info)
			c.Cyclic = c.Cyclic || m.self
			a.fresh = append(a.fresh, m)
			if m == n {
				break
			}
		}
		closeComponent(c)
	}
	return n
}

// closeComponent computes the facts of component c, whose types have their
// Comp set, and whose successors are complete.
func closeComponent(c *Component) {
	c.Cyclic = c.Cyclic || len(c.Types) > 1
	c.Recursive = c.Cyclic
	for _, i := range c.Types {
		if i.Kind == reflect.Interface {
			c.Dynamic = true
			c.Open = c.Open || !i.MethodInterface
		}
		for _, ch := range i.Children {
			s := ch.Comp
			if s == c {
				continue
			}
			c.Recursive = c.Recursive || s.Recursive
			c.Dynamic = c.Dynamic || s.Dynamic
			c.Open = c.Open || s.Open
			known := false
			for _, x := range c.Succ {
				known = known || x == s
			}
			if !known {
				c.Succ = append(c.Succ, s)
			}
		}
	}
	if c.Recursive || c.Dynamic {
		return
	}
	// Neither: the component is a single type.
	i := c.Types[0]
	for _, ch := range i.Children {
		i.Depth = max(i.Depth, ch.Depth)
	}
	if i.Opens {
		i.Depth++
	}
}
