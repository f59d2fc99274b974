#!/usr/bin/env python3
"""Runs one deck of CalculiX's test suite (package calculix-ccx-test) through corot and compares
the quantities both codes print with the references of ccx_decks.py (see README.md).

  conformance.py --corot build/corot --deck b31                  # one deck, exit 0/1 (77: skip)
  conformance.py --corot build/corot --deck b31 --ccx ccx        # also print a fresh ccx run
  conformance.py --corot build/corot --all [--markdown]          # every deck, one line each

The decks are read where the package installs them (--tests, default
/usr/share/doc/calculix-ccx-test/examples/test): NAME.inp and NAME.dat.ref (gzipped or not,
read in place). Exit 77 (CTest: skipped) when the package is not installed.

An 'enabled' or 'pending' deck passes when corot exits 0 and every check holds; an
'unsupported' deck passes when corot exits non-zero with one line `file:line: message` that
matches the deck's expected error.
"""
import argparse
import gzip
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "decks"))
import ccx_dat  # noqa: E402
import ccx_decks  # noqa: E402
import results_schema  # noqa: E402

DEFAULT_TESTS = "/usr/share/doc/calculix-ccx-test/examples/test"


def resolve(step, path):
    """node_output.5.U2 -> the last value of that history; frequencies[3] -> that entry."""
    node = step
    for part in re.findall(r"[^.\[]+|\[[^\]]*\]", path):
        node = node[int(part[1:-1])] if part.startswith("[") else node[part]
    return node[-1] if isinstance(node, list) else node


def package_file(tests, name, suffix):
    """NAME + suffix where the package installs it, as given or gzipped; None if neither."""
    for candidate in (name + suffix, name + suffix + ".gz"):
        path = os.path.join(tests, candidate)
        if os.path.exists(path):
            return path
    return None


def reference_dat(tests, name):
    return package_file(tests, name, ".dat.ref")


def ccx_figure(blocks, ccx):
    if blocks is None or ccx is None:
        return None
    if ccx[0] == "frequencies":
        values = ccx_dat.frequencies(blocks, ccx[1])
        return values[ccx[2]] if ccx[2] < len(values) else None
    return ccx_dat.value(blocks, *ccx)


def run_ccx(ccx, deck):
    with tempfile.TemporaryDirectory() as directory:
        shutil.copy(deck, os.path.join(directory, "deck.inp"))
        subprocess.run([ccx, "-i", "deck"], cwd=directory, capture_output=True, text=True)
        dat = os.path.join(directory, "deck.dat")
        return ccx_dat.read_dat(dat) if os.path.exists(dat) else None


def deck_path(tests, name):
    """NAME.inp or NAME.inp.gz where the package installs it, or None."""
    return package_file(tests, name, ".inp")


def prepare_deck(args, name, spec, out):
    """The deck corot runs: the package's own file, or, when it is gzipped or the spec derives a
    variant of it (spec.derive: text -> text, e.g. a print request instead of a file per
    increment), that text written into the results directory under the same name (so corot's
    file:line messages name NAME.inp)."""
    source = deck_path(args.tests, name)
    if not source.endswith(".gz") and spec.derive is None:
        return source
    opener = gzip.open if source.endswith(".gz") else open
    with opener(source, "rt", encoding="utf-8", errors="replace") as handle:
        text = handle.read()
    if spec.derive is not None:
        text = spec.derive(text)
    deck = os.path.join(out, "deck", name + ".inp")
    os.makedirs(os.path.dirname(deck), exist_ok=True)
    with open(deck, "w", encoding="utf-8") as handle:
        handle.write(text)
    return deck


def run_deck(args, name, out, verbose=True):
    """Returns (passed, one-line summary)."""
    spec = ccx_decks.DECKS[name]
    os.makedirs(out, exist_ok=True)
    deck = prepare_deck(args, name, spec, out)
    completed = subprocess.run([args.corot, "run", deck, "-o", out], capture_output=True, text=True)
    say = print if verbose else (lambda *a, **k: None)

    if spec.status == "unsupported" or (completed.returncode != 0 and spec.error):
        lines = [line for line in completed.stderr.splitlines() if line.strip()]
        message = lines[-1] if lines else ""
        say(f"corot exited with status {completed.returncode}: {message}")
        if completed.returncode == 0:
            return False, "runs, but an error was expected: " + spec.error
        if not re.search(spec.error, message) or not re.match(r"^\S+:\d+: ", message):
            return False, "stops with a different error: " + message
        return spec.status == "unsupported", "stops: " + message[message.rfind("/") + 1:]
    if completed.returncode != 0:
        say(completed.stdout[-3000:] + completed.stderr[-3000:])
        return False, f"corot exited with status {completed.returncode}"

    with open(os.path.join(out, name + ".json"), encoding="utf-8") as handle:
        results = json.load(handle)
    schema_errors = results_schema.check(results)
    for error in schema_errors:
        say(f"FAIL {name}.json against input_decks/results.schema.json: {error}")
    if schema_errors:
        return False, f"{name}.json is not valid against input_decks/results.schema.json: {schema_errors[0]}"
    ref_path = reference_dat(args.tests, name)
    ref_blocks = ccx_dat.read_dat(ref_path) if ref_path else None
    fresh_blocks = run_ccx(args.ccx, deck) if args.ccx else None

    checks = spec.checks(args.tests) if callable(spec.checks) else spec.checks
    failures, worst = 0, (0.0, "")
    for check in checks:
        ref_figure = ccx_figure(ref_blocks, check.ccx)
        fresh_figure = ccx_figure(fresh_blocks, check.ccx)
        reference = ref_figure if check.reference == "ref" else check.reference
        try:
            value = resolve(results["steps"][check.step - 1], check.path)
        except (KeyError, IndexError, TypeError) as error:
            say(f"FAIL step {check.step} {check.path}: not in corot's results ({error!r})")
            failures += 1
            continue
        error = abs(value - reference) if reference is not None else float("inf")
        ok = error <= check.tolerance
        failures += not ok
        ratio = error / check.tolerance if check.tolerance > 0 else float("inf")
        if ratio > worst[0] or not worst[1]:
            worst = (ratio, f"{check.path} {value:.7g} vs {reference:.7g}")
        extra = ""
        if ref_figure is not None:
            extra += f"  ccx ref {ref_figure:.7g}"
        if fresh_figure is not None:
            extra += f"  ccx {fresh_figure:.7g}"
        say(f"{'ok  ' if ok else 'FAIL'} step {check.step} {check.path} = {value:.10g} "
            f"(reference {reference:.10g}, |error| {error:.3g} <= {check.tolerance:.3g}){extra}")
    say(f"{len(checks) - failures} passed, {failures} failed")
    if failures:
        return False, f"{failures} of {len(checks)} checks fail (worst {worst[1]})"
    return True, f"{len(checks)} checks pass (worst at {worst[0]:.2g} of its tolerance)"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--corot", required=True)
    parser.add_argument("--deck", help="deck name, e.g. b31")
    parser.add_argument("--all", action="store_true")
    parser.add_argument("--tests", default=DEFAULT_TESTS)
    parser.add_argument("--out", default=None, help="results directory (default: a temporary one)")
    parser.add_argument("--ccx", default=None, help="also run this ccx and print its figures")
    parser.add_argument("--markdown", action="store_true")
    args = parser.parse_args()

    if not os.path.isdir(args.tests):
        print(f"{args.tests} not found (package calculix-ccx-test): skipped")
        return 77
    names = sorted(ccx_decks.DECKS) if args.all else [args.deck]
    if not names or names == [None] or any(n not in ccx_decks.DECKS for n in names):
        parser.error("--deck NAME (one of " + ", ".join(sorted(ccx_decks.DECKS)) + ") or --all")

    with tempfile.TemporaryDirectory() as scratch:
        status = 0
        for name in names:
            out = os.path.join(args.out or scratch, name)
            if deck_path(args.tests, name) is None:
                print(f"{name}.inp not in {args.tests}: skipped")
                status = status or 77
                continue
            passed, summary = run_deck(args, name, out, verbose=not args.all)
            spec = ccx_decks.DECKS[name]
            if args.all:
                if args.markdown:
                    print(f"| {name} | {spec.status} | {summary} | {spec.why or spec.pending} |")
                else:
                    print(f"{name:16s} {spec.status:11s} {'pass' if passed else 'FAIL'}  {summary}")
            else:
                print(("PASS " if passed else "FAIL ") + summary)
            status = status if passed else 1
    return status


if __name__ == "__main__":
    sys.exit(main())
