#!/usr/bin/env bash
# Installs the corot build $1 (source tree $2) into $3/prefix, configures and builds
# examples/library_consumer against the installed package only, and runs it on a frequency deck:
# the consumer changes the model in code and checks that the frequencies double (f ~ sqrt(E)).
set -euo pipefail
build=$1 source=$2 work=$3
rm -rf "$work" && mkdir -p "$work"
# --strip: deal.II builds with -g, and the unstripped library is about 0.5 GB.
cmake --install "$build" --prefix "$work/prefix" --strip > "$work/install.log"
# The consumer must find corot's headers in the prefix, not in the source tree.
test -f "$work/prefix/include/corot/src/analysis/analysis_runner.h"
test -x "$work/prefix/bin/corot"
launcher=()
command -v ccache > /dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
cmake -S "$source/examples/library_consumer" -B "$work/build" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_PREFIX_PATH="$work/prefix" "${launcher[@]}" > "$work/configure.log"
cmake --build "$work/build" > "$work/build.log"
# The installed program runs too (its RPATH finds the installed library).
"$work/prefix/bin/corot" check "$source/input_decks/cantilever_frequencies.inp"
"$work/build/corot_consumer" "$source/input_decks/cantilever_frequencies.inp"
