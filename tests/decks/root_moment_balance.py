#!/usr/bin/env python3
"""The root bending moment of a spinning beam against the balance of angular momentum.

    root_moment_balance.py --json NAME.json --deck DECK --element 1 --name SM1_end1 [--sign 1]
                           --rtol R [--step 1]

A beam driven only at its hub node (the spin-up decks) receives from the hub the moment
dL3/dt, the rate of its angular momentum about the hub axis z (energy.angular_momentum.L3 of
NAME.json, about the origin, where the hub sits). The hub's own rotary inertia is the only
other term, and it is negligible there. The section moment at the root (end 1 of the hub's
element) is the moment the beam exerts on the hub across the section; about n1 = -z it is
SM1_end1 = +dL3/dt (input_decks/README.md, "Section forces of trusses and beams"; --sign -1
for the opposite orientation). The check: max over the interior output times of
|SM - sign dL3/dt| (central differences of L3 over the output times) within R times the
largest |dL3/dt|. Prints both and the deviation; exits 1 if the check fails.
"""
import argparse
import json
import sys


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--json", required=True)
    parser.add_argument("--deck")
    parser.add_argument("--element", required=True)
    parser.add_argument("--name", default="SM1_end1")
    parser.add_argument("--sign", type=float, default=1.0)
    parser.add_argument("--rtol", type=float, required=True)
    parser.add_argument("--step", type=int, default=1)
    args = parser.parse_args()
    with open(args.json, encoding="utf-8") as handle:
        results = json.load(handle)
    step = results["steps"][args.step - 1]
    energy = step["energy"]
    times, l3 = energy["time"], energy["angular_momentum"]["L3"]
    history = step["element_output"][args.element]
    moment = dict(zip(history["time"], history[args.name]))
    deviation, largest, at = 0.0, 0.0, None
    for i in range(1, len(times) - 1):
        if times[i] not in moment or moment[times[i]] is None:
            continue
        rate = (l3[i + 1] - l3[i - 1]) / (times[i + 1] - times[i - 1])
        largest = max(largest, abs(rate))
        difference = abs(moment[times[i]] - args.sign * rate)
        if difference > deviation:
            deviation, at = difference, (times[i], moment[times[i]], rate)
    if largest == 0.0:
        print("no interior output times with the section moment and L3")
        return 1
    print(f"largest |dL3/dt| {largest:.6g}; largest |{args.name} - dL3/dt| {deviation:.6g} "
          f"({deviation / largest:.3g} of it) at t = {at[0]:g}: {args.name} {at[1]:.6g}, "
          f"dL3/dt {at[2]:.6g}")
    return 0 if deviation <= args.rtol * largest else 1


if __name__ == "__main__":
    sys.exit(main())
