#!/usr/bin/env bash
# The whole test suite: what CI (.ci/run) and the README run.
#
#   scripts/test.sh                  everything, on Go 1.26 and Go 1.27 (both flavours), and the next Go (advisory)
#   QUICK=1 scripts/test.sh          the parts of the quick line: every module on Go 1.26 (no 1.27, tags, arm64)
#   PARTS=REGEXP scripts/test.sh     only the parts whose name matches (e.g. 'go1.27', 'compat/gin', '{module} go1.26')
#   JOBS=1 scripts/test.sh           one part at a time (default: 2 at a time on 2 cores or more)
#   GOFLAGS=-count=1 scripts/test.sh no test results from Go's test cache
#   scripts/test.sh -n               the parts and commands that would run; runs nothing
#
# This file is the list of the parts; internal/cmd/testall (the driver, its plan grammar in
# plan.go) runs them: the parts of each Go toolchain in a lane of their own, side by side (the
# toolchains share no build cache), a lane that is done helping the other from its end. A failing
# command does not stop its part, nor a failing part the others; each part's output and time is
# printed when it ends, and a table of every part (result, wall and CPU time, failing commands)
# at the end. Exit 1 when a part failed, or when a Go toolchain could not be had (a loud SKIPPED;
# ALLOW_MISSING_TOOLCHAIN=1 makes that a warning for an offline machine: CI must not pass without
# Go 1.27). The go command fetches Go 1.27 through the module proxy when it is missing.
#
# A part's name ends with its toolchain mode. {module} is every directory holding a go.mod (root
# first), {submodule} all but the root. -race runs once per module, on Go 1.27: the costliest build,
# and what it watches (caches, pools, the compat servers) is the same on both toolchains; vet and
# staticcheck run on Go 1.26, and on 1.27 for the root module, which holds the flavour-specific files.
# GOWORK=off go list: a module's go.sum as its users build it, outside the workspace. bench_full:
# the bench's features that need its peer libraries, the corpus and servers (-corpus, -text, -http,
# -load), behind a build tag so that the default `go run ./bench` builds safejson and its engines only. The tag
# matrix on 1.27 is what links only (the constraints name no Go below 1.28). A `need` part whose
# program is missing gets it from apt-get (as root), or is skipped loudly; compat/pgx, gorm and bun
# get a throw-away PostgreSQL from scripts/pg.sh unless SAFEJSON_PG_DSN is set (without one their
# database tests fail under CI=true and skip by hand). load: docs/load.md.
set -euo pipefail
cd "$(dirname "$0")/.."

# The toolchains (internal/toolchain): the newest patch release of Go 1.26 and of Go 1.27 the
# module proxy lists (the pinned ones offline), and the next Go's release candidate once listed,
# whose parts are advisory (reported, never failing the run). It prints which; GO126, GO127 and
# GONEXT set by the caller win (GONEXT=none: no advisory lane).
releases=$(go run ./internal/cmd/toolchain)
eval "$releases"
STATICCHECK=honnef.co/go/tools/cmd/staticcheck@v0.8.2

exec go run ./internal/cmd/testall "$@" <<EOF
mode go1.26:                GOTOOLCHAIN=$GO126 GOEXPERIMENT=
mode go1.27:                GOTOOLCHAIN=$GO127 GOEXPERIMENT=
mode go1.27 nojsonv2:       GOTOOLCHAIN=$GO127 GOEXPERIMENT=nojsonv2
mode next:                  GOTOOLCHAIN=${GONEXT:-none} GOEXPERIMENT=
advisory:                   next$
each tag:                   safejson_sonic safejson_goccy safejson_std
quick:                      ^(gofmt|{module} go1.26|bench_full go1.26|stdtests go1.26|load go1.26)$
need qemu-aarch64-static qemu-user-static: ^arm64 go
need wrk wrk:               ^load go
service SAFEJSON_PG_DSN scripts/pg.sh: ^compat/(pgx|gorm|bun) go

gofmt:                      @gofmt
tag matrix go1.26:          scripts/tagmatrix.sh
{module} go1.26:            go -C {module} vet ./...
{module} go1.26:            go -C {module} run $STATICCHECK ./...
{module} go1.26:            go -C {module} test ./...
{module} go1.26:            GOWORK=off go -C {module} list -deps -test -f={{""}} ./...
-tags {tag} go1.26:         go vet -tags {tag} ./...
-tags {tag} go1.26:         go test -tags {tag} ./...
arm64 go1.26:               GOARCH=arm64 go vet ./...
arm64 go1.26:               GOARCH=arm64 go test -exec qemu-aarch64-static ./...
stdtests go1.26:            scripts/stdtests.sh
bench_full go1.26:          go -C bench vet -tags bench_full ./...
bench_full go1.26:          go -C bench run $STATICCHECK -tags bench_full ./...
bench_full go1.26:          go -C bench test -tags bench_full ./...
bench_full go1.26:          GOWORK=off go -C bench list -tags bench_full -deps -test -f={{""}} ./...
load go1.26:                go -C bench run -tags bench_full . -load -duration 5s -warmup 2s -check

. go1.27:                   go vet ./...
. go1.27:                   go run $STATICCHECK ./...
. go1.27:                   go test -race ./...
. go1.27 nojsonv2:          go test ./...
{submodule} go1.27:         go -C {submodule} test -race ./...
bench_full go1.27:          go -C bench test -race -tags bench_full ./...
-tags {tag} go1.27:         go vet -tags {tag} ./...
-tags {tag} go1.27:         go test -tags {tag} ./...
arm64 go1.27:               GOARCH=arm64 go vet ./...
arm64 go1.27:               GOARCH=arm64 go test -exec qemu-aarch64-static ./...
stdtests go1.27:            scripts/stdtests.sh
stdtests go1.27 nojsonv2:   scripts/stdtests.sh
tag matrix go1.27:          scripts/tagmatrix.sh -list-only

. next:                     go vet ./...
. next:                     go test ./...
stdtests next:              scripts/stdtests.sh
EOF
