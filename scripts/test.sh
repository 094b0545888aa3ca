#!/usr/bin/env bash
# The whole test suite: what CI (.ci/run) and the README run.
#
#   scripts/test.sh                  everything, on Go 1.26 and Go 1.27 (both flavours)
#   QUICK=1 scripts/test.sh          every module on Go 1.26 only (no 1.27, tags, arm64)
#   PARTS=REGEXP scripts/test.sh     only the parts whose name matches (e.g. 'go1.27', 'compat/gin')
#   JOBS=1 scripts/test.sh           one part at a time (default: 2 lanes on 2 cores or more)
#
# It sets GOTOOLCHAIN itself for every part: Go 1.26 is go1.26.8 (the machine's Go
# here), Go 1.27 is go1.27.3, which the go command fetches through the module proxy
# when it is not there yet (about 76 MB). Go 1.27 runs in both flavours of
# encoding/json: the default (v1 on json/v2) and GOEXPERIMENT=nojsonv2 (classic).
#
# The parts (a part's name says its toolchain mode):
#   gofmt                         every .go file
#   tag matrix goX                what each engine tag links per GOARCH, and the compile
#                                 errors of conflicting tags (scripts/tagmatrix.sh; on 1.27
#                                 only what links: the constraints name no Go below 1.28)
#   MODULE go1.26                 every module (a directory holding a go.mod): go vet,
#                                 staticcheck (pinned, through go run), go test; for a
#                                 compat module also its go.sum outside the workspace (GOWORK=off)
#   . go1.27                      root module: go vet, staticcheck, go test -race
#   . go1.27 nojsonv2             root module: go vet, go test
#   MODULE go1.27                 each compat module: go test -race
#   -tags TAG goX                 root module under each engine tag: go vet, go test
#   arm64 goX                     root module under GOARCH=arm64 with qemu-user-static
#                                 (installed with apt-get when missing; a loud skip otherwise)
#   stdtests goX                  Go's own encode tests against safejson and safe
#                                 (scripts/stdtests.sh), in each of the three modes
#   load go1.26                   the load test's short form (go run ./bench -load -check,
#                                 5 s per server; docs/load.md): wrk, installed with
#                                 apt-get when missing (a loud skip otherwise); fails on
#                                 a safejson server's errors, a crash, leaked goroutines
#                                 or RSS growth, never on speed
# -race runs once, on the current Go release (1.27), for every module: it is the
# costliest build (twice the compile, several times the run time) and the code it
# watches (caches, pools, the servers of the compat tests) is not toolchain-specific.
# vet and staticcheck run once per module, on Go 1.26 (and on 1.27 for the root
# module, which holds the flavour-specific files). Test results come from Go's test
# cache when a test binary is identical to one already run (a package that does not
# depend on the engine tags, say); GOFLAGS=-count=1 runs everything again.
# The two toolchains share no build cache, so with JOBS=2 the Go 1.26 parts and the
# Go 1.27 parts run in two lanes side by side; each lane runs its parts in order,
# then takes the other lane's last parts (arm64, tags, stdtests) when it is done first.
#
# A part that fails does not stop the others: the summary at the end names each
# failing part and command, with every part's time. Exit 1 when a part failed, or
# when a Go toolchain could not be had (a loud SKIPPED; ALLOW_MISSING_TOOLCHAIN=1
# makes that a warning for an offline machine: CI must not pass without Go 1.27).
set -euo pipefail
cd "$(dirname "$0")/.."

GO126=${GO126:-go1.26.8}
GO127=${GO127:-go1.27.3}
STATICCHECK=honnef.co/go/tools/cmd/staticcheck@v0.8.2
TAGS=(safejson_sonic safejson_goccy safejson_std)
if [ -z "${JOBS:-}" ]; then
	JOBS=1
	[ "$(nproc 2>/dev/null || echo 1)" -ge 2 ] && JOBS=2
fi

loud() { printf '\n!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!\n!!! %s\n!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!\n\n' "$*" >&2; }
secs() { printf '%dm%02ds' $(($1 / 60)) $(($1 % 60)); }

# Each part's full log; kept when a part fails (the path is printed at the end).
LOG=$(mktemp -d "${TMPDIR:-/tmp}/safejson-test.XXXXXX")
KEEPLOG=
trap '[ -n "$KEEPLOG" ] || rm -rf "$LOG"' EXIT
T0=$SECONDS

# Every module: the directories holding a go.mod, root first.
mapfile -t MODULES < <(git ls-files --cached --others --exclude-standard -- '*go.mod' ':!:**/testdata/**' | xargs -n1 dirname | sort -u)

# --- the parts -----------------------------------------------------------------
# A part is a shell function run in a subshell of its own, its output in a log;
# x runs one command of it and records a failure without stopping the part.
x() {
	echo "+ $*"
	local t=$SECONDS rc=0
	"$@" || rc=$?
	[ $rc = 0 ] || { echo "^^^ FAILED (exit $rc): $*"; FAILED+=("$*"); }
	[ $((SECONDS - t)) -lt 5 ] || echo "    ($(secs $((SECONDS - t))))"
	return 0
}

p_gofmt() {
	local unformatted
	unformatted=$(git ls-files -z --cached --others --exclude-standard -- '*.go' | xargs -0 gofmt -l)
	[ -z "$unformatted" ] || { echo "gofmt would change:"; echo "$unformatted"; FAILED+=("gofmt -l"); }
}
p_tagmatrix() { x scripts/tagmatrix.sh "$@"; }
# p_module MODULE lint race: go vet, staticcheck, go test [-race], and the
# go.sum of a compat module outside the workspace.
p_module() {
	local m=$1 lint=$2 race=$3
	if [ "$lint" = 1 ]; then
		x go -C "$m" vet ./...
		x go -C "$m" run "$STATICCHECK" ./...
	fi
	x go -C "$m" test ${race:+-race} ./...
	if [ "$lint" = 1 ] && [ "$m" != . ]; then
		# Outside the workspace too, as a user of the module builds it:
		# a root go.mod change can leave this module's go.sum stale.
		x env GOWORK=off go -C "$m" list -deps -test ./... >/dev/null
	fi
}
p_tag() {
	x go vet -tags "$1" ./...
	x go test -tags "$1" ./...
}
p_arm64() {
	x env GOARCH=arm64 go vet ./...
	x env GOARCH=arm64 go test -exec qemu-aarch64-static ./...
}
p_stdtests() { x scripts/stdtests.sh; }
p_load() { x go -C bench run . -load -duration 5s -warmup 2s -check; }

# --- toolchains ------------------------------------------------------------------
# mode NAME: the environment of a toolchain mode (go1.26, go1.27, go1.27 nojsonv2).
mode_env() {
	case $1 in
	go1.26) echo "GOTOOLCHAIN=$GO126 GOEXPERIMENT=" ;;
	go1.27) echo "GOTOOLCHAIN=$GO127 GOEXPERIMENT=" ;;
	"go1.27 nojsonv2") echo "GOTOOLCHAIN=$GO127 GOEXPERIMENT=nojsonv2" ;;
	esac
}
declare -A HAVE
for tc in "$GO126" "$GO127"; do
	t=$SECONDS
	if v=$(GOTOOLCHAIN=$tc go version 2>&1); then
		HAVE[$tc]=1
		echo "toolchain $tc: $v (GOROOT $(GOTOOLCHAIN=$tc go env GOROOT))$([ $((SECONDS - t)) -lt 2 ] || echo ", fetched in $(secs $((SECONDS - t)))")"
	else
		loud "Go toolchain $tc cannot be had (GOTOOLCHAIN=$tc go version: $v): its parts are SKIPPED"
	fi
done

qemu=1
need_qemu() {
	command -v qemu-aarch64-static >/dev/null 2>&1 && return
	if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
		echo "installing qemu-user-static with apt-get"
		(apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq qemu-user-static) >/dev/null ||
			echo "apt-get install qemu-user-static failed"
	fi
	command -v qemu-aarch64-static >/dev/null 2>&1 || {
		qemu=
		loud "arm64 parts SKIPPED: they need qemu-aarch64-static, which could not be installed here"
	}
}

wrk=1
need_wrk() {
	command -v wrk >/dev/null 2>&1 && return
	if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
		echo "installing wrk with apt-get"
		(apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk) >/dev/null ||
			echo "apt-get install wrk failed"
	fi
	command -v wrk >/dev/null 2>&1 || {
		wrk=
		loud "load part SKIPPED: it needs wrk, which could not be installed here"
	}
}

# --- the plan --------------------------------------------------------------------
# Each line: lane <TAB> part name <TAB> mode <TAB> function and arguments.
plan=()
add() { plan+=("$1"$'\t'"$2"$'\t'"$3"$'\t'"$4"); }
add 0 "gofmt" go1.26 "p_gofmt"
add 1 "tag matrix go1.26" go1.26 "p_tagmatrix"
for m in "${MODULES[@]}"; do
	add 1 "$m go1.26" go1.26 "p_module $m 1 ''"
done
add 2 ". go1.27" go1.27 "p_module . 1 1"
add 2 ". go1.27 nojsonv2" "go1.27 nojsonv2" "p_module . 0 ''"
for m in "${MODULES[@]}"; do
	[ "$m" = . ] || add 2 "$m go1.27" go1.27 "p_module $m 0 1"
done
for mode in go1.26 go1.27; do
	lane=1
	[ $mode = go1.26 ] || lane=2
	for tag in "${TAGS[@]}"; do
		add $lane "-tags $tag $mode" $mode "p_tag $tag"
	done
	add $lane "arm64 $mode" $mode "p_arm64"
done
add 1 "stdtests go1.26" go1.26 "p_stdtests"
add 2 "stdtests go1.27" go1.27 "p_stdtests"
add 2 "stdtests go1.27 nojsonv2" "go1.27 nojsonv2" "p_stdtests"
add 2 "tag matrix go1.27" go1.27 "p_tagmatrix -list-only"
add 1 "load go1.26" go1.26 "p_load"

# What runs: QUICK=1 keeps the Go 1.26 module parts; PARTS keeps the matching names.
selected=()
notrun=()
for i in "${!plan[@]}"; do
	IFS=$'\t' read -r lane name mode fn <<<"${plan[$i]}"
	keep=1
	if [ -n "${QUICK:-}" ] && { [ "$mode" != go1.26 ] || [[ $fn == p_tag* || $fn == p_arm64 || $fn == p_tagmatrix ]]; }; then
		keep=
	fi
	if [ -n "${PARTS:-}" ] && ! [[ $name =~ $PARTS ]]; then
		keep=
	fi
	if [ -n "$keep" ]; then selected+=("$i"); else notrun+=("$name"); fi
done
for i in "${selected[@]}"; do
	[[ ${plan[$i]} == *$'\tp_arm64' ]] && { need_qemu; break; }
done
for i in "${selected[@]}"; do
	[[ ${plan[$i]} == *$'\tp_load' ]] && { need_wrk; break; }
done

# --- PostgreSQL for the database adapters ---------------------------------------
# compat/pgx, compat/gorm and compat/bun test against a real PostgreSQL: when one of
# their parts runs and SAFEJSON_PG_DSN is not set, a throw-away cluster is started
# (scripts/pg.sh: Debian's server, the `postgresql` package installed with apt-get
# when missing; as nobody under root; 127.0.0.1 on a free port, socket in its temp
# dir), its DSN exported to every part, and it is stopped and removed at exit.
# Both toolchains' parts share it (each test binary names its own tables). Without
# it those tests fail under CI (CI=true) and skip loudly by hand.
PG_PARTS='^compat/(pgx|gorm|bun) '
for i in "${selected[@]}"; do
	IFS=$'\t' read -r lane name rest <<<"${plan[$i]}"
	[[ $name =~ $PG_PARTS ]] || continue
	if [ -z "${SAFEJSON_PG_DSN:-}" ]; then
		PGDIR=$(mktemp -d "${TMPDIR:-/tmp}/safejson-pg.XXXXXX")
		eval "pg_prev_trap=$(trap -p EXIT | sed -e 's/^trap -- //' -e 's/ EXIT$//')"
		trap 'scripts/pg.sh stop "$PGDIR"; '"${pg_prev_trap:-}" EXIT
		t=$SECONDS
		if SAFEJSON_PG_DSN=$(scripts/pg.sh start "$PGDIR" 2>"$LOG/pg.start.log"); then
			export SAFEJSON_PG_DSN
			echo "PostgreSQL for the database adapters: $SAFEJSON_PG_DSN (started in $(secs $((SECONDS - t))))"
		else
			cat "$LOG/pg.start.log" >&2
			unset SAFEJSON_PG_DSN
			loud "PostgreSQL could not be started (scripts/pg.sh): the database tests of compat/pgx, gorm and bun FAIL under CI, skip by hand"
		fi
	fi
	break
done

# run_part INDEX: one part, in a subshell; its log is printed whole when it ends.
run_part() {
	local i=$1 lane name mode fn t=$SECONDS status
	IFS=$'\t' read -r lane name mode fn <<<"${plan[$i]}"
	local tc=${GO126}
	[[ $mode == go1.26 ]] || tc=$GO127
	if [ -z "${HAVE[$tc]:-}" ]; then
		status="SKIPPED: no $tc"
	elif [ "$fn" = p_arm64 ] && [ -z "$qemu" ]; then
		status="SKIPPED: no qemu"
	elif [ "$fn" = p_load ] && [ -z "$wrk" ]; then
		status="SKIPPED: no wrk"
	else
		echo "--- start: $name ($(secs $((SECONDS - T0))))"
		(
			set +e
			FAILED=()
			# shellcheck disable=SC2046 # the mode's assignments
			export $(mode_env "$mode")
			eval "$fn"
			times >"$LOG/$i.times"
			: >"$LOG/$i.failed"
			[ ${#FAILED[@]} -eq 0 ] || printf '%s\n' "${FAILED[@]}" >"$LOG/$i.failed"
		) >"$LOG/$i.log" 2>&1 </dev/null
		if [ -s "$LOG/$i.failed" ]; then status=FAIL; else status=ok; fi
	fi
	local d=$((SECONDS - t)) cpu=0
	# CPU time of the part's commands (user + system, all their children).
	[ ! -f "$LOG/$i.times" ] || cpu=$(awk 'NR == 2 { s = 0; for (f = 1; f <= 2; f++) { split($f, a, "m"); s += a[1] * 60 + a[2] } printf "%d", s }' "$LOG/$i.times")
	printf '%s\t%s\t%s\t%s\n' "$status" "$d" "$cpu" "$(tr '\n' ';' <"$LOG/$i.failed" 2>/dev/null | sed 's/;$//; s/;/; /g')" >"$LOG/$i.result"
	{
		printf '\n=== %s [%s] %s in %s (CPU %s)\n' "$name" "$(mode_env "$mode")" "$status" "$(secs $d)" "$(secs "$cpu")"
		if [ -f "$LOG/$i.log" ]; then
			local n
			n=$(wc -l <"$LOG/$i.log")
			if [ "$n" -le 1000 ]; then
				cat "$LOG/$i.log"
			else
				head -600 "$LOG/$i.log"
				printf '\n[... %d lines left out: the whole log is %s (kept) ...]\n\n' $((n - 900)) "$LOG/$i.log"
				tail -300 "$LOG/$i.log"
			fi
		fi
	} | flock "$LOG/print.lock" cat
}
# Lane 0 runs first, alone; then lanes 1 and 2 side by side (JOBS=2), each taking
# the parts of its own queue from the front, and, once its queue is empty, the
# other queue's parts from the back (its last parts build nothing the rest shares).
for i in "${selected[@]}"; do
	IFS=$'\t' read -r lane rest <<<"${plan[$i]}"
	echo "$i" >>"$LOG/queue$lane"
done
touch "$LOG/queue0" "$LOG/queue1" "$LOG/queue2"
# next_part LANE: prints the index of the part this lane runs next, if any.
next_part() {
	local own=$LOG/queue$1 other=$LOG/queue$((3 - $1))
	(
		flock 9
		if [ -s "$own" ]; then
			head -1 "$own"
			sed -i 1d "$own"
		elif [ "$1" != 0 ] && [ -s "$other" ]; then
			tail -1 "$other"
			sed -i '$d' "$other"
		fi
	) 9>"$LOG/queue.lock"
}
run_lane() {
	local i
	while i=$(next_part "$1") && [ -n "$i" ]; do
		run_part "$i"
	done
	return 0
}

run_lane 0
if [ "$JOBS" -ge 2 ]; then
	echo "--- two lanes: the Go 1.26 parts and the Go 1.27 parts side by side (JOBS=$JOBS)"
	run_lane 1 &
	l1=$!
	run_lane 2 &
	l2=$!
	wait $l1 $l2
else
	run_lane 1
	run_lane 2
fi

# --- summary -----------------------------------------------------------------------
echo
echo "=== summary (wall clock $(secs $((SECONDS - T0))), JOBS=$JOBS; part times overlap in two lanes)"
printf '%-44s %-8s %8s %8s  %s\n' part result time CPU "failed commands"
fails=()
skips=()
cputotal=0
for i in "${selected[@]}"; do
	IFS=$'\t' read -r lane name mode fn <<<"${plan[$i]}"
	IFS=$'\t' read -r status d cpu cmds <"$LOG/$i.result"
	printf '%-44s %-8s %8s %8s  %s\n' "$name" "${status%%:*}" "$(secs "$d")" "$(secs "$cpu")" "$cmds"
	cputotal=$((cputotal + cpu))
	case $status in
	FAIL) fails+=("$name") ;;
	SKIPPED*) skips+=("$name (${status#SKIPPED: })") ;;
	esac
done
printf '%-44s %-8s %8s %8s\n' total "" "$(secs $((SECONDS - T0)))" "$(secs $cputotal)"
for n in "${notrun[@]}"; do printf '%-44s %-8s\n' "$n" "not run"; done

missing=
for s in "${skips[@]}"; do [[ $s == *"(no go"* ]] && missing=1; done
[ ${#notrun[@]} -eq 0 ] || loud "NOT RUN (QUICK=1 / PARTS=${PARTS:-}): ${#notrun[@]} parts, listed above"
[ ${#skips[@]} -eq 0 ] || loud "SKIPPED: $(printf '%s, ' "${skips[@]}" | sed 's/, $//')"
if [ ${#fails[@]} -gt 0 ]; then
	KEEPLOG=1
	echo "the parts' logs: $LOG"
	loud "FAILED: ${#fails[@]} parts: $(printf '%s, ' "${fails[@]}" | sed 's/, $//')"
	exit 1
fi
if [ -n "$missing" ] && [ -z "${ALLOW_MISSING_TOOLCHAIN:-}" ]; then
	loud "FAILED: a Go toolchain could not be had (ALLOW_MISSING_TOOLCHAIN=1 accepts that)"
	exit 1
fi
echo "all parts passed"
