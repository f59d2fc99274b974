#!/usr/bin/env python3
"""The memory check before allocation (issue 18 item 3), through `corot run --memory`.

Cases (one per CTest test):
  refuse   a budget below the plan: exit status 1, one message saying what the model needs and
           what is allowed, and NAME.json with status "failed" and that message;
  warn     a budget between the plan and twice the plan: the run completes and a progress line
           says it needs more than half of the budget;
  default  no --memory: the machine's memory; a small deck runs without a memory line;
  usage    a size that is none (--memory 8X): exit status 2 and the usage message;
  mpi      the refusal under mpirun -np 2: exit status 1, the message once (rank 0 decides).

usage: memory_budget_test.py --corot COROT --out DIR [--mpirun "mpiexec -n 2"] CASE
"""
import argparse
import json
import os
import re
import shlex
import subprocess
import sys

DECK = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "input_decks",
                    "clamped_plate_pressure_s4_s3.inp")
UNITS = {"B": 1, "KB": 1 << 10, "MB": 1 << 20, "GB": 1 << 30}


def run(args, memory=None, mpirun=None):
    command = (shlex.split(mpirun) if mpirun else []) + [args.corot, "run", DECK, "-o", args.out]
    if memory is not None:
        command += ["--memory", memory]
    result = subprocess.run(command, capture_output=True, text=True)
    print("$", " ".join(command), f"-> {result.returncode}\n{result.stdout}{result.stderr}")
    return result


def planned_bytes(message):
    match = re.search(r"needs about ([0-9.]+) (B|KB|MB|GB)", message)
    if not match:
        sys.exit(f"FAIL: no plan in {message!r}")
    return float(match.group(1)) * UNITS[match.group(2)]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--corot", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--mpirun")
    parser.add_argument("case", choices=["refuse", "warn", "default", "usage", "mpi"])
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    failures = []

    def check(condition, what):
        if not condition:
            failures.append(what)

    if args.case in ("refuse", "mpi"):
        result = run(args, "64K", args.mpirun if args.case == "mpi" else None)
        check(result.returncode == 1, "exit status 1")
        refusals = [line for line in result.stderr.splitlines() if "needs about" in line]
        check(len(refusals) == 1, "the refusal printed once")
        message = refusals[0] if refusals else ""
        check("64 KB are allowed by --memory 64K" in message, "the budget and its source named")
        check(re.search(r"\d+ equations, 4 matrices of \d+ entries", message) is not None,
              "the matrices described")
        check("sparse LU factor of" in message and "--memory SIZE" in message, "what to do said")
        if args.case == "refuse":
            with open(os.path.join(args.out, "clamped_plate_pressure_s4_s3.json")) as f:
                results = json.load(f)
            check(results["status"] == "failed", "NAME.json status failed")
            check("needs about" in results.get("message", ""), "NAME.json keeps the message")
    elif args.case == "warn":
        refused = run(args, "1")
        plan = planned_bytes(refused.stderr)
        result = run(args, str(int(1.5 * plan)))
        check(result.returncode == 0, "the run completes")
        check(re.search(r"memory: the run needs about .* more than half of the .* allowed by "
                        r"--memory \d+", result.stdout) is not None, "the progress line")
    elif args.case == "default":
        result = run(args)
        check(result.returncode == 0, "the run completes")
        check("memory:" not in result.stdout, "no memory line for a small model")
    else:
        result = run(args, "8X")
        check(result.returncode == 2, "exit status 2")
        check("--memory 8X: expected a size such as 512MB, 8G or 80%" in result.stderr,
              "the usage message")
    for failure in failures:
        print("FAIL:", failure)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
