package safejsonpgx

import (
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/safejson/safejson"
)

// Register sets safejson (its default Options) as the codec of json, jsonb,
// json[] and jsonb[] on m, a connection's type map (conn.TypeMap()).
func Register(m *pgtype.Map) { RegisterOptions(m, safejson.Options{}) }

// RegisterOptions is Register with o's policy (a "[Circular]" placeholder,
// Strict, a Replacer …).
func RegisterOptions(m *pgtype.Map, o safejson.Options) {
	js := &pgtype.Type{Name: "json", OID: pgtype.JSONOID, Codec: &pgtype.JSONCodec{Marshal: o.Marshal, Unmarshal: o.Unmarshal}}
	jsb := &pgtype.Type{Name: "jsonb", OID: pgtype.JSONBOID, Codec: &pgtype.JSONBCodec{Marshal: o.Marshal, Unmarshal: o.Unmarshal}}
	m.RegisterTypes([]*pgtype.Type{
		js, jsb,
		{Name: "_json", OID: pgtype.JSONArrayOID, Codec: &pgtype.ArrayCodec{ElementType: js}},
		{Name: "_jsonb", OID: pgtype.JSONBArrayOID, Codec: &pgtype.ArrayCodec{ElementType: jsb}},
	})
}
