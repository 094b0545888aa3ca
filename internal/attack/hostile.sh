#!/bin/bash
# hostile.sh [BEFORE]: the attack table (docs/hostile-input.md).
# Builds this directory's attack command with the go in PATH (set
# GOTOOLCHAIN / GOEXPERIMENT to pick the toolchain), then runs every row —
# shape, size, target, route — with encoding/json and with safejson, each
# run in its own process under the RSS watchdog, RUNS times (default 1;
# the medians), and prints a Markdown row: peak RSS (MB) and CPU (s) of
# each, and safejson/encoding/json. ROWS=shape:mb:target:via… runs only those.
# With BEFORE (an attack binary built from an older safejson), the two
# shapes of the issue are run with it too, in a second table.
# Run it under the bench lock: flock /tmp/safejson-bench.lock hostile.sh
set -e
cd "$(dirname "$0")"
bin=$(mktemp -d)/attack
go build -o "$bin" .
before=$1
rows="hint-chain:1:any:unmarshal hint-chain:10:any:unmarshal hint-chain:50:any:unmarshal
hint-chain:10:slice:unmarshal hint-chain:10:any:decoder hint-chain:10:slice:decoder
deep-chains-too-deep:1:any:unmarshal deep-chains-too-deep:10:any:unmarshal deep-chains-too-deep:50:any:unmarshal
deep-chains-too-deep:10:slice:unmarshal deep-chains-too-deep:10:any:decoder deep-chains-too-deep:10:slice:decoder
hint-alternate:10:any:unmarshal hint-nested:10:any:unmarshal hint-many-names:10:any:unmarshal hint-nested:10:slice:decoder
deep-objects-cut:10:any:unmarshal deep-objects-cut:10:slice:decoder
records-cut-90:1:any:unmarshal records-cut-90:10:any:unmarshal records-cut-90:45:slice:unmarshal records-cut-90:10:any:decoder
records-trailing-garbage:10:any:unmarshal records-bad-literal-end:10:slice:unmarshal
numbers-1e400-end:10:any:unmarshal numbers-1e400-end:10:slice:decoder records-1e400-end:10:any:unmarshal records-1e400-end:10:slice:unmarshal
records-1e400-end:10:any:decoder records-1e400-end:10:slice:decoder
small-arrays:10:any:unmarshal small-arrays:10:any:decoder records:10:any:unmarshal records:10:slice:decoder"
run1() { # impl binary shape mb target via
	"$2" -impl "$1" -shape "$3" -mb "$4" -target "$5" -via "$6" -maxrss "${MAXRSS:-6144}" || true
}
# run: the median CPU and the median peak RSS of RUNS runs (default 1),
# with the verdict of the last.
run() {
	local out cpus rsss last
	for _ in $(seq "${RUNS:-1}"); do
		out=$(run1 "$@")
		cpus+="$(cut -f1 <<<"$out")"$'\n'
		rsss+="$(cut -f2 <<<"$out")"$'\n'
		last=$(cut -f3- <<<"$out")
	done
	printf '%s\t%s\t%s\n' "$(sort -g <<<"${cpus%$'\n'}" | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')" \
		"$(sort -g <<<"${rsss%$'\n'}" | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')" "$last"
}
echo "$(go version | cut -d' ' -f3) ${GOEXPERIMENT:+GOEXPERIMENT=$GOEXPERIMENT}"
echo
echo "| shape | MB | target | route | encoding/json RSS MB | CPU s | safejson RSS MB | CPU s | RSS × | CPU × |"
echo "|---|---:|---|---|---:|---:|---:|---:|---:|---:|"
for r in ${ROWS:-$rows}; do
	IFS=: read -r shape mb target via <<<"$r"
	s=$(run std "$bin" "$shape" "$mb" "$target" "$via")
	o=$(run safejson "$bin" "$shape" "$mb" "$target" "$via")
	printf '%s\t%s\n' "$s" "$o" | awk -F'\t' -v sh="$shape" -v mb="$mb" -v t="$target" -v via="$via" \
		'{ printf "| %s | %s | %s | %s | %s | %s | %s | %s | %.2f | %.2f |\n", sh, mb, (t=="any"?"*any":"*[]any"), via, $2, $1, $5, $4, ($2>0?$5/$2:0), ($1>0?$4/$1:0) }'
done
if [ -n "$before" ]; then
	echo
	echo "| shape | MB | before RSS MB | CPU s | after RSS MB | CPU s | encoding/json RSS MB | CPU s |"
	echo "|---|---:|---:|---:|---:|---:|---:|---:|"
	for r in hint-chain:1 hint-chain:10 hint-chain:50 deep-chains-too-deep:1 deep-chains-too-deep:10 deep-chains-too-deep:50; do
		IFS=: read -r shape mb <<<"$r"
		b=$(run safejson "$before" "$shape" "$mb" any unmarshal)
		a=$(run safejson "$bin" "$shape" "$mb" any unmarshal)
		s=$(run std "$bin" "$shape" "$mb" any unmarshal)
		printf '%s\t%s\t%s\n' "$b" "$a" "$s" | awk -F'\t' -v sh="$shape" -v mb="$mb" \
			'{ printf "| %s | %s | %s | %s | %s | %s | %s | %s |\n", sh, mb, $2, $1, $5, $4, $8, $7 }'
	done
fi
