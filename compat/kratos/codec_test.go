package safejsonkratos_test

import (
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/go-kratos/kratos/v2/encoding"
	kratosjson "github.com/go-kratos/kratos/v2/encoding/json"
	"github.com/go-kratos/kratos/v2/log"
	khttp "github.com/go-kratos/kratos/v2/transport/http"
	"github.com/safejson/safejson"
	safejsonkratos "github.com/safejson/safejson/compat/kratos"
	"github.com/safejson/safejson/internal/compattest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/protobuf/types/known/structpb"
	"google.golang.org/protobuf/types/known/timestamppb"
	"google.golang.org/protobuf/types/known/wrapperspb"
)

// kratosDefault is kratos' own "json" codec.
var kratosDefault = encoding.GetCodec(kratosjson.Name)

// current is the codec the registered test codec forwards to: kratos' or
// safejsonkratos.Codec. kratos' codec registry is a plain map, so it is
// written once, here, and never while a server reads it.
var current atomic.Pointer[encoding.Codec]

func use(c encoding.Codec) { current.Store(&c) }

type forward struct{}

func (forward) Name() string                       { return kratosjson.Name }
func (forward) Marshal(v any) ([]byte, error)      { return (*current.Load()).Marshal(v) }
func (forward) Unmarshal(data []byte, v any) error { return (*current.Load()).Unmarshal(data, v) }

func init() {
	log.SetLogger(log.NewStdLogger(io.Discard)) // no "server listening" lines
	use(kratosDefault)
	encoding.RegisterCodec(forward{})
}

var ours = safejsonkratos.Codec{} // the codec this package documents

type login struct {
	User  string         `json:"user"`
	Count int            `json:"count"`
	Extra map[string]any `json:"extra"`
}

// newServer starts a kratos HTTP server on 127.0.0.1. GET /v/{name} answers
// values[name] with ctx.Result (201 under ?created); POST /login binds the
// body and answers it; POST /wrapper binds a protobuf wrapper.
func newServer(t *testing.T, values map[string]any) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	srv := khttp.NewServer(khttp.Listener(ln))
	r := srv.Route("/")
	r.GET("/v/{name}", func(ctx khttp.Context) error {
		v, ok := values[ctx.Vars().Get("name")]
		if !ok {
			return ctx.String(http.StatusNotFound, "no such value")
		}
		status := http.StatusOK
		if ctx.Query().Has("created") {
			status = http.StatusCreated
		}
		return ctx.Result(status, v)
	})
	r.POST("/login", func(ctx khttp.Context) error {
		var in login
		if err := ctx.Bind(&in); err != nil {
			return err
		}
		return ctx.Result(http.StatusOK, in)
	})
	r.POST("/wrapper", func(ctx khttp.Context) error {
		var in *wrapperspb.StringValue
		if err := ctx.Bind(&in); err != nil {
			return err
		}
		return ctx.Result(http.StatusOK, in)
	})
	go func() { _ = srv.Start(context.Background()) }()
	t.Cleanup(func() {
		http.DefaultClient.CloseIdleConnections()
		assert.NoError(t, srv.Stop(context.Background()))
	})
	url := "http://" + ln.Addr().String()
	compattest.WaitUp(url + "/") // the server starts in the background
	return url
}

// do asks url with codec c registered as "json".
func do(t *testing.T, c encoding.Codec, method, url, body string) compattest.Response {
	t.Helper()
	use(c)
	defer use(kratosDefault)
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	require.NoError(t, err)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	return compattest.Send(t, req)
}

func get(t *testing.T, c encoding.Codec, url string) compattest.Response {
	t.Helper()
	return do(t, c, http.MethodGet, url, "")
}

// protoValues are protobuf messages, which both codecs hand to protojson.
func protoValues(t *testing.T) map[string]any {
	s, err := structpb.NewStruct(map[string]any{"html": "<b>&</b>", "n": 1.5, "list": []any{"ü", nil, true}})
	require.NoError(t, err)
	return map[string]any{
		"struct":    s,
		"wrapper":   wrapperspb.String("Tromsø <&>"),
		"timestamp": timestamppb.New(time.Date(2026, 12, 1, 8, 30, 0, 0, time.UTC)),
		"inStruct":  struct{ S *wrapperspb.StringValue }{wrapperspb.String("x")}, // a plain struct: encoding/json, not protojson
	}
}

// TestPlainDataAsDefault: ctx.Result answers plain data and protobuf messages
// with the same status, Content-Type and bytes as kratos' codec.
func TestPlainDataAsDefault(t *testing.T) {
	values := compattest.PlainValues()
	for k, v := range protoValues(t) {
		values[k] = v
	}
	srv := newServer(t, values)
	for name := range values {
		for _, q := range []string{"", "?created"} {
			want := get(t, kratosDefault, srv+"/v/"+name+q)
			require.Contains(t, []int{http.StatusOK, http.StatusCreated}, want.Status, name)
			assert.Equal(t, want, get(t, ours, srv+"/v/"+name+q), name+q)
		}
	}
	assert.Equal(t, compattest.Answer(http.StatusOK, "application/json", `{"html":"\u003cb\u003e\u0026\u003c/b\u003e","list":["ü",null,true],"n":1.5}`),
		get(t, ours, srv+"/v/map"))
}

// TestUnsupportedValues: where kratos answers 500 with encoding/json's error,
// safejson answers the status set with the substitute.
func TestUnsupportedValues(t *testing.T) {
	values := compattest.UnsupportedValues()
	srv := newServer(t, values)
	for name, c := range compattest.Unsupported() {
		stdErr := c.StdErr()

		assert.Equal(t, compattest.Answer(http.StatusOK, "application/json", c.Want), get(t, ours, srv+"/v/"+name), name)
		assert.Equal(t, compattest.Answer(http.StatusCreated, "application/json", c.Want), get(t, ours, srv+"/v/"+name+"?created"), name)

		def := get(t, kratosDefault, srv+"/v/"+name)
		assert.Equal(t, http.StatusInternalServerError, def.Status, "kratos' default for %s", name)
		assert.Equal(t, "application/json", def.ContentType, name)
		var body struct{ Message string }
		require.NoError(t, json.Unmarshal([]byte(def.Body), &body), def.Body)
		assert.Equal(t, stdErr.Error(), body.Message, "kratos' default for %s", name)
	}
}

// TestFailingMarshaler: an error of the user's own MarshalJSON reaches kratos
// as with its codec: the same answer, a 500 with the error text.
func TestFailingMarshaler(t *testing.T) {
	srv := newServer(t, map[string]any{
		"fail":   []any{compattest.Items(2000), compattest.Failing{}},
		"direct": compattest.Failing{}, // kratos calls its MarshalJSON itself
	})
	for _, name := range []string{"fail", "direct"} {
		want := get(t, kratosDefault, srv+"/v/"+name)
		assert.Equal(t, http.StatusInternalServerError, want.Status, name)
		assert.Contains(t, want.Body, "boom", name)
		assert.Equal(t, want, get(t, ours, srv+"/v/"+name), name)
	}
}

// TestDecode: request bodies decode as with kratos' codec, errors included,
// protobuf messages through protojson.
func TestDecode(t *testing.T) {
	srv := newServer(t, nil)
	for _, body := range compattest.LoginBodies() {
		want := do(t, kratosDefault, http.MethodPost, srv+"/login", body)
		assert.Equal(t, want, do(t, ours, http.MethodPost, srv+"/login", body), body)
	}
	for _, body := range []string{`"Tromsø <&>"`, `{"value":"x"}`, `1`} {
		want := do(t, kratosDefault, http.MethodPost, srv+"/wrapper", body)
		assert.Equal(t, want, do(t, ours, http.MethodPost, srv+"/wrapper", body), body)
	}
	assert.Equal(t, compattest.Answer(http.StatusOK, "application/json", `"Tromsø <&>"`), // protojson does not escape HTML
		do(t, ours, http.MethodPost, srv+"/wrapper", `"Tromsø <&>"`))
}

// TestOptions: Options sets the substitute policy.
func TestOptions(t *testing.T) {
	c := safejsonkratos.Codec{Options: safejson.Options{Circular: safejson.CircularPlaceholder}}
	b, err := c.Marshal(compattest.Cyclic())
	require.NoError(t, err)
	assert.Equal(t, `{"name":"a","parent":"[Circular]"}`, string(b))
	assert.Equal(t, "json", c.Name())
}
