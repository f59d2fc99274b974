#!/usr/bin/env python3
"""Dynamics benchmark: the energy-conserving mid-point step against a Newmark step (issue 3).

A long flexible pendulum of co-rotational B21 elements (a steel strip 10 m long, pinned at one
end, released horizontally under gravity) swings through large rotations. The same deck runs with
INTEGRATOR=MIDPOINT and INTEGRATOR=NEWMARK at the same time step, far beyond the explicit
stability limit (printed). Per integrator: wall time per step and Newton iterations per step.
With --element B31 the strip is made of co-rotational B31 in 3D (six DOFs per node, rotations on
SO(3), the energy-momentum conserving force; pinned in translation only, so the strip may also
twist and swing out of its plane).
The time per step is the difference of two runs with N1 and N2 steps divided by N2 - N1, so the
set-up (deck, DOF numbering, output) drops out. Not a CTest test: it measures, it does not pass or
fail on time.

Goal (issue 3): a mid-point step costs at most 1.5 times a Newmark step, with at most 4 Newton
iterations per step on average.

usage: dynamics_midpoint_vs_newmark.py --corot build/corot [--elements 3400] [--dt 1e-3] [--element B31]
"""
import argparse
import json
import math
import os
import subprocess
import sys
import tempfile
import time

LENGTH, WIDTH, THICKNESS = 10.0, 0.05, 0.005
E, NU, RHO, G = 2.1e11, 0.3, 7850.0, 9.81


def write_deck(path, elements, integrator, dt, steps, element):
    h = LENGTH / elements
    with open(path, "w", encoding="utf-8") as deck:
        deck.write("*HEADING\nFlexible pendulum benchmark, %d %s, %s\n" % (elements, element, integrator))
        deck.write("*NODE, NSET=ALLNODES\n")
        for i in range(elements + 1):
            deck.write("%d, %.12g, 0.0\n" % (i + 1, i * h))
        deck.write("*NSET, NSET=TIP\n%d\n" % (elements + 1))
        deck.write("*ELEMENT, TYPE=%s, ELSET=STRIP\n" % element)
        for i in range(elements):
            deck.write("%d, %d, %d\n" % (i + 1, i + 1, i + 2))
        deck.write("*MATERIAL, NAME=STEEL\n*ELASTIC\n%g, %g\n*DENSITY\n%g\n" % (E, NU, RHO))
        deck.write("*BEAM SECTION, ELSET=STRIP, MATERIAL=STEEL, SECTION=RECT\n%g, %g\n0.0, 0.0, -1.0\n"
                   % (WIDTH, THICKNESS))
        deck.write("*BOUNDARY\n1, 1, %d\n" % (2 if element == "B21" else 3))
        deck.write("*STEP, NLGEOM\n*DYNAMIC, DIRECT, INTEGRATOR=%s\n%g, %.12g\n" % (integrator, dt, dt * steps))
        deck.write("*DLOAD\nSTRIP, GRAV, %g, 0.0, -1.0, 0.0\n" % G)
        deck.write("*NODE PRINT, NSET=TIP\nU\n*ENERGY PRINT\n*END STEP\n")


def run(corot, directory, elements, integrator, dt, steps, element):
    name = "%s_%d" % (integrator.lower(), steps)
    deck = os.path.join(directory, name + ".inp")
    write_deck(deck, elements, integrator, dt, steps, element)
    start = time.perf_counter()
    subprocess.run([corot, "run", deck, "-o", directory], check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    elapsed = time.perf_counter() - start
    with open(os.path.join(directory, name + ".json"), encoding="utf-8") as handle:
        step = json.load(handle)["steps"][0]
    return elapsed, step["newton_iterations"], step["energy"]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--corot", required=True)
    parser.add_argument("--elements", type=int, default=3400)
    parser.add_argument("--dt", type=float, default=1e-3)
    parser.add_argument("--steps", type=int, nargs=2, default=[10, 40])
    parser.add_argument("--element", choices=["B21", "B31"], default="B21")
    args = parser.parse_args()

    h = LENGTH / args.elements
    dofs = 3 * (args.elements + 1) - 2 if args.element == "B21" else 6 * (args.elements + 1) - 3
    explicit = h / math.sqrt(E / RHO)  # axial wave transit time of one element
    print("%d %s elements, %d free DOF; dt = %g s = %.0f x the explicit limit h/c = %.3g s"
          % (args.elements, args.element, dofs, args.dt, args.dt / explicit, explicit))
    n1, n2 = args.steps
    results = {}
    with tempfile.TemporaryDirectory() as directory:
        for integrator in ("MIDPOINT", "NEWMARK"):
            t1, _, _ = run(args.corot, directory, args.elements, integrator, args.dt, n1, args.element)
            t2, iterations, energy = run(args.corot, directory, args.elements, integrator, args.dt, n2,
                                         args.element)
            per_step = (t2 - t1) / (n2 - n1)
            mean_iterations = sum(iterations) / len(iterations)
            drift = (energy["total"][-1] - energy["total"][0]) / max(abs(e) for e in energy["kinetic"])
            results[integrator] = (per_step, mean_iterations)
            print("%-8s  %.4f s per step, %.2f Newton iterations per step (max %d), "
                  "energy change %.2e of the largest kinetic energy after %d steps"
                  % (integrator, per_step, mean_iterations, max(iterations), drift, n2))
    ratio = results["MIDPOINT"][0] / results["NEWMARK"][0]
    per_iteration = ratio * results["NEWMARK"][1] / results["MIDPOINT"][1]
    print("mid-point / Newmark: time per step %.2f (goal <= 1.5), per Newton iteration %.2f; "
          "Newton iterations %.2f / %.2f (goal <= 4 for the mid-point)"
          % (ratio, per_iteration, results["MIDPOINT"][1], results["NEWMARK"][1]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
