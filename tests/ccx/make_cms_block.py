#!/usr/bin/env python3
"""Regenerate the CalculiX data of input_decks/cms_ccx_block.inp (issue 16: a component from another code).

A steel block (0.4 x 0.2 x 0.1 m, 4 x 2 x 2 C3D8 bricks, which corot cannot model) stands on seven
axial legs (corot T3D2 trusses, massless, E A / L = the stiffness of CalculiX SPRINGA springs).

1. CalculiX builds the block alone, free, and stores its stiffness and mass
   (*FREQUENCY, SOLVER=MATRIXSTORAGE: NAME.sti, NAME.mas, upper triangle `row column value`, rows
   numbered as the `node.direction` lines of NAME.dof). This script converts them to the files
   *COMPONENT, INPUT=, FORMAT=MATRIX MARKET reads: block_K.mtx, block_M.mtx (coordinate,
   symmetric, lower triangle) and block_dofs.txt (`node, dof`; the four leg attachment nodes are
   deck nodes, every other node of the block is interior, written `0, 10 * node + direction`).
2. CalculiX solves the whole assembly (block + SPRINGA legs, grounds held) with *FREQUENCY: the
   reference frequencies (assembly.dat), and again with the block's modulus times 1.25
   (assembly_stiff.dat, the reference of STIFFNESS SCALE = 0.25 on the block: K is linear in E). The script prints them.

    tests/ccx/make_cms_block.py --ccx ccx --out input_decks/cms_ccx_block

writes the ccx decks (block.inp, assembly.inp, assembly_stiff.inp), their outputs needed
(block.sti/.mas/.dof are converted, assembly.dat and assembly_stiff.dat are kept) and the converted files into --out. Without ccx it exits 77.
"""
import argparse
import math
import os
import shutil
import subprocess
import sys

NX, NY, NZ = 4, 2, 2
LX, LY, LZ = 0.4, 0.2, 0.1
E, NU, RHO = 2.1e11, 0.3, 7850.0
AREA = 1.0e-5  # leg cross-section (m^2): E A / L is each spring's stiffness


def node_id(i, j, k):
    return 1 + i + (NX + 1) * (j + (NY + 1) * k)


def block_nodes():
    return {node_id(i, j, k): (LX * i / NX, LY * j / NY, LZ * k / NZ)
            for k in range(NZ + 1) for j in range(NY + 1) for i in range(NX + 1)}


def block_elements():
    elements = []
    for k in range(NZ):
        for j in range(NY):
            for i in range(NX):
                elements.append([node_id(i, j, k), node_id(i + 1, j, k), node_id(i + 1, j + 1, k),
                                 node_id(i, j + 1, k), node_id(i, j, k + 1), node_id(i + 1, j, k + 1),
                                 node_id(i + 1, j + 1, k + 1), node_id(i, j + 1, k + 1)])
    return elements


# Legs: (leg id, block node, ground node id, ground position). Four vertical legs under the bottom
# corners hold z and the two tilts; three diagonals hold x, y and the rotation about z.
CORNERS = [node_id(0, 0, 0), node_id(NX, 0, 0), node_id(NX, NY, 0), node_id(0, NY, 0)]
LEGS = [(1, CORNERS[0], 1001, (0.0, 0.0, -0.3)),
        (2, CORNERS[1], 1002, (0.4, 0.0, -0.3)),
        (3, CORNERS[2], 1003, (0.4, 0.2, -0.3)),
        (4, CORNERS[3], 1004, (0.0, 0.2, -0.3)),
        (5, CORNERS[0], 1005, (-0.3, 0.0, -0.3)),
        (6, CORNERS[0], 1006, (0.0, -0.3, -0.3)),
        (7, CORNERS[1], 1007, (0.4, -0.3, -0.3))]
N_MODES = 12
STIFF = 1.25  # assembly_stiff: the block's modulus (so its stiffness matrix) times 1.25, for STIFFNESS SCALE = 0.25


def leg_stiffness(leg):
    _, top, _, ground = leg
    return E * AREA / math.dist(block_nodes()[top], ground)


def block_lines(with_legs, modulus=E):
    nodes = block_nodes()
    lines = ["*HEADING", "steel block" + (" on seven axial springs" if with_legs else ", free"),
             "*NODE, NSET=BLOCK"]
    lines += [f"{n}, {x!r}, {y!r}, {z!r}" for n, (x, y, z) in nodes.items()]
    lines.append("*ELEMENT, TYPE=C3D8, ELSET=EBLOCK")
    lines += [f"{e + 1}, " + ", ".join(map(str, nodes_of)) for e, nodes_of in enumerate(block_elements())]
    lines += ["*MATERIAL, NAME=STEEL", "*ELASTIC", f"{modulus!r}, {NU!r}", "*DENSITY", f"{RHO!r}",
              "*SOLID SECTION, ELSET=EBLOCK, MATERIAL=STEEL"]
    if with_legs:
        lines.append("*NODE, NSET=GROUND")
        lines += [f"{g}, {x!r}, {y!r}, {z!r}" for _, _, g, (x, y, z) in LEGS]
        for leg in LEGS:
            # One element set per spring: each has its own stiffness E A / L.
            lines += [f"*ELEMENT, TYPE=SPRINGA, ELSET=LEG{leg[0]}", f"{100 + leg[0]}, {leg[1]}, {leg[2]}",
                      f"*SPRING, ELSET=LEG{leg[0]}", f"{leg_stiffness(leg)!r}"]
        lines += ["*BOUNDARY", "GROUND, 1, 3", "*STEP", "*FREQUENCY", f"{N_MODES}", "*END STEP"]
    else:
        lines += ["*STEP", "*FREQUENCY, SOLVER=MATRIXSTORAGE", "10", "*END STEP"]
    return lines


def run_ccx(ccx, directory, name, lines):
    with open(os.path.join(directory, name + ".inp"), "w") as f:
        f.write("\n".join(lines) + "\n")
    subprocess.run([ccx, "-i", name], cwd=directory, check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)


def read_triangle(path):
    entries = []
    with open(path) as f:
        for line in f:
            i, j, value = line.split()
            i, j = int(i), int(j)
            entries.append((max(i, j), min(i, j), value))  # ccx stores i <= j: write the lower triangle
    return entries


def write_matrix_market(path, entries, n, what):
    with open(path, "w") as f:
        f.write("%%MatrixMarket matrix coordinate real symmetric\n")
        f.write(f"% {what} of the block, CalculiX 2.20 *FREQUENCY, SOLVER=MATRIXSTORAGE (tests/ccx/make_cms_block.py)\n")
        f.write(f"{n} {n} {len(entries)}\n")
        for i, j, value in entries:
            f.write(f"{i} {j} {value}\n")


def frequencies(dat):
    values, reading = [], False
    with open(dat) as f:
        for line in f:
            if "E I G E N V A L U E   O U T P U T" in line:
                reading = True
                continue
            if reading and "P A R T I C I P A T I O N" in line:
                break
            fields = line.split()
            if reading and len(fields) == 5 and fields[0].isdigit():
                values.append(float(fields[3]))
    return values


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ccx", default=shutil.which("ccx"))
    parser.add_argument("--out", required=True)
    parser.add_argument("--check", help="committed directory the regenerated files must reproduce "
                                        "(matrices to 1e-10 relative, the same frequencies)")
    args = parser.parse_args()
    if not args.ccx:
        print("ccx not found: nothing regenerated")
        return 77
    os.makedirs(args.out, exist_ok=True)
    run_ccx(args.ccx, args.out, "block", block_lines(False))
    with open(os.path.join(args.out, "block.dof")) as f:
        dofs = [line.strip() for line in f if line.strip()]
    n = len(dofs)
    write_matrix_market(os.path.join(args.out, "block_K.mtx"), read_triangle(os.path.join(args.out, "block.sti")), n,
                        "stiffness K")
    write_matrix_market(os.path.join(args.out, "block_M.mtx"), read_triangle(os.path.join(args.out, "block.mas")), n,
                        "mass M")
    with open(os.path.join(args.out, "block_dofs.txt"), "w") as f:
        f.write("% rows of block_K.mtx / block_M.mtx: node, dof (CalculiX block.dof `node.direction`);\n")
        f.write("% leg attachment nodes are deck nodes, other nodes interior: 0, 10 * node + direction\n")
        for entry in dofs:
            node, direction = (int(part) for part in entry.split("."))
            f.write(f"{node}, {direction}\n" if node in CORNERS else f"0, {10 * node + direction}\n")
    for suffix in ("sti", "mas", "dof", "12d", "cvg", "dat", "frd", "sta"):
        path = os.path.join(args.out, "block." + suffix)
        if os.path.exists(path):
            os.remove(path)

    for name, modulus in (("assembly", E), ("assembly_stiff", STIFF * E)):
        run_ccx(args.ccx, args.out, name, block_lines(True, modulus))
        for suffix in ("12d", "cvg", "frd", "sta"):
            path = os.path.join(args.out, name + "." + suffix)
            if os.path.exists(path):
                os.remove(path)
        for m, f in enumerate(frequencies(os.path.join(args.out, name + ".dat"))):
            print(f"{name}: mode {m + 1}: {f!r}")
    if os.path.exists(os.path.join(args.out, "spooles.out")):
        os.remove(os.path.join(args.out, "spooles.out"))
    for leg in LEGS:
        print(f"leg {leg[0]}: block node {leg[1]} to ground node {leg[2]} {leg[3]}, k = {leg_stiffness(leg)!r}")
    if args.check:
        return compare(args.out, args.check)
    return 0


def matrix_values(path):
    values = {}
    with open(path) as f:
        lines = [line for line in f if not line.startswith("%")]
    for line in lines[1:]:
        i, j, value = line.split()
        values[(int(i), int(j))] = float(value)
    return values


def compare(new, committed):
    """0 if the files regenerated in @new reproduce those of @committed, else 1 (with the differences)."""
    failures = []
    for name in ("block_K.mtx", "block_M.mtx"):
        a, b = matrix_values(os.path.join(new, name)), matrix_values(os.path.join(committed, name))
        scale = max(abs(v) for v in b.values())
        if a.keys() != b.keys():
            failures.append(f"{name}: different entries")
        elif max(abs(a[k] - b[k]) for k in b) > 1e-10 * scale:
            failures.append(f"{name}: values differ by more than 1e-10 of the largest")
    with open(os.path.join(new, "block_dofs.txt")) as f, open(os.path.join(committed, "block_dofs.txt")) as g:
        if f.read() != g.read():
            failures.append("block_dofs.txt differs")
    for name in ("assembly.dat", "assembly_stiff.dat"):
        a, b = frequencies(os.path.join(new, name)), frequencies(os.path.join(committed, name))
        if len(a) != len(b) or any(abs(x - y) > 1e-6 * abs(y) for x, y in zip(a, b)):
            failures.append(f"{name}: frequencies {a} instead of {b}")
    for failure in failures:
        print("FAILED:", failure)
    print("regenerated CalculiX files", "differ" if failures else "match the committed ones")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
