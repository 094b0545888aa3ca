package main

import (
	"bytes"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// hostileShapes are the shapes of stale size hints and errors at the end of large bodies, each a function of the input's
// size in bytes (-mb): size hints carried from one object to the next,
// invalid input whose error is near the end of a large body, deep chains in
// wide arrays, and numbers out of range at the end. Every one is an array,
// so that it decodes into an any and a []any alike (-target), by Unmarshal
// or a Decoder (-via).
var hostileShapes = map[string]func(n int) []byte{
	// Objects of 64 members whose first name is "a", each followed by a
	// chain of 1000 objects of one member "a": a size hint taken from the
	// wide object must not make each small one as big.
	"hint-chain": func(n int) []byte { return repeatElems(n, wideObject("a", 64)+","+chain(`{"a":`, "1", "}", 1000)) },
	// A wide object, then a one-member one of the same first name, in turn.
	"hint-alternate": func(n int) []byte { return repeatElems(n, wideObject("a", 64)+`,{"a":1}`) },
	// A wide object whose last member holds a chain of 100 one-member
	// objects of its own first name: objects inside an object see its
	// hint while it is being read.
	"hint-nested": func(n int) []byte {
		return repeatElems(n, strings.TrimSuffix(wideObject("a", 64), "}")+`,"z":`+chain(`{"a":`, "1", "}", 100)+"}")
	},
	// Wide objects of 64 names, then objects of one member of each of those
	// names with an array inside: every name a first name once.
	"hint-many-names": func(n int) []byte {
		var b strings.Builder
		for i := range 64 {
			b.WriteString(wideObject("k"+strconv.Itoa(i), 64) + ",")
		}
		for i := range 64 {
			fmt.Fprintf(&b, `{"k%d":[{"k%d":1}]},`, i, i)
		}
		return repeatElems(n, strings.TrimSuffix(b.String(), ","))
	},
	// Chains 9990 arrays deep, the last one past json.Valid's 10000 levels.
	"deep-chains-too-deep": func(n int) []byte {
		return endWith(repeatElems(n, chain("[", "1", "]", 9990)), chain("[", "1", "]", 10001))
	},
	// The same chains of objects, the last one unclosed.
	"deep-objects-cut": func(n int) []byte {
		return endWith(repeatElems(n, chain(`{"a":`, "1", "}", 9990)), `{"a":1`)
	},
	// Ordinary records, the body cut at 90% (a truncated upload).
	"records-cut-90": func(n int) []byte {
		b := records(n)
		return b[:len(b)*9/10]
	},
	// Ordinary records, then a byte of garbage after the array.
	"records-trailing-garbage": func(n int) []byte { return append(records(n), 'x') },
	// Ordinary records, the last one with a bad literal.
	"records-bad-literal-end": func(n int) []byte {
		return endWith(records(n), `{"user":"u","count":tru}`)
	},
	// Numbers, the last one out of float64's range (encoding/json's
	// UnmarshalTypeError: the input is valid).
	"numbers-1e400-end": func(n int) []byte { return endWith(repeatElems(n, "1.25,-3e-5,12345678"), "1e400") },
	// Ordinary records, the last one holding 1e400.
	"records-1e400-end": func(n int) []byte {
		return endWith(records(n), `{"user":"u","count":1e400}`)
	},
	// Small arrays of short strings and numbers (the stack of elements and
	// the chunks numbers are boxed into), valid.
	"small-arrays": func(n int) []byte { return repeatElems(n, `[1.5,"a",[2.5],[]]`) },
	// Ordinary records, valid: the reference.
	"records": records,
}

// repeatElems is an array of copies of elem (a comma-separated list of
// values) of about n bytes.
func repeatElems(n int, elem string) []byte {
	k := max(1, n/(len(elem)+1))
	return repeatJoin("[", elem, "]", k)
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

// records is an array of about n bytes of API-like records.
func records(n int) []byte {
	var b bytes.Buffer
	b.WriteByte('[')
	for i := 0; b.Len() < n; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"id":%d,"user":"user%d","email":"u%d@example.com","active":%t,"score":%d.%d,"tags":["a","bc"],"address":{"city":"Paris","zip":"750%02d"}}`,
			i, i, i, i%2 == 0, i%1000, i%7, i%100)
	}
	b.WriteByte(']')
	return b.Bytes()
}

// watchdog ends the process when its resident memory passes limit MB, so
// that a shape that amplifies is reported instead of taking the machine.
func watchdog(limit int) {
	page := int64(os.Getpagesize())
	for {
		time.Sleep(5 * time.Millisecond)
		b, err := os.ReadFile("/proc/self/statm")
		if err != nil {
			return
		}
		f := strings.Fields(string(b))
		if len(f) < 2 {
			return
		}
		rss, _ := strconv.ParseInt(f[1], 10, 64)
		if rss*page>>20 > int64(limit) {
			fmt.Printf("killed\t>%d\twatchdog: RSS past %d MB\n", limit, limit)
			os.Exit(3)
		}
	}
}
