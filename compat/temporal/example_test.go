package safejsontemporal_test

import (
	"fmt"
	"math"

	safejsontemporal "github.com/safejson/safejson/compat/temporal"
)

func Example() {
	// client.Dial(client.Options{DataConverter: safejsontemporal.NewDataConverter(), …})
	dc := safejsontemporal.NewDataConverter()

	type Reading struct {
		Sensor string  `json:"sensor"`
		Value  float64 `json:"value"`
	}
	// The SDK's default: "unable to encode: json: unsupported value: NaN", and
	// the activity returning it fails.
	p, err := dc.ToPayload(Reading{Sensor: "t1", Value: math.NaN()})
	fmt.Println(err)
	fmt.Println(string(p.Metadata["encoding"]), string(p.Data))
	// Output:
	// <nil>
	// json/plain {"sensor":"t1","value":null}
}
