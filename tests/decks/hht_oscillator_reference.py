#!/usr/bin/env python3
"""Independent reference for INTEGRATOR=HHT (and NEWMARK) on a linear single-DOF oscillator.

Hilber, Hughes & Taylor (1977) in Abaqus' convention: with -1/3 <= alpha <= 0,
beta = (1 - alpha)^2/4, gamma = 1/2 - alpha, every step solves

    m a_{n+1} + (1 + alpha) k u_{n+1} - alpha k u_n = 0,
    u_{n+1} = u_n + dt v_n + dt^2 ((1/2 - beta) a_n + beta a_{n+1}),
    v_{n+1} = v_n + dt ((1 - gamma) a_n + gamma a_{n+1}),

with a_0 = -k u_0/m. This script runs that recurrence (a few lines, written from the paper's
equations, sharing no code with corot) and compares corot's displacement history of one DOF
with it, step by step. It also prints the observed decay of the amplitude per period.

    hht_oscillator_reference.py --json NAME.json --deck DECK --node N --dof U1
        --mass M --stiffness K --alpha A [--u0 U] [--v0 V] [--atol TOL]
"""
import argparse
import json
import math
import sys


def recurrence(mass, stiffness, alpha, dt, u0, v0, steps):
    beta, gamma = (1.0 - alpha) ** 2 / 4.0, 0.5 - alpha
    u, v, a = u0, v0, -stiffness * u0 / mass
    history = [u]
    for _ in range(steps):
        # m a1 + (1 + alpha) k (u + dt v + dt^2 ((1/2 - beta) a + beta a1)) - alpha k u = 0
        predictor = u + dt * v + dt * dt * (0.5 - beta) * a
        a1 = -((1.0 + alpha) * stiffness * predictor - alpha * stiffness * u) / (
            mass + (1.0 + alpha) * stiffness * beta * dt * dt)
        u1 = predictor + beta * dt * dt * a1
        v = v + dt * ((1.0 - gamma) * a + gamma * a1)
        u, a = u1, a1
        history.append(u)
    return history


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--json", required=True)
    parser.add_argument("--deck", required=True)
    parser.add_argument("--step", type=int, default=1)
    parser.add_argument("--node", required=True)
    parser.add_argument("--dof", default="U1")
    parser.add_argument("--mass", type=float, required=True)
    parser.add_argument("--stiffness", type=float, required=True)
    parser.add_argument("--alpha", type=float, required=True)
    parser.add_argument("--u0", type=float, default=0.0)
    parser.add_argument("--v0", type=float, default=0.0)
    parser.add_argument("--atol", type=float, required=True)
    args = parser.parse_args()

    with open(args.json, encoding="utf-8") as handle:
        step = json.load(handle)["steps"][args.step - 1]
    output = step["node_output"][args.node]
    times, values = output["time"], output[args.dof]
    dt = times[1] - times[0]
    reference = recurrence(args.mass, args.stiffness, args.alpha, dt, args.u0, args.v0, len(times) - 1)
    error = max(abs(a - b) for a, b in zip(values, reference))
    period = 2.0 * math.pi * math.sqrt(args.mass / args.stiffness)
    peaks = [abs(x) for x in reference]
    print(f"{len(times)} outputs, dt = {dt:g}, omega dt = {dt * 2 * math.pi / period:.3f}: "
          f"largest difference from the HHT recurrence {error:.3e} (atol {args.atol:g}); "
          f"|u| max over the first and the last period: {max(peaks[:int(period / dt) + 1]):.6g}, "
          f"{max(peaks[-int(period / dt) - 1:]):.6g}")
    if error > args.atol:
        print("FAIL corot's history differs from the HHT recurrence")
        return 1
    print("ok   corot's history follows the HHT recurrence")
    return 0


if __name__ == "__main__":
    sys.exit(main())
