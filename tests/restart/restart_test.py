#!/usr/bin/env python3
"""Restart of long runs (*RESTART, WRITE and *RESTART, READ; issue 18).

A run resumed from a restart point must give the increments of the uninterrupted run, to
round-off: every case here compares the resumed run's NAME.json with the uninterrupted run's at
the same step times and requires them equal to 1e-12 relative (in practice they are bit for bit:
the resumed step takes its state from the point and the same prologue as the first run).

  dynamic    restart_b31_dynamic.inp (a B31 cantilever: NLGEOM static preload; free vibration,
             MIDPOINT with automatic incrementation; reload, HHT with fixed increments) resumed
             from step 1 increment 1 (static NLGEOM), from the end of step 1, from step 2
             increment 20 and from step 3 increment 20.
  integrators  step 3 of restart_b31_dynamic.inp with NEWMARK, GALPHA and MIDPOINT (fixed
             increments) and input_decks/pendulum_timefe2_dt0.0125.inp (TIMEFE, ORDER=2), each
             resumed inside its step: the integrators keep no state outside the restart point.
  riks       input_decks/lee_frame_riks_b31.inp with a point every 4 increments, resumed from
             increment 8 (load factor, arc length, direction and configuration).
  interrupt  a long MIDPOINT run gets SIGTERM after 40 increments: it writes a point at its last
             converged increment although FREQUENCY= is not due; resumed from the file's last
             point it ends as the uninterrupted run.
  mpi        the dynamic case under --mpirun (two ranks write, two ranks resume; rank 0 writes
             the file, every rank reads it).
  errors     a deck of another model, a damaged point (one byte changed), a file cut while a
             point was written (the point before is used, with a warning), a point the file does
             not hold, a deck without the model, a file that is not a restart file: each a
             file:line message and exit status 1.
"""
import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import shlex
import time

HERE = os.path.dirname(os.path.abspath(__file__))
DECKS = os.path.join(HERE, "..", "..", "input_decks")


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


def check(condition, message):
    if not condition:
        fail(message)
    print("ok: " + message)


MPIRUN = []  # e.g. mpirun -np 2 (--mpirun): every run of a case on that many ranks


def run(corot, deck, out, expect=0):
    os.makedirs(out, exist_ok=True)
    result = subprocess.run(MPIRUN + [corot, "run", deck, "-o", out], capture_output=True,
                            text=True)
    if result.returncode != expect:
        fail("%s: exit status %d, expected %d\n%s%s" % (deck, result.returncode, expect,
                                                         result.stdout[-3000:], result.stderr))
    return result


def results(out, deck):
    name = os.path.splitext(os.path.basename(deck))[0]
    with open(os.path.join(out, name + ".json"), encoding="utf-8") as stream:
        return {step["step"]: step for step in json.load(stream)["steps"]}


def write_deck(path, text):
    with open(path, "w", encoding="utf-8") as stream:
        stream.write(text)
    return path


def with_read(text, parameters):
    """The deck @p text with `*RESTART, READ, parameters` before its *HEADING."""
    assert "*HEADING\n" in text
    return text.replace("*HEADING\n", "*RESTART, READ" + parameters + "\n*HEADING\n", 1)


def close(a, b):
    return abs(a - b) <= 1e-12 * max(1.0, abs(a), abs(b))


def compare_series(label, full, resumed, time_key="time"):
    """Every row of @p resumed equals the row of @p full at the same time; returns the count."""
    rows = {t: i for i, t in enumerate(full[time_key])}
    for i, t in enumerate(resumed[time_key]):
        if t not in rows:
            fail("%s: time %r of the resumed run is not an increment of the full run" % (label, t))
        j = rows[t]
        for key, values in resumed.items():
            if key == time_key or not isinstance(values, list):
                continue
            if not close(full[key][j], values[i]):
                fail("%s.%s at time %r: %r (resumed) vs %r (uninterrupted)" %
                     (label, key, t, values[i], full[key][j]))
    return len(resumed[time_key])


def compare_steps(full, resumed, steps):
    rows = 0
    for number in steps:
        a, b = full[number], resumed[number]
        for node, history in b.get("node_output", {}).items():
            rows += compare_series("step %d node %s" % (number, node), a["node_output"][node],
                                   history)
        if "energy" in b:
            energy = {k: v for k, v in b["energy"].items() if k != "angular_momentum"}
            rows += compare_series("step %d energy" % number, a["energy"], energy)
    return rows


def case_dynamic(corot, out):
    shutil.rmtree(out, ignore_errors=True)
    deck = os.path.join(HERE, "restart_b31_dynamic.inp")
    full_out = os.path.join(out, "full")
    run(corot, deck, full_out)
    full = results(full_out, deck)
    with open(deck, encoding="utf-8") as stream:
        text = stream.read()
    restart_file = os.path.join(full_out, "restart_b31_dynamic.res")
    for parameters, first, steps in [(", STEP=1, INC=1", 1, [1, 2, 3]),
                                     (", STEP=1", 2, [2, 3]),
                                     (", STEP=2, INC=20", 2, [2, 3]),
                                     (", STEP=3, INC=20", 3, [3])]:
        label = parameters.strip(", ").replace(", ", "_").replace("=", "")
        resumed_deck = write_deck(os.path.join(out, "resume_%s.inp" % label),
                                  with_read(text, parameters + ", FILE=" + restart_file))
        resumed_out = os.path.join(out, "resume_" + label)
        log = run(corot, resumed_deck, resumed_out).stdout
        resumed = results(resumed_out, resumed_deck)
        check(sorted(resumed) == steps, "READ%s runs steps %s only" % (parameters, steps))
        check("restart: " in log, "READ%s says where it goes on from" % parameters)
        rows = compare_steps(full, resumed, steps)
        check(rows > 0, "READ%s: %d rows equal the uninterrupted run's" % (parameters, rows))


def resume_inside(corot, out, name, text, parameters):
    """Runs @p text, resumes it at @p parameters, returns the rows compared."""
    os.makedirs(out, exist_ok=True)
    deck = write_deck(os.path.join(out, name + ".inp"), text)
    full_out = os.path.join(out, name + "_full")
    run(corot, deck, full_out)
    resumed_deck = write_deck(os.path.join(out, name + "_resume.inp"), with_read(
        text, parameters + ", FILE=" + os.path.join(full_out, name + ".res")))
    resumed_out = os.path.join(out, name + "_resume")
    run(corot, resumed_deck, resumed_out)
    resumed = results(resumed_out, resumed_deck)
    return compare_steps(results(full_out, deck), resumed, sorted(resumed))


def case_integrators(corot, out):
    shutil.rmtree(out, ignore_errors=True)
    with open(os.path.join(HERE, "restart_b31_dynamic.inp"), encoding="utf-8") as stream:
        text = stream.read()
    for integrator in ["INTEGRATOR=NEWMARK", "INTEGRATOR=GALPHA, RHO_INF=0.6",
                       "INTEGRATOR=MIDPOINT"]:
        variant = text.replace("*DYNAMIC, DIRECT, ALPHA=-0.1", "*DYNAMIC, DIRECT, " + integrator)
        name = integrator.split(",")[0].split("=")[1].lower()
        rows = resume_inside(corot, out, name, variant, ", STEP=3, INC=20")
        check(rows > 0, "%s resumed at step 3, increment 20: %d rows equal the uninterrupted "
              "run's" % (integrator, rows))
    with open(os.path.join(DECKS, "pendulum_timefe2_dt0.0125.inp"), encoding="utf-8") as stream:
        text = stream.read()
    at = text.index("\n*DYNAMIC")
    at = text.index("\n", text.index("\n", at + 1) + 1)
    text = text[:at + 1] + "*RESTART, WRITE, FREQUENCY=10\n" + text[at + 1:]
    rows = resume_inside(corot, out, "timefe", text, ", STEP=1, INC=20")
    check(rows > 0, "TIMEFE, ORDER=2 resumed at increment 20: %d rows equal the uninterrupted "
          "run's" % rows)


def case_riks(corot, out):
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    with open(os.path.join(DECKS, "lee_frame_riks_b31.inp"), encoding="utf-8") as stream:
        text = stream.read()
    at = text.index("\n*STATIC, RIKS")
    at = text.index("\n", text.index("\n", at + 1) + 1)
    text = text[:at + 1] + "*RESTART, WRITE, FREQUENCY=4\n" + text[at + 1:]
    deck = write_deck(os.path.join(out, "lee_riks.inp"), text)
    full_out = os.path.join(out, "full")
    run(corot, deck, full_out)
    full = results(full_out, deck)[1]
    resumed_deck = write_deck(os.path.join(out, "lee_riks_resume.inp"), with_read(
        text, ", STEP=1, INC=8, FILE=" + os.path.join(full_out, "lee_riks.res")))
    resumed_out = os.path.join(out, "resume")
    run(corot, resumed_deck, resumed_out)
    resumed = results(resumed_out, resumed_deck)[1]
    n = len(resumed["load_factor"])
    check(n == len(full["load_factor"]) - 8,
          "RIKS resumed from increment 8 of %d takes the remaining %d" % (len(full["load_factor"]),
                                                                          n))
    tail = {key: full[key][-n:] for key in ("arc_length", "load_factor")}
    mine = {key: resumed[key] for key in ("arc_length", "load_factor")}
    compare_series("RIKS path", tail, mine, time_key="arc_length")
    rows = compare_series("RIKS node 13", full["node_output"]["13"], resumed["node_output"]["13"])
    check(rows > 0, "RIKS: %d increments (arc length, LPF, node 13) equal the uninterrupted run's"
          % n)


LONG = """*HEADING
B31 cantilever released from a static preload, long fixed-increment MIDPOINT run
*NODE
1, 0.0, 0.0, 0.0
2, 0.5, 0.0, 0.0
3, 1.0, 0.0, 0.0
*NSET, NSET=TIP
3
*ELEMENT, TYPE=B31, ELSET=BEAM
1, 1, 2
2, 2, 3
*BEAM SECTION, ELSET=BEAM, MATERIAL=STEEL, SECTION=RECT
0.02, 0.01
0.0, 0.0, -1.0
*MATERIAL, NAME=STEEL
*ELASTIC
2.1e11, 0.3
*DENSITY
7800.0
*BOUNDARY
1, 1, 6
*STEP, NLGEOM
*STATIC
1.0, 1.0
*CLOAD
3, 2, -40.0
*END STEP
*STEP, NLGEOM, INC=100000
*DYNAMIC, DIRECT
2e-5, 0.06
*CLOAD, OP=NEW
*RESTART, WRITE, FREQUENCY=100000
*NODE PRINT, NSET=TIP
U
*END STEP
"""


def case_interrupt(corot, out):
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    deck = write_deck(os.path.join(out, "long.inp"), LONG)
    first_out = os.path.join(out, "first")
    os.makedirs(first_out)
    process = subprocess.Popen([corot, "run", deck, "-o", first_out], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    jsonl = os.path.join(first_out, "long.jsonl")
    deadline = time.time() + 120
    while time.time() < deadline:
        if process.poll() is not None:
            fail("the long run ended before it was interrupted")
        if os.path.exists(jsonl):
            with open(jsonl, encoding="utf-8") as stream:
                increments = [line for line in stream if '"increment"' in line and
                              '"step":2' in line.replace(" ", "")]
            if len(increments) >= 40:
                break
        time.sleep(0.01)
    process.send_signal(signal.SIGTERM)
    stdout, stderr = process.communicate(timeout=60)
    check(process.returncode == 143, "SIGTERM: exit status 143 (got %d)" % process.returncode)
    points = [line for line in stdout.splitlines() if "restart point: step 2" in line]
    check(len(points) == 1, "SIGTERM wrote one restart point although FREQUENCY= was not due: " +
          (points[0].strip() if points else stdout[-2000:]))
    resumed_deck = write_deck(os.path.join(out, "long_resume.inp"), with_read(
        LONG, ", FILE=" + os.path.join(first_out, "long.res")))
    resumed_out = os.path.join(out, "resumed")
    run(corot, resumed_deck, resumed_out)
    full_out = os.path.join(out, "full")
    run(corot, deck, full_out)
    full, resumed = results(full_out, deck), results(resumed_out, resumed_deck)
    rows = compare_steps(full, resumed, [2])
    check(rows > 0 and resumed[2]["node_output"]["3"]["time"][-1] ==
          full[2]["node_output"]["3"]["time"][-1],
          "resumed after SIGTERM: %d rows to the step's end equal the uninterrupted run's" % rows)


def expect_error(corot, deck, out, words, label):
    result = run(corot, deck, out, expect=1)
    message = result.stderr.strip()
    check(all(word in message for word in words) and ".inp:1: " in message and
          len(message.splitlines()) == 1,
          "%s: %s" % (label, message.splitlines()[0] if message else "(no message)"))


def case_errors(corot, out):
    shutil.rmtree(out, ignore_errors=True)
    deck = os.path.join(HERE, "restart_b31_dynamic.inp")
    full_out = os.path.join(out, "full")
    run(corot, deck, full_out)
    with open(deck, encoding="utf-8") as stream:
        text = stream.read()
    good = os.path.join(full_out, "restart_b31_dynamic.res")

    def read_deck(name, body, parameters):
        return write_deck(os.path.join(out, name + ".inp"),
                          "*RESTART, READ" + parameters + "\n" + body.replace(
                              "*RESTART, READ", "** (read)"))

    moved = text.replace("6, 1.0, 0.0, 0.0", "6, 1.1, 0.0, 0.0")
    expect_error(corot, read_deck("foreign", moved, ", FILE=" + good), os.path.join(out, "a"),
                 ["another model"], "a deck of another model is refused")

    with open(good, "rb") as stream:
        data = bytearray(stream.read())
    damaged = os.path.join(out, "damaged.res")
    data_damaged = bytearray(data)
    data_damaged[len(data) - 400] ^= 0x5A
    with open(damaged, "wb") as stream:
        stream.write(data_damaged)
    expect_error(corot, read_deck("damaged", text, ", STEP=3, INC=30, FILE=" + damaged),
                 os.path.join(out, "b"), ["damaged", "CRC"], "a damaged point is refused")

    torn = os.path.join(out, "torn.res")
    with open(torn, "wb") as stream:
        stream.write(data[:-100])
    result = run(corot, read_deck("torn", text, ", FILE=" + torn), os.path.join(out, "c"))
    check("incomplete" in result.stdout and "step 3, increment 20" in result.stdout,
          "a point cut while written is not used: the run goes on from the one before, "
          "with a warning")

    expect_error(corot, read_deck("missing", text, ", STEP=2, INC=7, FILE=" + good),
                 os.path.join(out, "d"), ["no restart point at step 2, increment 7",
                                          "more)", "step 3, increment 30"],
                 "a point the file does not hold: the message lists those it holds")
    expect_error(corot, write_deck(os.path.join(out, "bare.inp"),
                                   "*RESTART, READ, FILE=" + good + "\n*STEP\n*STATIC\n*END STEP\n"),
                 os.path.join(out, "e"), ["hold the state, not the model"],
                 "a deck without the model (as Abaqus' restart decks) is told why")
    expect_error(corot, read_deck("notres", text, ", FILE=" + deck), os.path.join(out, "f"),
                 ["not a corot restart file"], "a file that is not a restart file is refused")


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--corot", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--mpirun", default="", help="launcher of the mpi case")
    parser.add_argument("case", choices=["dynamic", "integrators", "riks", "interrupt", "mpi",
                                         "errors"])
    arguments = parser.parse_args()
    if arguments.case == "mpi":
        if not arguments.mpirun:
            fail("the mpi case needs --mpirun")
        MPIRUN.extend(shlex.split(arguments.mpirun))
    {"dynamic": case_dynamic, "integrators": case_integrators, "riks": case_riks, "interrupt": case_interrupt,
     "mpi": case_dynamic, "errors": case_errors}[arguments.case](
        arguments.corot, os.path.join(arguments.out, arguments.case))


if __name__ == "__main__":
    main()
