package safejsontemporal_test

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"github.com/safejson/safejson"
	"github.com/safejson/safejson/compat/temporal"
	"github.com/safejson/safejson/internal/compattest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/converter"
	"go.temporal.io/sdk/testsuite"
	"go.temporal.io/sdk/workflow"
)

// values are what the activity returns and the workflow passes on, by name.
func values() map[string]any {
	values := compattest.PlainValues()
	for name, v := range compattest.UnsupportedValues() {
		values[name] = v
	}
	return values
}

// Produce is the activity: it returns values()[name], which the SDK encodes
// into the activity's result payload (recorded in the history).
func Produce(_ context.Context, name string) (any, error) { return values()[name], nil }

// Result is what the workflow returns: the activity's result as the
// workflow read it from its payload, and the value itself, encoded again
// into the workflow's result payload.
type Result struct {
	Activity json.RawMessage `json:"activity"`
	Direct   any             `json:"direct"`
}

// Pass is the workflow.
func Pass(ctx workflow.Context, name string) (Result, error) {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{StartToCloseTimeout: 1 << 40})
	var r Result
	if err := workflow.ExecuteActivity(ctx, Produce, name).Get(ctx, &r.Activity); err != nil {
		return r, err
	}
	r.Direct = values()[name]
	return r, nil
}

// run executes Pass(name) in the SDK's test workflow environment (no
// server) with the data converter dc (nil: the SDK's default) and returns
// the workflow's result as its payload's text, or the workflow's error.
func run(t *testing.T, dc converter.DataConverter, name string) (string, error) {
	t.Helper()
	var s testsuite.WorkflowTestSuite
	s.SetLogger(quiet{})
	env := s.NewTestWorkflowEnvironment()
	if dc != nil {
		env.SetDataConverter(dc)
	}
	env.RegisterWorkflow(Pass)
	env.RegisterActivityWithOptions(Produce, activity.RegisterOptions{Name: "Produce"})
	env.ExecuteWorkflow(Pass, name)
	require.True(t, env.IsWorkflowCompleted())
	if err := env.GetWorkflowError(); err != nil {
		return "", err
	}
	var raw json.RawMessage
	require.NoError(t, env.GetWorkflowResult(&raw))
	return string(raw), nil
}

// TestPlainDataAsDefault: plain data goes through activity and workflow
// payloads byte for byte as with the SDK's default converter
// (encoding/json's bytes).
func TestPlainDataAsDefault(t *testing.T) {
	for name, v := range compattest.PlainValues() {
		want, err := run(t, nil, name)
		require.NoError(t, err, name)
		got, err := run(t, safejsontemporal.NewDataConverter(), name)
		require.NoError(t, err, name)
		assert.Equal(t, want, got, name)
		b, err := json.Marshal(v)
		require.NoError(t, err)
		assert.Equal(t, `{"activity":`+compact(t, b)+`,"direct":`+string(b)+`}`, got, name)
	}
}

func compact(t *testing.T, b []byte) string {
	t.Helper()
	var out json.RawMessage
	require.NoError(t, json.Unmarshal(b, &out))
	c, err := json.Marshal(out)
	require.NoError(t, err)
	return string(c)
}

// TestUnsupportedValues: where the SDK's default converter fails the
// activity (and so the workflow) with ErrUnableToEncode, safejson records
// the substitute, which the workflow then reads from the activity's payload.
func TestUnsupportedValues(t *testing.T) {
	for name, c := range compattest.Unsupported() {
		_, err := run(t, nil, name)
		require.Error(t, err, name)
		assert.Contains(t, err.Error(), converter.ErrUnableToEncode.Error(), name)
		assert.Contains(t, err.Error(), c.StdErr().Error(), name)

		got, err := run(t, safejsontemporal.NewDataConverter(), name)
		require.NoError(t, err, name)
		assert.Equal(t, `{"activity":`+c.Want+`,"direct":`+c.Want+`}`, got, name)
	}
}

// TestStrict: under Strict the substitution is the activity's error, as with
// the default converter, saying where.
func TestStrict(t *testing.T) {
	_, err := run(t, safejsontemporal.NewDataConverterOptions(safejson.Options{Strict: true}), "nan")
	require.Error(t, err)
	assert.Contains(t, err.Error(), converter.ErrUnableToEncode.Error())
	assert.Contains(t, err.Error(), "/a")
}

// TestFailingMarshaler: an error of the user's own MarshalJSON fails the
// activity as with the default converter.
func TestFailingMarshaler(t *testing.T) {
	v := []any{compattest.Items(1), compattest.Failing{}}
	_, stdErr := converter.GetDefaultDataConverter().ToPayload(v)
	_, err := safejsontemporal.NewDataConverter().ToPayload(v)
	require.Error(t, stdErr)
	require.Error(t, err)
	assert.True(t, errors.Is(err, converter.ErrUnableToEncode))
	assert.Equal(t, stdErr.Error(), err.Error())
}

// TestDecodeVerdict: a payload decoded into a value gives the default
// converter's verdict: encoding/json's value, or its error.
func TestDecodeVerdict(t *testing.T) {
	std, ours := converter.GetDefaultDataConverter(), safejsontemporal.NewDataConverter()
	fromPayload := func(c converter.DataConverter) func(string, *compattest.Login) error {
		return func(body string, v *compattest.Login) error {
			p, err := ours.ToPayload(map[string]any{})
			require.NoError(t, err)
			p.Data = []byte(body) // as it arrives, whatever wrote it
			return c.FromPayload(p, v)
		}
	}
	compattest.SameLoginVerdicts(t, fromPayload(std), fromPayload(ours), func(t *testing.T, _, got error, body string) {
		assert.True(t, errors.Is(got, converter.ErrUnableToDecode), body)
	})
}

// quiet is a logger that drops everything.
type quiet struct{}

func (quiet) Debug(string, ...any) {}
func (quiet) Info(string, ...any)  {}
func (quiet) Warn(string, ...any)  {}
func (quiet) Error(string, ...any) {}
