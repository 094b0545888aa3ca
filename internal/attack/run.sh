#!/bin/bash
# run.sh BEFORE AFTER [RUNS]: every shape × (encoding/json, BEFORE, AFTER),
# each run in a child process, RUNS times (default 3); BEFORE and AFTER are
# attack binaries built against two versions of safejson (go build -o in
# this directory, the before one from a checkout of the older commit).
# Prints shape, implementation, CPU s, peak RSS MB, verdict; tab-separated.
# SHAPES (space-separated) runs only those.
# Run it under the bench lock: flock /tmp/safejson-bench.lock run.sh …
before=$1 after=$2 runs=${3:-3}
shapes="stray-closer-stream nested-slices-12 nested-maps-12 empties-into-any-9MB nested4-into-any-9MB
ndjson-100MB-decoder ptr-chain-200k-encode ptr-chain-1M-encode deep-array-9000-any deep-array-1M-any
deep-object-9000-any tiny-keys-10MB-map tiny-keys-10MB-struct tiny-keys-10MB-typed-map escaped-string-12MB
escaped-string-12MB-any huge-number-1M-digits-any huge-number-1M-digits-int dup-keys-10MB-struct
dup-keys-10MB-map unique-keys-64-wide-10MB-any unique-keys-64-deep-any dup-keys-10MB-typed-map wide-ints-10MB-slice items-1MB-decoder plain-items-1MB-decoder
plain-items-1MB-unmarshal unique-keys-1M-wide-struct-any unique-keys-1000-wide-10MB-struct-any
unique-keys-64-deep-struct-any dup-keys-wide-10MB-struct-any dup-keys-10MB-struct-any tiny-keys-10MB-struct-any
unique-keys-300k-skipped-10MB-struct-any"
shapes=${SHAPES:-$shapes}
for s in $shapes; do
	for _ in $(seq "$runs"); do
		printf '%s\tstd\t%s\n' "$s" "$("$after" -impl std -shape "$s")"
		if [ "$s" = ptr-chain-1M-encode ]; then
			printf '%s\tbefore\tskipped (quadratic before the fix)\n' "$s"
		else
			printf '%s\tbefore\t%s\n' "$s" "$(timeout 120 "$before" -impl safejson -shape "$s" || echo killed)"
		fi
		printf '%s\tafter\t%s\n' "$s" "$("$after" -impl safejson -shape "$s")"
	done
done
