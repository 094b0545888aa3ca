package safejsongateway_test

import (
	"bytes"
	"encoding/json"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"github.com/safejson/safejson"
	safejsongateway "github.com/safejson/safejson/compat/grpcgateway"
	"github.com/safejson/safejson/internal/compattest"
	"github.com/safejson/safejson/safe"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/emptypb"
	"google.golang.org/protobuf/types/known/structpb"
	"google.golang.org/protobuf/types/known/timestamppb"
	"google.golang.org/protobuf/types/known/wrapperspb"
)

// reply stands for a generated reply whose HTTP rule selects a field with
// `response_body`: the gateway marshals what XXX_ResponseBody returns, which
// is not a protobuf message.
type reply struct {
	*emptypb.Empty
	body any
}

func (r reply) XXX_ResponseBody() any { return r.body }

// newServer starts the gateway's ServeMux (with opts) on 127.0.0.1.
// GET /v/{name} forwards values[name] as the gateway forwards a reply: a
// protobuf message as itself, anything else as the field a response_body
// selects.
func newServer(t *testing.T, values map[string]any, opts ...runtime.ServeMuxOption) string {
	t.Helper()
	mux := runtime.NewServeMux(opts...)
	require.NoError(t, mux.HandlePath(http.MethodGet, "/v/{name}", func(w http.ResponseWriter, r *http.Request, p map[string]string) {
		v, ok := values[p["name"]]
		if !ok {
			http.NotFound(w, r)
			return
		}
		msg, ok := v.(proto.Message)
		if !ok {
			msg = reply{&emptypb.Empty{}, v}
		}
		_, out := runtime.MarshalerForRequest(mux, r)
		runtime.ForwardResponseMessage(r.Context(), mux, out, w, r, msg)
	}))
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv.URL
}

// servers returns the gateway with its default marshaler and with
// safejsongateway's, and with an indenting JSONPb of each.
func servers(t *testing.T, values map[string]any) (std, ours, stdIndent, oursIndent string) {
	t.Helper()
	indent := runtime.JSONPb{MarshalOptions: protojson.MarshalOptions{EmitUnpopulated: true}}
	indent.Indent = "  "
	return newServer(t, values),
		newServer(t, values, runtime.WithMarshalerOption(runtime.MIMEWildcard, safejsongateway.NewMarshaler())),
		newServer(t, values, runtime.WithMarshalerOption(runtime.MIMEWildcard, &indent)),
		newServer(t, values, runtime.WithMarshalerOption(runtime.MIMEWildcard, &safejsongateway.JSONPb{JSONPb: indent}))
}

// protoValues are protobuf messages (protojson's, unchanged) and the shapes
// of non-message fields the gateway treats one by one.
func protoValues(t *testing.T) map[string]any {
	s, err := structpb.NewStruct(map[string]any{"html": "<b>&</b>", "n": 1.5, "list": []any{"ü", nil, true}})
	require.NoError(t, err)
	ts := timestamppb.New(time.Date(2026, 12, 1, 8, 30, 0, 0, time.UTC))
	return map[string]any{
		"struct":       s,
		"timestamp":    ts,
		"wrapper":      wrapperspb.String("Tromsø <&>"),
		"messages":     []*wrapperspb.StringValue{wrapperspb.String("a<"), wrapperspb.String("b")},
		"nilMessages":  []*wrapperspb.StringValue(nil),
		"messageMap":   map[string]*wrapperspb.Int64Value{"x": wrapperspb.Int64(1), "y<": nil},
		"nilMap":       map[string]int(nil),
		"emptyMap":     map[string]any{"e": map[int]bool{}, "n": map[string]any(nil)},
		"nestedMap":    map[int]any{2: map[string]any{"ts": ts, "f": 1.5}, 1: []string{"<"}},
		"enums":        []structpb.NullValue{structpb.NullValue_NULL_VALUE},
		"enum":         structpb.NullValue_NULL_VALUE,
		"double":       2.5,
		"bytes":        []byte("<bytes>"),
		"nilPointer":   (*compattest.Item)(nil),
		"pointerToMsg": &ts,
	}
}

// TestPlainDataAsDefault: plain values and protobuf messages are answered
// with the same status, Content-Type and bytes as with the gateway's own
// marshaler, compact and indented.
func TestPlainDataAsDefault(t *testing.T) {
	values := compattest.PlainValues()
	for k, v := range protoValues(t) {
		values[k] = v
	}
	std, ours, stdIndent, oursIndent := servers(t, values)
	for name := range values {
		want := compattest.Get(t, std+"/v/"+name)
		require.Equal(t, http.StatusOK, want.Status, "%s: %s", name, want.Body)
		assert.Equal(t, want, compattest.Get(t, ours+"/v/"+name), name)
		assert.Equal(t, compattest.Get(t, stdIndent+"/v/"+name), compattest.Get(t, oursIndent+"/v/"+name), name)
	}
	assert.Equal(t, compattest.Answer(http.StatusOK, "application/json", `{"html":"\u003cb\u003e\u0026\u003c/b\u003e","list":["ü",null,true],"n":1.5}`),
		compattest.Get(t, ours+"/v/map"))
	assert.Equal(t, compattest.Answer(http.StatusOK, "application/json", `["NULL_VALUE"]`), compattest.Get(t, ours+"/v/enums"))
	assert.Equal(t, compattest.Answer(http.StatusOK, "application/json", `{"e":{},"n":{}}`), compattest.Get(t, ours+"/v/emptyMap"))
}

// TestUnsupportedValues: where the gateway answers 500 with {"code":2,…} and
// encoding/json's error, safejson answers 200 with the substitute. A cyclic
// pointer is cut one level further down than safejson.Marshal cuts it: the
// gateway encodes a copy of what the pointer points to.
func TestUnsupportedValues(t *testing.T) {
	cases := compattest.Unsupported()
	cases["cycle"] = compattest.Case{V: cases["cycle"].V, Want: `{"name":"a","parent":{"name":"a"}}`}
	cases["double"] = compattest.Case{V: math.NaN(), Want: "null"}
	cases["inMap"] = compattest.Case{V: map[string]any{"f": math.Inf(1), "m": wrapperspb.String("x")}, Want: `{"f":null,"m":"x"}`}
	values := map[string]any{}
	for name, c := range cases {
		values[name] = c.V
	}
	std, ours, stdIndent, oursIndent := servers(t, values)
	for name, c := range cases {
		_, stdErr := json.Marshal(c.V)
		require.Error(t, stdErr, "encoding/json must reject %s", name)
		if name != "cycle" && name != "inMap" {
			sub, err := safe.Marshal(c.V)
			require.NoError(t, err, name)
			require.Equal(t, c.Want, string(sub), name)
		}
		var indented bytes.Buffer
		require.NoError(t, json.Indent(&indented, []byte(c.Want), "", "  "))

		assert.Equal(t, compattest.Answer(http.StatusOK, "application/json", c.Want), compattest.Get(t, ours+"/v/"+name), name)
		assert.Equal(t, compattest.Answer(http.StatusOK, "application/json", indented.String()), compattest.Get(t, oursIndent+"/v/"+name), name)

		for _, srv := range []string{std, stdIndent} {
			def := compattest.Get(t, srv+"/v/"+name)
			assert.Equal(t, http.StatusInternalServerError, def.Status, "the gateway's default for %s", name)
			var status struct {
				Code    int
				Message string
			}
			require.NoError(t, json.Unmarshal([]byte(def.Body), &status), def.Body)
			assert.Equal(t, 2, status.Code, name)
			assert.Contains(t, status.Message, "json: unsupported", name)
		}
	}
}

// TestSelfMap: a map that holds itself has that entry omitted, as safejson
// omits a cyclic member (the gateway's own marshaler recurses until the
// stack is exhausted, so it is not asked here).
func TestSelfMap(t *testing.T) {
	m := map[string]any{"a": 1, "b": []any{math.NaN()}}
	m["self"] = m
	_, ours, _, _ := servers(t, map[string]any{"m": m, "deep": map[string]any{"x": map[string]any{"up": m}}})
	assert.Equal(t, compattest.Answer(http.StatusOK, "application/json", `{"a":1,"b":[null]}`), compattest.Get(t, ours+"/v/m"))
	assert.Equal(t, compattest.Answer(http.StatusOK, "application/json", `{"x":{"up":{"a":1,"b":[null]}}}`), compattest.Get(t, ours+"/v/deep"))
}

// TestFailingMarshaler: an error of the user's own MarshalJSON reaches the
// gateway as with its own marshaler: the same 500 and status body.
func TestFailingMarshaler(t *testing.T) {
	values := map[string]any{
		"fail":  []any{compattest.Items(2000), compattest.Failing{}},
		"inMap": map[string]any{"ok": 1, "f": compattest.Failing{}},
	}
	std, ours, stdIndent, oursIndent := servers(t, values)
	for name := range values {
		want := compattest.Get(t, std+"/v/"+name)
		assert.Equal(t, http.StatusInternalServerError, want.Status, name)
		assert.Contains(t, want.Body, "boom", name)
		assert.Equal(t, want, compattest.Get(t, ours+"/v/"+name), name)
		assert.Equal(t, compattest.Get(t, stdIndent+"/v/"+name), compattest.Get(t, oursIndent+"/v/"+name), name)
	}
}

// TestEncoder: NewEncoder writes Marshal's bytes and the delimiter, and
// nothing for a value that fails.
func TestEncoder(t *testing.T) {
	j := &safejsongateway.JSONPb{}
	var buf bytes.Buffer
	enc := j.NewEncoder(&buf)
	require.NoError(t, enc.Encode(compattest.Cyclic()))
	require.NoError(t, enc.Encode(wrapperspb.String("x")))
	assert.Error(t, enc.Encode([]any{1, compattest.Failing{}}))
	assert.Equal(t, `{"name":"a","parent":{"name":"a"}}`+"\n"+`"x"`+"\n", buf.String())

	pj := &safejsongateway.JSONPb{Options: safejson.Options{Circular: safejson.CircularPlaceholder}}
	b, err := pj.Marshal(compattest.Cyclic())
	require.NoError(t, err)
	assert.Equal(t, `{"name":"a","parent":{"name":"a","parent":"[Circular]"}}`, string(b))
}

// TestCyclicStructpbIsProtojsons: a protobuf message that contains itself is
// protojson's to encode, and protojson overflows the stack, which ends the
// process whatever the marshaler. Shown in a child process with a small
// stack limit.
func TestCyclicStructpbIsProtojsons(t *testing.T) {
	if os.Getenv("SAFEJSON_CYCLIC_STRUCTPB") == "1" {
		debug.SetMaxStack(16 << 20)
		v := structpb.NewListValue(&structpb.ListValue{})
		v.GetListValue().Values = append(v.GetListValue().Values, v)
		_, _ = safejsongateway.NewMarshaler().Marshal(v)
		os.Exit(0) // not reached
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestCyclicStructpbIsProtojsons$")
	cmd.Env = append(os.Environ(), "SAFEJSON_CYCLIC_STRUCTPB=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	require.Error(t, err, "the child must die")
	assert.Contains(t, stderr.String(), "goroutine stack exceeds")
	assert.True(t, strings.Contains(stderr.String(), "protojson") || strings.Contains(stderr.String(), "protobuf"), "inside protojson")
}
