#!/usr/bin/env python3
"""Checks that pairs of nodes joined by *EQUATION lines move together in the given DOFs.

    hinge_check.py --json NAME.json --deck DECK --pairs 3:4[,5:6] --dofs U1,U3 --atol TOL
"""
import argparse
import json
import sys


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--json", required=True)
    parser.add_argument("--deck", required=True)
    parser.add_argument("--step", type=int, default=1)
    parser.add_argument("--pairs", required=True)
    parser.add_argument("--dofs", required=True)
    parser.add_argument("--atol", type=float, required=True)
    args = parser.parse_args()
    with open(args.json, encoding="utf-8") as stream:
        output = json.load(stream)["steps"][args.step - 1]["node_output"]
    worst = 0.0
    for pair in args.pairs.split(","):
        a, b = pair.split(":")
        for dof in args.dofs.split(","):
            worst = max([worst] + [abs(x - y) for x, y in zip(output[a][dof], output[b][dof])])
    print("largest difference across the pairs: %.3e (allowed %.3e)" % (worst, args.atol))
    return 0 if worst <= args.atol else 1


if __name__ == "__main__":
    sys.exit(main())
