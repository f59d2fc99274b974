#!/usr/bin/env python3
"""Checks that two results of a deck agree: same_value.py --json NAME.json --deck DECK
STEP_A PATH_A STEP_B PATH_B RTOL (paths as in check_deck.py; one value each).

For relations between steps that no closed form gives but that must hold, e.g. the same design
change found from two targets that are the same physical target (the two members of a repeated
pair). With --opposite the two must be opposite (a = -b), e.g. two points that a symmetric
load moves apart; with --ratio R, a = R b (a closed-form ratio between two results).
"""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_deck import resolve  # noqa: E402


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--json", required=True)
    parser.add_argument("--deck", required=True)
    parser.add_argument("step_a", type=int)
    parser.add_argument("path_a")
    parser.add_argument("step_b", type=int)
    parser.add_argument("path_b")
    parser.add_argument("rtol", type=float)
    parser.add_argument("--opposite", action="store_true", help="check a = -b")
    parser.add_argument("--ratio", type=float, default=1.0, help="check a = RATIO b")
    args = parser.parse_args()
    with open(args.json, encoding="utf-8") as handle:
        steps = json.load(handle)["steps"]
    try:
        (a,) = resolve(steps[args.step_a - 1], args.path_a)
        (b,) = resolve(steps[args.step_b - 1], args.path_b)
    except (KeyError, IndexError, TypeError, ValueError) as error:
        print(f"same_value: not in the results ({error!r})")
        return 1
    if args.opposite:
        b = -b
    b *= args.ratio
    error = abs(a - b) / max(abs(a), abs(b))
    ok = error <= args.rtol
    print(f"{'ok  ' if ok else 'FAIL'} step {args.step_a} {args.path_a} = {a!r}, "
          f"step {args.step_b} {'-' if args.opposite else ''}{args.path_b} x {args.ratio!r} = {b!r}: relative difference {error:.3g} <= {args.rtol:g}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
