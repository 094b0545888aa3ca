package safejsonwatermill_test

import (
	"context"
	"testing"

	"github.com/ThreeDotsLabs/watermill/components/cqrs"
	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/ThreeDotsLabs/watermill/pubsub/gochannel"
	"github.com/safejson/safejson/compat/watermill"
	"github.com/safejson/safejson/internal/compattest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const topic = "events"

// marshalers are watermill's default and the line, with fixed UUIDs so that
// messages compare.
func marshalers() map[string]cqrs.CommandEventMarshaler {
	uuid := func() string { return "id" }
	return map[string]cqrs.CommandEventMarshaler{
		"std":  cqrs.JSONMarshaler{NewUUID: uuid},
		"ours": safejsonwatermill.Marshaler{NewUUID: uuid},
	}
}

// bus returns an event bus publishing on the in-process GoChannel pub/sub,
// and the messages a subscriber of its topic receives.
func bus(t *testing.T, m cqrs.CommandEventMarshaler) (*cqrs.EventBus, <-chan *message.Message) {
	t.Helper()
	pubSub := gochannel.NewGoChannel(gochannel.Config{OutputChannelBuffer: 16}, nil)
	t.Cleanup(func() { pubSub.Close() })
	msgs, err := pubSub.Subscribe(context.Background(), topic)
	require.NoError(t, err)
	b, err := cqrs.NewEventBusWithConfig(pubSub, cqrs.EventBusConfig{
		GeneratePublishTopic: func(cqrs.GenerateEventPublishTopicParams) (string, error) { return topic, nil },
		Marshaler:            m,
	})
	require.NoError(t, err)
	return b, msgs
}

// received is the next message on msgs, acknowledged.
func received(msgs <-chan *message.Message) *message.Message {
	msg := <-msgs
	msg.Ack()
	return msg
}

// TestPlainDataAsDefault: plain events are published with the payload and
// metadata of watermill's default marshaler (encoding/json's bytes), and
// decoded back as it decodes them.
func TestPlainDataAsDefault(t *testing.T) {
	ms := marshalers()
	stdBus, stdMsgs := bus(t, ms["std"])
	ourBus, ourMsgs := bus(t, ms["ours"])
	for name, v := range compattest.PlainValues() {
		if v == nil {
			continue // cqrs names events by type: nil has none
		}
		require.NoError(t, stdBus.Publish(context.Background(), v), name)
		require.NoError(t, ourBus.Publish(context.Background(), v), name)
		want, got := received(stdMsgs), received(ourMsgs)
		assert.Equal(t, string(want.Payload), string(got.Payload), name)
		assert.Equal(t, want.Metadata, got.Metadata, name)
		assert.Equal(t, want.UUID, got.UUID, name)

		var wantV, gotV any
		require.NoError(t, ms["std"].Unmarshal(want, &wantV), name)
		require.NoError(t, ms["ours"].Unmarshal(got, &gotV), name)
		assert.Equal(t, wantV, gotV, name)
	}
}

// TestUnsupportedValues: where Publish with watermill's default fails with
// encoding/json's error and publishes nothing, safejson publishes the
// substitute.
func TestUnsupportedValues(t *testing.T) {
	ms := marshalers()
	stdBus, _ := bus(t, ms["std"])
	ourBus, ourMsgs := bus(t, ms["ours"])
	for name, c := range compattest.Unsupported() {
		err := stdBus.Publish(context.Background(), c.V)
		require.Error(t, err, name)
		assert.Equal(t, c.StdErr().Error(), err.Error(), name)

		require.NoError(t, ourBus.Publish(context.Background(), c.V), name)
		msg := received(ourMsgs)
		assert.Equal(t, c.Want, string(msg.Payload), name)
		assert.Equal(t, cqrs.FullyQualifiedStructName(c.V), msg.Metadata.Get("name"), name)
	}
}

// TestFailingMarshaler: an error of the user's own MarshalJSON fails Publish
// as with watermill's default.
func TestFailingMarshaler(t *testing.T) {
	ms := marshalers()
	stdBus, _ := bus(t, ms["std"])
	ourBus, _ := bus(t, ms["ours"])
	v := []any{compattest.Items(1), compattest.Failing{}}
	stdErr := stdBus.Publish(context.Background(), v)
	err := ourBus.Publish(context.Background(), v)
	require.Error(t, stdErr)
	require.Error(t, err)
	assert.ErrorIs(t, err, compattest.ErrBoom)
	assert.Equal(t, stdErr.Error(), err.Error())
}

// TestUnmarshalVerdict: a payload decoded into an event gives what
// watermill's default gives: encoding/json's value, or its error.
func TestUnmarshalVerdict(t *testing.T) {
	ms := marshalers()
	unmarshal := func(m cqrs.CommandEventMarshaler) func(string, *compattest.Login) error {
		return func(body string, v *compattest.Login) error {
			return m.Unmarshal(message.NewMessage("id", []byte(body)), v)
		}
	}
	compattest.SameLoginVerdicts(t, unmarshal(ms["std"]), unmarshal(ms["ours"]), nil)
}

// TestProcessor: a cyclic event published through the bus reaches the
// handler of an event processor, run by a watermill router, decoded from
// safejson's substitute (the cycle cut).
func TestProcessor(t *testing.T) {
	pubSub := gochannel.NewGoChannel(gochannel.Config{}, nil)
	defer pubSub.Close()
	router, err := message.NewRouter(message.RouterConfig{}, nil)
	require.NoError(t, err)
	m := safejsonwatermill.Marshaler{}
	processor, err := cqrs.NewEventProcessorWithConfig(router, cqrs.EventProcessorConfig{
		GenerateSubscribeTopic: func(cqrs.EventProcessorGenerateSubscribeTopicParams) (string, error) { return topic, nil },
		SubscriberConstructor: func(cqrs.EventProcessorSubscriberConstructorParams) (message.Subscriber, error) {
			return pubSub, nil
		},
		Marshaler: m,
	})
	require.NoError(t, err)
	got := make(chan compattest.Node, 1)
	require.NoError(t, processor.AddHandlers(cqrs.NewEventHandler("node", func(_ context.Context, n *compattest.Node) error {
		got <- *n
		return nil
	})))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() { _ = router.Run(ctx) }()
	<-router.Running()

	b, err := cqrs.NewEventBusWithConfig(pubSub, cqrs.EventBusConfig{
		GeneratePublishTopic: func(cqrs.GenerateEventPublishTopicParams) (string, error) { return topic, nil },
		Marshaler:            m,
	})
	require.NoError(t, err)
	require.NoError(t, b.Publish(ctx, compattest.Cyclic()))
	assert.Equal(t, compattest.Node{Name: "a"}, <-got)
	cancel()
	require.NoError(t, router.Close())
}
