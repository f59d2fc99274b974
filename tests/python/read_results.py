#!/usr/bin/env python3
"""Read corot's results files (NAME.json) from a script: an example to start from, and a test.

    python3 tests/python/read_results.py --corot build/corot --out /tmp/read_results

runs corot on three decks of input_decks/ (a dynamic step, a frequency step, component mode
synthesis), reads their NAME.json with nothing but Python's json module, checks what a script
relies on (input_decks/README.md, "Results file", schema_version 1) and draws one PNG with
matplotlib's Agg backend (Debian: python3-matplotlib):
- every file: "schema_version" is the one this reader knows, "program" names corot and its
  version, the run completed; the "model" block has the deck's node ids and coordinates (parsed
  from the deck's *NODE lines, compared exactly), its element ids, types and connectivity, and
  its node and element sets;
- dynamic (pendulum_midpoint_dt0.1.inp): the bob's position, its coordinates in the model block
  plus its displacement history, keeps the rod's length (a stiff bar); the energy arrays agree;
- frequency (cantilever_participation_b21_20el.inp, planar B21): the mode shapes hold exactly the
  DOFs a planar beam has (U1 U2 UR3) at every node, one shape per frequency, zero at the clamped
  node; the displacement normalization recomputed (largest translation 1, at the free end); the
  same deck with NORMALIZATION=MASS gives generalized masses 1 and the displacement-normalized
  shapes divided by the square root of their generalized mass (phi^T M phi, which the
  participation table reports), and the same effective masses;
- CMS (cantilever_cms.inp): the relative errors recomputed from the reduced and full
  frequencies and the pairing, and the components' element sets in the model block.
A final self-check spoils a copy of the results (a mode shape scaled by 1.01, a coordinate moved,
the schema version raised) and requires each check to reject it, so the checks can fail.
Exit status 0 when every check holds; an AssertionError (exit 1) names the first that does not.
"""
import argparse
import copy
import json
import math
import os
import re
import subprocess
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

SCHEMA_VERSION = 1  # the layout this reader was written for
HERE = os.path.dirname(os.path.abspath(__file__))
DECKS = os.path.normpath(os.path.join(HERE, os.pardir, os.pardir, "input_decks"))
TRANSLATIONS = ("U1", "U2", "U3")
ROTATIONS = ("UR1", "UR2", "UR3")


# ---------------------------------------------------------------- reading a results file

def load(path):
    """The parsed NAME.json, after checking it is a layout this reader knows."""
    with open(path, encoding="utf-8") as handle:
        results = json.load(handle)
    version = results.get("schema_version")
    assert version == SCHEMA_VERSION, f"{path}: schema_version {version}, this reader knows {SCHEMA_VERSION}"
    assert results["program"]["name"] == "corot", f"{path}: program {results['program']}"
    assert re.match(r"^\d+\.\d+\.\d+", results["program"]["version"]), f"{path}: {results['program']}"
    assert results["status"] == "completed", f"{path}: status {results['status']}"
    return results


def coordinates(results):
    """node id -> (x, y, z) from the model block."""
    nodes = results["model"]["nodes"]
    assert len(nodes["ids"]) == len(nodes["coordinates"]), "model.nodes: ids and coordinates differ in length"
    return {node: tuple(xyz) for node, xyz in zip(nodes["ids"], nodes["coordinates"])}


def mode_shape(step, mode):
    """variable -> {node id: value} of the 0-based @p mode of a frequency or buckle step."""
    shapes = step["mode_shapes"]
    values = shapes["modes"][mode]
    assert sorted(values) == sorted(shapes["variables"]), f"mode {mode + 1}: variables {sorted(values)}"
    shape = {}
    for variable in shapes["variables"]:
        column = values[variable]
        assert len(column) == len(shapes["nodes"]), f"mode {mode + 1} {variable}: {len(column)} values"
        shape[variable] = dict(zip(shapes["nodes"], column))
    return shape


def largest(shape, variables):
    return max((abs(value) for variable in variables if variable in shape
                for value in shape[variable].values() if value is not None), default=0.0)


# ---------------------------------------------------------------- the deck, read independently

def keyword_blocks(deck_path):
    """[(keyword, {parameter: value}, [data fields per line])] of a deck without *INCLUDE."""
    blocks = []
    with open(deck_path, encoding="utf-8") as handle:
        for raw in handle:
            line = raw.strip()
            if not line or line.startswith("**"):
                continue
            if line.startswith("*"):
                parts = [part.strip() for part in line[1:].split(",")]
                assert parts[0].upper() != "INCLUDE", f"{deck_path}: *INCLUDE is not read here"
                parameters = {}
                for part in parts[1:]:
                    key, _, value = part.partition("=")
                    parameters[key.strip().upper().replace(" ", "")] = value.strip().upper()
                blocks.append((parts[0].upper().replace(" ", ""), parameters, []))
            elif blocks:
                blocks[-1][2].append([field.strip() for field in line.split(",") if field.strip()])
    return blocks


def deck_model(deck_path):
    """Nodes, elements and sets as the deck writes them (*NODE, *ELEMENT, *NSET, *ELSET)."""
    nodes, elements, sets = {}, {}, {"NSET": {}, "ELSET": {}}
    for keyword, parameters, lines in keyword_blocks(deck_path):
        if keyword == "NODE":
            for fields in lines:
                xyz = [float(value) for value in fields[1:]] + [0.0] * (4 - len(fields))
                nodes[int(fields[0])] = tuple(xyz)
            if "NSET" in parameters:
                sets["NSET"].setdefault(parameters["NSET"], set()).update(int(f[0]) for f in lines)
        elif keyword == "ELEMENT":
            for fields in lines:
                elements[int(fields[0])] = (parameters["TYPE"], [int(node) for node in fields[1:]])
            if "ELSET" in parameters:
                sets["ELSET"].setdefault(parameters["ELSET"], set()).update(int(f[0]) for f in lines)
        elif keyword in ("NSET", "ELSET"):
            ids = set()
            for fields in lines:
                if "GENERATE" in parameters:
                    first, last, step = (int(value) for value in (fields + ["1"])[:3])
                    ids.update(range(first, last + 1, step))
                else:
                    ids.update(int(value) for value in fields if value.isdigit())
            sets[keyword].setdefault(parameters[keyword], set()).update(ids)
    return nodes, elements, sets


def check_model(results, deck_path):
    """The model block holds the deck's nodes, elements and sets."""
    nodes, elements, sets = deck_model(deck_path)
    model = results["model"]
    where = os.path.basename(deck_path)
    assert sorted(model["nodes"]["ids"]) == sorted(nodes), f"{where}: node ids differ from the deck's"
    for node, xyz in coordinates(results).items():
        assert list(xyz) == list(nodes[node]), f"{where}: node {node} at {xyz}, the deck says {nodes[node]}"
    block = model["elements"]
    assert len(block["ids"]) == len(block["types"]) == len(block["connectivity"]), f"{where}: element arrays"
    assert sorted(block["ids"]) == sorted(elements), f"{where}: element ids differ from the deck's"
    for element, kind, connectivity in zip(block["ids"], block["types"], block["connectivity"]):
        assert (kind, connectivity) == elements[element], \
            f"{where}: element {element} is {kind} {connectivity}, the deck says {elements[element]}"
    for kind, key in (("NSET", "node_sets"), ("ELSET", "element_sets")):
        for name, ids in sets[kind].items():
            assert set(model[key][name]) == ids, f"{where}: {key}.{name} differs from the deck's"
    return len(nodes), len(elements)


# ---------------------------------------------------------------- the three kinds of result

def check_dynamic(results, deck_path):
    """Pendulum: the bob's position (model coordinates + displacement) keeps the rod's length."""
    check_model(results, deck_path)
    step = results["steps"][0]
    assert step["procedure"] == "dynamic"
    energy = step["energy"]
    lengths = {len(values) for key, values in energy.items() if key != "angular_momentum"}
    assert len(lengths) == 1, f"energy arrays of lengths {lengths}"
    xyz = coordinates(results)
    (x1, y1, _), (x2, y2, _) = xyz[1], xyz[2]
    rod = math.hypot(x2 - x1, y2 - y1)
    bob = step["node_output"]["2"]
    assert len(bob["time"]) == len(bob["U1"]) == len(bob["U2"]) > 10, "bob history"
    for u, v in zip(bob["U1"], bob["U2"]):
        length = math.hypot(x2 + u - x1, y2 + v - y1)
        assert abs(length - rod) <= 1e-3 * rod, f"rod length {length} instead of {rod}"
    return step


def check_displacement_normalized(results, step):
    """Largest translation 1 (a mode without translations: largest rotation x model size 1)."""
    points = list(coordinates(results).values())
    size = math.sqrt(sum((max(p[k] for p in points) - min(p[k] for p in points)) ** 2 for k in range(3)))
    assert step["mode_shapes"]["normalization"] == "displacement"
    for mode in range(len(step["mode_shapes"]["modes"])):
        shape = mode_shape(step, mode)
        translation, rotation = largest(shape, TRANSLATIONS), largest(shape, ROTATIONS)
        scale = translation if translation > 1e-6 * rotation * size else rotation * size
        assert abs(scale - 1.0) <= 1e-12, f"mode {mode + 1}: largest translation {translation}, " \
                                          f"rotation x size {rotation * size}"


def check_frequency(results, deck_path, mass_results):
    """Planar cantilever: DOFs, clamped node, both normalizations, effective masses."""
    n_nodes, _ = check_model(results, deck_path)
    step = results["steps"][0]
    assert step["procedure"] == "frequency"
    shapes = step["mode_shapes"]
    assert shapes["variables"] == ["U1", "U2", "UR3"], f"a planar beam's DOFs: {shapes['variables']}"
    assert sorted(shapes["nodes"]) == sorted(results["model"]["nodes"]["ids"]) and n_nodes == len(shapes["nodes"])
    assert len(shapes["modes"]) == len(step["frequencies"]) > 0
    check_displacement_normalized(results, step)
    xyz = coordinates(results)
    root = min(xyz, key=lambda node: xyz[node][0])
    tip = max(xyz, key=lambda node: xyz[node][0])
    first = mode_shape(step, 0)
    assert all(first[v][root] == 0.0 for v in shapes["variables"]), "the clamped node moves"
    assert abs(abs(first["U2"][tip]) - 1.0) <= 1e-12, f"first bending mode: tip {first['U2'][tip]}"

    mass_step = mass_results["steps"][0]
    assert mass_step["mode_shapes"]["normalization"] == "mass"
    assert all(abs(m - 1.0) <= 1e-10 for m in mass_step["participation"]["generalized_mass"])
    generalized = step["participation"]["generalized_mass"]
    for mode, m in enumerate(generalized):
        by_displacement, by_mass = mode_shape(step, mode), mode_shape(mass_step, mode)
        peak = largest(by_mass, shapes["variables"])
        # The sign of an eigenvector is arbitrary: take it from the largest entry.
        variable, node = max(((v, n) for v in shapes["variables"] for n in shapes["nodes"]),
                             key=lambda vn: abs(by_mass[vn[0]][vn[1]]))
        sign = math.copysign(1.0, by_mass[variable][node] * by_displacement[variable][node])
        for v in shapes["variables"]:
            for n in shapes["nodes"]:
                expected = sign * by_displacement[v][n] / math.sqrt(m)
                assert abs(by_mass[v][n] - expected) <= 1e-8 * peak, \
                    f"mode {mode + 1} {v} node {n}: {by_mass[v][n]} instead of {expected}"
        for a, b in zip(step["participation"]["effective_mass"][mode],
                        mass_step["participation"]["effective_mass"][mode]):
            assert abs(a - b) <= 1e-8 * max(abs(a), abs(b), 1e-300), f"mode {mode + 1}: effective mass {a} {b}"
    return step


def check_cms(results, deck_path):
    """Relative errors recomputed from the pairing; components' element sets."""
    check_model(results, deck_path)
    element_sets = results["model"]["element_sets"]
    compared = 0
    for step in results["steps"]:
        for name in step.get("components", {}):
            assert name in element_sets, f"component {name} has no element set in the model block"
        if "full_frequencies" not in step:
            continue
        assert len(step["frequencies"]) == len(step["relative_errors"]) == len(step["full_partners"])
        for f, partner, error in zip(step["frequencies"], step["full_partners"], step["relative_errors"]):
            if partner == 0:
                assert error is None
                continue
            full = step["full_frequencies"][partner - 1]
            assert abs(error - (f - full) / full) <= 1e-12, f"step {step['step']}: error {error}"
            compared += 1
    assert compared > 0, "no COMPARE=FULL step"
    assert set(element_sets["ROOT"]).isdisjoint(element_sets["TIP"])
    assert sorted(element_sets["ROOT"] + element_sets["TIP"]) == sorted(results["model"]["elements"]["ids"])
    return [step for step in results["steps"] if step["procedure"] == "modal_synthesis"]


def self_check(frequency, frequency_deck, dynamic, dynamic_deck, directory):
    """Spoilt copies must fail the checks: the checks above can fail."""
    def rejected(check, *arguments):
        try:
            check(*arguments)
        except (AssertionError, KeyError):
            return True
        return False

    spoilt = copy.deepcopy(frequency)
    step = spoilt["steps"][0]
    step["mode_shapes"]["modes"][1]["U2"] = [1.01 * v for v in step["mode_shapes"]["modes"][1]["U2"]]
    assert rejected(check_displacement_normalized, spoilt, step), "a shape scaled by 1.01 passed"
    spoilt = copy.deepcopy(dynamic)
    spoilt["model"]["nodes"]["coordinates"][1][1] += 1e-9
    assert rejected(check_model, spoilt, dynamic_deck), "a moved node passed"
    spoilt = copy.deepcopy(frequency)
    spoilt["steps"][0]["mode_shapes"]["modes"][0].pop("UR3")
    assert rejected(mode_shape, spoilt["steps"][0], 0), "a shape without UR3 passed"
    path = os.path.join(directory, "spoilt.json")
    with open(path, "w", encoding="utf-8") as handle:
        json.dump(dict(frequency, schema_version=SCHEMA_VERSION + 1), handle)
    assert rejected(load, path), "another schema_version passed"


# ---------------------------------------------------------------- running and plotting

def run(corot, deck, directory):
    """Runs corot on @p deck in @p directory (its working directory too); NAME.json's path."""
    os.makedirs(directory, exist_ok=True)
    completed = subprocess.run([corot, "run", deck, "-o", directory], cwd=directory,
                               capture_output=True, text=True)
    assert completed.returncode == 0, f"{deck}: exit {completed.returncode}\n{completed.stderr}"
    return os.path.join(directory, os.path.splitext(os.path.basename(deck))[0] + ".json")


def plot(dynamic, frequency, cms_steps, path):
    figure, (left, middle, right) = plt.subplots(1, 3, figsize=(15, 4.5))
    step = dynamic["steps"][0]
    energy = step["energy"]
    scale = max(abs(k) + abs(s) for k, s in zip(energy["kinetic"], energy["strain"])) or 1.0
    left.plot(energy["time"], [(e - energy["total"][0]) / scale for e in energy["total"]])
    left.set_xlabel("time")
    left.set_ylabel("(total - initial total) / energy scale")
    left.set_title(dynamic["model"]["heading"], fontsize=9)

    step = frequency["steps"][0]
    xyz = coordinates(frequency)
    nodes = sorted(step["mode_shapes"]["nodes"], key=lambda node: xyz[node][0])
    for mode in range(len(step["mode_shapes"]["modes"])):
        shape = mode_shape(step, mode)
        middle.plot([xyz[n][0] for n in nodes], [shape["U2"][n] for n in nodes], marker=".",
                    label=f"mode {mode + 1}: {step['frequencies'][mode]:.4g}")
    middle.set_xlabel("x (deck units)")
    middle.set_ylabel("U2 (largest translation 1)")
    middle.legend(fontsize=8)
    middle.set_title(frequency["model"]["heading"], fontsize=9)

    for cms in cms_steps:
        right.semilogy(range(1, len(cms["relative_errors"]) + 1),
                       [abs(e) if e else float("nan") for e in cms["relative_errors"]],
                       marker="o", label=f"step {cms['step']}: {cms['method']}")
    right.set_xlabel("mode")
    right.set_ylabel("|CMS - full| / full frequency")
    right.legend(fontsize=8)
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    plt.close(figure)
    with open(path, "rb") as handle:
        assert handle.read(8) == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    assert os.path.getsize(path) > 10000, f"{path}: {os.path.getsize(path)} bytes"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corot", required=True, help="the corot executable")
    parser.add_argument("--out", required=True, help="directory for the runs and the plot")
    args = parser.parse_args()
    corot = os.path.abspath(args.corot)
    out = os.path.abspath(args.out)

    dynamic_deck = os.path.join(DECKS, "pendulum_midpoint_dt0.1.inp")
    frequency_deck = os.path.join(DECKS, "cantilever_participation_b21_20el.inp")
    cms_deck = os.path.join(DECKS, "cantilever_cms.inp")
    # The same cantilever with mass-normalized shapes.
    mass_deck = os.path.join(out, "mass", "cantilever_participation_b21_20el_mass.inp")
    os.makedirs(os.path.dirname(mass_deck), exist_ok=True)
    with open(frequency_deck, encoding="utf-8") as source, open(mass_deck, "w", encoding="utf-8") as target:
        text = source.read()
        assert text.count("\n*FREQUENCY\n") == 1
        target.write(text.replace("\n*FREQUENCY\n", "\n*FREQUENCY, NORMALIZATION=MASS\n"))

    dynamic = load(run(corot, dynamic_deck, os.path.join(out, "dynamic")))
    frequency = load(run(corot, frequency_deck, os.path.join(out, "frequency")))
    by_mass = load(run(corot, mass_deck, os.path.join(out, "mass")))
    cms = load(run(corot, cms_deck, os.path.join(out, "cms")))

    check_dynamic(dynamic, dynamic_deck)
    print("ok: dynamic: model block as the deck, the rod keeps its length")
    check_frequency(frequency, frequency_deck, by_mass)
    print("ok: frequency: model block, mode shapes (U1 U2 UR3 at every node), displacement and mass "
          "normalization recomputed")
    cms_steps = check_cms(cms, cms_deck)
    print("ok: CMS: model block, relative errors recomputed from the pairing")
    self_check(frequency, frequency_deck, dynamic, dynamic_deck, out)
    print("ok: spoilt copies are rejected")
    png = os.path.join(out, "read_results.png")
    plot(dynamic, frequency, cms_steps, png)
    print(f"ok: wrote {png}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
