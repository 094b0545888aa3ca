package safe_test

import (
	"strconv"
	"testing"

	"github.com/safejson/safejson/safe"
)

// benchTextKey is a map key with a value-receiver MarshalText.
type benchTextKey int

func (k benchTextKey) MarshalText() ([]byte, error) { return []byte("k" + strconv.Itoa(int(k))), nil }

// BenchmarkMapKeys times maps of 64 members by key class: string, integer
// and MarshalText keys, through the reference encoder.
func BenchmarkMapKeys(b *testing.B) {
	strs, ints, texts := map[string]int{}, map[int]int{}, map[benchTextKey]int{}
	for i := range 64 {
		strs[strconv.Itoa(i)], ints[i], texts[benchTextKey(i)] = i, i, i
	}
	for _, c := range []struct {
		name string
		v    any
	}{{"string", strs}, {"int", ints}, {"text", texts}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := safe.Marshal(c.v); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
