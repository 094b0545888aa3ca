// Package safejsonhertz documents, and its tests prove, how to set safejson
// as hertz's JSON encoder. hertz takes a plain function, so there is nothing
// to import but safejson's packages; one line, before the server runs:
//
//	render.ResetJSONMarshal(safejson.Marshal) // "github.com/cloudwego/hertz/pkg/app/server/render"
//
// c.JSON and c.IndentedJSON (and everything that renders through them) then
// encode through safejson. hertz's default is sonic's ConfigStd, which
// escapes HTML as encoding/json does, and so does safejson.Marshal: plain data
// is answered byte for byte as by default. A cyclic model, a NaN or a func
// field gives the status given to c.JSON with safejson's substitute, where
// the default answers 500 with an empty body (hertz panics on the encoding
// error and its Recovery middleware answers). An error of your own MarshalJSON
// still reaches hertz, which does just that, as before.
//
// c.PureJSON does not go through the hook: hertz calls encoding/json for it
// directly, so a cyclic value there still answers 500. Request binding keeps
// hertz's decoder (sonic); BindConfig.UseThirdPartyJSONUnmarshaler sets
// another one.
package safejsonhertz
