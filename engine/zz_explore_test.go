package engine

import (
	"encoding"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/safejson/safejson/internal/randtype"
)

func TestZZExplore(t *testing.T) {
	if os.Getenv("ZZ") == "" {
		t.Skip()
	}
	r := rand.New(rand.NewPCG(uint64(len(os.Getenv("ZZ"))), 77))
	type key struct{ eng, opt string }
	counts := map[key]int{}
	examples := map[key][]string{}
	n := 5000
	for i := 0; i < n; i++ {
		data := make([]byte, 256)
		for j := 0; j < len(data); j += 8 {
			binary.LittleEndian.PutUint64(data[j:], r.Uint64())
		}
		s := randtype.Config{NoChains: true}.Generate(data)
		os.WriteFile("/tmp/h2scratch/zz_last.txt", []byte(s.Desc), 0o644)
		skipGoccy := strings.Contains(s.Desc, "**")
		for oi, o := range []Options{{}, {NoEscapeHTML: true}, {Indent: "\t"}} {
			var want []byte
			var err error
			panicked := false
			func() {
				defer func() {
					if p := recover(); p != nil {
						panicked = true
					}
				}()
				want, err = stdAppend(s.Value, o)
			}()
			if panicked {
				continue
			}
			if err != nil {
				for _, e := range All() {
					var gerr error
					func() {
						defer func() {
							if p := recover(); p != nil {
								gerr = fmt.Errorf("PANIC %v", p)
							}
						}()
						_, gerr = e.Append(nil, s.Value, o)
					}()
					if e.Name() == "goccy" && skipGoccy {
						continue
					}
					if gerr == nil && !(e.Name() == "sonic" && strings.Contains(s.Desc, "map[bool]")) && !(e.Name() == "goccy" && strings.Contains(s.Desc, "map[*")) {
						k := key{e.Name(), "accepts-what-std-rejects"}
						counts[k]++
						if len(examples[k]) < 50 {
							examples[k] = append(examples[k], fmt.Sprintf("%s\n  stderr=%v", s.Desc, err))
						}
					}
					if gerr != nil && strings.HasPrefix(gerr.Error(), "PANIC") {
						k := key{e.Name(), "panic"}
						counts[k]++
						examples[k] = append(examples[k], fmt.Sprintf("%s\n  %v", s.Desc, gerr))
					}
				}
				continue
			}
			for _, e := range All() {
				if e.Name() == "std" || (e.Name() == "goccy" && skipGoccy) {
					continue
				}
				var got []byte
				var gerr error
				func() {
					defer func() {
						if p := recover(); p != nil {
							gerr = fmt.Errorf("PANIC %v", p)
						}
					}()
					got, gerr = e.Append(nil, s.Value, o)
				}()
				if gerr == nil && string(got) == string(want) {
					continue
				}
				if gerr != nil && IsRejected(gerr) {
					k := key{e.Name(), "rejected-where-std-ok"}
					counts[k]++
					if len(examples[k]) < 400 {
						examples[k] = append(examples[k], fmt.Sprintf("%.300s\n  err=%v", s.Desc, gerr))
					}
					continue
				}
				if attributable(e.Name(), reflect.TypeOf(s.Value)) {
					continue
				}
				k := key{e.Name(), fmt.Sprint(oi)}
				counts[k]++
				if len(examples[k]) < 400 {
					examples[k] = append(examples[k], fmt.Sprintf("%s\n  std=%.300s\n  got=%.300s err=%v", s.Desc, want, got, gerr))
				}
			}
		}
	}
	var ks []key
	for k := range counts {
		ks = append(ks, k)
	}
	sort.Slice(ks, func(i, j int) bool { return fmt.Sprint(ks[i]) < fmt.Sprint(ks[j]) })
	f, _ := os.Create("/tmp/h2scratch/explore_rand.txt")
	defer f.Close()
	for _, k := range ks {
		fmt.Fprintf(f, "=== %v: %d\n", k, counts[k])
		for _, ex := range examples[k] {
			fmt.Fprintln(f, ex)
		}
	}
	t.Logf("%v", counts)
}

var jm = reflect.TypeFor[json.Marshaler]()
var tm = reflect.TypeFor[encoding.TextMarshaler]()

func attributable(eng string, t reflect.Type) bool {
	seen := map[reflect.Type]bool{}
	found := false
	var walk func(t reflect.Type, inArray bool)
	walk = func(t reflect.Type, inArray bool) {
		if seen[t] || found {
			return
		}
		seen[t] = true
		ptrOnly := t.Kind() != reflect.Pointer && !t.Implements(jm) && !t.Implements(tm) && (reflect.PointerTo(t).Implements(jm) || reflect.PointerTo(t).Implements(tm))
		switch eng {
		case "sonic":
			if t.Implements(jm) || t.Kind() == reflect.Interface || ptrOnly {
				found = true
				return
			}
		case "goccy":
			if t.Kind() == reflect.Pointer && t.Elem().Kind() == reflect.Pointer {
				found = true
				return
			}
			if inArray && ptrOnly {
				found = true
				return
			}
		}
		switch t.Kind() {
		case reflect.Pointer, reflect.Slice:
			if eng == "goccy" && t.Kind() == reflect.Pointer && t.Elem().Kind() == reflect.Interface && (t.Elem().Implements(jm) || t.Elem().Implements(tm)) {
				found = true
				return
			}
			walk(t.Elem(), false)
		case reflect.Array:
			walk(t.Elem(), true)
		case reflect.Map:
			walk(t.Key(), false)
			walk(t.Elem(), false)
		case reflect.Struct:
			for i := 0; i < t.NumField(); i++ {
				f := t.Field(i)
				tag := f.Tag.Get("json")
				ft := f.Type
				if ft.Kind() == reflect.Pointer && ft.Name() == "" {
					ft = ft.Elem()
				}
				if eng == "sonic" && strings.Contains(tag, ",string") && ft.Kind() == reflect.String {
					found = true
				}
				if eng == "sonic" && strings.Contains(tag, "omitempty") && (ft.Kind() == reflect.Float32 || ft.Kind() == reflect.Float64) {
					found = true
				}
				if eng == "sonic" && f.Anonymous && f.Type.Kind() == reflect.Pointer {
					found = true
				}
				if eng == "goccy" && f.Type.Kind() == reflect.Pointer && f.Type.Elem().Kind() == reflect.Interface && (f.Type.Elem().Implements(jm) || f.Type.Elem().Implements(tm)) {
					found = true
				}
				walk(f.Type, inArray)
			}
		}
	}
	walk(t, false)
	return found
}
