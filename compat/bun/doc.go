// Package safejsonbun is a bunjson.Provider backed by safejson: the JSON
// encoder and decoder bun uses for the columns it treats as JSON (struct,
// map and slice fields, and fields of type json or jsonb).
//
// One line, before the first query (bunjson's provider is a global):
//
//	bunjson.SetProvider(safejsonbun.Provider{})
//
// bun writes a JSON value into the SQL text itself. When encoding/json fails
// on it (a cyclic value, a NaN, a func field), bun's default writes the
// error text, ?!(json: unsupported value: …), in the value's place: the
// query that reaches the database is not valid SQL and the database answers
// with a syntax error, which hides encoding/json's. With safejson the value
// is written with safejson's substitute and the query runs; plain data is
// written byte for byte as bun writes it by default. Scanning a JSON column
// into a field gives encoding/json's verdict (bun decodes with UseNumber:
// numbers into an any field arrive as json.Number, as by default).
package safejsonbun
