#!/usr/bin/env bash
# Builds the deck fuzzer against BUILD_DIR (build_fuzzer.py) and runs it for SECONDS seconds,
# seeded with input_decks/*.inp and, if installed, CalculiX's test decks; exits non-zero on any
# finding (crash, sanitizer report, leak, timeout, out-of-memory), whose input is left in
# BUILD_DIR/fuzz/artifacts/. Usage: run_fuzzer.sh BUILD_DIR [SECONDS] [extra libFuzzer flags]
set -euo pipefail
build=$(cd "$1" && pwd)
seconds=${2:-60}
shift $(( $# < 2 ? $# : 2 ))
here=$(cd "$(dirname "$0")" && pwd)
source_dir=$(cd "$here/../.." && pwd)
fuzzer="$build/fuzz/run/deck_fuzzer"
python3 "$here/build_fuzzer.py" "$build" "$fuzzer" 2>&1 | grep -v "Cannot export local symbol" || true
test -x "$fuzzer"
seeds="$build/fuzz/seeds"
corpus="$build/fuzz/corpus"
artifacts="$build/fuzz/artifacts"
mkdir -p "$seeds" "$corpus" "$artifacts"
cp "$source_dir"/input_decks/*.inp "$seeds"/
for deck in /usr/share/doc/calculix-ccx-test/examples/test/*.inp; do
  [ -e "$deck" ] && cp "$deck" "$seeds/ccx_$(basename "$deck")"
done
"$fuzzer" -max_total_time="$seconds" -max_len=16384 -rss_limit_mb=2048 -timeout=10 \
  -print_final_stats=1 -artifact_prefix="$artifacts/" "$@" "$corpus" "$seeds"
