// Package shapes holds the hostile inputs safejson's decoding is held to
// its bound by input size with (DESIGN: for every target type and input
// size n, the most CPU and memory safejson spends on any n-byte input is at
// most twice the most encoding/json spends on any n-byte input for that
// type): each shape is a body of about n bytes, chosen by an attacker, and
// the target type it is decoded into. The root package's TestHostileBound
// holds every shape to the bound against encoding/json on the costliest
// valid body of the same size and type (testutil.CostlyBodies), and the
// attack command (internal/attack) runs one shape in a process of its own,
// for peak RSS.
package shapes

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"time"
)

// Shape is one hostile body and the type it is decoded into.
type Shape struct {
	// Name is the shape's name and its target's: "hint-chain/any".
	Name string
	// Type is the target type: the body is decoded into a new value of it.
	Type reflect.Type
	// Make returns a body of about n bytes (at least n/2, at most n plus
	// one element), n at least 64 KB.
	Make func(n int) []byte
	// Long says that the body holds a number too long for an engine to
	// parse faster than encoding/json, which safejson.Unmarshal hands to
	// encoding/json alone: it costs what encoding/json costs on it.
	Long bool
}

// Login is a request body with a free-form map and a list.
type Login struct {
	User  string         `json:"user"`
	Count int            `json:"count"`
	Extra map[string]any `json:"extra"`
	Tags  []string       `json:"tags"`
}

// Loose is a request body with a free-form part: a struct holding an any,
// which goccy decodes with no scan first, duplicate keys included.
type Loose struct {
	User  string `json:"user"`
	Extra any    `json:"extra"`
}

// Wide is a struct of 64 ints: 512 bytes for the two bytes of `{}`.
type Wide struct{ A [64]int }

// Reading is a struct of numbers only: its costliest body for
// encoding/json is one long number.
type Reading struct {
	ID    int     `json:"id"`
	Value float64 `json:"value"`
	Level uint8   `json:"level"`
}

// Record is the type of the elements of records.
type Record struct {
	ID      int      `json:"id"`
	User    string   `json:"user"`
	Email   string   `json:"email"`
	Active  bool     `json:"active"`
	Score   float64  `json:"score"`
	Tags    []string `json:"tags"`
	Address struct {
		City string `json:"city"`
		Zip  string `json:"zip"`
	} `json:"address"`
}

// Model is an ORM model's base struct, embedded in Member.
type Model struct {
	ID        uint       `json:"id"`
	CreatedAt time.Time  `json:"created_at"`
	DeletedAt *time.Time `json:"deleted_at"`
}

// Member is a record of the type features the engines decode since they
// were proven against encoding/json: an embedded base struct, times,
// ",string" members and a json.Number.
type Member struct {
	Model
	Ref  int64       `json:"ref,string"`
	Name string      `json:"name,string"`
	Rate json.Number `json:"rate"`
}

// Status is an enum with an UnmarshalText of the user's kind.
type Status int

// UnmarshalText takes "on" and "off".
func (s *Status) UnmarshalText(b []byte) error {
	switch string(b) {
	case "on":
		*s = 1
	case "off":
		*s = 0
	default:
		return fmt.Errorf("shapes: unknown status %q", b)
	}
	return nil
}

// Node is a recursive type with a method in every level.
type Node struct {
	Status Status `json:"status"`
	Next   *Node  `json:"next"`
}

var (
	anyT     = reflect.TypeFor[any]()
	sliceT   = reflect.TypeFor[[]any]()
	mapT     = reflect.TypeFor[map[string]any]()
	looseT   = reflect.TypeFor[Loose]()
	loginT   = reflect.TypeFor[Login]()
	intMapT  = reflect.TypeFor[map[string]int]()
	intsT    = reflect.TypeFor[[]int]()
	wideT    = reflect.TypeFor[[]Wide]()
	stringT  = reflect.TypeFor[string]()
	float64T = reflect.TypeFor[float64]()
	intT     = reflect.TypeFor[int]()
	uint8T   = reflect.TypeFor[uint8]()
	readingT = reflect.TypeFor[Reading]()
	recordsT = reflect.TypeFor[[]Record]()
	membersT = reflect.TypeFor[[]Member]()
	memberT  = reflect.TypeFor[Member]()
	bytesT   = reflect.TypeFor[[]byte]()
	nodesT   = reflect.TypeFor[[]Node]()
)

// All returns every shape.
func All() []Shape {
	var out []Shape
	add := func(name string, make func(n int) []byte, types ...reflect.Type) {
		for _, t := range types {
			mk := make
			if t == looseT && make != nil {
				// The shape in the free-form member of a struct.
				mk = func(n int) []byte {
					return append(append([]byte(`{"user":"u","extra":`), make(n)...), '}')
				}
			}
			out = append(out, Shape{Name: name + "/" + typeName(t), Type: t, Make: mk})
		}
	}
	arrays := []reflect.Type{anyT, sliceT, looseT}
	// Size hints carried from one object to the next (the own decoder of
	// any makes a map for the size of the last object of its first name).
	add("hint-chain", func(n int) []byte { return repeatElems(n, wideObject("a", 64)+","+chain(`{"a":`, "1", "}", 1000)) }, arrays...)
	add("hint-alternate", func(n int) []byte { return repeatElems(n, wideObject("a", 64)+`,{"a":1}`) }, arrays...)
	add("hint-nested", func(n int) []byte {
		return repeatElems(n, strings.TrimSuffix(wideObject("a", 64), "}")+`,"z":`+chain(`{"a":`, "1", "}", 100)+"}")
	}, arrays...)
	add("hint-many-names", func(n int) []byte {
		var b strings.Builder
		for i := range 64 {
			b.WriteString(wideObject("k"+strconv.Itoa(i), 64) + ",")
		}
		for i := range 64 {
			fmt.Fprintf(&b, `{"k%d":[{"k%d":1}]},`, i, i)
		}
		return repeatElems(n, strings.TrimSuffix(b.String(), ","))
	}, anyT)
	// Errors at the end of a large body: what was built before them is
	// thrown away.
	add("deep-chains-too-deep", func(n int) []byte {
		return endWith(repeatElems(n, chain("[", "1", "]", 9990)), chain("[", "1", "]", 10001))
	}, arrays...)
	add("deep-objects-cut", func(n int) []byte {
		return endWith(repeatElems(n, chain(`{"a":`, "1", "}", 9990)), `{"a":1`)
	}, arrays...)
	add("records-cut-90", func(n int) []byte {
		b := records(n)
		return b[:len(b)*9/10]
	}, anyT, sliceT, looseT)
	add("records-trailing-garbage", func(n int) []byte { return append(records(n), 'x') }, anyT, sliceT)
	add("records-bad-literal-end", func(n int) []byte { return endWith(records(n), `{"user":"u","count":tru}`) }, anyT, sliceT, recordsT)
	add("numbers-1e400-end", func(n int) []byte { return endWith(repeatElems(n, "1.25,-3e-5,12345678"), "1e400") }, anyT, sliceT, looseT)
	add("records-1e400-end", func(n int) []byte { return endWith(records(n), `{"user":"u","score":1e400}`) }, anyT, sliceT, recordsT)
	// A body an engine decodes to its end and then refuses (a value of
	// another type, a number out of range, a syntax error, too deep):
	// encoding/json decodes it again for its verdict.
	add("records-type-mismatch-end", func(n int) []byte { return endWith(records(n), `{"id":"x"}`) }, recordsT)
	add("records-int-overflow-end", func(n int) []byte { return endWith(records(n), `{"id":100000000000000000000}`) }, recordsT)
	add("records-too-deep-end", func(n int) []byte {
		return endWith(records(n), `{"tags":`+chain("[", "", "]", 10001)+"}")
	}, recordsT)
	add("records-bad-escape-end", func(n int) []byte { return endWith(records(n), `{"user":"\uZZZZ"}`) }, recordsT, anyT)
	add("ints-overflow-end", func(n int) []byte { return endWith(repeatElems(n, "1"), "100000000000000000000") }, intsT)
	add("int-members-overflow-end", func(n int) []byte {
		b := repeatMembers(n, `"a":1`)
		return append(b[:len(b)-1:len(b)-1], `,"b":100000000000000000000}`...)
	}, intMapT)
	add("string-bad-escape-end", func(n int) []byte { return []byte(`"` + strings.Repeat("a", n-8) + `\uZZZZ"`) }, stringT)
	add("empties-unclosed", func(n int) []byte { return bytes.TrimSuffix(repeatElems(n, "{}"), []byte("]")) }, wideT, anyT)
	// Many small values: the element stack, number chunks, empty values.
	add("small-arrays", func(n int) []byte { return repeatElems(n, `[1.5,"a",[2.5],[]]`) }, anyT)
	add("empties", func(n int) []byte { return repeatElems(n, "[]") }, anyT, looseT)
	add("nested4", func(n int) []byte { return repeatElems(n, "[[[[]]]]") }, anyT)
	add("empty-objects", func(n int) []byte { return repeatElems(n, "{}") }, wideT, anyT)
	// One key many times: goccy holds an object's members until it ends.
	add("dup-keys", func(n int) []byte { return repeatMembers(n, `"a":[1]`) }, anyT, mapT, looseT)
	add("dup-keys-numbers", func(n int) []byte { return repeatMembers(n, `"count":1`) }, loginT, mapT, looseT)
	add("dup-keys-objects", func(n int) []byte { return repeatMembers(n, `"extra":{"k":{}}`) }, loginT, looseT)
	// Many distinct short keys: map growth, skipped members.
	add("tiny-keys", tinyKeys, mapT, intMapT, loginT, looseT)
	add("unique-keys-64-wide", func(n int) []byte { return repeatElems(n, UniqueObject(64, "[1]")) }, anyT, looseT)
	// Deep nesting: within the limit, and past it.
	add("deep-arrays-9000", func(n int) []byte { return repeatElems(n, chain("[", "", "]", 9000)) }, anyT, looseT)
	add("deep-arrays-past-limit", func(n int) []byte { return []byte(chain("[", "", "]", n/2)) }, anyT, looseT)
	add("deep-objects-9000", func(n int) []byte { return repeatElems(n, chain(`{"a":`, "1", "}", 9000)) }, anyT, looseT)
	// Strings and numbers.
	add("escaped-string", func(n int) []byte { return []byte(`"` + strings.Repeat(`\u0041`, (n-2)/6) + `"`) }, stringT, anyT)
	add("surrogates-string", func(n int) []byte {
		return []byte(`["` + strings.Repeat(`\ud83d\ude00`, (n-4)/12) + `"]`)
	}, anyT, looseT)
	add("invalid-utf8-strings", func(n int) []byte { return repeatElems(n, "\"\xff\xfe\xfd\"") }, anyT)
	add("huge-number", func(n int) []byte { return []byte("1" + strings.Repeat("0", n-1)) }, anyT)
	// One long number an engine parses at encoding/json's cost, then
	// refuses: out of the range of the type, or not an integer.
	long := func(name string, make func(n int) []byte, types ...reflect.Type) {
		first := len(out)
		add(name, make, types...)
		for i := first; i < len(out); i++ {
			out[i].Long = true
		}
	}
	long("huge-number-typed", func(n int) []byte { return []byte("1" + strings.Repeat("0", n-1)) }, float64T, intT, uint8T)
	long("long-fraction-e400", func(n int) []byte { return []byte("1." + strings.Repeat("0", n-8) + "1e400") }, float64T)
	long("huge-number-member", func(n int) []byte { return []byte(`{"id":1,"value":1` + strings.Repeat("0", n-18) + "}") }, readingT)
	long("huge-int-member", func(n int) []byte { return []byte(`{"level":1` + strings.Repeat("0", n-11) + "}") }, readingT)
	long("long-fraction-int-member", func(n int) []byte { return []byte(`{"id":1.` + strings.Repeat("0", n-10) + "1}") }, readingT)
	add("long-mantissas", func(n int) []byte {
		return repeatElems(n, "1.00000000000000011102230246251565404236316680908203125e-307")
	}, anyT, reflect.TypeFor[[]float64]())
	add("wide-ints", func(n int) []byte { return repeatElems(n, "12345678") }, intsT)
	// The features proven for the engines, refused at the end: one huge
	// value, and many records, that an engine reads to their end before
	// encoding/json reads them again (and a bytes target, which stays
	// encoding/json's for this shape).
	add("base64-bad-end", func(n int) []byte { return []byte(`"` + strings.Repeat("QUFB", (n-4)/4) + `!"`) }, bytesT)
	add("quoted-string-bad-end", func(n int) []byte {
		return []byte(`{"name":"\"` + strings.Repeat("a", n-20) + `\"x"}`)
	}, memberT)
	add("members-bad-time-end", func(n int) []byte { return endWith(members(n), `{"created_at":"2024-13-01T00:00:00Z"}`) }, membersT)
	add("members-bad-quoted-end", func(n int) []byte { return endWith(members(n), `{"ref":"12x"}`) }, membersT)
	add("statuses-bad-end", func(n int) []byte { return endWith(repeatElems(n, `{"status":"on"}`), `{"status":"maybe"}`) }, nodesT)
	add("deep-nodes-mismatch-end", func(n int) []byte {
		return endWith(repeatElems(n, chain(`{"status":"on","next":`, "null", "}", 900)), `{"status":1}`)
	}, nodesT)
	add("members-bad-number-end", func(n int) []byte { return endWith(members(n), `{"rate":"1.5.5"}`) }, membersT)
	add("records", records, anyT, sliceT, looseT)
	return out
}

// typeName is the short name of a target type in a shape's name.
func typeName(t reflect.Type) string {
	switch t {
	case anyT:
		return "any"
	case sliceT:
		return "slice"
	case mapT:
		return "map"
	case recordsT:
		return "[]Record"
	}
	return strings.TrimPrefix(t.String(), "shapes.")
}

// repeatElems is an array of copies of elem (a comma-separated list of
// values) of about n bytes.
func repeatElems(n int, elem string) []byte {
	k := max(1, n/(len(elem)+1))
	return []byte("[" + strings.Repeat(elem+",", k-1) + elem + "]")
}

// repeatMembers is an object of copies of member of about n bytes.
func repeatMembers(n int, member string) []byte {
	k := max(1, n/(len(member)+1))
	return []byte("{" + strings.Repeat(member+",", k-1) + member + "}")
}

// endWith replaces the closing bracket of the array b by ",last]".
func endWith(b []byte, last string) []byte {
	return append(append(append(b[:len(b)-1:len(b)-1], ','), last...), ']')
}

// chain is open n times, then inner, then close n times.
func chain(open, inner, close string, n int) string {
	return strings.Repeat(open, n) + inner + strings.Repeat(close, n)
}

// wideObject is an object of n members, the first named first.
func wideObject(first string, n int) string {
	var b strings.Builder
	fmt.Fprintf(&b, `{"%s":1`, first)
	for i := 1; i < n; i++ {
		fmt.Fprintf(&b, `,"m%d":%d`, i, i)
	}
	b.WriteString("}")
	return b.String()
}

// UniqueObject returns an object of n members of distinct keys, the last
// one's value last, the others [1].
func UniqueObject(n int, last string) string {
	var b strings.Builder
	b.WriteString("{")
	for i := range n - 1 {
		fmt.Fprintf(&b, `"k%d":[1],`, i)
	}
	b.WriteString(`"z":` + last + "}")
	return b.String()
}

// tinyKeys is an object of about n bytes of members with one-to-five-digit
// hex names: {"0":1,"1":1,…}.
func tinyKeys(n int) []byte {
	return listOf(n, "{", "}", func(b *bytes.Buffer, i int) { fmt.Fprintf(b, `"%x":1`, i) })
}

// listOf is open, the elements elem writes for i = 0, 1, … separated by
// commas until about n bytes are written, and close.
func listOf(n int, open, close string, elem func(b *bytes.Buffer, i int)) []byte {
	var b bytes.Buffer
	b.WriteString(open)
	for i := 0; b.Len() < n; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		elem(&b, i)
	}
	b.WriteString(close)
	return b.Bytes()
}

// members is an array of about n bytes of Member records.
func members(n int) []byte {
	return listOf(n, "[", "]", func(b *bytes.Buffer, i int) {
		fmt.Fprintf(b, `{"id":%d,"created_at":"2024-05-06T07:08:%02dZ","deleted_at":null,"ref":"%d","name":"\"m%d\"","rate":%d.5}`,
			i, i%60, i<<20, i, i%100)
	})
}

// records is an array of about n bytes of API-like records.
func records(n int) []byte {
	return listOf(n, "[", "]", func(b *bytes.Buffer, i int) {
		fmt.Fprintf(b, `{"id":%d,"user":"user%d","email":"u%d@example.com","active":%t,"score":%d.%d,"tags":["a","bc"],"address":{"city":"Paris","zip":"750%02d"}}`,
			i, i, i, i%2 == 0, i%1000, i%7, i%100)
	})
}
