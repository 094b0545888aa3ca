package compattest

import (
	"fmt"
	"os"
	"sync/atomic"
	"testing"
)

// PostgresEnv names the variable holding the DSN of the PostgreSQL server the
// database adapters' tests use (scripts/test.sh starts one with scripts/pg.sh
// and sets it).
const PostgresEnv = "SAFEJSON_PG_DSN"

// PostgresDSN returns the DSN in SAFEJSON_PG_DSN. Without it the test is
// skipped loudly (a banner on stderr and in the skip message) when run by
// hand, and fails under CI (CI=true), where a database test that did not run
// must not pass.
func PostgresDSN(t testing.TB) string {
	t.Helper()
	dsn := os.Getenv(PostgresEnv)
	if dsn != "" {
		return dsn
	}
	msg := fmt.Sprintf("!!! %s is not set: no PostgreSQL for %s. Start one with scripts/pg.sh (scripts/test.sh does).", PostgresEnv, t.Name())
	if os.Getenv("CI") == "true" {
		t.Fatal(msg + " Under CI this is a failure.")
	}
	fmt.Fprintln(os.Stderr, "\n"+msg+" SKIPPED.")
	t.Skip(msg + " SKIPPED.")
	return ""
}

var tableSeq atomic.Int64

// TableName returns a table name no other test binary uses at the same time
// (the Go 1.26 and Go 1.27 parts of scripts/test.sh share one server): prefix,
// the process id and a counter.
func TableName(prefix string) string {
	return fmt.Sprintf("%s_%d_%d", prefix, os.Getpid(), tableSeq.Add(1))
}

// JSONColumns are the PostgreSQL types a JSON value goes into.
var JSONColumns = []string{"json", "jsonb"}
