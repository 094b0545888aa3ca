package safejson

import (
	"github.com/safejson/safejson/internal/encode"
	"github.com/safejson/safejson/internal/enginehandle"
	"github.com/safejson/safejson/internal/options"
)

// Append appends the JSON encoding of v under o to dst. On error dst is
// returned unchanged in length, and nothing is appended.
func (o Options) Append(dst []byte, v any) ([]byte, error) {
	var opts options.Options
	if err := o.internal(&opts); err != nil {
		return dst, err
	}
	return encode.Append(dst, v, &opts)
}

// internal sets *opts to o in the internal form, validated and normalised:
// the one place where a safejson.Options becomes what the planner, the
// engines and the reference encoder read. (It fills the caller's Options in
// place, which a function returning one would copy.)
func (o *Options) internal(opts *options.Options) error {
	eng := enginehandle.Resolve(o.Engine)
	*opts = options.Options{
		Output:   options.Output{NoEscapeHTML: o.NoEscapeHTML, Prefix: o.Prefix, Indent: o.Indent},
		Circular: int(o.Circular), Placeholder: o.Placeholder,
		MaxDepth: o.MaxDepth, MaxBreadth: o.MaxBreadth, Strict: o.Strict,
		Replacer: o.Replacer, OnSubstitute: reportOf(o.OnSubstitute),
		Engine: eng,
	}
	return opts.Normalize()
}

// Validate reports whether o is usable: MaxDepth from 0 to
// safe.HardMaxDepth, MaxBreadth not negative, Circular one of the policies,
// and Placeholder set only with CircularPlaceholder. Every encode and decode
// under o returns this error, and does nothing else.
func (o Options) Validate() error {
	var opts options.Options
	return o.internal(&opts)
}
