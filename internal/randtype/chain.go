package randtype

import (
	"reflect"
)

// maxChain bounds the length of a deep chain.
const maxChain = 300

// deepChain returns, now and then in place of a bounded value, a narrow chain
// of 20 to 300 levels of map[string]any, []any and *Tree, each holding the next
// one through an interface, with a leaf beside it and, half the time, a
// reference back to an ancestor at the end. It reaches the depths where an
// encoder's cycle bookkeeping changes strategy, which bounded values never do.
func (g *generator) deepChain() (top reflect.Value, levels int) {
	n := 20 + g.src.intn(maxChain-20)
	chain := make([]reflect.Value, 0, n)
	var hold func(next any) // sets the interface slot of the previous level
	for range n {
		var lvl reflect.Value
		var slot func(next any)
		leaf := reflect.New(pick(g.src, []reflect.Type{
			reflect.TypeFor[string](), reflect.TypeFor[float64](), reflect.TypeFor[int](),
		})).Elem()
		g.fill(leaf, g.cfg.MaxDepth)
		switch g.src.intn(3) {
		case 0:
			m := map[string]any{"leaf": leaf.Interface()}
			lvl, slot = reflect.ValueOf(m), func(next any) { m["next"] = next }
		case 1:
			s := []any{leaf.Interface(), nil}
			lvl, slot = reflect.ValueOf(s), func(next any) { s[1] = next }
		default:
			t := &Tree{Name: g.string()}
			lvl, slot = reflect.ValueOf(t), func(next any) { t.Any = next }
		}
		if hold == nil {
			top = lvl
		} else {
			hold(lvl.Interface())
		}
		chain = append(chain, lvl)
		hold = slot
	}
	if !g.cfg.NoCycles && g.src.chance(50) {
		hold(pick(g.src, chain).Interface())
	}
	return top, n
}
