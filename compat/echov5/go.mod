module github.com/safejson/safejson/compat/echov5

go 1.26

replace github.com/safejson/safejson => ../..

require (
	github.com/labstack/echo/v5 v5.4.5
	github.com/safejson/safejson v0.0.0-00010101000000-000000000000
	github.com/stretchr/testify v1.12.1
)

require (
	go.yaml.in/yaml/v3 v3.0.5 // indirect
	golang.org/x/time v0.15.0 // indirect
)
