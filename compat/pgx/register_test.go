package safejsonpgx_test

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/safejson/safejson"
	"github.com/safejson/safejson/compat/pgx"
	"github.com/safejson/safejson/internal/compattest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// conns returns a connection with pgx's default json codecs and one with
// safejson's (Register), and a table with a json and a jsonb column, dropped
// at the end.
func conns(t *testing.T) (std, ours *pgx.Conn, table string) {
	t.Helper()
	dsn := compattest.PostgresDSN(t)
	ctx := context.Background()
	std, err := pgx.Connect(ctx, dsn)
	require.NoError(t, err)
	t.Cleanup(func() { std.Close(ctx) })
	ours, err = pgx.Connect(ctx, dsn)
	require.NoError(t, err)
	t.Cleanup(func() { ours.Close(ctx) })
	safejsonpgx.Register(ours.TypeMap())

	table = compattest.TableName("pgx")
	_, err = std.Exec(ctx, "CREATE TABLE "+table+" (id text PRIMARY KEY, json json, jsonb jsonb, jsons json[], jsonbs jsonb[])")
	require.NoError(t, err)
	t.Cleanup(func() { _, _ = std.Exec(ctx, "DROP TABLE "+table) })
	return std, ours, table
}

// plainValues are compattest's plain values as pgx encodes them with its
// codec: a string goes in as JSON text, so it is wrapped in an array.
func plainValues() map[string]any {
	values := compattest.PlainValues()
	values["string"] = []any{values["string"]}
	return values
}

// stored returns the text PostgreSQL holds in column col of row id (nil for
// NULL).
func stored(t *testing.T, c *pgx.Conn, table, col, id string) *string {
	t.Helper()
	var s *string
	require.NoError(t, c.QueryRow(context.Background(), "SELECT "+col+"::text FROM "+table+" WHERE id = $1", id).Scan(&s))
	return s
}

// normalised returns what PostgreSQL stores for the JSON text s in a column
// of type typ.
func normalised(t *testing.T, c *pgx.Conn, typ, s string) string {
	t.Helper()
	var out string
	require.NoError(t, c.QueryRow(context.Background(), "SELECT $1::text::"+typ+"::text", s).Scan(&out))
	return out
}

// TestPlainDataAsDefault: plain data goes into json and jsonb columns (and
// their arrays) byte for byte as with pgx's default codec, which is what
// encoding/json writes; jsonb as PostgreSQL normalises it, the same for both.
func TestPlainDataAsDefault(t *testing.T) {
	std, ours, table := conns(t)
	ctx := context.Background()
	insert := "INSERT INTO " + table + " (id, json, jsonb, jsons, jsonbs) VALUES ($1, $2, $3, $4, $5)"
	for name, v := range plainValues() {
		_, err := std.Exec(ctx, insert, "std-"+name, v, v, []any{v, v}, []any{v, v})
		require.NoError(t, err, name)
		_, err = ours.Exec(ctx, insert, "ours-"+name, v, v, []any{v, v}, []any{v, v})
		require.NoError(t, err, name)
		for _, col := range []string{"json", "jsonb", "jsons", "jsonbs"} {
			assert.Equal(t, stored(t, std, table, col, "std-"+name), stored(t, ours, table, col, "ours-"+name), "%s %s", name, col)
		}
		if v == nil {
			assert.Nil(t, stored(t, ours, table, "json", "ours-"+name))
			continue
		}
		want, err := json.Marshal(v)
		require.NoError(t, err)
		if _, raw := v.(json.RawMessage); !raw {
			assert.Equal(t, string(want), *stored(t, ours, table, "json", "ours-"+name), name)
		}
		assert.Equal(t, normalised(t, std, "jsonb", string(want)), *stored(t, ours, table, "jsonb", "ours-"+name), name)
	}
}

// TestUnsupportedValues: where pgx's default codec fails the INSERT with
// encoding/json's error and writes nothing, safejson stores its substitute.
func TestUnsupportedValues(t *testing.T) {
	std, ours, table := conns(t)
	ctx := context.Background()
	insert := "INSERT INTO " + table + " (id, json, jsonb, jsons) VALUES ($1, $2, $3, $4)"
	for name, c := range compattest.Unsupported() {
		_, err := std.Exec(ctx, insert, name, c.V, c.V, []any{c.V})
		require.Error(t, err, name)
		assert.Contains(t, err.Error(), c.StdErr().Error(), name)
		var n int
		require.NoError(t, std.QueryRow(ctx, "SELECT count(*) FROM "+table+" WHERE id = $1", name).Scan(&n))
		assert.Zero(t, n, "pgx's default wrote nothing for %s", name)

		_, err = ours.Exec(ctx, insert, name, c.V, c.V, []any{c.V})
		require.NoError(t, err, name)
		want := wantStored(t, c)
		assert.Equal(t, want, *stored(t, ours, table, "json", name), name)
		assert.Equal(t, normalised(t, std, "jsonb", want), *stored(t, ours, table, "jsonb", name), name)
		assert.Equal(t, normalised(t, std, "json[]", fmt.Sprintf("{%q}", want)), *stored(t, ours, table, "jsons", name), name)
	}
	// A cycle in a query parameter that is not stored: the same.
	var s string
	require.NoError(t, ours.QueryRow(ctx, "SELECT $1::jsonb->>'name'", compattest.Cyclic()).Scan(&s))
	assert.Equal(t, "a", s)
	require.NoError(t, ours.QueryRow(ctx, "SELECT $1::jsonb::text", compattest.Cyclic()).Scan(&s))
	assert.Equal(t, `{"name": "a", "parent": {"name": "a"}}`, s)
}

// TestFailingMarshaler: an error of the user's own MarshalJSON fails the
// INSERT as with pgx's default codec.
func TestFailingMarshaler(t *testing.T) {
	std, ours, table := conns(t)
	ctx := context.Background()
	v := []any{compattest.Items(1), compattest.Failing{}}
	_, stdErr := std.Exec(ctx, "INSERT INTO "+table+" (id, json) VALUES ('f', $1)", v)
	_, err := ours.Exec(ctx, "INSERT INTO "+table+" (id, json) VALUES ('f', $1)", v)
	require.Error(t, stdErr)
	require.Error(t, err)
	assert.ErrorIs(t, err, compattest.ErrBoom)
	assert.Equal(t, stdErr.Error(), err.Error())
}

// TestScanVerdict: scanning json and jsonb into Go values gives what pgx's
// default codec gives (encoding/json's value, or its error inside pgx's).
func TestScanVerdict(t *testing.T) {
	std, ours, _ := conns(t)
	ctx := context.Background()
	for _, typ := range compattest.JSONColumns {
		for _, body := range compattest.LoginBodies() {
			if !json.Valid([]byte(body)) {
				continue // PostgreSQL rejects it before any codec sees it
			}
			q := "SELECT $1::text::" + typ
			var want, got compattest.Login
			stdErr := std.QueryRow(ctx, q, body).Scan(&want)
			err := ours.QueryRow(ctx, q, body).Scan(&got)
			assert.Equal(t, want, got, "%s %s", typ, body)
			if stdErr != nil {
				require.Error(t, err, "%s %s", typ, body)
				assert.Equal(t, stdErr.Error(), err.Error(), "%s %s", typ, body)
			} else {
				require.NoError(t, err, "%s %s", typ, body)
			}
			var wantAny, gotAny any
			require.NoError(t, std.QueryRow(ctx, q, body).Scan(&wantAny))
			require.NoError(t, ours.QueryRow(ctx, q, body).Scan(&gotAny))
			assert.Equal(t, wantAny, gotAny, "%s %s", typ, body)
		}
	}
	// What a table gives back: the round trip of a plain value.
	var got []compattest.Item
	require.NoError(t, ours.QueryRow(ctx, "SELECT $1::jsonb", compattest.Items(3)).Scan(&got))
	assert.Equal(t, compattest.Items(3), got)
}

// wantStored is the substitute of c as pgx hands the value to its codec: pgx
// dereferences a pointer first, so the Node that is its own parent arrives as
// a copy, whose parent (the original) is written once before the cycle is
// cut: {"name":"a","parent":{"name":"a"}}.
func wantStored(t *testing.T, c compattest.Case) string {
	t.Helper()
	rv := reflect.ValueOf(c.V)
	if rv.Kind() != reflect.Pointer {
		return c.Want
	}
	b, err := safejson.Marshal(rv.Elem().Interface())
	require.NoError(t, err)
	return string(b)
}
