#!/usr/bin/env python3
"""Checks a *DYNAMIC step with automatic incrementation on an undamped linear oscillator.

The DOF's closed form is u(t) = u0 cos(w t) + (v0/w) sin(w t). The script checks, from NAME.json:
- every recorded displacement of the DOF against the closed form, within --atol;
- the increments grew: the largest accepted increment is at least --min-growth times the first;
- the step took at most --max-increments accepted increments;
- the increments sum to the step's period (the last one ends on it) and each output time is
  the sum of the increments before it (no increment was lost or double-counted).
It prints the largest error and the increments, so the deck comment can quote them.

    adaptive_oscillator_check.py --json NAME.json --deck DECK --node N --dof U1 --omega W
        [--u0 U] [--v0 V] --atol TOL --min-growth G --max-increments N
"""
import argparse
import json
import math
import sys


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--json", required=True)
    parser.add_argument("--deck", required=True)
    parser.add_argument("--step", type=int, default=1)
    parser.add_argument("--node", required=True)
    parser.add_argument("--dof", default="U1")
    parser.add_argument("--omega", type=float, required=True)
    parser.add_argument("--u0", type=float, default=0.0)
    parser.add_argument("--v0", type=float, default=0.0)
    parser.add_argument("--atol", type=float, required=True)
    parser.add_argument("--min-growth", type=float, required=True)
    parser.add_argument("--max-increments", type=int, required=True)
    args = parser.parse_args()

    with open(args.json, encoding="utf-8") as stream:
        step = json.load(stream)["steps"][args.step - 1]
    history = step["node_output"][args.node]
    increments = step["time_increments"]
    ok = True

    worst, worst_time = 0.0, 0.0
    for time, value in zip(history["time"], history[args.dof]):
        exact = args.u0 * math.cos(args.omega * time) + args.v0 / args.omega * math.sin(args.omega * time)
        if abs(value - exact) > worst:
            worst, worst_time = abs(value - exact), time
    print("largest |%s - closed form| = %.3e at t = %.6g over %d output times (allowed %.3e)"
          % (args.dof, worst, worst_time, len(history["time"]), args.atol))
    ok = ok and worst <= args.atol

    growth = max(increments) / increments[0]
    print("%d increments, first %.3e, largest %.3e (growth %.1f, required >= %.1f), last %.3e"
          % (len(increments), increments[0], max(increments), growth, args.min_growth, increments[-1]))
    ok = ok and growth >= args.min_growth and len(increments) <= args.max_increments

    # Output times are sums of accepted increments.
    ends, total = [0.0], 0.0
    for dt in increments:
        total += dt
        ends.append(total)
    for time in history["time"]:
        if min(abs(time - end) for end in ends) > 1e-9 * max(1.0, total):
            print("output time %.15g is not the end of an accepted increment" % time)
            ok = False
    if abs(step["energy"]["time"][-1] - total) > 1e-9 * total:
        print("the increments sum to %.15g, the last energy time is %.15g" % (total, step["energy"]["time"][-1]))
        ok = False
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
