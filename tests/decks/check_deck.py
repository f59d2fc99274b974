#!/usr/bin/env python3
"""Run a deck with corot and check the results against the expectations in its opening comment.

Every deck in input_decks/ states its reference values as comment lines

    ** EXPECT <step> <path> = <value> <tolerance>

<step>       1-based step number
<path>       a key path into that step of NAME.json, with [i] indices and
             dotted keys, e.g. frequencies[0] or node_output.3.U2[-1];
             [a:b] checks every entry of a slice against the same value
<value>      the reference value (a closed form, a paper, or an independent code:
             the comment above the line says which)
<tolerance>  rtol=<r> (relative) or atol=<a> (absolute)

Lines ** EXPECT_COUNT <step> <path> = <n> check the length of a list.
The deck passes when corot exits with status 0 and every expectation holds.
"""
import argparse
import json
import math
import os
import re
import subprocess
import sys

EXPECT = re.compile(r"^\*\*\s*EXPECT\s+(\d+)\s+(\S+)\s*=\s*(\S+)\s+(rtol|atol)=(\S+)\s*$", re.I)
EXPECT_COUNT = re.compile(r"^\*\*\s*EXPECT_COUNT\s+(\d+)\s+(\S+)\s*=\s*(\d+)\s*$", re.I)
TOKEN = re.compile(r"([^.\[\]]+)|\[(-?\d*):?(-?\d*)\]|\[(-?\d+)\]")


def resolve(node, path):
    """Follows a path like node_output.3.U2[-1] or frequencies[0:6]; returns a list of values."""
    values = [node]
    for part in re.findall(r"[^.\[]+|\[[^\]]*\]", path):
        next_values = []
        for value in values:
            if part.startswith("["):
                inner = part[1:-1]
                if ":" in inner:
                    a, b = inner.split(":")
                    next_values.extend(value[int(a) if a else None:int(b) if b else None])
                else:
                    next_values.append(value[int(inner)])
            else:
                next_values.append(value[part])
        values = next_values
    return values


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--corot", required=True)
    parser.add_argument("--deck", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--mpirun", default="", help="e.g. 'mpirun -np 2'")
    args = parser.parse_args()

    expectations, counts = [], []
    with open(args.deck, encoding="utf-8") as deck:
        for line in deck:
            match = EXPECT.match(line.strip())
            if match:
                expectations.append(match.groups())
            match = EXPECT_COUNT.match(line.strip())
            if match:
                counts.append(match.groups())
    if not expectations and not counts:
        print(f"{args.deck}: no '** EXPECT' lines: every deck must state its reference values")
        return 1

    os.makedirs(args.out, exist_ok=True)
    command = (args.mpirun.split() if args.mpirun else []) + [args.corot, "run", args.deck, "-o", args.out]
    print("running:", " ".join(command), flush=True)
    completed = subprocess.run(command)
    if completed.returncode != 0:
        print(f"corot exited with status {completed.returncode}")
        return 1

    name = os.path.splitext(os.path.basename(args.deck))[0]
    with open(os.path.join(args.out, name + ".json"), encoding="utf-8") as handle:
        results = json.load(handle)

    failures = 0
    for step, path, n in counts:
        values = resolve(results["steps"][int(step) - 1], path)
        length = len(values[0]) if len(values) == 1 and isinstance(values[0], list) else len(values)
        ok = length == int(n)
        failures += not ok
        print(f"{'ok  ' if ok else 'FAIL'} step {step} len({path}) = {length} (expected {n})")
    for step, path, reference, kind, tolerance in expectations:
        reference, tolerance = float(reference), float(tolerance)
        try:
            values = resolve(results["steps"][int(step) - 1], path)
        except (KeyError, IndexError, TypeError) as error:
            print(f"FAIL step {step} {path}: not in the results ({error!r})")
            failures += 1
            continue
        for value in values:
            if value is None or not math.isfinite(value):
                ok, error = False, float("nan")
            elif kind.lower() == "rtol":
                error = abs(value - reference) / abs(reference)
                ok = error <= tolerance
            else:
                error = abs(value - reference)
                ok = error <= tolerance
            failures += not ok
            print(f"{'ok  ' if ok else 'FAIL'} step {step} {path} = {value!r} "
                  f"(reference {reference!r}, {kind} error {error:.3g} <= {tolerance:g})")
    print(f"{len(expectations) + len(counts) - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
