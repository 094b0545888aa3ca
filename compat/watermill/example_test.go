package safejsonwatermill_test

import (
	"context"
	"fmt"
	"math"

	"github.com/ThreeDotsLabs/watermill/components/cqrs"
	"github.com/ThreeDotsLabs/watermill/pubsub/gochannel"

	safejsonwatermill "github.com/safejson/safejson/compat/watermill"
)

func Example() {
	pubSub := gochannel.NewGoChannel(gochannel.Config{}, nil)
	defer pubSub.Close()
	msgs, err := pubSub.Subscribe(context.Background(), "readings")
	if err != nil {
		panic(err)
	}
	bus, err := cqrs.NewEventBusWithConfig(pubSub, cqrs.EventBusConfig{
		GeneratePublishTopic: func(cqrs.GenerateEventPublishTopicParams) (string, error) { return "readings", nil },
		Marshaler:            safejsonwatermill.Marshaler{},
	})
	if err != nil {
		panic(err)
	}
	type Reading struct {
		Sensor string  `json:"sensor"`
		Value  float64 `json:"value"`
	}
	// cqrs.JSONMarshaler: Publish fails with "json: unsupported value: NaN".
	fmt.Println(bus.Publish(context.Background(), &Reading{Sensor: "t1", Value: math.NaN()}))
	msg := <-msgs
	msg.Ack()
	fmt.Println(string(msg.Payload), msg.Metadata.Get("name"))
	// Output:
	// <nil>
	// {"sensor":"t1","value":null} safejsonwatermill_test.Reading
}
