package safejson

import (
	"github.com/safejson/safejson/internal/options"
	"github.com/safejson/safejson/internal/plan"
)

// plan asks the planner where v goes under o.
func (o *Options) plan(v any) plan.EncodeRoute {
	var opts options.Options
	if err := o.internal(&opts); err != nil {
		return plan.EncodeRoute{}
	}
	return plan.RouteEncode(&opts, v)
}
