#!/usr/bin/env python3
"""The results-file check rejects what it must (CTest: schema.results_file).

A results file with one step of every procedure, shaped as src/io/json_writer.cc writes it, is
valid; each mutation below (a misspelt key, a missing key, a wrong type, a key of another
procedure, arrays of different lengths) must make results_schema.check() report it, and the
command line must exit 1 on a bad file and 0 on a good one; input_decks/README.md's results-file
section names every key, procedure, variable and timing phase of the schema. The positive side
on real files is every deck test: check_deck.py validates each NAME.json it produces.
"""
import copy
import json
import os
import re
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import results_schema  # noqa: E402

HISTORY = {"time": [0.5, 1.0], "U1": [0.1, 0.2], "UR3": [0.0, 0.01], "RF1": [-1.0, -2.0]}
BASE_STATE = {"step": 0, "deformed": False, "stress_stiffening": False,
              "description": "base state: reference configuration (no general step before this one)"}
COMPARE_FULL = {"full_frequencies": [1.0, 2.0, 3.0], "relative_errors": [1e-6, None],
                "full_partners": [1, 0], "pairing_mac": [0.999, 0.2], "swapped_modes": []}
MODE_SHAPES = {"normalization": "displacement", "nodes": [1, 2, 3], "variables": ["U1", "U2", "UR3"],
               "modes": [{"U1": [0.0, 0.0, 0.1], "U2": [0.0, 0.5, 1.0], "UR3": [0.0, 1.2, None]},
                         {"U1": [0.0, 0.0, 0.0], "U2": [0.0, -1.0, 0.4], "UR3": [0.0, 0.3, None]}]}
MODEL = {"heading": "three nodes, a beam and a truss",
         "nodes": {"ids": [1, 2, 3], "coordinates": [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [2.0, 0.0, 0.0]]},
         "elements": {"ids": [10, 11], "types": ["B21", "T2D2"], "connectivity": [[1, 2], [2, 3]]},
         "node_sets": {"ROOT": [1], "ALL": [1, 2, 3]}, "element_sets": {"BEAM": [10]}}
GOOD = {
    "deck": "all_procedures.inp",
    "schema_version": 1,
    "program": {"name": "corot", "version": "0.1.0"},
    "status": "completed",
    "model": MODEL,
    "steps": [
        {"step": 1, "procedure": "static", "node_output": {"3": HISTORY},
         "element_output": {"1": {"time": [1.0], "SF1": [2.0], "SM1": [0.5], "SM1_end1": [1.0],
                                  "SM1_end2": [0.0]}},
         "newton_iterations": [3, 2]},
        {"step": 2, "procedure": "static", "node_output": {},
         "arc_length": [0.1, 0.2], "load_factor": [0.09, 0.17], "newton_iterations": [2, 3]},
        {"step": 3, "procedure": "frequency", "eigenvalues": [39.48, 157.9], "frequencies": [1.0, 2.0],
         "mode_shapes": MODE_SHAPES, "base_state": BASE_STATE},
        {"step": 4, "procedure": "buckle", "load_factors": [2.47],
         "mode_shapes": dict(MODE_SHAPES, modes=MODE_SHAPES["modes"][:1]), "base_state": BASE_STATE},
        {"step": 5, "procedure": "dynamic",
         "energy": {"time": [0.0, 0.1], "kinetic": [0.0, 1.0], "strain": [0.0, 0.5],
                    "external_work": [0.0, 1.5], "viscous_dissipation": [0.0, 0.0],
                    "numerical_dissipation": [0.0, 0.0], "total": [0.0, 0.0],
                    "angular_momentum": {"L1": [0.0, 0.0], "L2": [0.0, 0.0], "L3": [0.0, 2.0]}},
         "node_output": {"2": {"time": [0.1], "U1": [0.0], "V1": [1.0]}},
         "newton_iterations": [4], "time_increments": [0.1]},
        dict({"step": 6, "procedure": "modal_synthesis", "eigenvalues": [39.5, 158.0],
              "frequencies": [1.0, 2.0], "method": "craig-bampton", "reduced_dofs": 20, "full_dofs": 240,
              "components": {"ROOT": {"dofs": 120, "interface_dofs": 6, "kept_modes": 6, "rigid_modes": 0,
                                      "attachment_modes": 6}},
              "timings": {"reduction": 0.01, "synthesis and reduced solve": 0.001, "full eigensolution": 0.02},
              "base_state": BASE_STATE}, **COMPARE_FULL),
        {"step": 7, "procedure": "modification", "eigenvalues": [40.0], "frequencies": [1.01],
         "reduced_dofs": 20, "full_dofs": 240, "design_changes": {"RHO_TIP": 0.1},
         "baseline_frequencies": [1.0], "exact_frequencies": [1.01], "forward_vs_reanalysis": [1e-4],
         "reanalysis_partners": [1], "timings": {"forward modification": 0.01, "CMS re-analysis": 0.1,
                                                 "baseline CMS": 0.2}},
        {"step": 8, "procedure": "sensitivity", "eigenvalues": [39.5, 39.5], "frequencies": [1.0, 1.0],
         "reduced_dofs": 20, "full_dofs": 240,
         "sensitivities": {"TIP": {"RHO_TIP": {"1": -0.95, "2": -0.95}}},
         "sensitivity_normalization": "(p/lambda) dlambda/dp", "repeated_modes": [[1, 2]]},
        dict({"step": 9, "procedure": "inverse_frequency", "eigenvalues": [40.0], "frequencies": [1.01],
              "reduced_dofs": 20, "full_dofs": 240, "design_changes": {"RHO_TIP": 0.07}, "iterations": 3,
              "target_modes": [1], "target_frequencies": [1.01], "achieved_frequencies": [1.01],
              "full_achieved_frequencies": [1.0101], "baseline_frequencies": [1.0],
              "timings": {"inverse solve (fixed T)": 0.02, "inverse and modified modes": 0.04,
                          "inverse with re-reduction": 0.5}}, **COMPARE_FULL),
    ],
}


def step(document, number):
    return document["steps"][number - 1]


def rename(mapping, old, new):
    mapping[new] = mapping.pop(old)


# (what is wrong, how to make it wrong, a word the report must contain)
MUTATIONS = [
    ("misspelt step key", lambda d: rename(step(d, 3), "frequencies", "frequncies"), "frequncies"),
    ("misspelt top-level key", lambda d: rename(d, "deck", "dek"), "dek"),
    ("missing status", lambda d: d.pop("status"), "status"),
    ("unknown status", lambda d: d.update(status="crashed"), "crashed"),
    ("misspelt energy key", lambda d: rename(step(d, 5)["energy"], "kinetic", "kinetik"), "kinetik"),
    ("misspelt node variable", lambda d: rename(step(d, 1)["node_output"]["3"], "U1", "U4"), "U4"),
    ("misspelt element variable", lambda d: rename(step(d, 1)["element_output"]["1"], "SF1", "NN"), "NN"),
    ("old element variable name", lambda d: rename(step(d, 1)["element_output"]["1"], "SF1", "N"), "N"),
    ("misspelt element end", lambda d: rename(step(d, 1)["element_output"]["1"], "SM1_end2", "SM1_end3"),
     "SM1_end3"),
    ("misspelt component key", lambda d: rename(step(d, 6)["components"]["ROOT"], "dofs", "dof"), "dof"),
    ("unknown timing phase", lambda d: rename(step(d, 7)["timings"], "baseline CMS", "baseline"), "baseline"),
    ("missing energy total", lambda d: step(d, 5)["energy"].pop("total"), "total"),
    ("missing angular momentum", lambda d: step(d, 5)["energy"].pop("angular_momentum"), "angular_momentum"),
    ("missing L3", lambda d: step(d, 5)["energy"]["angular_momentum"].pop("L3"), "L3"),
    ("missing node_output of a static step", lambda d: step(d, 1).pop("node_output"), "node_output"),
    ("missing load_factors of a buckle step", lambda d: step(d, 4).pop("load_factors"), "load_factors"),
    ("missing base_state of a frequency step", lambda d: step(d, 3).pop("base_state"), "base_state"),
    ("missing base_state.stress_stiffening", lambda d: step(d, 4)["base_state"].pop("stress_stiffening"),
     "stress_stiffening"),
    ("RIKS arc_length without load_factor", lambda d: step(d, 2).pop("load_factor"), "load_factor"),
    ("COMPARE=FULL keys incomplete", lambda d: step(d, 6).pop("swapped_modes"), "swapped_modes"),
    ("missing time of a history", lambda d: step(d, 1)["node_output"]["3"].pop("time"), "time"),
    ("missing step number", lambda d: step(d, 1).pop("step"), "step"),
    ("step number as a string", lambda d: step(d, 1).update(step="1"), "'1'"),
    ("a frequency as a string", lambda d: step(d, 3)["frequencies"].__setitem__(0, "1.0"), "'1.0'"),
    ("negative iteration count", lambda d: step(d, 1)["newton_iterations"].__setitem__(0, -1), "-1"),
    ("fractional reduced_dofs", lambda d: step(d, 6).update(reduced_dofs=20.5), "20.5"),
    ("deformed as a number", lambda d: step(d, 3)["base_state"].update(deformed=0), "deformed"),
    ("unknown procedure", lambda d: step(d, 4).update(procedure="buckling"), "buckling"),
    ("a buckle key in a frequency step", lambda d: step(d, 3).update(load_factors=[1.0]), "load_factors"),
    ("energy in a static step", lambda d: step(d, 1).update(energy=copy.deepcopy(step(d, 5)["energy"])),
     "energy"),
    ("node id not a number", lambda d: rename(step(d, 1)["node_output"], "3", "N3"), "N3"),
    ("a cluster of one repeated mode", lambda d: step(d, 8).update(repeated_modes=[[1]]), "[1]"),
    ("a history shorter than its time", lambda d: step(d, 1)["node_output"]["3"]["U1"].pop(), "U1"),
    ("energy arrays of different lengths", lambda d: step(d, 5)["energy"]["total"].append(0.0), "total"),
    ("RIKS path of different lengths", lambda d: step(d, 2)["load_factor"].append(0.2), "load_factor"),
    ("missing schema_version", lambda d: d.pop("schema_version"), "schema_version"),
    ("another schema_version", lambda d: d.update(schema_version=2), "1 was expected"),
    ("missing program version", lambda d: d["program"].pop("version"), "version"),
    ("missing model nodes", lambda d: d["model"].pop("nodes"), "nodes"),
    ("a node with two coordinates", lambda d: d["model"]["nodes"]["coordinates"][1].pop(), "coordinates"),
    ("element types shorter than ids", lambda d: d["model"]["elements"]["types"].pop(), "types"),
    ("a set of names", lambda d: d["model"]["node_sets"].update(TIP=["3"]), "'3'"),
    ("mode shape with an unknown variable", lambda d: rename(step(d, 3)["mode_shapes"]["modes"][0], "U1", "U4"),
     "U4"),
    ("mode shape missing a variable", lambda d: step(d, 3)["mode_shapes"]["modes"][1].pop("UR3"), "UR3"),
    ("mode shape shorter than its nodes", lambda d: step(d, 3)["mode_shapes"]["modes"][0]["U2"].pop(), "U2"),
    ("fewer mode shapes than eigenvalues", lambda d: step(d, 3)["mode_shapes"]["modes"].pop(), "2 eigenvalues"),
    ("mode shapes of an unknown normalization", lambda d: step(d, 4)["mode_shapes"].update(normalization="unit"),
     "unit"),
]


class ResultsSchemaTest(unittest.TestCase):
    def test_every_procedure_is_valid(self):
        self.assertEqual(results_schema.check(copy.deepcopy(GOOD)), [])

    def test_each_mutation_is_reported(self):
        for what, mutate, word in MUTATIONS:
            with self.subTest(what):
                document = copy.deepcopy(GOOD)
                mutate(document)
                errors = results_schema.check(document)
                self.assertTrue(errors, f"{what}: not reported")
                self.assertTrue(any(word in error for error in errors), f"{what}: {errors}")

    def test_command_line_exit_status(self):
        script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "results_schema.py")
        bad = copy.deepcopy(GOOD)
        rename(step(bad, 3), "frequencies", "frequncies")
        with tempfile.TemporaryDirectory() as directory:
            for name, document, status in (("good.json", GOOD, 0), ("bad.json", bad, 1)):
                path = os.path.join(directory, name)
                with open(path, "w", encoding="utf-8") as handle:
                    json.dump(document, handle)
                completed = subprocess.run([sys.executable, script, path], capture_output=True, text=True)
                self.assertEqual(completed.returncode, status, completed.stdout + completed.stderr)

    def test_readme_names_every_key(self):
        with open(results_schema.SCHEMA_PATH, encoding="utf-8") as handle:
            schema = json.load(handle)
        names = set()

        def collect(node):
            if isinstance(node, dict):
                names.update(node.get("properties", {}))
                names.update(node.get("required", []))
                if "enum" in node and all(isinstance(value, str) for value in node["enum"]):
                    names.update(node["enum"])
                for value in node.values():
                    collect(value)
            elif isinstance(node, list):
                for value in node:
                    collect(value)

        collect(schema)
        readme = os.path.join(os.path.dirname(results_schema.SCHEMA_PATH), "README.md")
        with open(readme, encoding="utf-8") as handle:
            text = handle.read()
        section = text[text.index("## Results file"):]
        section = " ".join(section[:section.find("\n## ", 1) % len(section) or len(section)].split())
        # A key or phase is named in quotes; a variable name (U1, N, ...) may stand bare.
        words = set(re.findall(r"[A-Za-z0-9_]+", section))
        missing = sorted(name for name in names
                         if f'"{name}"' not in section and not (name.isupper() and name in words))
        self.assertEqual(missing, [], "input_decks/README.md, 'Results file', does not name these")


if __name__ == "__main__":
    unittest.main()
