#!/usr/bin/env python3
"""Transverse deflection histories of a dynamic step, for the beam benchmarks (BENCHMARKS.md M3, M4).

Two measures, from the node output (U1, U2, UR3) of NAME.json and the node coordinates of the deck:
  --hub H P       deflection of node P normal to the hub frame of node H: the line through H's current
                  position at the angle UR3(H) to its reference direction H->P (the spin-up beam, M4);
  --chord A B P   deflection of node P normal to the current chord from node A to node B, divided by
                  the chord's reference length (the slider-crank rod, M3).
Checks (any of them; the script exits 1 if one fails):
  --extreme VALUE --rtol R            the largest-magnitude value of the history
  --first-max VALUE --rtol R          the first local maximum of |w| above 10 % of the largest |w|
  --residual-amplitude VALUE --after T --rtol R   half the peak-to-peak range for t > T
--csv FILE writes the history (time, w); --plot FILE.png draws it (python3-matplotlib).
"""
import argparse
import json
import math
import re
import sys


def read_nodes(deck_path):
    """Reference coordinates of the *NODE blocks of a deck (*INCLUDE followed)."""
    nodes, in_node = {}, False
    import os
    with open(deck_path, encoding="utf-8") as deck:
        for raw in deck:
            line = raw.strip()
            if not line or line.startswith("**"):
                continue
            if line.startswith("*"):
                keyword = line[1:].split(",")[0].strip().upper()
                in_node = keyword == "NODE"
                if keyword == "INCLUDE":
                    match = re.search(r"INPUT\s*=\s*([^,\s]+)", line, re.I)
                    nodes.update(read_nodes(os.path.join(os.path.dirname(deck_path), match.group(1))))
                continue
            if in_node:
                fields = [f.strip() for f in line.rstrip(",").split(",")]
                coordinates = [float(f) for f in fields[1:]] + [0.0, 0.0, 0.0]
                nodes[int(fields[0])] = coordinates[:3]
    return nodes


def position(nodes, output, node, i):
    history = output[str(node)]
    return (nodes[node][0] + history["U1"][i], nodes[node][1] + history["U2"][i])


def history(results, nodes, args):
    step = results["steps"][args.step - 1]
    output = step["node_output"]
    if args.hub:
        hub, tip = args.hub
        times = output[str(tip)]["time"]
        x0, y0 = nodes[tip][0] - nodes[hub][0], nodes[tip][1] - nodes[hub][1]
        angle0 = math.atan2(y0, x0)
        values = []
        for i in range(len(times)):
            hx, hy = position(nodes, output, hub, i)
            px, py = position(nodes, output, tip, i)
            angle = angle0 + output[str(hub)]["UR3"][i]
            values.append(-(px - hx) * math.sin(angle) + (py - hy) * math.cos(angle))
        return times, values
    a, b, p = args.chord
    times = output[str(p)]["time"]
    length = math.dist(nodes[a][:2], nodes[b][:2])
    values = []
    for i in range(len(times)):
        ax, ay = position(nodes, output, a, i)
        bx, by = position(nodes, output, b, i)
        px, py = position(nodes, output, p, i)
        chord = math.hypot(bx - ax, by - ay)
        values.append(((bx - ax) * (py - ay) - (by - ay) * (px - ax)) / chord / length)
    return times, values


def check(name, value, reference, rtol):
    error = abs(value - reference) / abs(reference)
    ok = error <= rtol
    print(f"{'ok  ' if ok else 'FAIL'} {name} = {value!r} (reference {reference!r}, rtol error {error:.3g} <= {rtol:g})")
    return ok


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--json", required=True)
    parser.add_argument("--deck", required=True)
    parser.add_argument("--step", type=int, default=1)
    parser.add_argument("--hub", type=int, nargs=2, metavar=("H", "P"))
    parser.add_argument("--chord", type=int, nargs=3, metavar=("A", "B", "P"))
    parser.add_argument("--extreme", type=float)
    parser.add_argument("--first-max", type=float)
    parser.add_argument("--residual-amplitude", type=float)
    parser.add_argument("--after", type=float, default=0.0)
    parser.add_argument("--rtol", type=float, default=0.01)
    parser.add_argument("--csv")
    parser.add_argument("--plot")
    args = parser.parse_args()
    if bool(args.hub) == bool(args.chord):
        parser.error("give exactly one of --hub and --chord")

    with open(args.json, encoding="utf-8") as handle:
        results = json.load(handle)
    times, values = history(results, read_nodes(args.deck), args)
    largest = max(values, key=abs)
    print(f"deflection history: {len(values)} points, extreme {largest!r} at t = {times[values.index(largest)]:g}")

    ok = True
    if args.extreme is not None:
        ok &= check("extreme", largest, args.extreme, args.rtol)
    if args.first_max is not None:
        magnitude = [abs(v) for v in values]
        threshold = 0.1 * max(magnitude)
        first = next((values[i] for i in range(1, len(values) - 1)
                      if magnitude[i] >= threshold and magnitude[i] >= magnitude[i - 1]
                      and magnitude[i] > magnitude[i + 1]), float("nan"))
        ok &= check("first maximum", abs(first), abs(args.first_max), args.rtol)
    if args.residual_amplitude is not None:
        late = [v for t, v in zip(times, values) if t > args.after]
        ok &= check(f"residual amplitude for t > {args.after:g}", 0.5 * (max(late) - min(late)),
                    args.residual_amplitude, args.rtol)
    if args.csv:
        with open(args.csv, "w", encoding="utf-8") as out:
            out.write("time,deflection\n")
            out.writelines(f"{t!r},{v!r}\n" for t, v in zip(times, values))
    if args.plot:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        plt.plot(times, values)
        plt.xlabel("time")
        plt.ylabel("transverse deflection")
        plt.grid(True)
        plt.savefig(args.plot, dpi=120)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
