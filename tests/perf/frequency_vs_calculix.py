#!/usr/bin/env python3
"""Frequency benchmark: corot against CalculiX (ccx) on the same space-truss deck.

Prints, per size: DOF, wall time of ccx and corot, their ratio, and the largest relative
difference of the 20 frequencies. Exits non-zero if the frequencies differ by more than 0.1 %.
Not a CTest test: it measures, it does not pass or fail on time.

With --blas-ratio, corot also runs with Debian's reference BLAS/LAPACK (put first on
LD_LIBRARY_PATH; the BLAS each run loaded is read from its NAME.json) and the ratio of the two
corot times is printed (the best of --repeat runs each, alternating, so machine load hits both);
--no-ccx skips CalculiX.

usage: frequency_vs_calculix.py --corot build/corot [--sizes small,large] [--blas-ratio] [--no-ccx]
"""
import glob
import argparse
import json
import os
import re
import resource
import subprocess
import sys
import tempfile
import time

SIZES = {"small": (4, 4, 200), "medium": (6, 6, 400), "large": (10, 10, 340)}
HERE = os.path.dirname(os.path.abspath(__file__))


def timed(command, cwd, env=None):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, cwd=cwd, env=env, check=True, stdout=subprocess.DEVNULL)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return elapsed, max(after.ru_maxrss, before.ru_maxrss) / 1024.0


def ccx_frequencies(dat):
    frequencies, in_table = [], False
    with open(dat, encoding="utf-8", errors="replace") as handle:
        for line in handle:
            if "E I G E N V A L U E   O U T P U T" in line:
                in_table = True
                continue
            if in_table:
                fields = line.split()
                if len(fields) in (4, 5) and re.match(r"^\d+$", fields[0]):
                    frequencies.append(float(fields[3]))
                elif frequencies and not fields:
                    break
    return frequencies


def reference_blas_environment():
    """The environment that makes corot load Debian's reference BLAS and LAPACK (libblas3, liblapack3)."""
    directories = [os.path.dirname(path) for pattern in ("/usr/lib/*/blas/libblas.so.3",
                                                           "/usr/lib/*/lapack/liblapack.so.3")
                   for path in glob.glob(pattern)]
    if len(directories) != 2:
        sys.exit("the reference BLAS/LAPACK (Debian libblas3, liblapack3) is not installed")
    path = ":".join(directories + [os.environ.get("LD_LIBRARY_PATH", "")]).rstrip(":")
    return dict(os.environ, LD_LIBRARY_PATH=path)


def corot_run(corot, deck, work, env=None):
    """Wall time, peak memory and the frequencies and BLAS the run reported."""
    elapsed, memory = timed([corot, "run", deck, "-o", work], work, env)
    with open(os.path.join(work, "truss.json"), encoding="utf-8") as handle:
        results = json.load(handle)
    return elapsed, memory, results["steps"][0]["frequencies"], results.get("environment", {})


def blas_ratio(corot, deck, work, repeat):
    """Best-of-repeat corot times with the reference and the installed BLAS, alternating."""
    best = {"reference": float("inf"), "installed": float("inf")}
    seen, frequencies = {}, {}
    for _ in range(repeat):
        for name, env in (("reference", reference_blas_environment()), ("installed", None)):
            elapsed, _, freqs, environment = corot_run(corot, deck, work, env)
            best[name] = min(best[name], elapsed)
            seen[name] = f"{environment.get('blas', '?')} {environment.get('blas_config', '')}".strip()
            frequencies[name] = freqs
    worst = max(abs(a - b) / b for a, b in zip(frequencies["installed"], frequencies["reference"]))
    for name in ("reference", "installed"):
        print(f"    {name:>9} BLAS: {best[name]:7.2f} s  ({seen[name]})")
    print(f"    reference/installed = {best['reference'] / best['installed']:.2f}, "
          f"max df/f between them {worst:.1e}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--corot", required=True)
    parser.add_argument("--sizes", default="small")
    parser.add_argument("--blas-ratio", action="store_true")
    parser.add_argument("--no-ccx", action="store_true")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    corot = os.path.abspath(args.corot)
    worst_all = 0.0
    print(f"{'size':>7} {'DOF':>8} {'ccx [s]':>9} {'corot [s]':>10} {'ccx/corot':>10} {'max df/f':>10}")
    for size in args.sizes.split(","):
        with tempfile.TemporaryDirectory() as work:
            deck = os.path.join(work, "truss.inp")
            dofs = int(subprocess.run([sys.executable, os.path.join(HERE, "make_space_truss.py"),
                                       *map(str, SIZES[size]), deck],
                                      check=True, capture_output=True, text=True).stdout)
            t_corot, _, ours, _ = corot_run(corot, deck, work)
            if args.no_ccx:
                print(f"{size:>7} {dofs:>8} {'-':>9} {t_corot:10.2f} {'-':>10} {'-':>10}")
            else:
                env = dict(os.environ, OMP_NUM_THREADS="2")  # ccx uses both cores, as corot may
                t_ccx, _ = timed(["ccx", "-i", "truss"], work, env)
                reference = ccx_frequencies(os.path.join(work, "truss.dat"))
                worst = max(abs(a - b) / b for a, b in zip(ours, reference))
                worst_all = max(worst_all, worst)
                print(f"{size:>7} {dofs:>8} {t_ccx:9.2f} {t_corot:10.2f} {t_ccx / t_corot:10.1f} {worst:10.2e}")
            if args.blas_ratio:
                blas_ratio(corot, deck, work, args.repeat)
    return 1 if worst_all > 1e-3 else 0


if __name__ == "__main__":
    sys.exit(main())
