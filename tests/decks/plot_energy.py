#!/usr/bin/env python3
"""Plots total energy against time for one or more corot results files (NAME.json).

    python3 tests/decks/plot_energy.py out/pendulum_midpoint_dt0.1.json out/pendulum_newmark_dt0.1.json -o energy.png

Each dynamic step's "energy" block (input_decks/README.md, "Results file") gives a curve of the
drift of the total energy (kinetic + strain + viscous dissipation - external work) from its
initial value, divided by the step's energy scale: the largest of |initial total| and kinetic +
strain over the step. A deck that starts at rest has an initial total of 0, so the initial value
alone cannot be the scale (issue 17 item 5). A symmetric log scale (linear within 1e-12) shows
Newmark's growth and the mid-point scheme's flat line together. Needs python3-matplotlib (Debian).
"""
import argparse
import json
import math
import os

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def energy_scale(energy):
    """max(|initial total|, kinetic + strain over the step), or 1 for a step without energy."""
    candidates = [abs(energy["total"][0] or 0.0)]
    for kinetic, strain in zip(energy["kinetic"], energy["strain"]):
        if kinetic is not None and strain is not None:
            candidates.append(abs(kinetic) + abs(strain))
    scale = max(candidates)
    return scale if scale > 0.0 else 1.0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("results", nargs="+")
    parser.add_argument("-o", "--output", default="energy.png")
    args = parser.parse_args()
    figure, axes = plt.subplots(figsize=(8, 5))
    for path in args.results:
        with open(path, encoding="utf-8") as handle:
            results = json.load(handle)
        for step in results["steps"]:
            if step["procedure"] != "dynamic":
                continue
            energy = step["energy"]
            total = [e if e is not None else math.nan for e in energy["total"]]
            if not total:
                continue
            scale = energy_scale(energy)
            axes.plot(energy["time"], [(e - total[0]) / scale for e in total],
                      label=f"{os.path.basename(path)} (step {step['step']})")
    axes.set_yscale("symlog", linthresh=1e-12)
    axes.set_xlabel("time")
    axes.set_ylabel("(total energy - initial total) / energy scale")
    axes.grid(True, which="both", alpha=0.3)
    axes.legend()
    figure.tight_layout()
    figure.savefig(args.output, dpi=120)
    print(f"wrote {args.output}")


if __name__ == "__main__":
    main()
