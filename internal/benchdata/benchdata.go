// Package benchdata builds the values every benchmark of safejson encodes: the
// seed's shape (each item: id, name, email, score, active, address {city, zip},
// three tags; 20 items are about 3.1 KB of JSON), as typed structs and as
// map[string]any, plus the variants that make an engine fail.
package benchdata

import (
	"fmt"
	"math"
)

// Address is an item's nested object.
type Address struct {
	City string `json:"city"`
	Zip  string `json:"zip"`
}

// Item is one object of the bench data.
type Item struct {
	ID      int      `json:"id"`
	Name    string   `json:"name"`
	Email   string   `json:"email"`
	Score   float64  `json:"score"`
	Active  bool     `json:"active"`
	Address Address  `json:"address"`
	Tags    []string `json:"tags"`
}

var cities = []string{"Lisbon", "Osaka", "Nairobi", "Montréal", "Tromsø", "Valparaíso", "Kraków"}

// NewItem returns the i-th item; the same i always gives the same item.
func NewItem(i int) Item {
	return Item{
		ID:     i + 1,
		Name:   fmt.Sprintf("User %03d", i+1),
		Email:  fmt.Sprintf("user%03d@example.com", i+1),
		Score:  float64((i*7919)%10000) / 100,
		Active: i%3 != 0,
		Address: Address{
			City: cities[i%len(cities)],
			Zip:  fmt.Sprintf("%05d", (i*104729)%100000),
		},
		Tags: []string{"alpha", fmt.Sprintf("group-%d", i%5), "beta"},
	}
}

// Items returns n items.
func Items(n int) []Item {
	s := make([]Item, n)
	for i := range s {
		s[i] = NewItem(i)
	}
	return s
}

// Map returns item i as encoding/json would decode it into an any.
func Map(i int) map[string]any {
	it := NewItem(i)
	tags := make([]any, len(it.Tags))
	for j, t := range it.Tags {
		tags[j] = t
	}
	return map[string]any{
		"id":      float64(it.ID),
		"name":    it.Name,
		"email":   it.Email,
		"score":   it.Score,
		"active":  it.Active,
		"address": map[string]any{"city": it.Address.City, "zip": it.Address.Zip},
		"tags":    tags,
	}
}

// Maps returns n items as []any of map[string]any.
func Maps(n int) []any {
	s := make([]any, n)
	for i := range s {
		s[i] = Map(i)
	}
	return s
}

// ItemsWithNaN returns n items, the middle one scoring NaN.
func ItemsWithNaN(n int) []Item {
	s := Items(n)
	s[n/2].Score = math.NaN()
	return s
}

// FuncItem is an Item with a func field: encoding/json rejects its type.
type FuncItem struct {
	Item
	OnChange func() `json:"onChange"`
}

// ItemsWithFunc returns n items that carry a func field (nil but one).
func ItemsWithFunc(n int) []FuncItem {
	s := make([]FuncItem, n)
	for i := range s {
		s[i].Item = NewItem(i)
	}
	s[n/2].OnChange = func() {}
	return s
}

// Node is an Item that may point to another Node.
type Node struct {
	Item
	Parent *Node `json:"parent,omitempty"`
}

// ItemsWithSelf returns n nodes, the middle one pointing to itself.
func ItemsWithSelf(n int) []*Node {
	s := make([]*Node, n)
	for i := range s {
		s[i] = &Node{Item: NewItem(i)}
	}
	s[n/2].Parent = s[n/2]
	return s
}

// SelfMap returns {"a": 1, "self": <itself>}.
func SelfMap() map[string]any {
	m := map[string]any{"a": 1.0}
	m["self"] = m
	return m
}

// Nest is a recursive, non-cyclic type.
type Nest struct {
	Level int   `json:"level"`
	Child *Nest `json:"child,omitempty"`
}

// DeepStruct returns a chain of depth Nest values, each the child of the one before.
func DeepStruct(depth int) *Nest {
	var n *Nest
	for i := depth; i > 0; i-- {
		n = &Nest{Level: i, Child: n}
	}
	return n
}

// DeepMap returns depth nested map[string]any, each the "child" of the one before.
func DeepMap(depth int) map[string]any {
	var m map[string]any
	for i := depth; i > 0; i-- {
		next := map[string]any{"level": float64(i)}
		if m != nil {
			next["child"] = m
		}
		m = next
	}
	return m
}

// Redact is the bench's replacer: it masks every "email" member and keeps the rest.
func Redact(key string, v any) (any, bool) {
	if key == "email" {
		return "***", true
	}
	return v, true
}
