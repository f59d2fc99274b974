#!/usr/bin/env python3
"""Observed order of accuracy in time of a *DYNAMIC deck, as the step is halved:

    time_order.py --json NAME.json --deck DECK --end T --increments DT1 DT2 DT3
                  --order P --tolerance TOL PATH [PATH ...]

reruns the deck's first *DYNAMIC step with its data line replaced by "DTk, T" (fixed increments
DT1 > DT2 > DT3, each the previous one halved), reads every PATH (check_deck.py paths into step
1 of NAME.json, e.g. node_output.4.U3[-1]) at t = T, and takes the observed order

    p = log(|u(DT1) - u(DT2)| / |u(DT2) - u(DT3)|) / log(DT1 / DT2)

over the vector of those values. Passes when |p - P| <= TOL. The corot binary is the one
check_deck.py ran (environment variable COROT_BINARY). The runs are written beside NAME.json,
in time_order/.
"""
import argparse
import json
import math
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_deck import resolve  # noqa: E402


def with_increment(deck_text, increment, end):
    """The deck with the data line of its first *DYNAMIC replaced by 'increment, end'."""
    lines = deck_text.splitlines()
    for i, line in enumerate(lines):
        if re.match(r"^\*DYNAMIC\b", line.strip(), re.I):
            j = i + 1
            while lines[j].strip().startswith("**"):
                j += 1
            lines[j] = f"{increment!r}, {end!r}"
            return "\n".join(lines) + "\n"
    raise ValueError("the deck has no *DYNAMIC step")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--json", required=True)
    parser.add_argument("--deck", required=True)
    parser.add_argument("--end", type=float, required=True)
    parser.add_argument("--increments", type=float, nargs=3, required=True)
    parser.add_argument("--order", type=float, required=True)
    parser.add_argument("--tolerance", type=float, required=True)
    parser.add_argument("paths", nargs="+")
    args = parser.parse_args()
    corot = os.environ.get("COROT_BINARY")
    if not corot:
        print("time_order: COROT_BINARY is not set (check_deck.py sets it)")
        return 1
    with open(args.deck, encoding="utf-8") as handle:
        text = handle.read()
    directory = os.path.join(os.path.dirname(os.path.abspath(args.json)), "time_order")
    os.makedirs(directory, exist_ok=True)
    name = os.path.splitext(os.path.basename(args.deck))[0]
    results = []
    for k, increment in enumerate(args.increments):
        deck = os.path.join(directory, f"{name}_{k}.inp")
        with open(deck, "w", encoding="utf-8") as handle:
            handle.write(with_increment(text, increment, args.end))
        run = subprocess.run([corot, "run", deck, "-o", directory], capture_output=True, text=True)
        if run.returncode != 0:
            print(f"time_order: corot failed at increment {increment}:\n{run.stderr}")
            return 1
        with open(os.path.join(directory, f"{name}_{k}.json"), encoding="utf-8") as handle:
            step = json.load(handle)["steps"][0]
        values = []
        for path in args.paths:
            (value,) = resolve(step, path)
            values.append(value)
        results.append(values)
        print(f"dt = {increment:g}: " + ", ".join(f"{p} = {v!r}" for p, v in zip(args.paths, values)))
    difference = [math.dist(results[0], results[1]), math.dist(results[1], results[2])]
    order = math.log(difference[0] / difference[1]) / math.log(args.increments[0] / args.increments[1])
    ok = abs(order - args.order) <= args.tolerance
    print(f"differences {difference[0]:.3e}, {difference[1]:.3e}: observed order {order:.3f} "
          f"({'within' if ok else 'NOT within'} {args.tolerance:g} of {args.order:g})")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
