#!/usr/bin/env python3
"""Closed-form free decay of a viscously damped single-DOF oscillator against corot's history.

m x'' + c x' + k x = 0, x(0) = 0, x'(0) = v0, under-damped (zeta = c/(2 sqrt(k m)) < 1):

    x(t) = v0/omega_d exp(-zeta omega t) sin(omega_d t),  omega = sqrt(k/m),
    omega_d = omega sqrt(1 - zeta^2),

whose logarithmic decrement (ln of the ratio of successive peaks) is
delta = 2 pi zeta/sqrt(1 - zeta^2). The script compares the displacement history of one DOF
with x(t) (largest difference against --atol) and the decrement of corot's successive maxima
(each located by a parabola through the sampled peak and its neighbours) with delta
(--decrement-rtol).

    damped_oscillator_reference.py --json NAME.json --deck DECK --node N --dof U1
        --mass M --stiffness K --damping C --v0 V --atol TOL [--decrement-rtol R]
"""
import argparse
import json
import math
import sys


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--json", required=True)
    parser.add_argument("--deck")
    parser.add_argument("--step", type=int, default=1)
    parser.add_argument("--node", required=True)
    parser.add_argument("--dof", required=True)
    parser.add_argument("--mass", type=float, required=True)
    parser.add_argument("--stiffness", type=float, required=True)
    parser.add_argument("--damping", type=float, required=True)
    parser.add_argument("--v0", type=float, required=True)
    parser.add_argument("--atol", type=float, required=True)
    parser.add_argument("--decrement-rtol", type=float)
    args = parser.parse_args()
    with open(args.json) as handle:
        results = json.load(handle)
    history = results["steps"][args.step - 1]["node_output"][args.node]
    times, values = history["time"], history[args.dof]
    omega = math.sqrt(args.stiffness / args.mass)
    zeta = args.damping / (2.0 * math.sqrt(args.stiffness * args.mass))
    omega_d = omega * math.sqrt(1.0 - zeta * zeta)

    def exact(t):
        return args.v0 / omega_d * math.exp(-zeta * omega * t) * math.sin(omega_d * t)

    worst = max(abs(x - exact(t)) for t, x in zip(times, values))
    print(f"omega {omega}, zeta {zeta}, omega_d {omega_d}; largest |x - x_exact| = {worst:.3e} "
          f"(amplitude {args.v0 / omega_d:.3e}) over {len(times)} records")
    failures = []
    if worst > args.atol:
        failures.append(f"history differs from the closed form by {worst:.3e} > {args.atol}")
    if args.decrement_rtol is not None:
        peaks = []
        for i in range(1, len(values) - 1):
            if values[i] > values[i - 1] and values[i] >= values[i + 1] and values[i] > 0:
                # Parabola through the three samples (equal spacing assumed locally).
                a, b, c = values[i - 1], values[i], values[i + 1]
                shift = 0.5 * (a - c) / (a - 2 * b + c)
                peaks.append(b - 0.25 * (a - c) * shift)
        expected = 2.0 * math.pi * zeta / math.sqrt(1.0 - zeta * zeta)
        decrements = [math.log(peaks[i] / peaks[i + 1]) for i in range(min(len(peaks) - 1, 5))]
        print(f"logarithmic decrement: closed form {expected:.6f}; corot's first peaks "
              + ", ".join(f"{d:.6f}" for d in decrements))
        if not decrements:
            failures.append("fewer than two peaks")
        for d in decrements:
            if abs(d - expected) > args.decrement_rtol * expected:
                failures.append(f"decrement {d:.6f} differs from {expected:.6f} by more than "
                                f"{args.decrement_rtol} relative")
    for failure in failures:
        print("FAIL: " + failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
