package plan

import (
	"fmt"
	"reflect"
	"slices"

	"github.com/safejson/safejson/internal/jsontype"
)

// PortReadOnly counts the ReadOnly Infos PortDiff compared.
var PortReadOnly int

// PortReadOnlyDiffs are the differences PortDiff found on ReadOnly Infos
// under a parent with featHiddenMethods, and accepted.
var PortReadOnlyDiffs []string

// PortDiff returns how the planner's knowledge of t and of every type it
// reaches differs between the walk before the port (oldwalk_test.go) and
// the one on jsontype: one line per difference.
func PortDiff(t reflect.Type) []string {
	oldInfoOf(t)
	var diffs []string
	seen := map[*jsontype.Info]bool{}
	var visit func(i, parent *jsontype.Info)
	visit = func(i, parent *jsontype.Info) {
		if seen[i] {
			return
		}
		seen[i] = true
		if i.ReadOnly {
			PortReadOnly++
		}
		v, ok := oldTypeInfos.Load(i.Type)
		if !ok {
			diffs = append(diffs, fmt.Sprintf("%v: not reached by the old walk", i.Type))
		} else if d := infoDiff(v.(*oldTypeInfo), planOf(i)); d != "" {
			if i.ReadOnly && planOf(parent).feat&featHiddenMethods != 0 {
				// The old walk had no read-only types: it took the member's
				// methods, which encoding/json cannot call through the
				// unexported field. The parent goes to the reference
				// encoder (baseAvoid) either way.
				PortReadOnlyDiffs = append(PortReadOnlyDiffs, fmt.Sprintf("%v (read-only): %s", i.Type, d))
			} else {
				diffs = append(diffs, fmt.Sprintf("%v: %s", i.Type, d))
			}
		}
		for _, c := range i.Children {
			visit(c, i)
		}
	}
	visit(jsontype.Of(t), nil)
	return diffs
}

func infoDiff(o *oldTypeInfo, n *typeInfo) string {
	if o.feat != n.feat {
		return fmt.Sprintf("features old %b new %b (old only %b, new only %b)", o.feat, n.feat, o.feat&^n.feat, n.feat&^o.feat)
	}
	if o.dynamic != n.dynamic {
		return fmt.Sprintf("dynamic old %v new %v", o.dynamic, n.dynamic)
	}
	if o.depth != n.depth {
		return fmt.Sprintf("depth old %d new %d", o.depth, n.depth)
	}
	if (o.scan == nil) != (n.scan == nil) {
		return fmt.Sprintf("scanned old %v new %v", o.scan != nil, n.scan != nil)
	}
	if o.scan == nil {
		return ""
	}
	op, np := o.scan, n.scan
	if op.kind != np.kind && !(np.kind == reflect.Invalid && op.kind == reflect.Slice) {
		return fmt.Sprintf("scan kind old %v new %v", op.kind, np.kind)
	}
	if op.opens != np.opens || op.leafDepth != np.leafDepth || op.typ != np.typ {
		return fmt.Sprintf("scan plan old %v/%v/%v new %v/%v/%v", op.opens, op.leafDepth, op.typ, np.opens, np.leafDepth, np.typ)
	}
	if (op.elem == nil) != (np.elem == nil) && np.kind != reflect.Invalid {
		return "scan elem"
	}
	var of, nf []int
	for _, f := range op.fields {
		of = append(of, f.index)
	}
	for _, f := range np.fields {
		nf = append(nf, f.index)
	}
	if !slices.Equal(of, nf) {
		return fmt.Sprintf("scan fields old %v new %v", of, nf)
	}
	return ""
}
