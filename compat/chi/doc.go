// Package safejsonchi sets safejson as go-chi/render's JSON codec.
//
// Two lines, at start-up:
//
//	render.Respond = safejsonchi.Respond
//	render.Decode = safejsonchi.Decode
//
// render.Respond, render.Render and render.RenderList then write JSON through
// safejson, and render.Bind and render.Decode read JSON bodies through it.
// JSON is also available directly as safejsonchi.JSON(w, r, v), the
// replacement for render.JSON. Output is byte-identical to render.JSON for
// every value encoding/json accepts; a cyclic model, a NaN or a func field
// gives its status (200, or the one set with render.Status) with safejson's
// substitute instead of a 500.
//
// What stays with go-chi/render: XML responses and form bodies, and channel
// values (streamed as text/event-stream or collected into a slice), which
// Respond hands to render.DefaultResponder, so they are encoded by
// encoding/json.
package safejsonchi
