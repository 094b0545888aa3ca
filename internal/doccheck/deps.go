//go:build tools

package doccheck

// The libraries the documentation's Go code imports, so that go.mod and
// go.sum hold them; the test compiles that code inside this module.
import (
	_ "github.com/cloudwego/hertz/pkg/app/server/render"
	_ "github.com/danielgtaylor/huma/v2"
	_ "github.com/gin-gonic/gin"
	_ "github.com/gin-gonic/gin/codec/json"
	_ "github.com/go-chi/render"
	_ "github.com/go-kratos/kratos/v2/encoding"
	_ "github.com/gofiber/fiber/v2"
	_ "github.com/gofiber/fiber/v3"
	_ "github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	_ "github.com/kataras/iris/v12/context"
	_ "github.com/labstack/echo/v4"
	_ "github.com/labstack/echo/v5"
	_ "github.com/rs/zerolog"
	_ "github.com/safejson/safejson"
	_ "github.com/safejson/safejson/compat"
	_ "github.com/safejson/safejson/compat/chi"
	_ "github.com/safejson/safejson/compat/echo"
	_ "github.com/safejson/safejson/compat/echov5"
	_ "github.com/safejson/safejson/compat/gin"
	_ "github.com/safejson/safejson/compat/gozero"
	_ "github.com/safejson/safejson/compat/grpcgateway"
	_ "github.com/safejson/safejson/compat/iris"
	_ "github.com/safejson/safejson/compat/kratos"
	_ "github.com/safejson/safejson/compat/logrus"
	_ "github.com/safejson/safejson/engine"
	_ "github.com/safejson/safejson/safe"
	_ "github.com/sirupsen/logrus"
	_ "github.com/zeromicro/go-zero/rest/httpx"
	_ "go.uber.org/zap"
	_ "go.uber.org/zap/zapcore"
)
