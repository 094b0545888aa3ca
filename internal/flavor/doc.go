// Package flavor says which encoding/json the program is built with, and holds
// every rule of encoding/json that differs between its two implementations, once
// per implementation.
//
// Go 1.26, and Go 1.27 with GOEXPERIMENT=nojsonv2, build the classic
// encoding/json ("v1"). Go 1.27 by default, and Go 1.25 or later with
// GOEXPERIMENT=jsonv2, build encoding/json on top of encoding/json/v2 ("v1 on
// v2", here "v2"). The build constraint goexperiment.jsonv2 tells them apart: the
// rules of each live in a file of their own (v1.go, v2.go), side by side, as Go
// itself keeps encode.go and v2_encode.go.
package flavor
