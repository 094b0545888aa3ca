// Command attack runs one attacker-chosen shape with encoding/json
// (-impl std) or safejson (-impl safejson) in this process, and prints the CPU
// seconds of the decode or encode, the process's peak RSS in MB and the
// verdict (the error, or the values decoded). Run each shape in its own
// process (run.sh does, for a before and an after build), so that the peak
// RSS is that shape's.
//
// Linux only (getrusage's peak RSS in KB).
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"reflect"
	"runtime"
	"strings"
	"syscall"

	"github.com/safejson/safejson"
	"github.com/safejson/safejson/internal/attack/shapes"
	"github.com/safejson/safejson/internal/testutil"
)

type chainPtr *chainPtr

// plain has no interface, map or method: an engine decodes it.
type plain struct {
	User  string   `json:"user"`
	Count int      `json:"count"`
	Score float64  `json:"score"`
	Tags  []string `json:"tags"`
}

type ndjson struct {
	line []byte
	off  int
	left int
}

func (r *ndjson) Read(p []byte) (int, error) {
	if r.left <= 0 {
		return 0, io.EOF
	}
	n := 0
	for n < len(p) && r.left > 0 {
		c := copy(p[n:min(len(p), n+r.left)], r.line[r.off:])
		n += c
		r.left -= c
		r.off = (r.off + c) % len(r.line)
	}
	return n, nil
}

func repeatJoin(open, elem, close string, n int) []byte {
	var b strings.Builder
	b.Grow(len(open) + n*(len(elem)+1) + len(close))
	b.WriteString(open)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(elem)
	}
	b.WriteString(close)
	return []byte(b.String())
}

// tinyKeys is a JSON object of n members with one-to-five-digit hex names:
// {"0":1,"1":1,…}.
func tinyKeys(n int) []byte {
	var b strings.Builder
	b.WriteString("{")
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `"%x":1`, i)
	}
	b.WriteString("}")
	return []byte(b.String())
}

// decoder is what json.NewDecoder and safejson.NewDecoder return.
type decoder interface{ Decode(any) error }

// decodeAll decodes values of type T from d until it fails, and returns how
// many it decoded and the error it stopped at.
func decodeAll[T any](d decoder) (int, error) {
	for n := 0; ; n++ {
		var v T
		if err := d.Decode(&v); err != nil {
			return n, err
		}
	}
}

func cpu() float64 {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9
}

func main() {
	impl := flag.String("impl", "std", "std or safejson")
	shape := flag.String("shape", "", "shape")
	size := flag.Int("mb", 10, "input size in MB, for the hostile shapes (hostileShapes)")
	target := flag.String("target", "any", "target of the hostile shapes: any (*any) or slice (*[]any)")
	via := flag.String("via", "unmarshal", "how the hostile shapes are decoded: unmarshal or decoder")
	maxRSS := flag.Int("maxrss", 6144, "peak RSS in MB past which the run is killed (the watchdog)")
	flag.Parse()
	go watchdog(*maxRSS)
	unmarshal := json.Unmarshal
	newDecoder := func(r io.Reader) decoder { return json.NewDecoder(r) }
	marshal := json.Marshal
	if *impl == "safejson" {
		unmarshal = safejson.Unmarshal
		newDecoder = func(r io.Reader) decoder { return safejson.NewDecoder(r) }
		marshal = safejson.Marshal
	}
	var work func() string
	into := func(in []byte, target func() any) func() string {
		return func() string {
			err := unmarshal(in, target())
			return fmt.Sprint(err)
		}
	}
	anyT := func() any { return new(any) }
	looseT := func() any { return new(shapes.Loose) }
	switch *shape {
	case "stray-closer-stream":
		work = func() string {
			d := newDecoder(strings.NewReader(`{}}`))
			for i := range 10_000_000 {
				var v any
				if err := d.Decode(&v); err != nil {
					return fmt.Sprintf("values %d, %v", i, err)
				}
			}
			return "10^7 values, no error (endless)"
		}
	case "nested-slices-12":
		work = into([]byte(`[]`), func() any { return reflect.New(testutil.NestedType(12, false, reflect.TypeFor[int]())).Interface() })
	case "nested-maps-12":
		work = into([]byte(`{}`), func() any { return reflect.New(testutil.NestedType(12, true, reflect.TypeFor[int]())).Interface() })
	case "empties-into-any-9MB":
		work = into(repeatJoin("[", "[]", "]", 3_000_000), anyT)
	case "nested4-into-any-9MB":
		work = into(repeatJoin("[", "[[[[]]]]", "]", 1_000_000), anyT)
	case "ndjson-100MB-decoder":
		line := []byte(`{"user":"ada","count":3,"extra":{"k":"v"},"tags":["a","b"]}` + "\n")
		work = func() string {
			n, err := decodeAll[shapes.Login](newDecoder(&ndjson{line: line, left: 100 << 20}))
			return fmt.Sprintf("values %d, %v", n, err)
		}
	case "ptr-chain-200k-encode", "ptr-chain-1M-encode":
		n := 200_000
		if *shape == "ptr-chain-1M-encode" {
			n = 1_000_000
		}
		var p chainPtr
		for range n {
			q := new(chainPtr)
			*q = p
			p = q
		}
		work = func() string {
			out, err := marshal(p)
			return fmt.Sprintf("%s %v", out, err)
		}
	case "deep-array-9000-any":
		work = into([]byte(strings.Repeat("[", 9000)+strings.Repeat("]", 9000)), anyT)
	case "deep-array-1M-any":
		work = into([]byte(strings.Repeat("[", 1_000_000)+strings.Repeat("]", 1_000_000)), anyT)
	case "deep-object-9000-any":
		work = into([]byte(strings.Repeat(`{"a":`, 9000)+"1"+strings.Repeat("}", 9000)), anyT)
	case "tiny-keys-10MB-map":
		work = into(tinyKeys(1_000_000), func() any { return new(map[string]any) })
	case "tiny-keys-10MB-struct":
		work = into(tinyKeys(1_000_000), func() any { return new(shapes.Login) })
	case "escaped-string-12MB":
		work = into([]byte(`"`+strings.Repeat(`\u0041`, 2_000_000)+`"`), func() any { return new(string) })
	case "escaped-string-12MB-any":
		work = into([]byte(`["`+strings.Repeat(`\ud83d\ude00`, 1_000_000)+`"]`), anyT)
	case "huge-number-1M-digits-any":
		work = into([]byte("1"+strings.Repeat("0", 1_000_000)), anyT)
	case "huge-number-1M-digits-int":
		work = into([]byte("1"+strings.Repeat("0", 1_000_000)), func() any { return new(int) })
	case "dup-keys-10MB-struct":
		work = into(repeatJoin("{", `"count":1`, "}", 1_000_000), func() any { return new(shapes.Login) })
	case "dup-keys-10MB-map":
		work = into(repeatJoin("{", `"count":[1]`, "}", 1_000_000), func() any { return new(map[string]any) })
	case "unique-keys-64-wide-10MB-any":
		// objects of 64 members without a key twice, each value [1]
		work = into([]byte("["+strings.Repeat(shapes.UniqueObject(64, "[1]")+",", 17_000)+"{}]"), anyT)
	case "unique-keys-64-deep-any":
		// 9000 open objects of 64 members each: the longest member stack
		in := "1"
		for range 9000 {
			in = shapes.UniqueObject(64, in)
		}
		work = into([]byte(in), anyT)
	case "unique-keys-1M-wide-struct-any":
		// one object of a million members without a key twice, in a struct's any
		work = into([]byte(`{"user":"u","extra":`+shapes.UniqueObject(1_000_000, "[1]")+`}`), looseT)
	case "unique-keys-1000-wide-10MB-struct-any":
		// objects of a thousand members without a key twice, in a struct's any
		work = into([]byte(`{"user":"u","extra":[`+strings.Repeat(shapes.UniqueObject(1000, "[1]")+",", 1000)+"{}]}"), looseT)
	case "unique-keys-64-deep-struct-any":
		// 9000 open objects of 64 members each, in a struct's any
		in := "1"
		for range 9000 {
			in = shapes.UniqueObject(64, in)
		}
		work = into([]byte(`{"user":"u","extra":`+in+`}`), looseT)
	case "unique-keys-300k-skipped-10MB-struct-any":
		// an object of 300k members of catalogue size without a key twice,
		// in a member the struct does not have: encoding/json skips it
		var b strings.Builder
		b.WriteString(`{"user":"u","skipped":{`)
		for i := range 300_000 {
			fmt.Fprintf(&b, `"%09d":"a name of a place, say",`, i)
		}
		b.WriteString(`"z":1},"extra":{"a":[1]}}`)
		work = into([]byte(b.String()), looseT)
	case "dup-keys-wide-10MB-struct-any":
		// half a million distinct keys, then each of them again, in one object
		// in a struct's any
		obj := shapes.UniqueObject(500_000, "[1]")
		work = into([]byte(`{"user":"u","extra":`+obj[:len(obj)-1]+","+obj[1:]+`}`), looseT)
	case "dup-keys-10MB-struct-any":
		// one key a million times in a struct's any
		work = into([]byte(`{"user":"u","extra":`+string(repeatJoin("{", `"count":[1]`, "}", 1_000_000))+`}`), looseT)
	case "tiny-keys-10MB-struct-any":
		// a million one-to-five-digit keys
		work = into([]byte(`{"user":"u","extra":`+string(tinyKeys(1_000_000))+`}`), looseT)
	case "dup-keys-10MB-typed-map":
		work = into(repeatJoin("{", `"count":[1]`, "}", 1_000_000), func() any { return new(map[string][]int) })
	case "tiny-keys-10MB-typed-map":
		work = into(tinyKeys(1_000_000), func() any { return new(map[string]int) })
	case "items-1MB-decoder":
		var b strings.Builder
		for i := range 20000 {
			fmt.Fprintf(&b, `{"user":"u%d","count":%d,"extra":{"k":"v"},"tags":["a","b"]}`+"\n", i, i)
		}
		in := b.String()
		work = func() string {
			n := 0
			for range 20 {
				k, _ := decodeAll[shapes.Login](newDecoder(strings.NewReader(in)))
				n += k
			}
			return fmt.Sprint("values ", n)
		}
	case "plain-items-1MB-decoder", "plain-items-1MB-unmarshal":
		var b strings.Builder
		for i := range 15000 {
			fmt.Fprintf(&b, `{"user":"u%d","count":%d,"score":%d.5,"tags":["a","b"]}`+"\n", i, i, i)
		}
		in := b.String()
		arr := []byte("[" + strings.ReplaceAll(strings.TrimSpace(in), "\n", ",") + "]")
		work = func() string {
			n := 0
			for range 20 {
				if *shape == "plain-items-1MB-unmarshal" {
					var v []plain
					if err := unmarshal(arr, &v); err != nil {
						return err.Error()
					}
					n += len(v)
					continue
				}
				k, _ := decodeAll[plain](newDecoder(strings.NewReader(in)))
				n += k
			}
			return fmt.Sprint("values ", n)
		}
	case "wide-ints-10MB-slice":
		work = into(repeatJoin("[", "12345678", "]", 1_100_000), func() any { return new([]int) })
	default:
		gen, ok := hostileShapes[*shape]
		if !ok {
			fmt.Fprintln(os.Stderr, "unknown shape", *shape)
			os.Exit(2)
		}
		in := gen(*size << 20)
		newTarget := func() any { return new(any) }
		if *target == "slice" {
			newTarget = func() any { return new([]any) }
		}
		decode := func(in []byte) error {
			v := newTarget()
			if *via == "decoder" {
				return newDecoder(bytes.NewReader(in)).Decode(v)
			}
			return unmarshal(in, v)
		}
		// A server decodes many bodies: the first use of the code (its
		// pages, lazily built tables, pools) is paid once, on a small
		// body of the same shape, before the measure.
		for range 2 {
			_ = decode(gen(128 << 10))
		}
		runtime.GC()
		work = func() string {
			return fmt.Sprintf("%d bytes: %v", len(in), decode(in))
		}
	}
	start := cpu()
	res := work()
	used := cpu() - start
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	if len(res) > 70 {
		res = res[:70] + "…"
	}
	fmt.Printf("%.3f\t%d\t%s\n", used, ru.Maxrss/1024, strings.ReplaceAll(res, "\n", " "))
}
