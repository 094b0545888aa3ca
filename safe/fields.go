package safe

import (
	"cmp"
	"reflect"
	"slices"
	"strings"

	"github.com/safejson/safejson/internal/flavor"
)

// field is a member of a struct's JSON object, found by encoding/json's rules.
type field struct {
	name    string
	keyHTML string // `"name":`, HTML-escaped
	keyRaw  string // `"name":`
	index   []int  // path of field indexes through embedded structs
	tagged  bool   // the name comes from the tag
	typ     reflect.Type

	omitEmpty bool
	omitZero  bool
	quoted    bool
	// readOnly: an unexported embedded struct given a name by its tag.
	// encoding/json panics calling its methods; safe encodes it by kind.
	readOnly bool
	isZero   func(reflect.Value) bool // IsZero method for omitzero, or nil

	enc encoderFunc
}

// typeFields returns the members of struct type t, in field order: exported
// fields, and the fields of embedded structs promoted by Go's rules amended
// for JSON (a tagged name wins over an untagged one at the same depth; two
// at the same depth hide each other).
func typeFields(t reflect.Type) []field {
	type embedded struct {
		typ   reflect.Type
		index []int
	}
	var (
		fields           []field
		current, next    = []embedded{}, []embedded{{typ: t}}
		count, nextCount map[reflect.Type]int
		visited          = map[reflect.Type]bool{}
	)
	for len(next) > 0 {
		current, next = next, current[:0]
		count, nextCount = nextCount, map[reflect.Type]int{}
		for _, s := range current {
			if visited[s.typ] {
				continue
			}
			visited[s.typ] = true
			for i := range s.typ.NumField() {
				sf := s.typ.Field(i)
				if sf.Anonymous {
					et := sf.Type
					if et.Kind() == reflect.Pointer {
						et = et.Elem()
					}
					// An unexported embedded struct may still have exported fields.
					if !sf.IsExported() && et.Kind() != reflect.Struct {
						continue
					}
				} else if !sf.IsExported() {
					continue
				}
				tag := sf.Tag.Get("json")
				if tag == "-" {
					continue
				}
				name, opts := flavor.ParseTag(tag)
				index := append(slices.Clip(s.index), i)
				ft := sf.Type
				if ft.Name() == "" && ft.Kind() == reflect.Pointer {
					ft = ft.Elem()
				}
				if name == "" && sf.Anonymous && ft.Kind() == reflect.Struct {
					// Explore the embedded struct at the next depth.
					nextCount[ft]++
					if nextCount[ft] == 1 {
						next = append(next, embedded{typ: ft, index: index})
					}
					continue
				}
				f := field{
					name:      name,
					tagged:    name != "",
					index:     index,
					typ:       sf.Type,
					omitEmpty: opts.OmitEmpty,
					omitZero:  opts.OmitZero,
					quoted:    opts.String && quotable(ft.Kind()),
					readOnly:  sf.Anonymous && !sf.IsExported(),
				}
				if f.readOnly && flavor.DropsUnexportedEmbedded(sf.Type, f.omitZero) {
					continue
				}
				if f.name == "" {
					f.name = sf.Name
				}
				fields = append(fields, f)
				if count[s.typ] > 1 {
					// The struct holding it is embedded twice at this depth:
					// a copy makes the name ambiguous, and so dropped.
					fields = append(fields, f)
				}
			}
		}
	}

	// Keep, per name, the one field that dominates: the shallowest, then the
	// tagged one; none when two tie.
	slices.SortFunc(fields, func(a, b field) int {
		if c := strings.Compare(a.name, b.name); c != 0 {
			return c
		}
		if c := cmp.Compare(len(a.index), len(b.index)); c != 0 {
			return c
		}
		if a.tagged != b.tagged {
			if a.tagged {
				return -1
			}
			return 1
		}
		return slices.Compare(a.index, b.index)
	})
	out := fields[:0]
	for i := 0; i < len(fields); {
		j := i + 1
		for j < len(fields) && fields[j].name == fields[i].name {
			j++
		}
		if j-i == 1 || len(fields[i].index) != len(fields[i+1].index) || fields[i].tagged != fields[i+1].tagged {
			out = append(out, fields[i])
		}
		i = j
	}
	slices.SortFunc(out, func(a, b field) int { return slices.Compare(a.index, b.index) })
	return out
}

// quotable reports whether `,string` applies to a field of kind k.
func quotable(k reflect.Kind) bool {
	switch k {
	case reflect.Bool,
		reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.String:
		return true
	}
	return false
}
