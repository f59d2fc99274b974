#!/usr/bin/env python3
"""Counts the field frames (DataSet entries) of NAME.pvd beside NAME.json and compares with --expect.

    count_frames.py --json NAME.json --deck DECK --expect N
"""
import argparse
import os
import re
import sys


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--json", required=True)
    parser.add_argument("--deck", required=True)
    parser.add_argument("--expect", type=int, required=True)
    args = parser.parse_args()
    pvd = os.path.splitext(args.json)[0] + ".pvd"
    with open(pvd, encoding="utf-8") as stream:
        frames = len(re.findall(r"<DataSet\b", stream.read()))
    print("%s: %d frames (expected %d)" % (os.path.basename(pvd), frames, args.expect))
    return 0 if frames == args.expect else 1


if __name__ == "__main__":
    sys.exit(main())
