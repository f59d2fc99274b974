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

Lines ** EXPECT_COUNT <step> <path> = <n> check the length of a list; lines
** EXPECT_MAX <step> <path> > <value> (or <) and ** EXPECT_MIN <step> <path> < <value> (or >)
compare the largest or smallest of the selected values with a bound (e.g. "the energy grew");
lines ** EXPECT_NULL <step> <path> check that every selected value is null (a variable that no
output request due at that time asked for).
Lines ** EXPECT_SCRIPT <script> <args> run tests/decks/<script> --json NAME.json --deck DECK <args>
for quantities derived from several results (e.g. deflection_history.py); it must exit 0. A script
that reruns the deck (time_order.py) finds the corot binary in the environment variable
COROT_BINARY.
The deck passes when corot exits with status 0, NAME.json is valid against
input_decks/results.schema.json (results_schema.py) and every expectation holds.
"""
import argparse
import json
import math
import os
import re
import subprocess
import sys

import results_schema

EXPECT = re.compile(r"^\*\*\s*EXPECT\s+(\d+)\s+(\S+)\s*=\s*(\S+)\s+(rtol|atol)=(\S+)\s*$", re.I)
EXPECT_EXTREME = re.compile(r"^\*\*\s*EXPECT_(MAX|MIN)\s+(\d+)\s+(\S+)\s*([<>])\s*(\S+)\s*$", re.I)
EXPECT_COUNT = re.compile(r"^\*\*\s*EXPECT_COUNT\s+(\d+)\s+(\S+)\s*=\s*(\d+)\s*$", re.I)
EXPECT_NULL = re.compile(r"^\*\*\s*EXPECT_NULL\s+(\d+)\s+(\S+)\s*$", re.I)
EXPECT_SCRIPT = re.compile(r"^\*\*\s*EXPECT_SCRIPT\s+(\S+)(.*)$", re.I)
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

    expectations, counts, extremes, scripts, nulls = [], [], [], [], []
    with open(args.deck, encoding="utf-8") as deck:
        for line in deck:
            match = EXPECT.match(line.strip())
            if match:
                expectations.append(match.groups())
            match = EXPECT_COUNT.match(line.strip())
            if match:
                counts.append(match.groups())
            match = EXPECT_EXTREME.match(line.strip())
            if match:
                extremes.append(match.groups())
            match = EXPECT_NULL.match(line.strip())
            if match:
                nulls.append(match.groups())
            match = EXPECT_SCRIPT.match(line.strip())
            if match:
                scripts.append((match.group(1), match.group(2).split()))
    if not expectations and not counts and not extremes and not scripts and not nulls:
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
    schema_errors = results_schema.check(results)
    for error in schema_errors:
        print(f"FAIL {name}.json against input_decks/results.schema.json: {error}")
    failures += bool(schema_errors)
    if not schema_errors:
        print(f"ok   {name}.json is valid against input_decks/results.schema.json")
    for step, path, n in counts:
        try:
            values = resolve(results["steps"][int(step) - 1], path)
        except (KeyError, IndexError, TypeError) as error:
            print(f"FAIL step {step} {path}: not in the results ({error!r})")
            failures += 1
            continue
        length = len(values[0]) if len(values) == 1 and isinstance(values[0], list) else len(values)
        ok = length == int(n)
        failures += not ok
        print(f"{'ok  ' if ok else 'FAIL'} step {step} len({path}) = {length} (expected {n})")
    for which, step, path, operator, bound in extremes:
        values = resolve(results["steps"][int(step) - 1], path)
        if any(v is None or not math.isfinite(v) for v in values):
            ok, extreme = False, float("nan")
        else:
            extreme = max(values) if which.upper() == "MAX" else min(values)
            ok = extreme > float(bound) if operator == ">" else extreme < float(bound)
        failures += not ok
        print(f"{'ok  ' if ok else 'FAIL'} step {step} {which.lower()}({path}) = {extreme!r} {operator} {bound}")
    for step, path in nulls:
        try:
            values = resolve(results["steps"][int(step) - 1], path)
        except (KeyError, IndexError, TypeError) as error:
            print(f"FAIL step {step} {path}: not in the results ({error!r})")
            failures += 1
            continue
        ok = all(value is None for value in values)
        failures += not ok
        print(f"{'ok  ' if ok else 'FAIL'} step {step} {path} = {values!r} (expected null)")
    for step, path, reference, kind, tolerance in expectations:
        reference, tolerance = float(reference), float(tolerance)
        try:
            values = resolve(results["steps"][int(step) - 1], path)
        except (KeyError, IndexError, TypeError) as error:
            print(f"FAIL step {step} {path}: not in the results ({error!r})")
            failures += 1
            continue
        worst_value, worst_error, all_ok = None, -1.0, True
        for value in values:
            if value is None or not math.isfinite(value):
                ok, error = False, float("inf")
            elif kind.lower() == "rtol":
                error = abs(value - reference) / abs(reference)
                ok = error <= tolerance
            else:
                error = abs(value - reference)
                ok = error <= tolerance
            all_ok = all_ok and ok
            if error > worst_error:
                worst_value, worst_error = value, error
        failures += not all_ok
        where = f" (worst of {len(values)})" if len(values) > 1 else ""
        print(f"{'ok  ' if all_ok else 'FAIL'} step {step} {path} = {worst_value!r}{where} "
              f"(reference {reference!r}, {kind} error {worst_error:.3g} <= {tolerance:g})")
    for script, script_args in scripts:
        command = [sys.executable, os.path.join(os.path.dirname(os.path.abspath(__file__)), script),
                   "--json", os.path.join(args.out, name + ".json"), "--deck", args.deck] + script_args
        print("running:", " ".join(command), flush=True)
        ok = subprocess.run(command, env=dict(os.environ, COROT_BINARY=args.corot)).returncode == 0
        failures += not ok
        print(f"{'ok  ' if ok else 'FAIL'} {script} {' '.join(script_args)}")
    total = 1 + len(expectations) + len(counts) + len(extremes) + len(scripts) + len(nulls)
    print(f"{total - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
