#!/usr/bin/env python3
"""Validate corot results files (NAME.json) against input_decks/results.schema.json.

    results_schema.py NAME.json [...]     exit 0 if every file is valid, 1 otherwise

check_deck.py calls check() on the results of every deck it runs, so every deck test (and every
mpi.* test, which runs the same script) validates its NAME.json. Besides the schema (JSON Schema
draft 2020-12, validated with python3-jsonschema), check() verifies what a schema cannot say:
the arrays of one history, of the energy, of a RIKS path, of the eigenpairs and of the dynamic
increments have equal lengths; the model's node and element arrays are parallel; a mode shape has
one value per node of its "nodes", every variable of "variables" and no other, and a step has one
mode shape per eigenvalue or load factor.
"""
import functools
import json
import os
import sys

SCHEMA_PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, os.pardir,
                           "input_decks", "results.schema.json")


@functools.lru_cache(maxsize=None)
def _validator():
    try:
        import jsonschema
    except ImportError:
        raise SystemExit("the results-file check needs the Python module jsonschema "
                         "(Debian package python3-jsonschema; .ci/install-dependencies installs it)")
    with open(SCHEMA_PATH, encoding="utf-8") as handle:
        schema = json.load(handle)
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def _where(path):
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text or "(document)"


def _same_lengths(where, arrays, errors):
    lengths = {name: len(values) for name, values in arrays.items() if isinstance(values, list)}
    if len(set(lengths.values())) > 1:
        errors.append(f"{where}: arrays of different lengths: "
                      + ", ".join(f"{name} {n}" for name, n in lengths.items()))


def _model_consistency(model, errors):
    nodes = model.get("nodes") or {}
    _same_lengths("model.nodes", nodes, errors)
    elements = model.get("elements") or {}
    _same_lengths("model.elements", elements, errors)


def _mode_shape_consistency(where, shapes, n_modes, errors):
    if not isinstance(shapes, dict):
        return
    modes = shapes.get("modes") or []
    if n_modes is not None and len(modes) != n_modes:
        errors.append(f"{where}.mode_shapes: {len(modes)} modes for {n_modes} eigenvalues")
    n_nodes = len(shapes.get("nodes") or [])
    variables = set(shapes.get("variables") or [])
    for m, mode in enumerate(modes):
        if not isinstance(mode, dict):
            continue
        if set(mode) != variables:
            errors.append(f"{where}.mode_shapes.modes[{m}]: variables {sorted(mode)} "
                          f"instead of {sorted(variables)}")
        for variable, values in mode.items():
            if isinstance(values, list) and len(values) != n_nodes:
                errors.append(f"{where}.mode_shapes.modes[{m}].{variable}: {len(values)} values "
                              f"for {n_nodes} nodes")


def _consistency(results, errors):
    if isinstance(results.get("model"), dict):
        _model_consistency(results["model"], errors)
    for i, step in enumerate(results.get("steps", [])):
        if not isinstance(step, dict):
            continue
        where = f"steps[{i}]"
        for output in ("node_output", "element_output"):
            for key, history in (step.get(output) or {}).items():
                if isinstance(history, dict):
                    _same_lengths(f"{where}.{output}.{key}", history, errors)
        energy = step.get("energy")
        if isinstance(energy, dict):
            arrays = {k: v for k, v in energy.items() if k != "angular_momentum"}
            arrays.update(energy.get("angular_momentum") or {})
            _same_lengths(f"{where}.energy", arrays, errors)
        groups = [("eigenvalues", "frequencies"), ("arc_length", "load_factor")]
        if step.get("procedure") == "dynamic":
            groups.append(("newton_iterations", "time_increments"))
        if "arc_length" in step:
            groups.append(("arc_length", "newton_iterations"))
        for group in groups:
            if all(key in step for key in group):
                _same_lengths(where, {key: step[key] for key in group}, errors)
        if "mode_shapes" in step:
            eigen = step.get("eigenvalues", step.get("load_factors"))
            _mode_shape_consistency(where, step["mode_shapes"],
                                    len(eigen) if isinstance(eigen, list) else None, errors)


def check(results, validator=None):
    """The list of problems of the parsed results file @p results (empty if it is valid)."""
    validator = validator or _validator()
    errors = [f"{_where(error.absolute_path)}: {error.message}"
              for error in sorted(validator.iter_errors(results), key=lambda e: list(map(str, e.absolute_path)))]
    _consistency(results, errors)
    return errors


def main(paths):
    validator = _validator()
    failed = 0
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            errors = check(json.load(handle), validator)
        for error in errors:
            print(f"{path}: {error}")
        failed += bool(errors)
        if not errors:
            print(f"{path}: valid")
    return 1 if failed else 0


if __name__ == "__main__":
    if len(sys.argv) < 2:
        print(__doc__)
        sys.exit(2)
    sys.exit(main(sys.argv[1:]))
