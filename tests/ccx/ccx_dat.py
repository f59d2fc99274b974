"""Reads the tables of a CalculiX .dat file (NAME.dat, or the test suite's NAME.dat.ref,
plain or gzipped).

CalculiX prints each *NODE PRINT / *EL PRINT request as a block

     displacements (vx,vy,vz) for set NALL and time  0.1000000E+01

             1  0.000000E+00  0.000000E+00  0.000000E+00
             ...

(the time is the total time: step 2 of two static steps of period 1 ends at 2.0) and a
*FREQUENCY step as the "E I G E N V A L U E   O U T P U T" table. read_dat() returns the blocks
in file order; a block is a dict with 'kind' (displacements, forces, stresses, total force, ...,
or frequencies), 'set', 'time' and 'rows' (lists of strings, the first the node or element id;
a stresses row is element, integration point, six components), or for frequencies 'values'
(cycles/time).
"""
import gzip
import re

HEADER = re.compile(r"^\s*([a-z][a-z ]*?)\s*\(([^)]*)\)\s*for set\s+(\S+)\s+and time\s+(\S+)", re.I)
EIGENVALUES = "E I G E N V A L U E   O U T P U T"


def read_dat(path):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8", errors="replace") as handle:
        lines = handle.read().splitlines()
    blocks, i = [], 0
    while i < len(lines):
        match = HEADER.match(lines[i])
        if match:
            rows = []
            i += 1
            while i < len(lines) and not lines[i].strip():
                i += 1
            while i < len(lines) and lines[i].strip():
                rows.append(lines[i].split())
                i += 1
            blocks.append({"kind": match.group(1).lower(), "columns": match.group(2),
                           "set": match.group(3), "time": float(match.group(4)), "rows": rows})
            continue
        if EIGENVALUES in lines[i]:
            values = []
            i += 1
            while i < len(lines):
                fields = lines[i].split()
                if len(fields) == 5 and fields[0].isdigit():
                    values.append(float(fields[3]))
                elif values and not fields:
                    break
                i += 1
            blocks.append({"kind": "frequencies", "values": values})
            continue
        i += 1
    return blocks


def value(blocks, kind, time, row_id, column):
    """The entry `column` (0-based after the id) of row `row_id` in the last block of `kind` at
    total time `time`; None if it is not there."""
    for block in reversed(blocks):
        if block["kind"] == kind and abs(block["time"] - time) <= 1e-9 * max(1.0, abs(time)):
            for row in block["rows"]:
                if row[0] == str(row_id):
                    return float(row[1 + column])
    return None


def frequencies(blocks, occurrence=0):
    """The frequencies (cycles/time) of the occurrence-th *FREQUENCY step printed."""
    tables = [b["values"] for b in blocks if b["kind"] == "frequencies"]
    return tables[occurrence] if occurrence < len(tables) else []
