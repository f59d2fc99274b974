#!/usr/bin/env python3
"""Shell frequency benchmark: corot against CalculiX (ccx) on the same S4 plate deck.

A simply supported square steel plate (a = 1 m, t = 0.01 m, E = 210 GPa, nu = 0.3,
rho = 7850 kg/m^3) on N x N S4 elements: UX, UY, UZ held on the edges, rotations free, the
10 lowest frequencies asked for. Prints, per size: DOF, wall time of ccx and corot, their
ratio, and for each code the largest relative difference of the first six frequencies from
the Kirchhoff plate's closed form

    f_mn = (pi/2) (m^2 + n^2) / a^2 sqrt(D / (rho t)),  D = E t^3 / (12 (1 - nu^2)).

CalculiX expands every S4 into a C3D8I brick layer and solves that solid; corot solves the
co-rotational flat shell (DKQ plate, ITW membrane), so the two differ from the plate theory in
their own ways. Exits non-zero if either is more than 2 % from the closed form.

usage: shell_frequency_vs_calculix.py --corot build/corot [--sizes small,medium,large] [--no-ccx]
"""
import argparse
import json
import math
import os
import resource
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from frequency_vs_calculix import ccx_frequencies  # noqa: E402

SIZES = {"small": 32, "medium": 64, "large": 128}
E, NU, RHO, T, A = 210.0e9, 0.3, 7850.0, 0.01, 1.0


def plate_deck(n):
    """The deck text and the number of corot DOFs (6 per node)."""
    lines = ["*HEADING", f"Simply supported square plate, {n} x {n} S4", "*NODE, NSET=ALL"]
    node = lambda i, j: j * (n + 1) + i + 1
    edge = []
    for j in range(n + 1):
        for i in range(n + 1):
            lines.append(f"{node(i, j)}, {A * i / n:.12g}, {A * j / n:.12g}, 0.0")
            if i in (0, n) or j in (0, n):
                edge.append(node(i, j))
    lines.append("*ELEMENT, TYPE=S4, ELSET=PLATE")
    for j in range(n):
        for i in range(n):
            a = node(i, j)
            lines.append(f"{j * n + i + 1}, {a}, {a + 1}, {a + n + 2}, {a + n + 1}")
    lines.append("*NSET, NSET=EDGE")
    lines += [", ".join(map(str, edge[k:k + 12])) for k in range(0, len(edge), 12)]
    lines += ["*MATERIAL, NAME=STEEL", "*ELASTIC", f"{E}, {NU}", "*DENSITY", f"{RHO}",
              "*SHELL SECTION, ELSET=PLATE, MATERIAL=STEEL", f"{T}",
              "*BOUNDARY", "EDGE, 1, 3", "*STEP", "*FREQUENCY", "10", "*END STEP"]
    return "\n".join(lines) + "\n", 6 * (n + 1) ** 2


def closed_form(count):
    d = E * T ** 3 / (12.0 * (1.0 - NU * NU))
    values = sorted(math.pi / 2.0 * (m * m + k * k) / A ** 2 * math.sqrt(d / (RHO * T))
                    for m in range(1, 8) for k in range(1, 8))
    return values[:count]


def timed(command, cwd, env=None):
    start = time.perf_counter()
    subprocess.run(command, cwd=cwd, env=env, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024.0


def worst(values, reference):
    return max(abs(v - r) / r for v, r in zip(values, reference))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--corot", required=True)
    parser.add_argument("--sizes", default="small")
    parser.add_argument("--no-ccx", action="store_true")
    args = parser.parse_args()
    corot = os.path.abspath(args.corot)
    reference = closed_form(6)
    print("closed form f1..f6 [Hz]: " + ", ".join(f"{f:.3f}" for f in reference))
    print(f"{'size':>7} {'DOF':>7} {'ccx [s]':>8} {'corot [s]':>9} {'ccx/corot':>9} "
          f"{'ccx df/f':>9} {'corot df/f':>10}")
    failed = False
    for size in args.sizes.split(","):
        with tempfile.TemporaryDirectory() as work:
            text, dofs = plate_deck(SIZES[size])
            with open(os.path.join(work, "plate.inp"), "w", encoding="utf-8") as handle:
                handle.write(text)
            t_corot, _ = timed([corot, "run", "plate.inp", "-o", work], work)
            with open(os.path.join(work, "plate.json"), encoding="utf-8") as handle:
                ours = json.load(handle)["steps"][0]["frequencies"][:6]
            error_corot = worst(ours, reference)
            failed = failed or error_corot > 0.02
            if args.no_ccx:
                print(f"{size:>7} {dofs:>7} {'-':>8} {t_corot:9.2f} {'-':>9} {'-':>9} {error_corot:10.2e}")
                continue
            env = dict(os.environ, OMP_NUM_THREADS="2")
            t_ccx, _ = timed(["ccx", "-i", "plate"], work, env)
            theirs = ccx_frequencies(os.path.join(work, "plate.dat"))[:6]
            error_ccx = worst(theirs, reference)
            failed = failed or error_ccx > 0.02
            print(f"{size:>7} {dofs:>7} {t_ccx:8.2f} {t_corot:9.2f} {t_ccx / t_corot:9.1f} "
                  f"{error_ccx:9.2e} {error_corot:10.2e}")
            print("          corot f1..f6: " + ", ".join(f"{f:.3f}" for f in ours))
            print("            ccx f1..f6: " + ", ".join(f"{f:.3f}" for f in theirs))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
