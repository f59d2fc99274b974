#!/usr/bin/env python3
"""Plots total energy against time for one or more corot results files (NAME.json).

    python3 tests/decks/plot_energy.py out/pendulum_midpoint_dt0.1.json out/pendulum_newmark_dt0.1.json -o energy.png

Each dynamic step's "energy" block (input_decks/README.md, "Results file") gives a curve of the total energy (kinetic + strain -
external work) normalised by its initial value; a log scale shows Newmark's growth and the
mid-point scheme's flat line together. Needs python3-matplotlib (Debian).
"""
import argparse
import json
import os

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


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
            initial = energy["total"][0]
            axes.plot(energy["time"], [e / initial for e in energy["total"]],
                      label=f"{os.path.basename(path)} (step {step['step']})")
    axes.set_yscale("log")
    axes.set_xlabel("time")
    axes.set_ylabel("total energy / initial total energy")
    axes.grid(True, which="both", alpha=0.3)
    axes.legend()
    figure.tight_layout()
    figure.savefig(args.output, dpi=120)
    print(f"wrote {args.output}")


if __name__ == "__main__":
    main()
