package plan

import (
	"reflect"
	"testing"
)

// benchTree is golang_source's shape: a tree of nodes holding their kids by
// value in a slice.
type benchTree struct {
	Name   string
	Kids   []benchTree
	Weight float64
	A, B   int64
}

func newBenchTree(depth, fan int) benchTree {
	n := benchTree{Name: "node"}
	if depth > 0 {
		n.Kids = make([]benchTree, fan)
		for i := range n.Kids {
			n.Kids[i] = newBenchTree(depth-1, fan)
		}
	}
	return n
}

// benchStatus is twitter_status's shape: statuses with optional pointers, one
// retweeting another.
type benchStatus struct {
	ID        int64
	Text      string
	User      *benchUser
	Retweeted *benchStatus
	Entities  struct{ URLs []struct{ URL string } }
	Extra     map[string]any
}

type benchUser struct {
	Name   string
	Status *benchStatus
}

// BenchmarkScan is the pre-scan alone on the shapes of the corpus's scanned
// typed rows.
func BenchmarkScan(b *testing.B) {
	tree := newBenchTree(6, 5) // 19531 nodes
	statuses := make([]benchStatus, 200)
	for i := range statuses {
		statuses[i] = benchStatus{ID: int64(i), User: &benchUser{Name: "u"}, Extra: map[string]any{"a": 1.0}}
		if i > 0 {
			statuses[i].Retweeted = &statuses[i-1]
		}
	}
	m := map[int64]benchStatus{}
	for i := range 200 {
		m[int64(i)] = benchStatus{ID: int64(i), User: &benchUser{}}
	}
	for _, c := range []struct {
		name string
		v    any
	}{{"tree", &tree}, {"statuses", statuses}, {"mapOfStructs", m}} {
		ti := infoOf(reflect.TypeOf(c.v))
		if !scanValue(c.v, ti, EngineDepthLimit, 0) {
			b.Fatal(c.name)
		}
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				scanValue(c.v, ti, EngineDepthLimit, 0)
			}
		})
	}
}
