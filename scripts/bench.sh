#!/usr/bin/env bash
# Go benchmarks of ./bench, compared across encoders with benchstat.
#
#   scripts/bench.sh                   every case, -count 10
#   scripts/bench.sh 'items-20|selfmap'  only the cases whose slug matches (a -bench regexp)
#   COUNT=3 BENCHTIME=200ms scripts/bench.sh   shorter
#   ENGINE=goccy scripts/bench.sh      another engine of engine.All() for after/engine
#
# Benchmarks are named BenchmarkMarshal/<case>/<encoder>, encoder one of
#   before  package safe alone        after  safejson (engine, then safe)
#   engine  the raw engine            std    encoding/json
# The raw results are kept in bench/out/ (git-ignored by the root .gitignore);
# benchstat prints one table per metric, cases as rows and encoders
# as columns, each compared with "before", then after against the raw engine.
set -euo pipefail
cd "$(dirname "$0")/.."

BENCHSTAT=golang.org/x/perf/cmd/benchstat@v0.0.0-20260908200009-22c9c6c9d4da
COUNT=${COUNT:-10}
BENCHTIME=${BENCHTIME:-1s}
CASES=${1:-.}

out=bench/out
mkdir -p "$out"
raw="$out/marshal.txt"
keyed="$out/marshal.keyed.txt"

echo "go test -bench 'BenchmarkMarshal/($CASES)/' -count $COUNT -benchtime $BENCHTIME ./bench  > $raw" >&2
# A failing benchmark (safe or safejson erring on a case) fails the script, but
# only after benchstat has shown the others.
status=0
go test -run '^$' -bench "BenchmarkMarshal/($CASES)/" -benchmem -count "$COUNT" -benchtime "$BENCHTIME" \
	-timeout 60m ./bench -args ${ENGINE:+-engine "$ENGINE"} | tee "$raw" || status=$?

# benchstat groups by key=value name parts: BenchmarkMarshal/items-20/after-2
# becomes BenchmarkMarshal/case=items-20/enc=after-2 (the -2 is GOMAXPROCS).
sed -E 's#^BenchmarkMarshal/([^/[:space:]]+)/([a-z]+)#BenchmarkMarshal/case=\1/enc=\2#' "$raw" >"$keyed"

printf '\n=== every encoder against before (package safe alone)\n\n'
go run "$BENCHSTAT" -row /case -col /enc "$keyed"

printf '\n=== after (safejson) against engine (the raw engine)\n\n'
go run "$BENCHSTAT" -row /case -col '/enc@(engine after)' -filter '/enc:(engine OR after)' "$keyed"

if [ "$status" != 0 ]; then
	printf '\n!!! go test failed (status %s): see the --- FAIL lines in %s\n' "$status" "$raw" >&2
fi
exit "$status"
