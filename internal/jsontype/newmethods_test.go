package jsontype

import (
	"encoding"
	"math/big"
	"net"
	"net/netip"
	"reflect"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson/internal/flavor"
)

// TestSameText: every type SameText lists writes the same text by
// MarshalText and AppendText, on sample values, and has no MarshalJSON
// (which would come first).
func TestSameText(t *testing.T) {
	samples := []any{
		net.ParseIP("192.0.2.1"), net.ParseIP("2001:db8::1"), net.IP(nil),
		netip.MustParseAddr("192.0.2.1"), netip.MustParseAddr("fe80::1%eth0"), netip.Addr{},
		netip.MustParseAddrPort("[::1]:80"), netip.AddrPort{},
		netip.MustParsePrefix("10.0.0.0/8"), netip.Prefix{},
		*big.NewFloat(-1.5e300), *big.NewRat(-3, 7), *regexp.MustCompile(`a+b`),
	}
	seen := map[reflect.Type]bool{}
	for _, s := range samples {
		p := reflect.New(reflect.TypeOf(s))
		p.Elem().Set(reflect.ValueOf(s))
		typ := p.Elem().Type()
		require.True(t, SameText[typ], "%v is listed", typ)
		require.True(t, SameText[p.Type()], "%v is listed", p.Type())
		seen[typ], seen[p.Type()] = true, true
		m, ok := reflect.TypeAssert[encoding.TextMarshaler](p)
		require.True(t, ok, typ.String())
		a, ok := reflect.TypeAssert[encoding.TextAppender](p)
		require.True(t, ok, typ.String())
		want, err := m.MarshalText()
		require.NoError(t, err)
		got, err := a.AppendText([]byte("prefix"))
		require.NoError(t, err)
		assert.Equal(t, "prefix"+string(want), string(got), "%v: AppendText writes MarshalText's text", typ)
		assert.False(t, p.Type().Implements(marshalerType), "%v has no MarshalJSON", typ)
	}
	for typ := range SameText {
		assert.True(t, seen[typ], "%v has a sample", typ)
	}
}

type appendValue struct{}

func (appendValue) AppendText(b []byte) ([]byte, error) { return b, nil }

type appendPointer struct{}

func (*appendPointer) AppendText(b []byte) ([]byte, error) { return b, nil }

type appendAndText struct{}

func (appendAndText) AppendText(b []byte) ([]byte, error) { return b, nil }
func (*appendAndText) MarshalText() ([]byte, error)       { return nil, nil }

type appendAndJSON struct{}

func (appendAndJSON) AppendText(b []byte) ([]byte, error) { return b, nil }
func (appendAndJSON) MarshalJSON() ([]byte, error)        { return []byte(`1`), nil }

// TestNewMethods: AppendText counts where encoding/json calls it
// (flavor.TextAppender), with its receiver, and comes after MarshalJSON.
func TestNewMethods(t *testing.T) {
	v2 := flavor.TextAppender != nil
	cases := []struct {
		info         *Info
		text, append Receiver
		newMethods   bool
	}{
		{Of(reflect.TypeFor[appendValue]()), ValueMethod, ValueMethod, true},
		{Of(reflect.TypeFor[appendPointer]()), PointerMethod, PointerMethod, true},
		{Of(reflect.TypeFor[appendAndText]()), ValueMethod, ValueMethod, true},
		{Of(reflect.TypeFor[appendAndJSON]()), ValueMethod, ValueMethod, false},
		{Of(reflect.TypeFor[netip.Addr]()), ValueMethod, ValueMethod, false},
	}
	for _, c := range cases {
		if !v2 {
			assert.Equal(t, NoMethod, c.info.Append, c.info.Type.String())
			assert.False(t, c.info.NewMethods(), c.info.Type.String())
			continue
		}
		assert.Equal(t, c.text, c.info.Text, c.info.Type.String())
		assert.Equal(t, c.append, c.info.Append, c.info.Type.String())
		assert.Equal(t, c.newMethods, c.info.NewMethods(), c.info.Type.String())
		assert.Equal(t, c.append == ValueMethod, c.info.TextMethod(false), c.info.Type.String())
		assert.True(t, c.info.TextMethod(true), c.info.Type.String())
	}
	pt := Of(reflect.TypeFor[*appendAndText]())
	if v2 {
		assert.True(t, pt.TextMethod(false), "a pointer has its element's AppendText")
		assert.True(t, Of(reflect.TypeFor[appendValue]()).Leaf)
	}
	assert.Equal(t, NoMethod, Of(numberType).JSONTo, "json.Number's MarshalJSONTo is its Special rule")
}
