#!/usr/bin/env python3
"""Checks the universal file a *FREQUENCY step wrote (*UFF OUTPUT): uff_written_modes.py --json
NAME.json --deck DECK STEP NSET.

Reads NAME-STEP.unv beside NAME.json with its own column-sliced parser (not corot's reader) and
requires: datasets 151, 2411 and one 55 per mode; the nodes of NSET (from NAME.json's model) at
their coordinates (2411, to 1e-15); per mode (record 7) its number, (record 8) the frequency of
NAME.json to E13.5's 6 digits and the modal mass phi^T M phi of NAME.json's participation
(generalized_mass), and (records 9/10) the mode shape of NAME.json at each node to 5e-6 of the
mode's largest value, with 6 values per node (U1 U2 U3 UR1 UR2 UR3; a DOF the node lacks is 0).
"""
import argparse
import json
import os
import sys


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


def datasets(lines):
    """(type, records) of each block between '    -1' lines."""
    result, i = [], 0
    while i < len(lines):
        if lines[i].rstrip() == "    -1":
            j = i + 2
            while lines[j].rstrip() != "    -1":
                j += 1
            result.append((int(lines[i + 1][:6]), lines[i + 2:j]))
            i = j + 1
        else:
            i += 1
    return result


def reals(line, width, count):
    return [float(line[k * width:(k + 1) * width].replace("D", "E")) for k in range(count)]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--json", required=True)
    parser.add_argument("--deck", required=True)
    parser.add_argument("step", type=int)
    parser.add_argument("nset")
    args = parser.parse_args()
    with open(args.json, encoding="utf-8") as stream:
        document = json.load(stream)
    step = document["steps"][args.step - 1]
    model = document["model"]
    ids = model["node_sets"][args.nset] if args.nset != "ALL" else model["nodes"]["ids"]
    coordinates = dict(zip(model["nodes"]["ids"], model["nodes"]["coordinates"]))
    name = os.path.splitext(args.json)[0] + "-%d.unv" % args.step
    with open(name, encoding="utf-8") as stream:
        blocks = datasets(stream.read().splitlines())
    types = [kind for kind, _ in blocks]
    frequencies = step["frequencies"]
    if types != [151, 2411] + [55] * len(frequencies):
        fail("%s: datasets %s, expected 151, 2411 and %d x 55" % (name, types, len(frequencies)))
    nodes = blocks[1][1]
    written = [int(nodes[k][:10]) for k in range(0, len(nodes), 2)]
    if written != sorted(ids):
        fail("2411 nodes %s, expected %s" % (written, sorted(ids)))
    for k in range(0, len(nodes), 2):
        xyz = reals(nodes[k + 1], 25, 3)
        if any(abs(a - b) > 1e-15 for a, b in zip(xyz, coordinates[int(nodes[k][:10])])):
            fail("node %s at %s" % (nodes[k][:10].strip(), xyz))
    shapes = step["mode_shapes"]
    order = ["U1", "U2", "U3", "UR1", "UR2", "UR3"]
    masses = step["participation"]["generalized_mass"]
    for m, (_, records) in enumerate(blocks[2:]):
        definition = [int(records[5][k:k + 10]) for k in range(0, 60, 10)]
        if definition != [1, 2, 3, 8, 2, 6]:
            fail("mode %d record 6: %s" % (m + 1, definition))
        if int(records[6][30:40]) != m + 1:
            fail("mode %d record 7: %s" % (m + 1, records[6]))
        frequency, mass = reals(records[7], 13, 2)
        if abs(frequency - frequencies[m]) > 5e-6 * frequencies[m]:
            fail("mode %d: frequency %r, NAME.json %r" % (m + 1, frequency, frequencies[m]))
        if abs(mass - masses[m]) > 5e-6 * abs(masses[m]):
            fail("mode %d: modal mass %r, NAME.json %r" % (m + 1, mass, masses[m]))
        shape = shapes["modes"][m]
        largest = max(abs(v) for values in shape.values() for v in values)
        for k in range(8, len(records), 2):
            node = int(records[k][:10])
            values = reals(records[k + 1], 13, 6)
            index = shapes["nodes"].index(node)
            for variable, value in zip(order, values):
                expected = shape[variable][index] if variable in shape else 0.0
                if abs(value - expected) > 5e-6 * largest:
                    fail("mode %d node %d %s: %r, NAME.json %r" % (m + 1, node, variable, value,
                                                                  expected))
    print("ok: %s: %d nodes, %d modes as NAME.json has them" % (name, len(written),
                                                                 len(frequencies)))


if __name__ == "__main__":
    main()
