// Package safejsonpgx sets safejson as the JSON codec of pgx v5 for the json
// and jsonb column types (and their arrays, json[] and jsonb[]).
//
// pgx encodes a Go value bound to a json or jsonb parameter with the codec
// registered on the connection's type map (encoding/json by default) and
// scans json and jsonb results with it. Register replaces both, per
// connection; with a pool, in AfterConnect:
//
//	cfg, _ := pgxpool.ParseConfig(dsn)
//	cfg.AfterConnect = func(ctx context.Context, c *pgx.Conn) error {
//		safejsonpgx.Register(c.TypeMap())
//		return nil
//	}
//
// and with a single connection, safejsonpgx.Register(conn.TypeMap()) after
// pgx.Connect. (The one-line equivalent for json alone is
// m.RegisterType(&pgtype.Type{Name: "json", OID: pgtype.JSONOID, Codec:
// &pgtype.JSONCodec{Marshal: safejson.Marshal, Unmarshal: safejson.Unmarshal}}),
// but pgx's json[] and jsonb[] types hold the element type they were built
// with, so Register builds those again too.)
//
// Plain data is stored byte for byte as pgx stores it by default; a cyclic
// value, a NaN or a func field, on which pgx's Exec and Query return
// encoding/json's error and nothing is written, is stored with safejson's
// substitute. Scanning a json or jsonb column into a Go value gives
// encoding/json's verdict (the value, or the error pgx wraps).
//
// pgx sends a string, a []byte and a json.RawMessage as they are, as JSON
// text, with either codec.
package safejsonpgx
