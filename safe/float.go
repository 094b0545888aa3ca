package safe

import (
	"math"
	"reflect"
	"strconv"
)

// appendFloat appends f as encoding/json writes a float of the given bit size:
// like ES6 Number.toString, the shortest decimal that reads back as f, in
// exponent form only below 1e-6 or from 1e21 up (compared at the float's own
// precision), with the exponent unpadded (1e-7, not 1e-07). f must be finite.
func appendFloat(dst []byte, f float64, bits int) []byte {
	// An integer below 2^53 (2^24 for a float32) is the only one of its
	// float, so no shorter decimal reads back as f: its digits are the
	// shortest, written by AppendInt rather than the shortest-digits search.
	if exact := exactIntegers(bits); -exact < f && f < exact {
		if i := int64(f); float64(i) == f && (i != 0 || !math.Signbit(f)) {
			return strconv.AppendInt(dst, i, 10)
		}
	}
	format := byte('f')
	if a := math.Abs(f); a != 0 {
		if bits == 32 {
			if a32 := float32(a); a32 < 1e-6 || a32 >= 1e21 {
				format = 'e'
			}
		} else if a < 1e-6 || a >= 1e21 {
			format = 'e'
		}
	}
	dst = strconv.AppendFloat(dst, f, format, -1, bits)
	if format == 'e' {
		// strconv pads a negative exponent to two digits: e-07 becomes e-7.
		if n := len(dst); n >= 4 && dst[n-4] == 'e' && dst[n-3] == '-' && dst[n-2] == '0' {
			dst[n-2] = dst[n-1]
			dst = dst[:n-1]
		}
	}
	return dst
}

// exactIntegers returns 2^53 for a float64, 2^24 for a float32: the integers
// of smaller magnitude are all exactly floats of that size, one apart.
func exactIntegers(bits int) float64 {
	if bits == 32 {
		return 1 << 24
	}
	return 1 << 53
}

// nonFinite writes the substitute for a NaN or infinite float v: null.
func (e *encodeState) nonFinite(b []byte, v reflect.Value, f float64, bits int) ([]byte, error) {
	if e.strict {
		return b, newError(ReasonNonFinite, unsupportedValue(v, strconv.FormatFloat(f, 'g', -1, bits)))
	}
	e.substituted(ReasonNonFinite, v.Type())
	return append(b, "null"...), nil
}

func isFinite(f float64) bool { return !math.IsNaN(f) && !math.IsInf(f, 0) }

func encodeFloat64(e *encodeState, b []byte, v reflect.Value) ([]byte, error) {
	f := v.Float()
	if !isFinite(f) {
		return e.nonFinite(b, v, f, 64)
	}
	return appendFloat(b, f, 64), nil
}

func encodeFloat32(e *encodeState, b []byte, v reflect.Value) ([]byte, error) {
	f := v.Float()
	if !isFinite(f) {
		return e.nonFinite(b, v, f, 32)
	}
	return appendFloat(b, f, 32), nil
}

func encodeQuotedFloat64(e *encodeState, b []byte, v reflect.Value) ([]byte, error) {
	f := v.Float()
	if !isFinite(f) {
		return e.nonFinite(b, v, f, 64)
	}
	return append(appendFloat(append(b, '"'), f, 64), '"'), nil
}

func encodeQuotedFloat32(e *encodeState, b []byte, v reflect.Value) ([]byte, error) {
	f := v.Float()
	if !isFinite(f) {
		return e.nonFinite(b, v, f, 32)
	}
	return append(appendFloat(append(b, '"'), f, 32), '"'), nil
}
