#!/usr/bin/env python3
"""Memory benchmark: corot's memory plan against the memory a run really takes.

Before it allocates a matrix, corot estimates the memory its matrices and their sparse LU factor
need (src/analysis/memory_plan.h: four copies of the stiffness pattern, and KLU's factor in
AMD order) and stops if that exceeds what the machine has, or what --memory allows. This runs
a linear static S4 plate (the simply supported plate of shell_frequency_vs_calculix.py, a
point load at its centre, solved by KLU) on N x N elements and prints, per size: DOF, the plan
(read from the message of a run allowed one byte), the peak resident memory of the run (wait4's
ru_maxrss) less that of `corot check` on the same deck (the program, its libraries, MPI and the
built model: what is in memory when the plan is checked), and their ratio. A plan is meant to be an upper estimate of the same
order: the script exits non-zero if the measured growth exceeds the plan, or the plan exceeds
it five-fold.

usage: memory_plan_vs_peak.py --corot build/corot [--sizes 64,128,192] [--procedure static|frequency]
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from shell_frequency_vs_calculix import plate_deck  # noqa: E402

UNITS = {"B": 1, "KB": 1 << 10, "MB": 1 << 20, "GB": 1 << 30, "TB": 1 << 40}


def plate(n, procedure):
    """The plate deck; for "static" its *FREQUENCY step replaced by a linear static centre load."""
    text, dofs = plate_deck(n)
    if procedure == "frequency":
        return text, dofs
    centre = (n // 2) * (n + 1) + n // 2 + 1
    text = text.replace("*STEP\n*FREQUENCY\n10\n", f"*STEP\n*STATIC\n*CLOAD\n{centre}, 3, -1000.\n")
    return text, dofs


def peak(command):
    """Peak resident bytes of @p command (wait4's ru_maxrss of that child alone)."""
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    output = process.stdout.read()
    _, status, usage = os.wait4(process.pid, 0)
    if status != 0:
        sys.exit(f"{' '.join(command)} failed:\n{output}")
    return usage.ru_maxrss * 1024


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--corot", required=True)
    parser.add_argument("--sizes", default="64,128,192")
    parser.add_argument("--procedure", choices=["static", "frequency"], default="static",
                        help="frequency: the plate's 10 lowest frequencies (MUMPS shift-invert)")
    args = parser.parse_args()
    failed = False
    with tempfile.TemporaryDirectory() as work:
        print(f"{'N':>5} {'DOF':>9} {'plan':>10} {'measured':>10} {'plan/measured':>14}")
        for n in [int(s) for s in args.sizes.split(",")]:
            text, dofs = plate(n, args.procedure)
            deck = os.path.join(work, f"plate{n}.inp")
            with open(deck, "w") as f:
                f.write(text)
            # The plan, from the message of a run allowed 1 byte.
            refused = subprocess.run([args.corot, "run", deck, "-o", work, "--memory", "1"],
                                     capture_output=True, text=True)
            match = re.search(r"needs about ([0-9.]+) (B|KB|MB|GB|TB)", refused.stderr)
            if not match:
                sys.exit(f"no plan in corot's message:\n{refused.stderr}")
            plan = float(match.group(1)) * UNITS[match.group(2)]
            # The plan is checked once the model is built: `corot check` builds the same model
            # (deck, elements, DOF numbering) and stops, so its peak is where the run's plan
            # starts from.
            growth = (peak([args.corot, "run", deck, "-o", work]) -
                      peak([args.corot, "check", deck]))
            ratio = plan / growth
            print(f"{n:>5} {dofs:>9} {plan / 2**20:>8.1f}MB {growth / 2**20:>8.1f}MB {ratio:>14.2f}")
            failed |= not (1.0 <= ratio <= 5.0)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
