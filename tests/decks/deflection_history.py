#!/usr/bin/env python3
"""Transverse deflection histories of a dynamic step, for the beam benchmarks (slider-crank: Chu & Pan 1975; spin-up: Simo & Vu-Quoc 1986).

Two measures, from the node output (U1, U2, UR3) of NAME.json and the node coordinates of the deck:
  --hub H P       deflection of node P normal to the hub frame of node H: the line through H's current
                  position at the angle UR3(H) to its reference direction H->P (the spin-up beam, M4);
                  with --axis NX NY NZ the hub turns about that axis instead of z, by the angle
                  n . (UR1, UR2, UR3)(H), and the deflection is the component of P - H along n x (the
                  turned reference direction), in 3D;
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


def position_3d(nodes, output, node, i):
    history = output[str(node)]
    return [nodes[node][k] + (history[f"U{k + 1}"][i] if f"U{k + 1}" in history else 0.0) for k in range(3)]


def cross(a, b):
    return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]


def dot(a, b):
    return sum(x * y for x, y in zip(a, b))


def hub_history_about_axis(nodes, output, args):
    """--hub with --axis: the hub frame turns about the unit axis n by n . UR(H) (Rodrigues)."""
    hub, tip = args.hub
    norm = math.sqrt(dot(args.axis, args.axis))
    n = [c / norm for c in args.axis]
    r0 = [nodes[tip][k] - nodes[hub][k] for k in range(3)]
    length = math.sqrt(dot(r0, r0))
    r0 = [c / length for c in r0]
    times = output[str(tip)]["time"]
    values = []
    for i in range(len(times)):
        angle = sum(n[k] * output[str(hub)][f"UR{k + 1}"][i] for k in range(3))
        n_x_r0 = cross(n, r0)
        turned = [r0[k] * math.cos(angle) + n_x_r0[k] * math.sin(angle) + n[k] * dot(n, r0) * (1 - math.cos(angle))
                  for k in range(3)]
        h, p = position_3d(nodes, output, hub, i), position_3d(nodes, output, tip, i)
        values.append(dot(cross(n, turned), [p[k] - h[k] for k in range(3)]))
    return times, values


def history(results, nodes, args):
    step = results["steps"][args.step - 1]
    output = step["node_output"]
    if args.hub and args.axis:
        return hub_history_about_axis(nodes, output, args)
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
    parser.add_argument("--axis", type=float, nargs=3, metavar=("NX", "NY", "NZ"))
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
