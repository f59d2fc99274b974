#!/usr/bin/env python3
"""Results written as the run goes, and how a run ends (input_decks/README.md, "Results as the run goes").

    stream_test.py --corot BUILD/corot --out DIR CASE

CASE is one of
  kill       a dynamic run (a linear oscillator, 10^6 increments of DIRECT mid-point) is killed with
             SIGKILL once NAME.jsonl lists N = 40 increments; every output keeps at least those
             increments: NAME.jsonl (every line parses), NAME.dat (one block per increment),
             NAME.sta (one line per increment), NAME.pvd (one frame per increment, every listed
             file present), and NAME.json says "running".
  interrupt  the same run gets SIGINT once NAME.jsonl lists N increments: it exits with status
             130, and NAME.json ("interrupted", its node history as long as the increments of
             NAME.jsonl), NAME.jsonl (an "end" record), NAME.sta and NAME.dat say so.
  fail       a static NLGEOM step (the shallow two-bar truss of input_decks/two_bar_snap_through.inp
             under a dead load of 400, beyond its limit load of about 354) in fixed increments of
             0.1 (no cut-back allowed) with at most 10 Newton iterations: increment 10 (load 400)
             does not converge; the files keep increments 1..9 and say "failed"; exit status 1.
  frames     a dynamic run of 3000 increments with *NODE FILE every increment keeps at most 1000
             frames (ResultStream's bound), evenly spread, the step's last included, and every
             file the .pvd lists exists while no other frame file is left.
  progress   --progress 0 prints a progress line per increment with increments per second and the
             time left; the last line names every result file, and NAME.sta parses.
"""
import argparse
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time

OSCILLATOR = """*HEADING
Linear oscillator (m = 1, k = 100), for the streaming tests
*NODE, NSET=ALLNODES
1, 0.0, 0.0
2, 1.0, 0.0
*NSET, NSET=TIP
2
*ELEMENT, TYPE=T2D2, ELSET=BAR
1, 1, 2
*ELEMENT, TYPE=MASS, ELSET=POINT
2, 2
*MATERIAL, NAME=SPRING
*ELASTIC
100.0, 0.0
*SOLID SECTION, ELSET=BAR, MATERIAL=SPRING
1.0
*MASS, ELSET=POINT
1.0
*BOUNDARY
1, 1, 2
2, 2, 2
*INITIAL CONDITIONS, TYPE=VELOCITY
2, 1, 1.0
*STEP, INC=10000000
*DYNAMIC, DIRECT, INTEGRATOR=MIDPOINT
{dt}, {period}
*NODE PRINT, NSET=TIP
U, V
*EL PRINT, ELSET=BAR
S
*NODE FILE
U
*END STEP
"""

SNAP_THROUGH = """*HEADING
Two-bar truss under a dead load beyond its limit load
*NODE, NSET=ALL
1, -100.0, 0.0
2, 100.0, 0.0
3, 0.0, 10.0
*ELEMENT, TYPE=T2D2, ELSET=BARS
1, 1, 3
2, 2, 3
*MATERIAL, NAME=MAT
*ELASTIC
1.0e6, 0.3
*SOLID SECTION, ELSET=BARS, MATERIAL=MAT
1.0
*BOUNDARY
1, 1, 2
2, 1, 2
*STEP, NLGEOM, INC=100
*STATIC
0.1, 1.0, 0.1, 0.1
*CONTROLS, PARAMETERS=TIME INCREMENTATION
, , , 10
*CLOAD
3, 2, -400.0
*NODE PRINT, NSET=ALL
U, RF
*NODE FILE
U
*END STEP
"""


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


def check(condition, message):
    if not condition:
        fail(message)
    print("ok: " + message)


def jsonl_records(path):
    """The complete records of NAME.jsonl (a last line without newline is a record cut by a kill)."""
    with open(path, encoding="utf-8") as stream:
        text = stream.read()
    lines = text.split("\n")
    complete = lines[:-1]  # the part after the last newline is empty or cut
    return [json.loads(line) for line in complete if line]


def increments_of(records):
    return [r for r in records if r["record"] == "increment"]


def count_dat_blocks(path):
    with open(path, encoding="utf-8") as stream:
        return len(re.findall(r"^ increment \d+  time", stream.read(), re.M))


def sta_rows(path):
    rows = []
    with open(path, encoding="utf-8") as stream:
        for line in stream:
            if line.startswith("#"):
                continue
            step, increment, iterations, step_time, dt, wall = line.split()
            rows.append((int(step), int(increment), None if iterations == "-" else int(iterations),
                         float(step_time), float(dt), float(wall)))
    return rows


def pvd_files(path):
    with open(path, encoding="utf-8") as stream:
        text = stream.read()
    return re.findall(r'<DataSet timestep="([^"]+)"[^>]*file="([^"]+)"', text)


def start(corot, deck, out, extra=()):
    return subprocess.Popen([corot, "run", deck, "-o", out, *extra], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def wait_for_increments(process, jsonl, n, timeout=120.0):
    """Polls NAME.jsonl until it lists n increment records (0 is the initial state); returns the count."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        if process.poll() is not None:
            fail("corot ended before %d increments: %s" % (n, process.stderr.read()))
        if os.path.exists(jsonl):
            try:
                count = len(increments_of(jsonl_records(jsonl)))
            except (json.JSONDecodeError, KeyError):
                count = 0
            if count >= n:
                return count
        time.sleep(0.01)
    process.kill()
    fail("no %d increments within %g s" % (n, timeout))


def setup(out, name, text):
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    deck = os.path.join(out, name + ".inp")
    with open(deck, "w", encoding="utf-8") as stream:
        stream.write(text)
    return deck, os.path.join(out, "results"), os.path.join(out, "results", name)


def case_kill(corot, out, n=40):
    deck, results, base = setup(out, "endless", OSCILLATOR.format(dt="1e-4", period="100.0"))
    process = start(corot, deck, results)
    seen = wait_for_increments(process, base + ".jsonl", n)
    process.send_signal(signal.SIGKILL)
    process.wait()
    check(process.returncode == -signal.SIGKILL, "corot was killed by SIGKILL")
    records = jsonl_records(base + ".jsonl")
    increments = increments_of(records)
    m = len(increments)
    check(m >= seen >= n, "NAME.jsonl: %d increment records parse (>= %d seen before the kill)" % (m, seen))
    check([r["increment"] for r in increments] == list(range(m)), "NAME.jsonl: increments 0..%d in order" % (m - 1))
    check(all(r["record"] != "end" for r in records), "NAME.jsonl: no end record after a kill")
    # Written before the stream record of the same increment: at least m, at most one more.
    blocks = count_dat_blocks(base + ".dat")
    check(m <= blocks <= m + 1, "NAME.dat: %d increment blocks (NAME.jsonl: %d)" % (blocks, m))
    rows = sta_rows(base + ".sta")
    check(m <= len(rows) <= m + 1, "NAME.sta: %d increment lines (NAME.jsonl: %d)" % (len(rows), m))
    check([r[1] for r in rows] == list(range(len(rows))), "NAME.sta: increments in order")
    frames = pvd_files(base + ".pvd")
    check(m <= len(frames) <= m + 1, "NAME.pvd: %d frames (NAME.jsonl: %d)" % (len(frames), m))
    missing = [f for _, f in frames if not os.path.exists(os.path.join(results, f))]
    check(not missing, "every file NAME.pvd lists exists")
    for record, (timestep, _) in zip(increments, frames):
        if abs(float(timestep) - record["time"]) > 1e-12:
            fail("frame time %s differs from increment time %r" % (timestep, record["time"]))
    with open(base + ".json", encoding="utf-8") as stream:
        status = json.load(stream)["status"]
    check(status == "running", "NAME.json of a killed run says \"running\" (got %r)" % status)
    with open(base + ".dat", encoding="utf-8") as stream:
        check(" status    running" in stream.read(), "NAME.dat of a killed run says running")


def case_interrupt(corot, out, n=40):
    deck, results, base = setup(out, "endless", OSCILLATOR.format(dt="1e-4", period="100.0"))
    process = start(corot, deck, results)
    wait_for_increments(process, base + ".jsonl", n)
    process.send_signal(signal.SIGINT)
    _, stderr = process.communicate(timeout=60)
    check(process.returncode == 130, "SIGINT: exit status 130 (got %d)" % process.returncode)
    check("interrupted by SIGINT" in stderr, "SIGINT: stderr says so: " + stderr.strip())
    records = jsonl_records(base + ".jsonl")
    increments = increments_of(records)
    m = len(increments)
    check(records[-1]["record"] == "end" and records[-1]["status"] == "interrupted",
          "NAME.jsonl ends with an end record, status interrupted")
    with open(base + ".json", encoding="utf-8") as stream:
        document = json.load(stream)
    check(document["status"] == "interrupted", "NAME.json: status interrupted")
    history = document["steps"][0]["node_output"]["2"]
    check(len(history["time"]) == m and len(history["U1"]) == m,
          "NAME.json: node 2 has the %d rows of the %d streamed increments" % (len(history["time"]), m))
    check(history["time"][-1] == increments[-1]["time"], "NAME.json: its last time is the last streamed one")
    check(len(document["steps"][0]["energy"]["total"]) == m, "NAME.json: the energy has %d rows" % m)
    rows = sta_rows(base + ".sta")
    check(len(rows) == m, "NAME.sta: %d increment lines" % len(rows))
    with open(base + ".sta", encoding="utf-8") as stream:
        check(stream.read().splitlines()[-1].startswith("# status interrupted"), "NAME.sta: last line says interrupted")
    with open(base + ".dat", encoding="utf-8") as stream:
        text = stream.read()
    check(" status    interrupted" in text and "end of report (interrupted" in text,
          "NAME.dat: the full report, status interrupted")
    check(len(pvd_files(base + ".pvd")) == m, "NAME.pvd: %d frames" % m)
    subprocess.run([sys.executable, os.path.join(os.path.dirname(__file__), os.pardir, "decks", "results_schema.py"),
                    base + ".json"], check=True)
    print("ok: NAME.json is valid against the schema")


def case_fail(corot, out):
    deck, results, base = setup(out, "snap", SNAP_THROUGH)
    process = start(corot, deck, results)
    _, stderr = process.communicate(timeout=120)
    check(process.returncode == 1, "a failed run exits with status 1 (got %d)" % process.returncode)
    check("increment 10" in stderr and "did not converge" in stderr, "stderr names the increment: " + stderr.strip())
    with open(base + ".json", encoding="utf-8") as stream:
        document = json.load(stream)
    check(document["status"] == "failed" and "did not converge" in document["message"],
          "NAME.json: status failed, with the message")
    step = document["steps"][0]
    times = step["node_output"]["3"]["time"]
    check(len(times) == 9 and abs(times[-1] - 0.9) < 1e-12, "NAME.json: increments 1..9 kept (times %s)" % times)
    check(len(step["newton_iterations"]) == 9, "NAME.json: 9 Newton iteration counts")
    records = jsonl_records(base + ".jsonl")
    check(len(increments_of(records)) == 9 and records[-1]["status"] == "failed", "NAME.jsonl: 9 increments, end failed")
    check(len(sta_rows(base + ".sta")) == 9, "NAME.sta: 9 increment lines")
    check(len(pvd_files(base + ".pvd")) == 9, "NAME.pvd: 9 frames")
    with open(base + ".dat", encoding="utf-8") as stream:
        text = stream.read()
    check(" status    failed: " in text and "node output for node 3" in text and "end of report (failed: " in text,
          "NAME.dat: status failed, the node tables and the closing line")
    subprocess.run([sys.executable, os.path.join(os.path.dirname(__file__), os.pardir, "decks", "results_schema.py"),
                    base + ".json"], check=True)
    print("ok: NAME.json is valid against the schema")


def case_frames(corot, out):
    deck, results, base = setup(out, "long", OSCILLATOR.format(dt="1e-3", period="3.0"))
    process = start(corot, deck, results)
    _, stderr = process.communicate(timeout=600)
    check(process.returncode == 0, "the 3000-increment run completes")
    frames = pvd_files(base + ".pvd")
    check(500 <= len(frames) <= 1001, "NAME.pvd: %d frames for 3001 due (bound 1000)" % len(frames))
    times = [float(t) for t, _ in frames]
    check(abs(times[0]) < 1e-12 and abs(times[-1] - 3.0) < 1e-9, "the first frame is t = 0 and the last t = 3")
    gaps = {round(b - a, 9) for a, b in zip(times[:-2], times[1:-1])}
    check(len(gaps) == 1, "the frames before the last are evenly spread (time gaps %s)" % sorted(gaps))
    listed = {f for _, f in frames}
    on_disk = {f for f in os.listdir(results) if f.endswith(".vtu") or f.endswith(".pvtu")}
    check(listed <= on_disk, "every listed frame file exists")
    # A frame of a model with lines and points is NAME-s-f.pvtu with pieces NAME-s-f-lines.vtu, -points.vtu.
    stem = re.compile(r"^(long-\d+-\d+)(-lines|-surfaces|-points)?\.p?vtu$")
    frames_on_disk = {stem.match(f).group(1) for f in on_disk}
    frames_listed = {stem.match(f).group(1) for f in listed}
    check(frames_on_disk == frames_listed,
          "no frame file is left that the .pvd does not list (%d files of %d frames)" % (len(on_disk), len(frames_listed)))
    with open(base + ".dat", encoding="utf-8") as stream:
        check("at most 1000 field frames per step" in stream.read(), "NAME.dat says the frames were thinned")


def case_progress(corot, out):
    deck, results, base = setup(out, "short", OSCILLATOR.format(dt="1e-2", period="1.0"))
    done = subprocess.run([corot, "run", deck, "-o", results, "--progress", "0"], capture_output=True, text=True)
    check(done.returncode == 0, "the run completes")
    lines = done.stdout.splitlines()
    progress = [line for line in lines if line.strip().startswith("progress:")]
    check(len(progress) >= 100, "%d progress lines with --progress 0" % len(progress))
    check(all("per second" in line and "elapsed" in line for line in progress), "each gives increments per second and the elapsed time")
    check(any("left in this step" in line for line in progress), "and an estimate of the time left")
    last = lines[-1]
    check(last.startswith("corot: completed in ") and "wall time" in last, "last line: status and wall time: " + last)
    for extension in (".dat", ".json", ".jsonl", ".sta", ".pvd"):
        check((base + extension) in last and os.path.exists(base + extension), "last line names " + base + extension)
    rows = sta_rows(base + ".sta")
    check(len(rows) == 101 and all(r[2] is not None and r[2] >= 1 for r in rows[1:]),
          "NAME.sta parses: 101 lines, Newton iterations per increment")
    check(all(abs(r[4] - 0.01) < 1e-12 for r in rows[1:]), "NAME.sta: the increments are 0.01")
    records = jsonl_records(base + ".jsonl")
    check(records[0]["record"] == "run" and records[-1] == {**records[-1], "record": "end", "status": "completed"},
          "NAME.jsonl: run record first, end record completed last")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--corot", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("case", choices=["kill", "interrupt", "fail", "frames", "progress"])
    args = parser.parse_args()
    out = os.path.abspath(os.path.join(args.out, args.case))
    {"kill": case_kill, "interrupt": case_interrupt, "fail": case_fail, "frames": case_frames,
     "progress": case_progress}[args.case](os.path.abspath(args.corot), out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
