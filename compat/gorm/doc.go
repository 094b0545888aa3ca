// Package safejsongorm is a gorm serializer backed by safejson, for the
// fields tagged `gorm:"serializer:json"`.
//
// One line, before the first query (schema.RegisterSerializer is global and
// gorm reads it when it first parses a model):
//
//	schema.RegisterSerializer("json", safejsongorm.Serializer{})
//
// It replaces gorm's own "json" serializer (schema.JSONSerializer, which
// calls encoding/json) and keeps its rules: a value that encodes as null is
// stored as NULL (as "" when the field is NOT NULL), a NULL or empty column
// leaves the field its zero value, and a column the driver hands over as
// neither []byte nor string is re-encoded before it is decoded. Plain data is
// stored byte for byte as gorm stores it by default; a cyclic value, a NaN or
// a func field, on which Create and Save fail with encoding/json's error
// and write nothing, is stored with safejson's substitute. Reading a column
// into the field gives encoding/json's verdict (the value or the error).
//
// Register it under another name ("safejson") to keep gorm's for the fields
// that should fail.
package safejsongorm
