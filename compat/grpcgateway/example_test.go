package safejsongateway_test

import (
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	safejsongateway "github.com/safejson/safejson/compat/grpcgateway"
	"google.golang.org/protobuf/types/known/emptypb"
)

// scoreReply is what protoc-gen-grpc-gateway generates for a method whose
// HTTP rule has `response_body: "score"`: the message, and the field to send.
type scoreReply struct {
	*emptypb.Empty // stands for the generated reply message
	score          float64
}

func (r scoreReply) XXX_ResponseBody() any { return r.score }

func ExampleNewMarshaler() {
	mux := runtime.NewServeMux(runtime.WithMarshalerOption(runtime.MIMEWildcard, safejsongateway.NewMarshaler()))
	_ = mux.HandlePath(http.MethodGet, "/score", func(w http.ResponseWriter, r *http.Request, _ map[string]string) {
		_, out := runtime.MarshalerForRequest(mux, r)
		// encoding/json: 500 {"code":2,"message":"json: unsupported value: NaN"}; safejson: null
		runtime.ForwardResponseMessage(r.Context(), mux, out, w, r, scoreReply{&emptypb.Empty{}, math.NaN()})
	})

	w := httptest.NewRecorder()
	mux.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/score", nil))
	fmt.Println(w.Code, w.Body.String())
	// Output: 200 null
}
