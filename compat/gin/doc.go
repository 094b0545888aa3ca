// Package safejsongin sets safejson as gin's JSON codec.
//
// One line, before the engine serves (gin ≥ 1.11):
//
//	import (
//		ginjson "github.com/gin-gonic/gin/codec/json"
//		safejsongin "github.com/safejson/safejson/compat/gin"
//	)
//
//	ginjson.API = safejsongin.API{}
//
// Every JSON renderer of gin then encodes through safejson — c.JSON,
// c.IndentedJSON, c.PureJSON, c.SecureJSON, c.AsciiJSON, c.JSONP — and so do
// request binding (c.ShouldBindJSON, c.BindJSON, binding.JSON) and the
// JSON-in-form binding of form_mapping. Plain data gives the bytes
// encoding/json gives; a cyclic model, a NaN or a func field gives a 200 with
// safejson's substitute instead of a 200 with an empty body.
//
// What it does not change: c.SSEvent (gin-contrib/sse calls encoding/json
// directly), and what gin does when encoding fails for an error of your own
// code (a failing MarshalJSON): gin records the error in c.Errors, aborts, and
// the client receives the status given to c.JSON — usually 200 — with an empty
// body. Check c.Errors in a middleware to answer such requests otherwise.
package safejsongin
