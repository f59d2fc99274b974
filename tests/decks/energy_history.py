#!/usr/bin/env python3
"""Checks on the energy history of a *DYNAMIC step, printed for every recorded increment.

    energy_history.py --json NAME.json --deck DECK [--step N]
        [--monotone RTOL]   the total energy never rises from one record to the next by more
                            than RTOL times the energy level (max of kinetic + strain + viscous
                            dissipation over the history): a dissipative scheme's decay
        [--closed ATOL]     |total - initial total| <= ATOL times the energy level at every record:
                            the energy balance, dissipation included, is closed
        [--dissipated MIN]  the energy dissipated by the end (viscous + numerical) is at least MIN
                            times the initial total
        [--max-dissipated MAX]  ... and at most MAX times the initial total

The energy level is the largest kinetic + strain energy of the history (the external work and the
dissipation are its transfers). Every record's balance is printed: time, kinetic, strain,
external work, viscous dissipation, total and numerical dissipation.
"""
import argparse
import json
import sys


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--json", required=True)
    parser.add_argument("--deck")
    parser.add_argument("--step", type=int, default=1)
    parser.add_argument("--monotone", type=float)
    parser.add_argument("--closed", type=float)
    parser.add_argument("--dissipated", type=float)
    parser.add_argument("--max-dissipated", type=float)
    args = parser.parse_args()
    with open(args.json) as handle:
        results = json.load(handle)
    energy = results["steps"][args.step - 1]["energy"]
    rows = list(zip(energy["time"], energy["kinetic"], energy["strain"], energy["external_work"],
                    energy["viscous_dissipation"], energy["total"], energy["numerical_dissipation"]))
    level = max(k + s for _, k, s, *_ in rows)
    print("%14s %14s %14s %14s %14s %14s %14s" % ("time", "kinetic", "strain", "external",
                                                   "viscous diss", "total", "numerical diss"))
    failures = []
    worst_rise, worst_drift = 0.0, 0.0
    for i, row in enumerate(rows):
        print("%14.6e %14.6e %14.6e %14.6e %14.6e %14.6e %14.6e" % row)
        total = row[5]
        worst_drift = max(worst_drift, abs(total - rows[0][5]) / level)
        if i > 0:
            worst_rise = max(worst_rise, (total - rows[i - 1][5]) / level)
    print(f"energy level {level:.6e}; largest rise of the total between records {worst_rise:.3e}, "
          f"largest |total - initial| {worst_drift:.3e} (both relative to the level)")
    if args.monotone is not None and worst_rise > args.monotone:
        failures.append(f"the total energy rises by {worst_rise:.3e} of the level (> {args.monotone})")
    if args.closed is not None and worst_drift > args.closed:
        failures.append(f"the energy balance is off by {worst_drift:.3e} of the level (> {args.closed})")
    removed = rows[-1][4] + rows[-1][6]
    print(f"dissipated by the end (viscous + numerical): {removed:.6e} = "
          f"{removed / rows[0][5]:.4e} of the initial total")
    if args.max_dissipated is not None and removed > args.max_dissipated * rows[0][5]:
        failures.append(f"{removed:.3e} dissipated (> {args.max_dissipated} of the initial total)")
    if args.dissipated is not None:
        if removed < args.dissipated * rows[0][5]:
            failures.append(f"only {removed:.3e} dissipated (< {args.dissipated} of the initial total)")
    for failure in failures:
        print("FAIL: " + failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
