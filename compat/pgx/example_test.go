package safejsonpgx_test

import (
	"context"
	"os"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	safejsonpgx "github.com/safejson/safejson/compat/pgx"
)

func Example() {
	ctx := context.Background()
	cfg, err := pgxpool.ParseConfig(os.Getenv("DATABASE_URL"))
	if err != nil {
		panic(err)
	}
	cfg.AfterConnect = func(_ context.Context, c *pgx.Conn) error {
		safejsonpgx.Register(c.TypeMap()) // json, jsonb, json[], jsonb[]
		return nil
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		panic(err)
	}
	defer pool.Close()

	type node struct {
		Name   string `json:"name"`
		Parent *node  `json:"parent,omitempty"`
	}
	n := &node{Name: "a"}
	n.Parent = n // pgx's default: Exec fails with encoding/json's error
	_, err = pool.Exec(ctx, "INSERT INTO docs (body) VALUES ($1)", []any{n})
	if err != nil {
		panic(err)
	}
}
