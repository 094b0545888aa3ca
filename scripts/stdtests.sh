#!/usr/bin/env bash
# Go's own encoding/json encode tests, run against safejson.Marshal and safe.Marshal:
#
#   scripts/stdtests.sh                                   # the go command's toolchain
#   GOTOOLCHAIN=go1.27.4 scripts/stdtests.sh              # Go 1.27, json/v2 flavour
#   GOTOOLCHAIN=go1.27.4 GOEXPERIMENT=nojsonv2 scripts/stdtests.sh
#   TARGETS=safe scripts/stdtests.sh                      # one target (default: safejson safe)
#
# Nothing of Go's is committed: the active toolchain's
# $GOROOT/src/encoding/json/encode_test.go and v2_encode_test.go are laid into
# package internal/stdtests with `go test -overlay` (the repository is not
# written to: internal/stdtests/overlay writes the copies and the overlay to a
# temp dir), and their build constraints pick the file of the toolchain's
# flavour (encode_test.go: !goexperiment.jsonv2; v2_encode_test.go:
# goexperiment.jsonv2). internal/stdtests supplies what the file takes from
# the rest of encoding/json: Marshal and MarshalIndent are the target's,
# Unmarshal, HTMLEscape and every type encoding/json's own.
#
# Policy (internal/stdtests/expected.txt): the tests listed there as `skip` do
# not run (values std rejects by design, where safejson writes a substitute);
# a failure listed there as `fail` for the target and mode is expected, with
# its reason. Exit 1 on any other failure, on an expected failure that no
# longer fails (remove it from the list), and when the test binary crashes.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
PKG=internal/stdtests
LIST=$PKG/expected.txt

GOROOT_=$(go env GOROOT)
version=$(go env GOVERSION)
minor=$(echo "$version" | grep -oE '^go[0-9]+\.[0-9]+')
# The flavour is the file the build constraints pick for encoding/json itself.
testfiles=$(go list -f '{{.TestGoFiles}}' encoding/json)
if grep -qw v2_encode_test.go <<<"$testfiles"; then
	flavour=v2
else
	flavour=v1
fi
MODE=$minor/$flavour
echo "stdtests: $version ($(go env GOEXPERIMENT | sed 's/^$/default experiments/')): mode $MODE, tests from $GOROOT_/src/encoding/json"

TMP=$(mktemp -d "${TMPDIR:-/tmp}/safejson-stdtests.XXXXXX")
trap 'rm -rf "$TMP"' EXIT

# drop lines: TEST REASON… (removed from the copy: they cannot compile
# outside package encoding/json). internal/stdtests/overlay, run by the
# toolchain under test, cuts them out with go/parser and writes the overlay.
overlay=$TMP/overlay.json
go run ./internal/stdtests/overlay -goroot "$GOROOT_" -policy "$LIST" -pkg "$ROOT/$PKG" -out "$TMP"
if [ -e "$PKG/encode_test.go" ] || [ -e "$PKG/v2_encode_test.go" ]; then
	echo "stdtests: $PKG must not hold a copy of Go's tests (they come from GOROOT)" >&2
	exit 2
fi

# skip lines: TEST REASON…
skips=$(awk '$1 == "skip" { printf "%s%s", sep, $2; sep = "|" }' "$LIST")
go test -overlay "$overlay" -c -o "$TMP/stdtests.test" "./$PKG"

status=0
for target in ${TARGETS:-safejson safe}; do
	out=$TMP/$target.out
	rc=0
	(cd "$PKG" && "$TMP/stdtests.test" -target "$target" -test.v -test.count=1 ${skips:+-test.skip "^($skips)\$"}) >"$out" 2>&1 || rc=$?

	# The failing tests, leaves only (a parent fails with its subtest).
	failed=$(sed -nE 's/^ *--- FAIL: ([^ ]+) .*/\1/p' "$out" | sort -u)
	leaves=$(for f in $failed; do grep -q "^$f/" <<<"$failed" || echo "$f"; done)
	passed=$(sed -nE 's/^ *--- PASS: ([^ ]+) .*/\1/p' "$out")
	total=$(sed -nE 's/^=== RUN +([^/]+)$/\1/p' "$out" | sort -u | wc -l)

	# fail lines for this target and mode: TARGET MODE-GLOB TEST REASON…
	expected=$(awk -v t="$target" '$1 == "fail" && $2 == t { print $3 "\t" $4 }' "$LIST" |
		while IFS=$'\t' read -r glob test; do
			# shellcheck disable=SC2053 # the mode column is a glob
			[[ $MODE == $glob ]] && echo "$test"
		done | sort -u)

	new=() known=() stale=()
	for f in $leaves; do
		if grep -qxF "$f" <<<"$expected"; then known+=("$f"); else new+=("$f"); fi
	done
	for e in $expected; do
		grep -qxF "$e" <<<"$leaves" && continue
		if grep -qxF "$e" <<<"$passed"; then
			stale+=("$e (passes now)")
		else
			stale+=("$e (did not run)")
		fi
	done
	crashed=
	if [ "$rc" != 0 ] && ! grep -qE '^(FAIL|--- FAIL)' "$out"; then
		crashed=$(sed -nE 's/^=== RUN +//p' "$out" | tail -1)
	fi

	echo
	echo "--- stdtests $MODE -target $target: $total tests run, ${#new[@]} new failures, ${#known[@]} expected failures, ${#stale[@]} stale list entries${crashed:+, CRASHED}"
	if [ ${#new[@]} -gt 0 ] || [ -n "$crashed" ]; then
		# Everything but the bookkeeping lines: the failures' messages.
		# (awk, not head: a reader that stops early kills the writer under pipefail.)
		grep -vE '^ *(=== (RUN|PAUSE|CONT|NAME)|--- (PASS|SKIP):)' "$out" | awk 'NR <= 300 { print "    " $0 }'
	fi
	for f in "${new[@]}"; do echo "  NEW FAILURE: $f"; done
	for f in "${known[@]}"; do echo "  expected failure: $f ($(awk -v t="$target" -v f="$f" '$1 == "fail" && $2 == t && $4 == f { $1 = $2 = $3 = $4 = ""; sub(/^ +/, ""); print; exit }' "$LIST"))"; done
	for f in "${stale[@]}"; do echo "  STALE: $LIST lists $f: remove it"; done
	[ -z "$crashed" ] || echo "  CRASH: the test binary died (exit $rc) while running $crashed"
	if [ ${#new[@]} -gt 0 ] || [ ${#stale[@]} -gt 0 ] || [ -n "$crashed" ]; then
		status=1
	elif [ "$rc" != 0 ] && [ ${#known[@]} -eq 0 ]; then
		echo "  the test binary exited $rc without a failing test:"; tail -20 "$out"
		status=1
	fi
done
if [ $status = 0 ]; then
	echo "stdtests $MODE: OK"
else
	echo "stdtests $MODE: FAIL"
fi
exit $status
