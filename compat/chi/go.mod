module github.com/safejson/safejson/compat/chi

go 1.26

replace github.com/safejson/safejson => ../..

require (
	github.com/go-chi/chi/v5 v5.5.0
	github.com/go-chi/render v1.0.3
	github.com/safejson/safejson v0.0.0-00010101000000-000000000000
	github.com/stretchr/testify v1.12.1
)

require (
	github.com/ajg/form v1.5.1 // indirect
	go.yaml.in/yaml/v3 v3.0.5 // indirect
)
