#!/usr/bin/env bash
# The whole test suite: what CI (.ci/run) and the README run.
#
#   scripts/test.sh           everything
#   QUICK=1 scripts/test.sh   default build only (no tags, no arm64): for a quick local loop
#
# Every module of the repository is checked: gofmt, go vet, staticcheck (pinned,
# through go run), go test -race, and for the compat modules their go.sum
# outside the workspace (GOWORK=off); then the root module under each engine build
# tag, and under GOARCH=arm64 with qemu-user-static (installed with apt-get when
# missing; skipped with a loud message when it cannot be installed).
set -euo pipefail
cd "$(dirname "$0")/.."

STATICCHECK=honnef.co/go/tools/cmd/staticcheck@v0.8.2
TAGS=(safejson_sonic safejson_goccy safejson_std)

step() { printf '\n=== %s\n' "$*"; }
loud() { printf '\n!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!\n!!! %s\n!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!\n\n' "$*" >&2; }

# Every module: the directories holding a go.mod, root first.
mapfile -t MODULES < <(git ls-files --cached --others --exclude-standard -- '*go.mod' ':!:**/testdata/**' | xargs -n1 dirname | sort -u)

step "gofmt"
unformatted=$(gofmt -l $(git ls-files --cached --others --exclude-standard -- '*.go'))
if [ -n "$unformatted" ]; then
	echo "gofmt would change:"; echo "$unformatted"; exit 1
fi

for m in "${MODULES[@]}"; do
	step "module $m: go vet, staticcheck, go test -race"
	(
		cd "$m"
		go vet ./...
		go run "$STATICCHECK" ./...
		go test -race -count=1 ./...
		if [ "$m" != . ]; then
			# Outside the workspace too, as a user of the module builds it:
			# a root go.mod change can leave this module's go.sum stale.
			GOWORK=off go list -deps -test ./... >/dev/null
		fi
	)
done

if [ -n "${QUICK:-}" ]; then
	loud "QUICK=1: engine build tags and arm64 were NOT tested"
	exit 0
fi

for tag in "${TAGS[@]}"; do
	step "root module, -tags $tag: go vet, go test"
	go vet -tags "$tag" ./...
	go test -count=1 -tags "$tag" ./...
done

step "root module, GOARCH=arm64 under qemu-user"
if ! command -v qemu-aarch64-static >/dev/null 2>&1; then
	if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
		echo "installing qemu-user-static with apt-get"
		(apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq qemu-user-static) >/dev/null ||
			echo "apt-get install qemu-user-static failed"
	fi
fi
if command -v qemu-aarch64-static >/dev/null 2>&1; then
	GOARCH=arm64 go vet ./...
	GOARCH=arm64 go test -count=1 -exec qemu-aarch64-static ./...
else
	loud "SKIPPED: arm64 tests need qemu-aarch64-static, which could not be installed here"
fi

step "all tests passed"
