#!/usr/bin/env bash
# Check engine versions, or a Go toolchain, before upgrading to them:
#
#   scripts/engine-upgrade.sh github.com/bytedance/sonic@v1.16.0 [github.com/goccy/go-json@v0.13.0 ...]
#   scripts/engine-upgrade.sh go1.27.4 [MODULE@VERSION ...]
#   scripts/engine-upgrade.sh go1.27 | next [MODULE@VERSION ...]   # the line's newest patch release; the next Go's rc
#
# Copies the repository (tracked and untracked, non-ignored files, as they are in
# the work tree) to a temporary directory, runs `go get` of the given versions
# there (GOFLAGS=-mod=mod), then runs the conformance suite (go test
# ./internal/conformance/... and the report table) in the default build, under each engine
# build tag, and under GOARCH=arm64 with qemu-aarch64-static when it is installed.
# A Go toolchain (goX.Y.Z) is checked the same way: every check runs with
# GOTOOLCHAIN=goX.Y.Z (the go command fetches it through the module proxy), and,
# when that toolchain's encoding/json is on json/v2 by default, once more with
# GOEXPERIMENT=nojsonv2 (the classic flavour). Prints each table, the results the
# upgrade changes (compared with a copy at the repository's engine versions on
# the current toolchain, `go env GOVERSION`; BASELINE=0 skips it) and a one-line
# verdict; exits non-zero when any engine differs from what the conformance cases
# expect (a difference that is not a known difference of a case, or a known
# difference that no longer happens), or does not build.
#
# Then the json/v2 column (V2COLUMN=0 skips it), on a Go with encoding/json/v2 (the
# checked toolchain when it has it, else the current one when it has it, else
# V2_TOOLCHAIN, default the newest Go 1.27 patch release, as for go1.27): every corpus case through the engines with
# encoding/json/v2's API (goccy/go-json/v2) under its option sets, against
# encoding/json/v2: TestV2DocUpToDate (docs/conformance-v2.md must still be what
# the run gives) and TestV2RouteFacts (internal/v2route's rule must still hold),
# the column's summary, and the results the upgrade changes (report -v2 -tsv,
# before and after, on that toolchain).
#
# Then the speed (SPEED=0 skips it): the corpus rows of the bench module
# (BenchmarkCorpusMarshal and BenchmarkCorpusUnmarshal, safejson's column)
# built before and after the upgrade, the two test binaries run in turns
# (SPEED_ROUNDS, default 3, of SPEED_BENCHTIME, default 10x, each), CPU time
# per call compared by the median of each row; a row more than SLOWER times
# (default 1.25) slower after the upgrade is said loudly, and SPEED_FAIL=1
# makes it fail the verdict. An engine that gives the right bytes but hands
# values to encoding/json (bytedance/sonic#981) passes every check above.
#
# The repository itself is never modified (checked: git status and the module
# files before and after). KEEP=1 keeps the temporary directory. REPORT_FLAGS
# are passed to the report command (e.g. REPORT_FLAGS="-skip recursive/" to
# leave out a case that crashes an engine).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)

TAGS=(safejson_sonic safejson_goccy safejson_std)

step() { printf '\n=== %s\n' "$*"; }
loud() { printf '\n!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!\n!!! %s\n!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!\n\n' "$*" >&2; }

if [ $# -eq 0 ] || [[ "$1" == -* ]]; then
	sed -n '2,35p' "$0" | sed 's/^# \{0,1\}//' >&2
	exit 2
fi
TOOLCHAIN=
MODS=()
for a in "$@"; do
	if [[ "$a" =~ ^go(1\.[0-9]+)$ ]] || [ "$a" = next ]; then
		# A line, or the next Go: the toolchain scripts/test.sh runs for it (internal/toolchain).
		line=${BASH_REMATCH[1]:-next}
		a=$(go run ./internal/cmd/toolchain "$line")
		if [ -z "$a" ]; then
			echo "engine-upgrade: $line: the module proxy lists no toolchain for it" >&2
			exit 2
		fi
		echo "engine-upgrade: $line: $a"
	fi
	if [[ "$a" =~ ^go1(\.[0-9]+)+((rc|beta)[0-9]+)?$ ]]; then
		if [ -n "$TOOLCHAIN" ]; then
			echo "engine-upgrade: $a: one Go toolchain at a time (already $TOOLCHAIN)" >&2
			exit 2
		fi
		TOOLCHAIN=$a
	elif [[ "$a" == *@* ]]; then
		MODS+=("$a")
	else
		echo "engine-upgrade: $a: want MODULE@VERSION or a Go toolchain (go1.27.4, go1.27, next)" >&2
		exit 2
	fi
done
CURRENT=$(go env GOVERSION)
V2=
if [ -n "$TOOLCHAIN" ]; then
	if ! v=$(GOTOOLCHAIN=$TOOLCHAIN go version 2>&1); then
		loud "Go toolchain $TOOLCHAIN cannot be had: $v"
		exit 2
	fi
	echo "toolchain checked: $v (current: $CURRENT)"
	# Its encoding/json flavour by default.
	tags=$(GOTOOLCHAIN=$TOOLCHAIN go list -f '{{context.ToolTags}}' encoding/json)
	grep -qw goexperiment.jsonv2 <<<"$tags" && V2=1
fi
# upgraded go ARGS: the go command of the upgrade (the new toolchain, if any).
upgraded() {
	if [ -n "$TOOLCHAIN" ]; then GOTOOLCHAIN=$TOOLCHAIN go "$@"; else go "$@"; fi
}

# The state the repository must still be in at the end.
repo_state() {
	git -C "$ROOT" status --porcelain=v1 --untracked-files=all
	cat "$ROOT/go.mod" "$ROOT/go.sum" | sha256sum
}
before=$(repo_state)

TMP=$(mktemp -d "${TMPDIR:-/tmp}/safejson-engine-upgrade.XXXXXX")
cleanup() {
	if [ -n "${KEEP:-}" ]; then
		echo "engine-upgrade: kept $TMP" >&2
	else
		rm -rf "$TMP"
	fi
}
trap cleanup EXIT
BASE="$TMP/base"
COPY="$TMP/repo"
mkdir -p "$BASE"

step "copying the repository to $BASE (as it is) and $COPY (to upgrade)"
# Tracked files that exist in the work tree (a deleted one is skipped) and
# untracked files that are not ignored.
git ls-files -z --cached --others --exclude-standard |
	while IFS= read -r -d '' f; do [ -f "$f" ] && printf '%s\0' "$f"; done |
	tar --null -T - -cf - | tar -xf - -C "$BASE"
cp -a "$BASE" "$COPY"

cd "$COPY"
# The root module alone (go.work lists the compat modules, and rejects -mod=mod).
export GOWORK=off
export GOFLAGS="${GOFLAGS:+$GOFLAGS }-mod=mod"
engine_modules=(github.com/bytedance/sonic github.com/goccy/go-json)
echo "engines now:      $(go list -m "${engine_modules[@]}" | tr '\n' ' ')"

if [ ${#MODS[@]} -gt 0 ]; then
	step "go get ${MODS[*]}"
	for mv in "${MODS[@]}"; do
		# With the current toolchain: module versions do not depend on it, and
		# a newer go command may write a toolchain line.
		go get "$mv"
	done
fi
echo "engines checked:  $(go list -m "${engine_modules[@]}" | tr '\n' ' ')"

configs=()
failed=()
verdicts=()
LOG="$TMP/log"
mkdir -p "$LOG"

# check NAME [go flags...]: go test ./internal/conformance/... (the corpus, the literals
# against encoding/json, the fuzz seeds) and the report table with the upgraded
# engines; then, unless BASELINE=0, the report with the engines of the
# repository, and the results the upgrade changes.
check() {
	local name=$1
	shift
	configs+=("$name")
	step "$name: ${TOOLCHAIN:+GOTOOLCHAIN=$TOOLCHAIN }${GOEXPERIMENT:+GOEXPERIMENT=$GOEXPERIMENT }${GOARCH:+GOARCH=$GOARCH }go test ./internal/conformance/... $*"
	local ok=1 verdict
	if upgraded test -count=1 "$@" ./internal/conformance/... >"$LOG/$name.test" 2>&1; then
		tail -1 "$LOG/$name.test"
	else
		ok=0
		# Top-level failures only: the report below details TestConformance.
		grep -E '^(--- FAIL|FAIL|panic:|# )' "$LOG/$name.test" | head -20 || true
		echo "(full output: $LOG/$name.test${KEEP:+, kept}${KEEP:-; KEEP=1 keeps it})"
	fi
	step "$name: report"
	upgraded run "$@" ./internal/conformance/cmd/report ${REPORT_FLAGS:-} -trace "$LOG/$name.trace" >"$LOG/$name.md" 2>&1 || ok=0
	if grep -q '^verdict: ' "$LOG/$name.md"; then
		cat "$LOG/$name.md"
		verdict=$(grep '^verdict: ' "$LOG/$name.md" | tail -1)
	elif [ -s "$LOG/$name.trace" ]; then
		head -c 3000 "$LOG/$name.md"
		echo "…"
		local last
		last=$(tail -1 "$LOG/$name.trace" | tr '\t' ' ')
		echo "The report crashed (a fatal error no recover catches) while running: $last"
		verdict="CRASH while running case and column: $last"
	else
		cat "$LOG/$name.md"
		verdict="no verdict: the report did not build (see above)"
	fi

	if [ "${BASELINE:-1}" != 0 ]; then
		step "$name: what the upgrade changes (report -tsv, before and after)"
		upgraded run "$@" ./internal/conformance/cmd/report ${REPORT_FLAGS:-} -tsv >"$LOG/$name.after.tsv" 2>/dev/null || true
		(cd "$BASE" && go run "$@" ./internal/conformance/cmd/report ${REPORT_FLAGS:-} -tsv >"$LOG/$name.before.tsv" 2>/dev/null) || true
		local changed
		changed=$(diff <(sort "$LOG/$name.before.tsv") <(sort "$LOG/$name.after.tsv") |
			awk -F'\t' '/^[<>] / { print substr($1, 3) "\t" $2 "\t" (substr($1, 1, 1) == "<" ? "before" : "upgraded") "\t" $3 "\t" $4 }' |
			sort -t$'\t' -k1,2 -k3,3 -s || true)
		if [ -s "$LOG/$name.after.tsv" ] && [ -s "$LOG/$name.before.tsv" ]; then
			if [ -z "$changed" ]; then
				echo "no result changes (case, engine, verdict, raw engine)"
				verdict+="; the upgrade changes no result"
			else
				echo "$changed" | awk -F'\t' '{ printf "  %-60s %-6s %-9s %-16s raw %s\n", $1, $2, $3, $4, $5 }'
				verdict+="; the upgrade changes $(echo "$changed" | grep -c $'\tupgraded\t') results"
			fi
			local failedBefore
			failedBefore=$(grep -c $'\tFAIL\t' "$LOG/$name.before.tsv" || true)
			[ "$failedBefore" = 0 ] || verdict+=" ($failedBefore failures already before it)"
		else
			echo "(no comparison: a report did not build or run)"
		fi
	fi
	verdicts+=("$name: $verdict")
	[ $ok = 1 ] || failed+=("$name")
}

check default
for tag in "${TAGS[@]}"; do
	check "$tag" -tags "$tag"
done
if [ -n "$V2" ]; then
	# The toolchain's encoding/json is on json/v2 by default: its classic flavour too.
	GOEXPERIMENT=nojsonv2 check nojsonv2
fi

# has_v2 GO...: whether that go command's encoding/json/v2 exists (Go 1.27 or
# later, default GOEXPERIMENT).
has_v2() {
	local tags
	tags=$("$@" list -f '{{context.ToolTags}}' encoding/json 2>/dev/null) || return 1
	grep -qw goexperiment.jsonv2 <<<"$tags" &&
		"$@" list encoding/json/v2 >/dev/null 2>&1
}

# v2check: the json/v2 column (see the header).
v2check() {
	local tc=
	if [ -n "$TOOLCHAIN" ] && [ -n "$V2" ]; then
		tc=$TOOLCHAIN
	elif [ -z "$TOOLCHAIN" ] && has_v2 go; then
		tc=$CURRENT
	else
		tc=${V2_TOOLCHAIN:-$(go run ./internal/cmd/toolchain 1.27)}
	fi
	configs+=("json/v2")
	step "json/v2 column: GOTOOLCHAIN=$tc go test -run 'V2' ./internal/conformance/ ./internal/v2route/"
	if ! has_v2 env GOTOOLCHAIN="$tc" go; then
		loud "json/v2 column: $tc has no encoding/json/v2 (set V2_TOOLCHAIN to a Go 1.27 or later)"
		verdicts+=("json/v2: no Go with encoding/json/v2 ($tc)")
		failed+=("json/v2")
		return
	fi
	local ok=1 verdict
	if GOTOOLCHAIN=$tc go test -count=1 -run 'V2' ./internal/conformance/ ./internal/v2route/ >"$LOG/v2.test" 2>&1; then
		tail -2 "$LOG/v2.test"
	else
		ok=0
		grep -E '^(--- FAIL|FAIL|panic:|# )|is stale|lets goccy encode' "$LOG/v2.test" | head -20 || true
		echo "(full output: $LOG/v2.test${KEEP:+, kept}${KEEP:-; KEEP=1 keeps it})"
	fi
	GOTOOLCHAIN=$tc go run ./internal/conformance/cmd/report -v2 >"$LOG/v2.md" 2>&1 || ok=0
	verdict=$(grep '^json/v2 column: ' "$LOG/v2.md" | tail -1 || true)
	[ -n "$verdict" ] || verdict="no verdict: report -v2 did not run (see $LOG/v2.md)"
	echo "$verdict"
	if [ "${BASELINE:-1}" != 0 ]; then
		step "json/v2 column: what the upgrade changes (report -v2 -tsv, before and after, on $tc)"
		GOTOOLCHAIN=$tc go run ./internal/conformance/cmd/report -v2 -tsv >"$LOG/v2.after.tsv" 2>/dev/null || true
		(cd "$BASE" && GOTOOLCHAIN=$tc go run ./internal/conformance/cmd/report -v2 -tsv >"$LOG/v2.before.tsv" 2>/dev/null) || true
		local changed
		changed=$(diff <(sort "$LOG/v2.before.tsv") <(sort "$LOG/v2.after.tsv") |
			awk -F'\t' '/^[<>] / { print substr($1, 3) "\t" $2 "\t" $3 "\t" (substr($1, 1, 1) == "<" ? "before" : "upgraded") "\t" $4 "\t" $5 }' |
			sort -t$'\t' -k1,3 -k4,4 -s || true)
		if [ -s "$LOG/v2.after.tsv" ] && [ -s "$LOG/v2.before.tsv" ]; then
			if [ -z "$changed" ]; then
				echo "no result changes (case, option set, engine, verdict, engine's outcome)"
				verdict+="; the upgrade changes no result"
			else
				echo "$changed" | awk -F'\t' '{ printf "  %-56s %-14s %-6s %-9s %-15s %s\n", $1, $2, $3, $4, $5, $6 }'
				verdict+="; the upgrade changes $(echo "$changed" | grep -c $'\tupgraded\t') results"
			fi
		else
			echo "(no comparison: a report did not build or run)"
		fi
	fi
	verdicts+=("json/v2 ($tc): $verdict")
	[ $ok = 1 ] || failed+=("json/v2")
}

# speed: the corpus through safejson before and after the upgrade (see the
# header).
speed() {
	local pat='^BenchmarkCorpus(Marshal|Unmarshal)$/.*/.*/^safejson$'
	step "speed: the corpus through safejson, before and after (${SPEED_ROUNDS:-3} rounds in turns, ${SPEED_BENCHTIME:-10x} each)"
	if ! (cd "$BASE/bench" && GOWORK=off go test -c -tags bench_full -o "$TMP/bench.before" .) >"$LOG/speed.build" 2>&1; then
		loud "speed: the bench module does not build at the repository's engines (see $LOG/speed.build)"
		verdicts+=("speed: not measured (the bench does not build before the upgrade)")
		return
	fi
	if ! (cd "$COPY/bench" && GOWORK=off upgraded test -c -tags bench_full -o "$TMP/bench.after" .) >>"$LOG/speed.build" 2>&1; then
		loud "speed: the bench module does not build with the upgrade (see $LOG/speed.build)"
		verdicts+=("speed: the bench does not build with the upgrade")
		failed+=(speed)
		return
	fi
	: >"$LOG/speed.before"
	: >"$LOG/speed.after"
	for _ in $(seq "${SPEED_ROUNDS:-3}"); do
		(cd "$BASE/bench" && "$TMP/bench.before" -test.run '^$' -test.bench "$pat" -test.benchtime "${SPEED_BENCHTIME:-10x}" >>"$LOG/speed.before" 2>&1) || true
		(cd "$COPY/bench" && "$TMP/bench.after" -test.run '^$' -test.bench "$pat" -test.benchtime "${SPEED_BENCHTIME:-10x}" >>"$LOG/speed.after" 2>&1) || true
	done
	local table
	table=$(speed_table "$LOG/speed.before" "$LOG/speed.after")
	[ -z "$table" ] || printf '%-48s %12s %12s %7s\n' row "before µs" "after µs" ratio
	[ -z "$table" ] || echo "$table" | awk -F'\t' '{ printf "%-48s %12.1f %12.1f %6.2f× %s\n", $1, $2 / 1000, $3 / 1000, $4, $5 }'
	local slower
	slower=$(echo "$table" | awk -F'\t' '$5 != "" { print $1 " " $4 "×" }')
	if [ -z "$table" ]; then
		loud "speed: no row measured (see $LOG/speed.before and $LOG/speed.after)"
		verdicts+=("speed: not measured")
	elif [ -n "$slower" ]; then
		loud "speed: $(echo "$slower" | wc -l) corpus rows more than ${SLOWER:-1.25}× slower after the upgrade: $(echo "$slower" | tr '\n' ',' | sed 's/,$//')"
		verdicts+=("speed: $(echo "$slower" | wc -l) rows markedly slower")
		[ "${SPEED_FAIL:-0}" = 0 ] || failed+=(speed)
	else
		verdicts+=("speed: no row more than ${SLOWER:-1.25}× slower")
	fi
}

# speed_table BEFORE AFTER: for each benchmark in both outputs, tab-separated:
# name (without Benchmark and the -N suffix), the median CPU time per call
# before and after (cpu-ns/op, ns/op where there is none), after ÷ before,
# and "SLOWER" when that passes SLOWER.
speed_table() {
	for side in before after; do
		local f=$1
		[ $side = before ] || f=$2
		awk -v side=$side '/^Benchmark/ {
			name = $1; sub(/^Benchmark/, "", name); sub(/-[0-9]+$/, "", name)
			v = ""
			for (i = 3; i <= NF; i++) if ($i == "cpu-ns/op" || ($i == "ns/op" && v == "")) v = $(i - 1)
			if (v != "") print side "\t" name "\t" v
		}' "$f"
	done | sort -t$'\t' -k2,2 -k1,1 -k3,3g |
		awk -F'\t' -v limit="${SLOWER:-1.25}" '
			function median(side,   n) { n = cnt[side]; if (n == 0) return 0; return n % 2 ? val[side, (n + 1) / 2] : (val[side, n / 2] + val[side, n / 2 + 1]) / 2 }
			function flush(   b, a) {
				if (cur == "") return
				b = median("before"); a = median("after")
				if (b > 0 && a > 0) printf "%s\t%.0f\t%.0f\t%.2f\t%s\n", cur, b, a, a / b, (a / b > limit ? "SLOWER" : "")
				cnt["before"] = 0; cnt["after"] = 0
			}
			$2 != cur { flush(); cur = $2 }
			{ val[$1, ++cnt[$1]] = $3 }
			END { flush() }'
}

if [ "${V2COLUMN:-1}" != 0 ]; then
	v2check
fi

if [ "${SPEED:-1}" != 0 ]; then
	speed
fi

if command -v qemu-aarch64-static >/dev/null 2>&1; then
	GOARCH=arm64 check arm64 -exec qemu-aarch64-static
else
	loud "SKIPPED: arm64 (sonic's VM path) needs qemu-aarch64-static (apt-get install qemu-user-static)"
	configs+=("arm64: SKIPPED")
	verdicts+=("arm64: SKIPPED (no qemu-aarch64-static)")
fi

cd "$ROOT"
after=$(repo_state)
if [ "$before" != "$after" ]; then
	loud "the repository changed while the script ran (it writes only to $TMP): compare git status"
	diff <(echo "$before") <(echo "$after") >&2 || true
	exit 3
fi

what="${MODS[*]}"
[ -z "$TOOLCHAIN" ] || what="$TOOLCHAIN${what:+ with $what}"
step "summary: $what (compared with the repository's engines on $CURRENT)"
printf '  %s\n' "${verdicts[@]}"
echo
if [ ${#failed[@]} -eq 0 ]; then
	echo "engine-upgrade verdict: OK: $what gives what the conformance cases expect in ${configs[*]}"
else
	echo "engine-upgrade verdict: FAIL: $what differs from what the conformance cases expect in: ${failed[*]} (checked: ${configs[*]})"
	exit 1
fi
