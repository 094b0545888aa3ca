package safejsonbun_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"testing"

	_ "github.com/jackc/pgx/v5/stdlib"
	"github.com/safejson/safejson/compat/bun"
	"github.com/safejson/safejson/internal/compattest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"
	"github.com/uptrace/bun/extra/bunjson"
)

// Doc is a model with JSON fields, as users tag them.
type Doc struct {
	ID    string           `bun:"id,pk"`
	J     any              `bun:"j,type:json"`
	JB    any              `bun:"jb,type:jsonb"`
	Login compattest.Login `bun:"login,type:json"`
}

// providers are bun's default and the line.
var providers = map[string]bunjson.Provider{"std": bunjson.StdProvider{}, "ours": safejsonbun.Provider{}}

// with runs fn with bun's JSON provider set to p (bunjson's provider is a
// global; the tests do not run in parallel).
func with(p bunjson.Provider, fn func()) {
	bunjson.SetProvider(p)
	defer bunjson.SetProvider(bunjson.StdProvider{})
	fn()
}

// setup returns a bun DB on PostgreSQL (through pgx's database/sql driver)
// and a table of Doc for each provider.
func setup(t *testing.T) (*bun.DB, map[string]string) {
	t.Helper()
	sqldb, err := sql.Open("pgx", compattest.PostgresDSN(t))
	require.NoError(t, err)
	db := bun.NewDB(sqldb, pgdialect.New())
	t.Cleanup(func() { db.Close() })
	tables := map[string]string{}
	for name := range providers {
		table := compattest.TableName("bun")
		_, err := db.NewCreateTable().Model((*Doc)(nil)).ModelTableExpr(table).Exec(context.Background())
		require.NoError(t, err)
		t.Cleanup(func() { _, _ = db.NewDropTable().ModelTableExpr(table).Exec(context.Background()) })
		tables[name] = table
	}
	return db, tables
}

// column returns the text PostgreSQL holds in column col of row id (nil for
// NULL).
func column(t *testing.T, db *bun.DB, table, col, id string) *string {
	t.Helper()
	var s *string
	require.NoError(t, db.QueryRow("SELECT "+col+"::text FROM "+table+" WHERE id = ?", id).Scan(&s))
	return s
}

func insert(db *bun.DB, table string, doc *Doc) (string, error) {
	q := db.NewInsert().Model(doc).ModelTableExpr(table)
	_, err := q.Exec(context.Background())
	return q.String(), err
}

// TestPlainDataAsDefault: plain data is written byte for byte as bun writes
// it by default (encoding/json's bytes; jsonb as PostgreSQL normalises them)
// and read back as it reads it.
func TestPlainDataAsDefault(t *testing.T) {
	db, tables := setup(t)
	for name, v := range compattest.PlainValues() {
		queries := map[string]string{}
		for p, provider := range providers {
			with(provider, func() {
				doc := Doc{ID: name, J: v, JB: v, Login: compattest.Login{User: "<ada>", Extra: map[string]any{"v": v}}}
				q, err := insert(db, tables[p], &doc)
				require.NoError(t, err, name)
				queries[p] = q
			})
		}
		assert.Equal(t, len(queries["std"]), len(queries["ours"]), name) // the table names differ
		for _, col := range []string{"j", "jb", "login"} {
			assert.Equal(t, column(t, db, tables["std"], col, name), column(t, db, tables["ours"], col, name), "%s %s", name, col)
		}
		if v != nil {
			want, err := json.Marshal(v)
			require.NoError(t, err)
			assert.Equal(t, string(want), *column(t, db, tables["ours"], "j", name), name)
		}
		docs := map[string]Doc{}
		for p, provider := range providers {
			with(provider, func() {
				var doc Doc
				require.NoError(t, db.NewSelect().Model(&doc).ModelTableExpr(tables[p]+" AS doc").Where("id = ?", name).Scan(context.Background()), name)
				docs[p] = doc
			})
		}
		assert.Equal(t, docs["std"], docs["ours"], name)
	}
}

// TestUnsupportedValues: bun's default writes encoding/json's error into the
// SQL text, and PostgreSQL answers a syntax error; safejson writes the
// substitute and the row is stored.
func TestUnsupportedValues(t *testing.T) {
	db, tables := setup(t)
	for name, c := range compattest.Unsupported() {
		doc := Doc{ID: name, J: c.V, JB: c.V}
		with(bunjson.StdProvider{}, func() {
			q, err := insert(db, tables["std"], &doc)
			assert.Contains(t, q, "?!("+c.StdErr().Error()+")", name)
			require.Error(t, err, name)
			assert.Contains(t, err.Error(), "syntax error", name)
			var n int
			require.NoError(t, db.QueryRow("SELECT count(*) FROM "+tables["std"]).Scan(&n))
			assert.Zero(t, n, name)
		})
		with(safejsonbun.Provider{}, func() {
			_, err := insert(db, tables["ours"], &doc)
			require.NoError(t, err, name)
		})
		assert.Equal(t, c.Want, *column(t, db, tables["ours"], "j", name), name)
		var want string
		require.NoError(t, db.QueryRow("SELECT ?::jsonb::text", c.Want).Scan(&want))
		assert.Equal(t, want, *column(t, db, tables["ours"], "jb", name), name)
	}
}

// TestScanVerdict: a JSON column scanned into a field gives what bun's
// default gives: encoding/json's value, or its error.
func TestScanVerdict(t *testing.T) {
	db, tables := setup(t)
	failed := 0
	for i, body := range compattest.LoginBodies() {
		if !json.Valid([]byte(body)) {
			continue // PostgreSQL rejects it before any provider sees it
		}
		id := string(rune('a' + i))
		_, err := db.Exec("INSERT INTO "+tables["std"]+" (id, login, j) VALUES (?, ?, ?)", id, body, body)
		require.NoError(t, err)
		docs := map[string]Doc{}
		errs := map[string]error{}
		for p, provider := range providers {
			with(provider, func() {
				var doc Doc
				errs[p] = db.NewSelect().Model(&doc).ModelTableExpr(tables["std"]+" AS doc").Where("id = ?", id).Scan(context.Background())
				docs[p] = doc
			})
		}
		assert.Equal(t, docs["std"], docs["ours"], body)
		if errs["std"] == nil {
			assert.NoError(t, errs["ours"], body)
		} else {
			require.Error(t, errs["ours"], body)
			assert.Equal(t, errs["std"].Error(), errs["ours"].Error(), body)
			failed++
		}
	}
	assert.NotZero(t, failed, "a body bun fails to scan")
}
