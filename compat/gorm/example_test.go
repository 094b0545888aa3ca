package safejsongorm_test

import (
	"fmt"
	"math"
	"os"
	"path/filepath"

	"github.com/glebarez/sqlite"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"
	"gorm.io/gorm/schema"

	safejsongorm "github.com/safejson/safejson/compat/gorm"
)

func Example() {
	schema.RegisterSerializer("json", safejsongorm.Serializer{}) // once, before the first query

	dir, _ := os.MkdirTemp("", "example")
	defer os.RemoveAll(dir)
	db, err := gorm.Open(sqlite.Open(filepath.Join(dir, "db")), &gorm.Config{Logger: logger.Discard})
	if err != nil {
		panic(err)
	}
	type Reading struct {
		ID     int
		Values []float64 `gorm:"serializer:json"`
	}
	if err := db.AutoMigrate(&Reading{}); err != nil {
		panic(err)
	}
	// gorm's default serializer: Create fails with "json: unsupported value: NaN".
	fmt.Println(db.Create(&Reading{ID: 1, Values: []float64{1.5, math.NaN(), math.Inf(1)}}).Error)
	var stored string
	db.Raw("SELECT \"values\" FROM readings WHERE id = 1").Scan(&stored)
	fmt.Println(stored)
	// Output:
	// <nil>
	// [1.5,null,null]
}
