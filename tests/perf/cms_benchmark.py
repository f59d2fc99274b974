#!/usr/bin/env python3
"""CMS benchmark (not run by CI): the telescope focus unit of make_telescope.py at a given size.

Measures, from the timings corot writes into NAME.json:
  - time to reduce (all components) and to synthesize and solve the reduced model,
  - time of the exact CMS re-analysis after modifying one component (the chopper's density; then
    LEG1's density and modulus), against a full eigen re-analysis of the modified model
    (COMPARE=FULL of the same step),
  - time per inverse solve (eq. 14, one variable) on the reduced model,
and the accuracy of the 40 lowest frequencies against the full model.

Usage: cms_benchmark.py --corot BUILD/corot [--grid 130 --panels 40 --cutoff 400]
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--corot", required=True)
    parser.add_argument("--grid", type=int, default=130)
    parser.add_argument("--panels", type=int, default=40)
    parser.add_argument("--cutoff", type=float, default=400.0)
    parser.add_argument("--modes", type=int, default=40)
    parser.add_argument("--inverse-cutoff", type=float, default=1500.0)
    parser.add_argument("--out", default=tempfile.mkdtemp(prefix="corot_cms_bench_"))
    args = parser.parse_args()

    os.makedirs(args.out, exist_ok=True)
    def run(name, grid, panels, cutoff, steps):
        deck = os.path.join(args.out, name + ".inp")
        with open(deck, "w") as out:
            subprocess.run([sys.executable, os.path.join(HERE, "make_telescope.py"), "--grid", str(grid),
                            "--panels", str(panels), "--cutoff", str(cutoff), "--modes", str(args.modes),
                            "--steps", steps], stdout=out, check=True)
        start = time.time()
        subprocess.run([args.corot, "run", deck, "-o", args.out], check=True)
        wall = time.time() - start
        return json.load(open(os.path.join(args.out, name + ".json")))["steps"], wall

    # Large model: reduction, re-analysis after a change of the chopper, full eigen re-analysis.
    (synthesis, *modifications), wall = run("telescope_large", args.grid, args.panels, args.cutoff,
                                            "synthesis,modify_mass,modify_leg")
    t = synthesis["timings"]
    errors = [abs(e) for e in synthesis["relative_errors"][:args.modes]]
    print(f"full model: {synthesis['full_dofs']} free DOFs; reduced model: {synthesis['reduced_dofs']} DOFs "
          f"({100.0 * synthesis['reduced_dofs'] / synthesis['full_dofs']:.2f} %)")
    print(f"largest |error| of the {args.modes} lowest frequencies: {100.0 * max(errors):.4f} %")
    print(f"reduce all components:         {t['reduction']:9.3f} s")
    print(f"synthesis + reduced solve:     {t['synthesis and reduced solve']:9.3f} s")
    print(f"full eigensolution (baseline): {t['full eigensolution']:9.3f} s")
    for label, modification in zip(("chopper density x 2.37", "LEG1 density and modulus x 1.5"), modifications):
        m = modification["timings"]
        ratio = m["CMS re-analysis"] / m["full eigensolution"]
        print(f"{label}:")
        print(f"  CMS re-analysis:             {m['CMS re-analysis']:9.3f} s  "
              f"(forward Ritz {m['forward modification']:.4f} s)")
        print(f"  full eigen re-analysis:      {m['full eigensolution']:9.3f} s")
        print(f"  re-analysis / full:          {100.0 * ratio:9.2f} %  (goal <= 2 %)")
        print(f"  forward vs re-analysis:      {max(abs(x) for x in modification['forward_vs_reanalysis']):.2e}")
        print(f"  largest |error| vs full:     {100.0 * max(abs(x) for x in modification['relative_errors']):.4f} %")
    print(f"corot wall time: {wall:.1f} s")

    # Inverse solves on a reduced model of about 300 DOF (the CTest-size body, higher cut-off).
    (synthesis, *inverses), wall = run("telescope_inverse", 21, 40, args.inverse_cutoff,
                                       "synthesis,inverse_one,inverse_two")
    print(f"inverse solves on {synthesis['reduced_dofs']} reduced DOFs (goal < 50 ms):")
    for label, inverse in zip(("one variable, eq. 14", "two variables, two targets"), inverses):
        i = inverse["timings"]
        print(f"  {label}: {1000.0 * i['inverse solve (fixed T)']:.2f} ms with T fixed, "
              f"{i['inverse with re-reduction']:.3f} s with the re-reduction passes; "
              f"alpha = {inverse['design_changes']}, targets {inverse['target_frequencies']}, "
              f"full model {inverse['full_achieved_frequencies']}")
    print(f"results in {args.out}")


if __name__ == "__main__":
    main()
