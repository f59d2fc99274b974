#!/usr/bin/env python3
"""Runs `corot check` on one deck that once crashed, hung or exhausted memory (a fuzzing or review
finding, tests/fuzz/regressions/) and checks that it now ends as every bad deck must: exit status
1 within the time limit and one line `file:line: message` (or `file: message`) on stderr naming
the deck or one of its includes, or exit status 0 for a deck that is valid.

usage: check_regressions.py COROT DECK
"""
import re
import subprocess
import sys


def main():
    corot, deck = sys.argv[1], sys.argv[2]
    try:
        run = subprocess.run([corot, "check", deck], capture_output=True, text=True, timeout=60,
                             errors="replace")
    except subprocess.TimeoutExpired:
        sys.exit(f"FAIL {deck}: still running after 60 s (a hang)")
    lines = [line for line in run.stderr.splitlines() if line.strip()]
    if run.returncode == 0:
        print(f"ok {deck}: valid ({run.stdout.strip()})")
        return
    if run.returncode != 1:
        sys.exit(f"FAIL {deck}: exit status {run.returncode} (a crash?)\n{run.stderr[-2000:]}")
    errors = [line for line in lines if ": warning: " not in line]
    if len(errors) != 1 or not re.match(r"^[^:]+(:\d+)?: ", errors[0]):
        sys.exit(f"FAIL {deck}: expected one 'file:line: message' line, got:\n{run.stderr[-2000:]}")
    if re.match(r"^[^:]+: error: ", errors[0]):
        # corot's last resort for an exception that is not an InputError: no deck line
        sys.exit(f"FAIL {deck}: an error without its deck line: {errors[0]}")
    print(f"ok {deck}: {errors[0]}")


if __name__ == "__main__":
    main()
