module github.com/safejson/safejson/internal/doccheck

go 1.26.0

require (
	github.com/ThreeDotsLabs/watermill v1.5.1
	github.com/cloudwego/hertz v0.10.4
	github.com/danielgtaylor/huma/v2 v2.37.2
	github.com/emicklei/go-restful/v3 v3.12.2
	github.com/gin-gonic/gin v1.12.0
	github.com/go-chi/render v1.0.3
	github.com/go-kit/kit v0.13.0
	github.com/go-kratos/kratos/v2 v2.8.3
	github.com/go-resty/resty/v2 v2.17.2
	github.com/gofiber/fiber/v2 v2.52.15
	github.com/gofiber/fiber/v3 v3.1.0
	github.com/grpc-ecosystem/grpc-gateway/v2 v2.33.0
	github.com/jackc/pgx/v5 v5.12.0
	github.com/kataras/iris/v12 v12.2.11
	github.com/labstack/echo/v4 v4.16.4
	github.com/labstack/echo/v5 v5.4.5
	github.com/prometheus/client_golang v1.23.2
	github.com/rs/zerolog v1.35.1
	github.com/safejson/safejson v0.0.0-00010101000000-000000000000
	github.com/safejson/safejson/compat/chi v0.0.0-00010101000000-000000000000
	github.com/safejson/safejson/compat/echo v0.0.0-00010101000000-000000000000
	github.com/safejson/safejson/compat/echov5 v0.0.0-00010101000000-000000000000
	github.com/safejson/safejson/compat/gin v0.0.0-00010101000000-000000000000
	github.com/safejson/safejson/compat/gozero v0.0.0-00010101000000-000000000000
	github.com/safejson/safejson/compat/grpcgateway v0.0.0-00010101000000-000000000000
	github.com/safejson/safejson/compat/iris v0.0.0-00010101000000-000000000000
	github.com/safejson/safejson/compat/kratos v0.0.0-00010101000000-000000000000
	github.com/safejson/safejson/compat/logrus v0.0.0-00010101000000-000000000000
	github.com/safejson/safejson/compat/otel v0.0.0-00010101000000-000000000000
	github.com/safejson/safejson/compat/prometheus v0.0.0-00010101000000-000000000000
	github.com/sirupsen/logrus v1.10.2
	github.com/stretchr/testify v1.12.1
	github.com/uptrace/bun v1.3.0
	github.com/zeromicro/go-zero v1.10.3
	go.temporal.io/sdk v1.51.0
	go.uber.org/zap v1.28.0
	gorm.io/gorm v1.31.2
)

require (
	github.com/beorn7/perks v1.0.1 // indirect
	github.com/facebookgo/clock v0.0.0-20150410010913-600d898af40a // indirect
	github.com/go-kit/log v0.2.0 // indirect
	github.com/go-logfmt/logfmt v0.5.1 // indirect
	github.com/go-logr/logr v1.4.4 // indirect
	github.com/go-logr/stdr v1.2.2 // indirect
	github.com/gogo/protobuf v1.3.2 // indirect
	github.com/golang/mock v1.6.0 // indirect
	github.com/grpc-ecosystem/go-grpc-middleware/v2 v2.3.2 // indirect
	github.com/jackc/pgpassfile v1.0.0 // indirect
	github.com/jackc/pgservicefile v0.0.0-20240606120523-5a60cdf6a761 // indirect
	github.com/jinzhu/inflection v1.0.0 // indirect
	github.com/jinzhu/now v1.1.5 // indirect
	github.com/lithammer/shortuuid/v3 v3.0.7 // indirect
	github.com/munnerz/goautoneg v0.0.0-20191010083416-a7dc8b61c822 // indirect
	github.com/nexus-rpc/nexus-proto-annotations v0.1.0 // indirect
	github.com/nexus-rpc/sdk-go v0.7.0 // indirect
	github.com/oklog/ulid v1.3.1 // indirect
	github.com/pkg/errors v0.9.1 // indirect
	github.com/prometheus/client_model v0.6.2 // indirect
	github.com/prometheus/common v0.66.1 // indirect
	github.com/prometheus/procfs v0.17.0 // indirect
	github.com/robfig/cron v1.2.0 // indirect
	github.com/stretchr/objx v0.5.3 // indirect
	go.opentelemetry.io/auto/sdk v1.2.1 // indirect
	go.opentelemetry.io/otel/log v1.47.0 // indirect
	go.opentelemetry.io/otel/metric v1.47.0 // indirect
	go.temporal.io/api v1.64.3 // indirect
	go.yaml.in/yaml/v2 v2.4.2 // indirect
	golang.org/x/sync v0.24.0 // indirect
)

require (
	github.com/Shopify/goreferrer v0.0.0-20220729165902-8cddb4f5de06 // indirect
	github.com/ajg/form v1.5.1 // indirect
	github.com/andybalholm/brotli v1.2.0 // indirect
	github.com/aymerick/douceur v0.2.0 // indirect
	github.com/bytedance/gopkg v0.1.3 // indirect
	github.com/bytedance/sonic v1.15.5 // indirect
	github.com/bytedance/sonic/loader v0.5.3 // indirect
	github.com/cespare/xxhash/v2 v2.3.0 // indirect
	github.com/clipperhouse/uax29/v2 v2.7.0 // indirect
	github.com/cloudwego/base64x v0.1.6 // indirect
	github.com/fatih/color v1.18.0 // indirect
	github.com/fatih/structs v1.1.0 // indirect
	github.com/fsnotify/fsnotify v1.7.0 // indirect
	github.com/gabriel-vasile/mimetype v1.4.13 // indirect
	github.com/gin-contrib/sse v1.1.0 // indirect
	github.com/go-playground/locales v0.14.1 // indirect
	github.com/go-playground/universal-translator v0.18.1 // indirect
	github.com/go-playground/validator/v10 v10.30.1 // indirect
	github.com/goccy/go-json v0.12.0 // indirect
	github.com/goccy/go-yaml v1.19.2 // indirect
	github.com/gofiber/schema v1.7.0 // indirect
	github.com/gofiber/utils/v2 v2.0.2 // indirect
	github.com/golang/snappy v0.0.4 // indirect
	github.com/gomarkdown/markdown v0.0.0-20240328165702-4d01890c35c0 // indirect
	github.com/google/uuid v1.6.0 // indirect
	github.com/gorilla/css v1.0.0 // indirect
	github.com/iris-contrib/schema v0.0.6 // indirect
	github.com/josharian/intern v1.0.0 // indirect
	github.com/json-iterator/go v1.1.12 // indirect
	github.com/kataras/golog v0.1.11 // indirect
	github.com/kataras/pio v0.0.13 // indirect
	github.com/klauspost/compress v1.18.6 // indirect
	github.com/klauspost/cpuid/v2 v2.3.0 // indirect
	github.com/labstack/gommon v0.5.0 // indirect
	github.com/leodido/go-urn v1.4.0 // indirect
	github.com/mailru/easyjson v0.7.7 // indirect
	github.com/mattn/go-colorable v0.1.15 // indirect
	github.com/mattn/go-isatty v0.0.22 // indirect
	github.com/mattn/go-runewidth v0.0.20 // indirect
	github.com/microcosm-cc/bluemonday v1.0.26 // indirect
	github.com/modern-go/concurrent v0.0.0-20180306012644-bacd9c7ef1dd // indirect
	github.com/modern-go/reflect2 v1.0.3-0.20250322232337-35a7c28c31ee // indirect
	github.com/pelletier/go-toml/v2 v2.4.3 // indirect
	github.com/philhofer/fwd v1.2.0 // indirect
	github.com/quic-go/qpack v0.6.0 // indirect
	github.com/quic-go/quic-go v0.59.0 // indirect
	github.com/safejson/safejson/compat/bun v0.0.0-00010101000000-000000000000
	github.com/safejson/safejson/compat/gokit v0.0.0-00010101000000-000000000000
	github.com/safejson/safejson/compat/gorestful v0.0.0-00010101000000-000000000000
	github.com/safejson/safejson/compat/gorm v0.0.0-00010101000000-000000000000
	github.com/safejson/safejson/compat/pgx v0.0.0-00010101000000-000000000000
	github.com/safejson/safejson/compat/resty v0.0.0-00010101000000-000000000000
	github.com/safejson/safejson/compat/temporal v0.0.0-00010101000000-000000000000
	github.com/safejson/safejson/compat/watermill v0.0.0-00010101000000-000000000000
	github.com/spaolacci/murmur3 v1.1.0 // indirect
	github.com/tdewolff/minify/v2 v2.20.19 // indirect
	github.com/tdewolff/parse/v2 v2.7.12 // indirect
	github.com/tinylib/msgp v1.6.3 // indirect
	github.com/titanous/json5 v1.0.0 // indirect
	github.com/twitchyliquid64/golang-asm v0.15.1 // indirect
	github.com/ugorji/go/codec v1.3.1 // indirect
	github.com/valyala/bytebufferpool v1.0.0 // indirect
	github.com/valyala/fasthttp v1.69.0 // indirect
	github.com/valyala/fasttemplate v1.2.2 // indirect
	github.com/vmihailenco/msgpack/v5 v5.4.1 // indirect
	github.com/vmihailenco/tagparser/v2 v2.0.0 // indirect
	go.mongodb.org/mongo-driver/v2 v2.8.0 // indirect
	go.opentelemetry.io/otel v1.47.0
	go.opentelemetry.io/otel/trace v1.47.0 // indirect
	go.uber.org/automaxprocs v1.6.0 // indirect
	go.uber.org/multierr v1.10.0 // indirect
	go.yaml.in/yaml/v3 v3.0.5 // indirect
	golang.org/x/arch v0.24.0 // indirect
	golang.org/x/crypto v0.58.0 // indirect
	golang.org/x/net v0.61.0 // indirect
	golang.org/x/sys v0.49.0 // indirect
	golang.org/x/text v0.43.0 // indirect
	golang.org/x/time v0.15.0 // indirect
	google.golang.org/genproto/googleapis/api v0.0.0-20261026165753-2ffab32bce7e // indirect
	google.golang.org/genproto/googleapis/rpc v0.0.0-20261019180522-ce908d29299b // indirect
	google.golang.org/grpc v1.84.0 // indirect
	google.golang.org/protobuf v1.36.12 // indirect
	gopkg.in/yaml.v2 v2.4.0 // indirect
	gopkg.in/yaml.v3 v3.0.1 // indirect
)

replace (
	github.com/safejson/safejson => ../..
	github.com/safejson/safejson/compat/bun => ../../compat/bun
	github.com/safejson/safejson/compat/chi => ../../compat/chi
	github.com/safejson/safejson/compat/echo => ../../compat/echo
	github.com/safejson/safejson/compat/echov5 => ../../compat/echov5
	github.com/safejson/safejson/compat/gin => ../../compat/gin
	github.com/safejson/safejson/compat/gokit => ../../compat/gokit
	github.com/safejson/safejson/compat/gorestful => ../../compat/gorestful
	github.com/safejson/safejson/compat/gorm => ../../compat/gorm
	github.com/safejson/safejson/compat/gozero => ../../compat/gozero
	github.com/safejson/safejson/compat/grpcgateway => ../../compat/grpcgateway
	github.com/safejson/safejson/compat/iris => ../../compat/iris
	github.com/safejson/safejson/compat/kratos => ../../compat/kratos
	github.com/safejson/safejson/compat/logrus => ../../compat/logrus
	github.com/safejson/safejson/compat/otel => ../../compat/otel
	github.com/safejson/safejson/compat/pgx => ../../compat/pgx
	github.com/safejson/safejson/compat/prometheus => ../../compat/prometheus
	github.com/safejson/safejson/compat/resty => ../../compat/resty
	github.com/safejson/safejson/compat/temporal => ../../compat/temporal
	github.com/safejson/safejson/compat/watermill => ../../compat/watermill
)
