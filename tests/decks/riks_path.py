#!/usr/bin/env python3
"""Checks of the load-displacement path of a *STATIC, RIKS step (arc-length continuation).

Reads the step's "load_factor" list and the node output of NAME.json (one entry per increment).
  --limit-load VALUE --rtol R     the first limit point: the first local maximum of the load
                                  proportionality factor (LPF), refined by the parabola through the
                                  three increments around it (in arc length), within R of VALUE
  --two-bar A H EA P --node N     every increment on the closed-form path of the shallow two-bar
        --path-tol T              truss (supports at (-A, 0), (A, 0), apex node N at (0, H), bar
                                  stiffness EA, reference load P downward on the apex):
                                  LPF P = 2 EA (l0 - l)(H - w)/(l0 l), l = sqrt(A^2 + (H - w)^2),
                                  w = -U2; |LPF - closed form| <= T max|closed form|, and the
                                  closed-form limit load (maximised by bisection of dP/dw) is printed
  --ring-band P0 DP R0 ET N --node N --path-tol T
                                  every increment on the closed-form path of a ring band of N flat
                                  facets (nodes at radius R0, membrane stiffness E t = ET) inflated
                                  by a follower pressure p = P0 + LPF DP: node N on the x axis has
                                  U1 = R0 / (1 - p R0 cos(pi/N) / (E t)) - R0;
                                  |U1 - closed form| <= T max|closed form|
  --step S                        the 1-based step (default 1)
The script prints what it measured and exits 1 if a check fails.
"""
import argparse
import json
import math
import sys


def first_limit_point(arc, lpf):
    """First local maximum of lpf(arc), refined by a parabola through three points."""
    for i in range(1, len(lpf) - 1):
        if lpf[i] >= lpf[i - 1] and lpf[i] > lpf[i + 1]:
            (x0, x1, x2), (y0, y1, y2) = arc[i - 1:i + 2], lpf[i - 1:i + 2]
            # Lagrange parabola through the three points; its vertex.
            d01, d12 = (y1 - y0) / (x1 - x0), (y2 - y1) / (x2 - x1)
            c = (d12 - d01) / (x2 - x0)
            b = d01 - c * (x0 + x1)
            x = -b / (2 * c)
            return y0 + d01 * (x - x0) + c * (x - x0) * (x - x1), lpf[i], i
    return None, None, None


def two_bar(a, h, ea, load):
    l0 = math.hypot(a, h)

    def lpf(w):
        length = math.hypot(a, h - w)
        return 2 * ea * (l0 - length) * (h - w) / (l0 * length) / load

    return lpf


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--json", required=True)
    parser.add_argument("--deck", required=True)
    parser.add_argument("--step", type=int, default=1)
    parser.add_argument("--limit-load", type=float)
    parser.add_argument("--rtol", type=float)
    parser.add_argument("--two-bar", type=float, nargs=4, metavar=("A", "H", "EA", "P"))
    parser.add_argument("--ring-band", type=float, nargs=5, metavar=("P0", "DP", "R0", "ET", "N"))
    parser.add_argument("--node")
    parser.add_argument("--path-tol", type=float)
    args = parser.parse_args()

    with open(args.json, encoding="utf-8") as source:
        step = json.load(source)["steps"][args.step - 1]
    arc, lpf = step["arc_length"], step["load_factor"]
    ok = True

    if args.limit_load is not None:
        refined, sampled, index = first_limit_point(arc, lpf)
        if refined is None:
            print("riks_path: the LPF has no local maximum: the path did not pass a limit point")
            ok = False
        else:
            error = abs(refined - args.limit_load) / abs(args.limit_load)
            print(f"riks_path: first limit point at increment {index + 1}: LPF {sampled:.6f} sampled, "
                  f"{refined:.6f} refined; reference {args.limit_load}, relative error {error:.2e} "
                  f"(rtol {args.rtol})")
            ok &= error <= args.rtol

    if args.two_bar:
        a, h, ea, load = args.two_bar
        closed = two_bar(a, h, ea, load)
        u2 = step["node_output"][args.node]["U2"]
        if len(u2) != len(lpf):
            print(f"riks_path: {len(u2)} node outputs for {len(lpf)} increments")
            return 1
        # Closed-form limit load: dP/dw = 0 on (0, h) by bisection.
        slope = lambda w: (closed(w + 1e-6) - closed(w - 1e-6)) / 2e-6
        lo, hi = 1e-3 * h, (1 - 1e-3) * h
        for _ in range(200):
            mid = 0.5 * (lo + hi)
            lo, hi = (lo, mid) if slope(lo) * slope(mid) <= 0 else (mid, hi)
        print(f"riks_path: two-bar closed-form limit point w = {lo:.10f}, LPF = {closed(lo):.10f}")
        scale = max(abs(closed(-value)) for value in u2)
        worst = max(abs(l - closed(-value)) for l, value in zip(lpf, u2)) / scale
        print(f"riks_path: {len(lpf)} increments, w from {-u2[0]:.4g} to {-u2[-1]:.4g}; largest "
              f"|LPF - closed form| / max|closed form| = {worst:.2e} (tolerance {args.path_tol})")
        ok &= worst <= args.path_tol
    if args.ring_band:
        p0, dp, r0, et, facets = args.ring_band
        u1 = step["node_output"][args.node]["U1"]
        if len(u1) != len(lpf):
            print(f"riks_path: {len(u1)} node outputs for {len(lpf)} increments")
            return 1
        closed = [r0 / (1 - (p0 + l * dp) * r0 * math.cos(math.pi / facets) / et) - r0 for l in lpf]
        scale = max(abs(value) for value in closed)
        worst = max(abs(u - c) for u, c in zip(u1, closed)) / scale
        print(f"riks_path: {len(lpf)} increments, LPF from {lpf[0]:.4g} to {lpf[-1]:.4g}, U1 from "
              f"{u1[0]:.6g} to {u1[-1]:.6g}; largest |U1 - closed form| / max|closed form| = "
              f"{worst:.2e} (tolerance {args.path_tol})")
        ok &= worst <= args.path_tol
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
