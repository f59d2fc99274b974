#!/usr/bin/env bash
# Builds the fuzz targets against BUILD_DIR (build_fuzzer.py) and runs them: the deck fuzzer for
# SECONDS seconds, seeded with input_decks/*.inp and, if installed, CalculiX's test decks, then the
# universal-file fuzzer for half as long, seeded with input_decks/uff/*.unv. Exits non-zero on any
# finding (crash, sanitizer report, leak, timeout, out-of-memory), whose input is left in
# BUILD_DIR/fuzz/artifacts/ (deck) or BUILD_DIR/fuzz/artifacts-uff/.
# Usage: run_fuzzer.sh BUILD_DIR [SECONDS] [deck|uff|both] [extra libFuzzer flags]
set -euo pipefail
build=$(cd "$1" && pwd)
seconds=${2:-60}
targets=${3:-both}
shift $(( $# < 3 ? $# : 3 ))
here=$(cd "$(dirname "$0")" && pwd)
source_dir=$(cd "$here/../.." && pwd)
mkdir -p "$build/fuzz/run"
python3 "$here/build_fuzzer.py" "$build" "$build/fuzz/run" 2>&1 | grep -v "Cannot export local symbol" || true
run() { # name seconds seeds... : fuzzes name with its own corpus and artifacts
  local name=$1 time=$2 suffix=$3
  shift 3
  local corpus="$build/fuzz/corpus$suffix" artifacts="$build/fuzz/artifacts$suffix"
  test -x "$build/fuzz/run/$name"
  mkdir -p "$corpus" "$artifacts"
  "$build/fuzz/run/$name" -max_total_time="$time" -max_len=16384 -rss_limit_mb=2048 -timeout=10 \
    -print_final_stats=1 -artifact_prefix="$artifacts/" "${extra[@]}" "$corpus" "$@"
}
extra=("$@")
if [ "$targets" != uff ]; then
  seeds="$build/fuzz/seeds"
  mkdir -p "$seeds"
  cp "$source_dir"/input_decks/*.inp "$seeds"/
  for deck in /usr/share/doc/calculix-ccx-test/examples/test/*.inp; do
    [ -e "$deck" ] && cp "$deck" "$seeds/ccx_$(basename "$deck")"
  done
  run deck_fuzzer "$seconds" "" "$seeds"
fi
if [ "$targets" != deck ]; then
  seeds="$build/fuzz/seeds-uff"
  mkdir -p "$seeds"
  cp "$source_dir"/input_decks/uff/*.unv "$seeds"/
  run uff_fuzzer "$(( seconds / 2 > 0 ? seconds / 2 : 1 ))" "-uff" "$seeds"
fi
