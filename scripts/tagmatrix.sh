#!/usr/bin/env bash
# The build-tag matrix of package engine: what each engine tag links on each
# architecture, and that the forbidden combinations fail to compile with the
# message that names the problem (internal/engine/select_*.go), through the public package engine.
#
#   scripts/tagmatrix.sh              # both halves
#   scripts/tagmatrix.sh -list-only   # only what links (go list; compiles nothing)
#
# It asks the go command of the environment (GOTOOLCHAIN as set by the
# caller); scripts/test.sh runs it. Exit 1 on the first difference.
set -euo pipefail
cd "$(dirname "$0")/.."

listOnly=
[ "${1:-}" = -list-only ] && listOnly=1

export GOOS=linux CGO_ENABLED=0
status=0
bad() { echo "FAIL: $*"; status=1; }

# GOARCH, tags (- for none), whether sonic and goccy are linked.
while read -r goarch tags sonic goccy; do
	[ "$tags" = - ] && tags=
	deps=$(GOARCH=$goarch go list -deps -tags "$tags" ./engine) || { bad "$goarch -tags '$tags': go list failed"; continue; }
	for e in sonic:github.com/bytedance/sonic goccy:github.com/goccy/go-json; do
		want=${e%%:*}
		want=${!want}
		got=no
		grep -qE "^${e#*:}(/|\$)" <<<"$deps" && got=yes
		if [ "$got" = "$want" ]; then
			printf 'ok    %-8s -tags %-30s links %-5s %s\n' "$goarch" "${tags:-(none)}" "${e%%:*}" "$got"
		else
			bad "$goarch -tags '$tags' links ${e%%:*}: $got, want $want (go list -deps gave $(wc -l <<<"$deps") packages)"
		fi
	done
done <<'EOF'
amd64   -              yes yes
arm64   -              yes yes
386     -              no  yes
riscv64 -              no  yes
amd64   safejson_sonic yes no
arm64   safejson_sonic yes no
amd64   safejson_goccy no  yes
arm64   safejson_goccy no  yes
amd64   safejson_std   no  no
386     safejson_std   no  no
EOF

if [ -z "$listOnly" ]; then
	conflict=safejson_engine_tags_conflict_use_only_one_of_safejson_sonic_safejson_goccy_safejson_std
	nosonic=safejson_sonic_needs_amd64_or_arm64_and_go1_27_at_most
	# GOARCH, tags, the undefined name the compile error must report.
	while read -r goarch tags message; do
		message=${!message}
		if out=$(GOARCH=$goarch go build -tags "$tags" -o /dev/null ./engine 2>&1); then
			bad "$goarch -tags $tags built; it must not"
		elif grep -qF "undefined: $message" <<<"$out"; then
			printf 'ok    %-8s -tags %-30s does not build: undefined: %s\n' "$goarch" "$tags" "$message"
		else
			bad "$goarch -tags $tags failed without naming the problem (undefined: $message):"
			echo "$out" | sed 's/^/      /'
		fi
	done <<-'EOF'
		amd64   safejson_sonic,safejson_goccy conflict
		amd64   safejson_goccy,safejson_std   conflict
		amd64   safejson_sonic,safejson_std   conflict
		386     safejson_sonic                nosonic
		riscv64 safejson_sonic                nosonic
	EOF
fi
exit $status
