package safejsonbun_test

import (
	"database/sql"
	"fmt"

	_ "github.com/jackc/pgx/v5/stdlib"
	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"
	"github.com/uptrace/bun/extra/bunjson"

	safejsonbun "github.com/safejson/safejson/compat/bun"
)

func Example() {
	bunjson.SetProvider(safejsonbun.Provider{}) // once, before the first query
	defer bunjson.SetProvider(bunjson.StdProvider{})

	sqldb, err := sql.Open("pgx", "postgres://localhost/app") // no connection until a query runs
	if err != nil {
		panic(err)
	}
	db := bun.NewDB(sqldb, pgdialect.New())

	type node struct {
		Name   string `json:"name"`
		Parent *node  `json:"parent,omitempty"`
	}
	type Doc struct {
		ID   int
		Body *node `bun:"body,type:jsonb"`
	}
	n := &node{Name: "a"}
	n.Parent = n
	// bun's default writes ?!(json: unsupported value: …) into the SQL, and
	// PostgreSQL answers a syntax error.
	fmt.Println(db.NewInsert().Model(&Doc{ID: 1, Body: n}).String())
	// Output: INSERT INTO "docs" ("id", "body") VALUES (1, '{"name":"a"}')
}
