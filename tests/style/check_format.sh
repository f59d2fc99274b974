#!/usr/bin/env bash
# Checks (or, with --fix, applies) the repository's .clang-format on every tracked C++ file.
# Run from the repository root. Exit 1 names the files that are not formatted.
set -euo pipefail
clang_format=${CLANG_FORMAT:-clang-format}
mapfile -t files < <(git ls-files '*.cc' '*.h')
if [ "${1:-}" = "--fix" ]; then
  "$clang_format" -i "${files[@]}"
  exit 0
fi
unformatted=()
for file in "${files[@]}"; do
  "$clang_format" --dry-run -Werror "$file" >/dev/null 2>&1 || unformatted+=("$file")
done
if [ ${#unformatted[@]} -gt 0 ]; then
  printf 'not formatted by .clang-format (fix: tests/style/check_format.sh --fix):\n' >&2
  printf '  %s\n' "${unformatted[@]}" >&2
  exit 1
fi
echo "${#files[@]} files formatted"
