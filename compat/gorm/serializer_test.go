package safejsongorm_test

import (
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/glebarez/sqlite"
	"github.com/safejson/safejson/compat/gorm"
	"github.com/safejson/safejson/internal/compattest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"
	"gorm.io/gorm/schema"
)

// The line: every field tagged serializer:json goes through safejson.
func init() {
	schema.RegisterSerializer("json", safejsongorm.Serializer{})
	// gorm's own serializer under another name, for the models that show
	// gorm's default.
	schema.RegisterSerializer("stdjson", schema.JSONSerializer{})
}

// Doc is a model with JSON fields, as users tag them.
type Doc struct {
	ID    string           `gorm:"primaryKey"`
	JSON  any              `gorm:"column:j;serializer:json;type:json"`
	JSONB any              `gorm:"column:jb;serializer:json;type:jsonb"`
	Login compattest.Login `gorm:"column:login;serializer:json;type:json"`
}

// StdDoc is Doc with gorm's default serializer.
type StdDoc struct {
	ID    string           `gorm:"primaryKey"`
	JSON  any              `gorm:"column:j;serializer:stdjson;type:json"`
	JSONB any              `gorm:"column:jb;serializer:stdjson;type:jsonb"`
	Login compattest.Login `gorm:"column:login;serializer:stdjson;type:json"`
}

// database is one of the databases the tests run on.
type database struct {
	name string
	open func(t *testing.T) gorm.Dialector
}

func databases() []database {
	return []database{
		{"postgres", func(t *testing.T) gorm.Dialector { return postgres.Open(compattest.PostgresDSN(t)) }},
		{"sqlite", func(t *testing.T) gorm.Dialector {
			return sqlite.Open(filepath.Join(t.TempDir(), "db.sqlite"))
		}},
	}
}

// side is a DB and a table of its own, for Doc or StdDoc.
type side struct {
	db    *gorm.DB
	table string
}

// sides returns a table of StdDoc (gorm's default serializer) and one of Doc
// (safejson's), on database d.
func sides(t *testing.T, d database) (std, ours side) {
	t.Helper()
	db, err := gorm.Open(d.open(t), &gorm.Config{Logger: logger.Discard})
	require.NoError(t, err)
	newSide := func(model any) side {
		table := compattest.TableName("gorm")
		require.NoError(t, db.Table(table).AutoMigrate(model))
		t.Cleanup(func() { _ = db.Migrator().DropTable(table) })
		return side{db, table}
	}
	return newSide(&StdDoc{}), newSide(&Doc{})
}

// column returns the text the database holds in column col of row id (nil
// for NULL).
func (s side) column(t *testing.T, col, id string) *string {
	t.Helper()
	var v *string
	require.NoError(t, s.db.Raw("SELECT CAST("+col+" AS text) FROM "+s.table+" WHERE id = ?", id).Scan(&v).Error)
	return v
}

func (s side) count(t *testing.T, id string) int64 {
	t.Helper()
	var n int64
	require.NoError(t, s.db.Table(s.table).Where("id = ?", id).Count(&n).Error)
	return n
}

// TestPlainDataAsDefault: plain data is stored byte for byte as gorm's
// default serializer stores it (encoding/json's bytes; jsonb as PostgreSQL
// normalises them, the same for both), and read back as it reads it.
func TestPlainDataAsDefault(t *testing.T) {
	for _, d := range databases() {
		t.Run(d.name, func(t *testing.T) {
			std, ours := sides(t, d)
			for name, v := range compattest.PlainValues() {
				doc := Doc{ID: name, JSON: v, JSONB: v, Login: compattest.Login{User: "<ada>", Extra: map[string]any{"v": v}}}
				stdDoc := StdDoc(doc)
				require.NoError(t, std.db.Table(std.table).Create(&stdDoc).Error, name)
				require.NoError(t, ours.db.Table(ours.table).Create(&doc).Error, name)
				for _, col := range []string{"j", "jb", "login"} {
					assert.Equal(t, std.column(t, col, name), ours.column(t, col, name), "%s %s", name, col)
				}
				if v != nil {
					want, err := json.Marshal(v)
					require.NoError(t, err)
					assert.Equal(t, string(want), *ours.column(t, "j", name), name)
				}
				var wantDoc StdDoc
				var gotDoc Doc
				require.NoError(t, std.db.Table(std.table).First(&wantDoc, "id = ?", name).Error, name)
				require.NoError(t, ours.db.Table(ours.table).First(&gotDoc, "id = ?", name).Error, name)
				assert.Equal(t, Doc(wantDoc), gotDoc, name)
			}
		})
	}
}

// TestUnsupportedValues: where gorm's default serializer fails Create with
// encoding/json's error and writes nothing, safejson stores its substitute.
func TestUnsupportedValues(t *testing.T) {
	for _, d := range databases() {
		t.Run(d.name, func(t *testing.T) {
			std, ours := sides(t, d)
			for name, c := range compattest.Unsupported() {
				doc := Doc{ID: name, JSON: c.V, JSONB: c.V}
				stdDoc := StdDoc(doc)
				err := std.db.Table(std.table).Create(&stdDoc).Error
				require.Error(t, err, name)
				assert.Contains(t, err.Error(), c.StdErr().Error(), name)
				assert.Zero(t, std.count(t, name), name)

				require.NoError(t, ours.db.Table(ours.table).Create(&doc).Error, name)
				assert.Equal(t, c.Want, *ours.column(t, "j", name), name)
				var want string
				require.NoError(t, ours.db.Raw("SELECT CAST(CAST(? AS "+jsonb(d)+") AS text)", c.Want).Scan(&want).Error)
				assert.Equal(t, want, *ours.column(t, "jb", name), name)
				// Save (an UPDATE) too.
				doc.Login.Extra = map[string]any{"v": c.V}
				stdDoc.Login.Extra = doc.Login.Extra
				require.NoError(t, std.db.Table(std.table).Create(&StdDoc{ID: name}).Error, name)
				require.Error(t, std.db.Table(std.table).Save(&stdDoc).Error, name)
				require.NoError(t, ours.db.Table(ours.table).Save(&doc).Error, name)
				assert.Equal(t, `{"user":"","count":0,"extra":{"v":`+c.Want+`}}`, *ours.column(t, "login", name), name)
			}
		})
	}
}

func jsonb(d database) string {
	if d.name == "postgres" {
		return "jsonb"
	}
	return "text"
}

// TestScanVerdict: a column read into a field gives what gorm's default
// serializer gives: encoding/json's value, or its error.
func TestScanVerdict(t *testing.T) {
	for _, d := range databases() {
		t.Run(d.name, func(t *testing.T) {
			std, ours := sides(t, d)
			for i, body := range compattest.LoginBodies() {
				if !json.Valid([]byte(body)) && d.name == "postgres" {
					continue // PostgreSQL rejects it before any serializer sees it
				}
				id := string(rune('a' + i))
				for _, s := range []side{std, ours} {
					require.NoError(t, s.db.Exec("INSERT INTO "+s.table+" (id, login) VALUES (?, ?)", id, body).Error)
				}
				var want StdDoc
				var got Doc
				stdErr := std.db.Table(std.table).First(&want, "id = ?", id).Error
				err := ours.db.Table(ours.table).First(&got, "id = ?", id).Error
				assert.Equal(t, Doc(want), got, body)
				if stdErr == nil {
					assert.NoError(t, err, body)
				} else {
					require.Error(t, err, body)
					assert.Equal(t, stdErr.Error(), err.Error(), body)
				}
			}
		})
	}
}
