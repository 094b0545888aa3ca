package plan

import (
	"encoding/binary"
	"encoding/json"
	"math"
	"reflect"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/safejson/safejson/internal/randtype"
)

// TestStdRejectionAsEncodingJSON: a value encoding/json rejects for what it
// holds (randtype.Unsupported) is never of a type StdRejection calls
// NeverRejected, nor, when the value holds no NaN, ±Inf or cycle, of one it
// calls RejectedByValue; over random types and values.
func TestStdRejectionAsEncodingJSON(t *testing.T) {
	seen, rejected := map[Rejection]int{}, map[Rejection]int{}
	for i := range 3000 {
		var b [8]byte
		binary.LittleEndian.PutUint64(b[:], uint64(i)*0x9E3779B97F4A7C15)
		v, desc := randtype.Generate(b[:])
		if v == nil || randtype.CrashesStd(v) {
			continue
		}
		r := StdRejection(reflect.TypeOf(v))
		seen[r]++
		o := randtype.Run(func() ([]byte, error) { return json.Marshal(v) })
		if o.Panic != nil || randtype.Classify(o.Err) != randtype.Unsupported {
			continue // a panic is the user's method called through a nil pointer
		}
		err := o.Err
		rejected[r]++
		if !assert.NotEqual(t, NeverRejected, r, "%s: %v", desc, err) {
			continue
		}
		if st := randtype.Count(v); r == RejectedByValue && st.NaNs == 0 && st.Infs == 0 && st.Cycles == 0 {
			t.Errorf("%s: RejectedByValue, but neither a non-finite float nor a cycle: %v", desc, err)
		}
	}
	for _, r := range []Rejection{NeverRejected, RejectedByValue, RejectedByType} {
		assert.Positive(t, seen[r], "no type of class %d generated", r)
	}
	assert.Positive(t, rejected[RejectedByValue], "no value rejected for a NaN, ±Inf or cycle")
	assert.Positive(t, rejected[RejectedByType], "no value rejected for what its type holds")
}

// TestStdRejection: the class of a few types, by what they can hold.
func TestStdRejection(t *testing.T) {
	type rec struct{ Next *rec }
	type withFunc struct{ F func() }
	for _, c := range []struct {
		v    any
		want Rejection
	}{
		{struct{ A, B string }{}, NeverRejected},
		{map[int][]string{}, NeverRejected},
		{time.Time{}, NeverRejected},
		{[]json.Marshaler{}, NeverRejected}, // a marshal method's interface: its method is called
		{[2]float32{}, RejectedByValue},
		{rec{}, RejectedByValue},
		{math.NaN(), RejectedByValue},
		{[]any{}, RejectedByType},
		{map[bool]int{}, RejectedByType},
		{withFunc{}, RejectedByType},
		{make(chan int), RejectedByType},
	} {
		assert.Equal(t, c.want, StdRejection(reflect.TypeOf(c.v)), "%T", c.v)
	}
}
