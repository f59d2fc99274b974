#!/usr/bin/env python3
"""Runs CalculiX (ccx) on a deck in the keyword subset both codes read and compares its
eigenfrequencies with the reference values the deck's EXPECT lines record.

  ccx_reference.py --deck input_decks/space_frame_b32_frequencies.inp            # print
  ccx_reference.py --deck ... --check                                           # compare

The deck is copied to a temporary directory (ccx writes NAME.dat, NAME.frd, ... beside its
input), ccx runs on it, and the "E I G E N V A L U E   O U T P U T" table of NAME.dat gives the
frequencies (cycles/time). Without --check the script prints them with the ccx version, ready to
paste as '** EXPECT 1 frequencies[i] = ...' values. With --check it exits 1 unless every
'** EXPECT <step> frequencies[i] = <value>' line of the deck matches ccx's frequency to
--rtol (default 2e-7: ccx prints seven digits). It exits 77 (skipped) if ccx is not installed.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

EXPECT = re.compile(r"^\*\*\s*EXPECT\s+\d+\s+frequencies\[(\d+)\]\s*=\s*(\S+)\s", re.I)


def ccx_version(ccx):
    output = subprocess.run([ccx, "-v"], capture_output=True, text=True).stdout
    match = re.search(r"Version\s+(\S+)", output)
    return match.group(1) if match else "unknown"


def ccx_frequencies(ccx, deck):
    with tempfile.TemporaryDirectory() as directory:
        shutil.copy(deck, os.path.join(directory, "model.inp"))
        completed = subprocess.run([ccx, "-i", "model"], cwd=directory, capture_output=True, text=True)
        dat = os.path.join(directory, "model.dat")
        if completed.returncode != 0 or not os.path.exists(dat):
            sys.stderr.write(completed.stdout[-2000:] + completed.stderr[-2000:])
            raise SystemExit("ccx failed on " + deck)
        frequencies, in_table = [], False
        with open(dat, encoding="utf-8", errors="replace") as report:
            for line in report:
                if "E I G E N V A L U E   O U T P U T" in line:
                    in_table, frequencies = True, []
                    continue
                if in_table:
                    fields = line.split()
                    if len(fields) == 5 and fields[0].isdigit():
                        frequencies.append(float(fields[3]))
                    elif frequencies and not fields:
                        in_table = False
        return frequencies


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--deck", required=True)
    parser.add_argument("--ccx", default=shutil.which("ccx"))
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--rtol", type=float, default=2e-7)
    args = parser.parse_args()
    if not args.ccx:
        print("ccx not found: skipped")
        return 77

    version = ccx_version(args.ccx)
    frequencies = ccx_frequencies(args.ccx, args.deck)
    print(f"CalculiX ccx {version} on {os.path.basename(args.deck)}:")
    for i, frequency in enumerate(frequencies):
        print(f"  frequencies[{i}] = {frequency:.7g}")
    if not args.check:
        return 0

    failures, checked = 0, 0
    with open(args.deck, encoding="utf-8") as deck:
        for line in deck:
            match = EXPECT.match(line)
            if not match:
                continue
            index, value = int(match.group(1)), float(match.group(2))
            checked += 1
            if index >= len(frequencies) or abs(frequencies[index] - value) > args.rtol * abs(value):
                got = frequencies[index] if index < len(frequencies) else None
                print(f"MISMATCH frequencies[{index}]: deck records {value}, ccx gives {got}")
                failures += 1
    print(f"{checked} recorded reference values checked, {failures} mismatches")
    return 1 if failures or not checked else 0


if __name__ == "__main__":
    sys.exit(main())
