package jsontype

import (
	"cmp"
	"reflect"
	"slices"
	"strings"

	"github.com/safejson/safejson/internal/flavor"
)

// Field is a member of a struct's JSON object, as encoding/json writes it.
type Field struct {
	// Name is the member name: the tag's (flavor.ParseTag) or the Go
	// field's.
	Name string
	// Index is the path of field indexes from the struct, through embedded
	// structs (and pointers to them), as reflect.Value.FieldByIndex takes it.
	Index []int
	// Type is the field's type.
	Type reflect.Type
	// Tagged: the name comes from the tag.
	Tagged bool
	// OmitEmpty and OmitZero are the tag's options.
	OmitEmpty, OmitZero bool
	// Quoted: the `,string` option, on a field of a bool, number or string
	// kind (or an unnamed pointer to one), where it applies.
	Quoted bool
	// ReadOnly: an unexported embedded struct, or pointer to one, that its
	// tag names. encoding/json cannot call its methods through the
	// unexported field (the classic one panics trying); it is kept by
	// flavor.DropsUnexportedEmbedded, and ReadOnly(Type) describes it.
	ReadOnly bool
}

// Member is a field of a struct itself (not promoted) that encoding/json may
// write or look into: exported or embedded, not tagged "-".
type Member struct {
	// Index is the field's index in the struct.
	Index int
	// GoName is the Go field name.
	GoName string
	// Type is the field's type.
	Type reflect.Type
	// Embedded and Exported are the field's.
	Embedded, Exported bool
	// Name is the member name the tag gives (flavor.ParseTag), "" when none.
	Name string
	// TagName is the tag's name as written: what comes before its first
	// comma.
	TagName string
	// Opts are the tag's options (flavor.ParseTag).
	Opts flavor.TagOptions
	// PlainTag: the tag's name reads alike on both flavours
	// (flavor.Tag.Plain).
	PlainTag bool
	// ReadOnly: encoding/json may write the field by its kind (see
	// Field.ReadOnly).
	ReadOnly bool
	// HiddenMethods: an unexported embedded field whose type (for a pointer,
	// its element) or its pointer has MarshalJSON or MarshalText, which
	// encoding/json cannot call through the field: the classic one panics
	// trying, the one on json/v2 leaves the field out
	// (flavor.DropsUnexportedEmbedded).
	HiddenMethods bool
}

// JSONName returns the member name encoding/json writes the field under when
// it is written: the tag's, or the Go field name.
func (m *Member) JSONName() string {
	if m.Name != "" {
		return m.Name
	}
	return m.GoName
}

// members returns the Members of struct type t.
func members(t reflect.Type) []Member {
	out := make([]Member, 0, t.NumField())
	for i := range t.NumField() {
		sf := t.Field(i)
		if !sf.IsExported() && !sf.Anonymous {
			continue
		}
		tag := sf.Tag.Get("json")
		if tag == "-" {
			continue
		}
		pt := flavor.ParseTag(tag)
		out = append(out, Member{
			Index: i, GoName: sf.Name, Type: sf.Type,
			Embedded: sf.Anonymous, Exported: sf.IsExported(),
			Name: pt.Name, TagName: pt.Written, Opts: pt.Opts, PlainTag: pt.Plain,
			ReadOnly: readOnlyMember(sf, pt.Name), HiddenMethods: hiddenMethods(sf),
		})
	}
	return out
}

// hiddenMethods computes Member.HiddenMethods.
func hiddenMethods(sf reflect.StructField) bool {
	if !sf.Anonymous || sf.IsExported() {
		return false
	}
	t := sf.Type
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return marshals(reflect.PointerTo(t))
}

// fields returns the Fields of struct type t: exported fields, and the
// fields of embedded structs promoted by Go's rules amended for JSON (a
// tagged name wins over an untagged one at the same depth; two at the same
// depth hide each other).
func fields(t reflect.Type) (fs []Field, formatField string) {
	type embedded struct {
		typ   reflect.Type
		index []int
	}
	var (
		out              = make([]Field, 0, t.NumField())
		current, next    = []embedded{}, []embedded{{typ: t}}
		count, nextCount map[reflect.Type]int // made when a struct is embedded
		visited          []reflect.Type       // a few: searched linearly
	)
	for len(next) > 0 {
		current, next = next, current[:0]
		count, nextCount = nextCount, nil
		for _, s := range current {
			if slices.Contains(visited, s.typ) {
				continue
			}
			visited = append(visited, s.typ)
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
				pt := flavor.ParseTag(tag)
				name, opts := pt.Name, pt.Opts
				index := append(slices.Clip(s.index), i)
				ft := sf.Type
				if ft.Name() == "" && ft.Kind() == reflect.Pointer {
					ft = ft.Elem()
				}
				if name == "" && sf.Anonymous && ft.Kind() == reflect.Struct {
					// Explore the embedded struct at the next depth.
					if nextCount == nil {
						nextCount = map[reflect.Type]int{}
					}
					nextCount[ft]++
					if nextCount[ft] == 1 {
						next = append(next, embedded{typ: ft, index: index})
					}
					continue
				}
				f := Field{
					Name:      name,
					Tagged:    name != "",
					Index:     index,
					Type:      sf.Type,
					OmitEmpty: opts.OmitEmpty,
					OmitZero:  opts.OmitZero,
					Quoted:    opts.String && quotable(ft.Kind()),
					ReadOnly:  sf.Anonymous && !sf.IsExported(),
				}
				if f.ReadOnly && flavor.DropsUnexportedEmbedded(sf.Type, f.OmitZero) {
					continue
				}
				if f.Name == "" {
					f.Name = sf.Name
				}
				if opts.Format && formatField == "" {
					formatField = sf.Name
				}
				out = append(out, f)
				if count[s.typ] > 1 {
					// The struct holding it is embedded twice at this depth:
					// a copy makes the name ambiguous, and so dropped.
					out = append(out, f)
				}
			}
		}
	}

	// Keep, per name, the one field that dominates: the shallowest, then the
	// tagged one; none when two tie.
	slices.SortFunc(out, func(a, b Field) int {
		if c := strings.Compare(a.Name, b.Name); c != 0 {
			return c
		}
		if c := cmp.Compare(len(a.Index), len(b.Index)); c != 0 {
			return c
		}
		if a.Tagged != b.Tagged {
			if a.Tagged {
				return -1
			}
			return 1
		}
		return slices.Compare(a.Index, b.Index)
	})
	kept := out[:0]
	for i := 0; i < len(out); {
		j := i + 1
		for j < len(out) && out[j].Name == out[i].Name {
			j++
		}
		if j-i == 1 || len(out[i].Index) != len(out[i+1].Index) || out[i].Tagged != out[i+1].Tagged {
			kept = append(kept, out[i])
		}
		i = j
	}
	slices.SortFunc(kept, func(a, b Field) int { return slices.Compare(a.Index, b.Index) })
	return slices.Clip(kept), formatField
}
